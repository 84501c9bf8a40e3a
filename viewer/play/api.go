package play

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
)

// MaxRequestBytes bounds the body of a request to the API.
const MaxRequestBytes = 64 << 10

// MaxWait bounds the long poll of a session's state.
const MaxWait = 25 * time.Second

// ServeHTTP serves the page's API, to mount at any path (the viewer mounts it at /play/api/):
//
//	GET    games                  the games (id, seats) and the bots that play each, the limits
//	POST   sessions               start a game: a NewGame as JSON; 201 with the session's state
//	GET    sessions/ID?from=N&seen=V&wait=S  the session's state: the replay's records from
//	                              the N-th, the person's turn if one is waited for, whether
//	                              the game is over, and its version (a count of its changes);
//	                              wait (s, up to 25) holds the answer until the version is
//	                              beyond V (seen), or the time is up
//	POST   sessions/ID/act        a person's action (an Act as JSON): 200 when played, 422 with
//	                              the reason when refused (the game is unchanged), 409 when it
//	                              is no person's turn or not this step
//	DELETE sessions/ID            close the game (its replay is saved)
//	GET    sessions/ID/replay     the replay so far, JSON lines
//
// Errors are JSON objects {"error": "..."} saying what is wrong. A request with a body must be
// application/json, and a request whose Origin names another host is refused (403), so that
// another site's page cannot start or play games through the user's browser.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.api.ServeHTTP(w, r)
}

// mux routes the API.
func (s *Server) mux() *http.ServeMux {
	m := http.NewServeMux()
	m.HandleFunc("GET /games", s.handleGames)
	m.HandleFunc("POST /sessions", s.handleStart)
	m.HandleFunc("GET /sessions/{id}", s.handleState)
	m.HandleFunc("POST /sessions/{id}/act", s.handleAct)
	m.HandleFunc("DELETE /sessions/{id}", s.handleClose)
	m.HandleFunc("GET /sessions/{id}/replay", s.handleReplay)
	m.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		fail(w, http.StatusNotFound, fmt.Errorf("no such API call: %s %s", r.Method, r.URL.Path))
	})
	return m
}

// GameInfo describes a game for the page's choice.
type GameInfo struct {
	ID string `json:"id"`
	// Seats names the game's seats.
	Seats []string `json:"seats"`
	// Bots are the bots that play it.
	Bots []string `json:"bots"`
	// Aim says that a person aims its flicks by hand ([Aimer]).
	Aim bool `json:"aim,omitempty"`
	// Players, for a game whose number of seats is its option "players" (Flip' Rando: one
	// seat per player), bounds it: [min, max].
	Players []int `json:"players,omitempty"`
}

// PlayersOption is the creation option that sets the number of seats, where a game has one.
const PlayersOption = "players"

// BotInfo describes a bot.
type BotInfo struct {
	Name string `json:"name"`
	Help string `json:"help,omitempty"`
}

// gamesResponse is the answer to GET games.
type gamesResponse struct {
	Games       []GameInfo `json:"games"`
	Bots        []BotInfo  `json:"bots"`
	MaxSessions int        `json:"max_sessions"`
	IdleTimeout float64    `json:"idle_timeout_s"`
}

func (s *Server) handleGames(w http.ResponseWriter, r *http.Request) {
	resp := gamesResponse{Games: []GameInfo{}, Bots: []BotInfo{}, MaxSessions: s.cfg.Limits.MaxSessions, IdleTimeout: s.cfg.Limits.IdleTimeout.Seconds()}
	for _, id := range s.cfg.Registry.IDs() {
		g, err := s.cfg.Registry.New(id, nil)
		if err != nil {
			continue
		}
		info := GameInfo{ID: id, Seats: env.SeatNames(g), Bots: []string{}}
		_, info.Aim = g.(Aimer)
		if d, ok := g.(env.OptionDeclarer); ok {
			for _, o := range d.OptionSpecs() {
				if o.Key == PlayersOption && o.Type == env.OptionInt && s.seatsVary(id, int(o.Min), int(o.Max)) {
					info.Players = []int{int(o.Min), int(o.Max)}
				}
			}
		}
		for _, name := range s.botNames() {
			if b := s.bots[name]; b.Plays == nil || b.Plays(g) {
				info.Bots = append(info.Bots, name)
			}
		}
		resp.Games = append(resp.Games, info)
	}
	for _, name := range s.botNames() {
		resp.Bots = append(resp.Bots, BotInfo{Name: name, Help: s.bots[name].Help})
	}
	reply(w, http.StatusOK, resp)
}

// seatsVary reports whether game id has lo seats with the option players=lo and hi with
// players=hi (Flip' Rando; a Flick 'em Up! scenario's players share two teams).
func (s *Server) seatsVary(id string, lo, hi int) bool {
	a, err1 := s.cfg.Registry.New(id, env.Options{PlayersOption: strconv.Itoa(lo)})
	b, err2 := s.cfg.Registry.New(id, env.Options{PlayersOption: strconv.Itoa(hi)})
	return err1 == nil && err2 == nil && a.Spec().NumPlayers == lo && b.Spec().NumPlayers == hi
}

func (s *Server) handleStart(w http.ResponseWriter, r *http.Request) {
	var req NewGame
	if !decode(w, r, &req) {
		return
	}
	ss, err := s.start(req)
	switch {
	case errors.Is(err, errBusy):
		fail(w, http.StatusTooManyRequests, err)
		return
	case err != nil:
		fail(w, http.StatusBadRequest, err)
		return
	}
	reply(w, http.StatusCreated, ss.state(0))
}

// State is a session as the page sees it.
type State struct {
	ID   string `json:"id"`
	Game string `json:"game"`
	// Players names who takes each seat.
	Players []string `json:"players"`
	// Lines are the replay's records from From on; Next is the number of the record after
	// them (the From of the next poll).
	From  int               `json:"from"`
	Lines []json.RawMessage `json:"lines"`
	Next  int               `json:"next"`
	// Turn is the person's turn waited for, or null while a bot thinks or after the game.
	Turn *Turn `json:"turn"`
	// Over says that the game ended; Note says how.
	Over bool   `json:"over"`
	Note string `json:"note,omitempty"`
	// Replay is the saved replay's file name, once saved.
	Replay string `json:"replay,omitempty"`
	// Version counts the session's changes; a poll that has seen it waits for the next.
	Version int `json:"version"`
}

// state returns the session's state from record from on.
func (s *session) state(from int) State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stateLocked(from)
}

// stateLocked is state; the caller holds mu.
func (s *session) stateLocked(from int) State {
	from = min(max(from, 0), len(s.lines))
	st := State{ID: s.id, Game: s.game, From: from, Lines: append([]json.RawMessage{}, s.lines[from:]...), Next: len(s.lines),
		Turn: s.turn, Over: s.over, Replay: s.saved, Version: s.version}
	if s.over {
		st.Note = s.note
	}
	for _, p := range s.seats {
		st.Players = append(st.Players, p.name)
	}
	return st
}

// session returns the session of the request's id, touched, or answers 404.
func (s *Server) session(w http.ResponseWriter, r *http.Request) *session {
	ss := s.lookup(r.PathValue("id"))
	if ss == nil {
		fail(w, http.StatusNotFound, fmt.Errorf("no game %q: it ended and was forgotten, expired (no request for %v), or never was",
			r.PathValue("id"), s.cfg.Limits.IdleTimeout))
		return nil
	}
	ss.touch(s.cfg.Now())
	return ss
}

func (s *Server) handleState(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	from, err := intParam(q, "from", 0, 1<<31)
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	wait, err := intParam(q, "wait", 0, int(MaxWait/time.Second))
	if err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	seen := -1
	if q.Has("seen") {
		if seen, err = intParam(q, "seen", -1, 1<<62); err != nil { // -1: nothing seen yet
			fail(w, http.StatusBadRequest, err)
			return
		}
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	deadline := time.NewTimer(time.Duration(wait) * time.Second)
	defer deadline.Stop()
	for {
		ss.mu.Lock()
		st := ss.stateLocked(from)
		changed := ss.changed
		ss.mu.Unlock()
		if wait == 0 || st.Version > seen {
			reply(w, http.StatusOK, st)
			return
		}
		select {
		case <-changed:
		case <-deadline.C:
			wait = 0
		case <-r.Context().Done():
			return
		}
	}
}

func (s *Server) handleAct(w http.ResponseWriter, r *http.Request) {
	var a Act
	if !decode(w, r, &a) {
		return
	}
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	t, over := ss.turn, ss.over
	ss.mu.Unlock()
	switch {
	case over:
		fail(w, http.StatusConflict, fmt.Errorf("the game is over: %s", ss.state(0).Note))
		return
	case t == nil:
		fail(w, http.StatusConflict, errors.New("it is no person's turn: a bot is thinking, or the game is starting"))
		return
	}
	req := actRequest{Act: a, reply: make(chan error, 1)}
	select {
	case ss.acts <- req:
	case <-ss.done:
		fail(w, http.StatusConflict, errors.New("the game is over"))
		return
	case <-r.Context().Done():
		return
	}
	err := <-req.reply
	var ref *refusal
	switch {
	case errors.Is(err, errStale):
		fail(w, http.StatusConflict, err)
	case errors.As(err, &ref):
		fail(w, http.StatusUnprocessableEntity, fmt.Errorf("refused, nothing changed: %w", ref.err))
	case err != nil:
		fail(w, http.StatusInternalServerError, err)
	default:
		reply(w, http.StatusOK, map[string]bool{"played": true})
	}
}

func (s *Server) handleClose(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	s.end(ss, errClosed)
	reply(w, http.StatusOK, ss.state(math.MaxInt))
}

func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	ss := s.session(w, r)
	if ss == nil {
		return
	}
	ss.mu.Lock()
	var buf bytes.Buffer
	for _, l := range ss.lines {
		buf.Write(l)
		buf.WriteByte('\n')
	}
	ss.mu.Unlock()
	w.Header().Set("Content-Type", "application/x-ndjson")
	w.Header().Set("Content-Disposition", `attachment; filename="play-`+ss.id[:8]+replay.Ext+`"`)
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write(buf.Bytes())
}

// decode reads the request's JSON body into v, refusing (and answering) a body that is not
// application/json, is over MaxRequestBytes, has unknown fields or trailing data, or a
// request from another site's page.
func decode(w http.ResponseWriter, r *http.Request, v any) bool {
	if o := r.Header.Get("Origin"); o != "" {
		u, err := url.Parse(o)
		if err != nil || u.Host != r.Host {
			fail(w, http.StatusForbidden, fmt.Errorf("a request from another site's page (Origin %q) is refused", o))
			return false
		}
	}
	if ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || ct != "application/json" {
		fail(w, http.StatusUnsupportedMediaType, errors.New("the body must be JSON, with Content-Type: application/json"))
		return false
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, MaxRequestBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			fail(w, http.StatusRequestEntityTooLarge, fmt.Errorf("the body is over %d bytes", MaxRequestBytes))
		} else {
			fail(w, http.StatusBadRequest, fmt.Errorf("the body is not the JSON expected: %w", err))
		}
		return false
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		fail(w, http.StatusBadRequest, errors.New("the body has data after its JSON value"))
		return false
	}
	return true
}

// intParam reads the integer query parameter name, lo to hi, absent meaning 0.
func intParam(q url.Values, name string, lo, hi int) (int, error) {
	if !q.Has(name) {
		return 0, nil
	}
	v, err := strconv.Atoi(q.Get(name))
	if err != nil || v < lo || v > hi {
		return 0, fmt.Errorf("%s=%q: want an integer from %d to %d", name, q.Get(name), lo, hi)
	}
	return v, nil
}

// reply answers v as JSON with code.
func reply(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(code)
	_ = json.NewEncoder(w).Encode(v)
}

// fail answers {"error": err} with code.
func fail(w http.ResponseWriter, code int, err error) {
	reply(w, code, map[string]string{"error": err.Error()})
}
