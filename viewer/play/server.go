package play

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
)

// The defaults of [Limits].
const (
	// DefaultMaxSessions is how many games may be played at once.
	DefaultMaxSessions = 16
	// DefaultIdleTimeout is how long a game waits for its page before it is closed.
	DefaultIdleTimeout = 10 * time.Minute
	// DefaultBotTimeout bounds one decision of a bot, in wall-clock time.
	DefaultBotTimeout = time.Minute
	// DefaultMaxTurns caps a game whose Spec sets no MaxEpisodeSteps, as the arena does.
	DefaultMaxTurns = 10000
)

// MaxSeats is the most seats a session may have (Flip' Rando has 5; the registry's bound is
// 64).
const MaxSeats = 16

// Limits bound what the play mode takes from its server.
type Limits struct {
	// MaxSessions is how many games may be open at once; 0 means [DefaultMaxSessions]. A
	// new game beyond it is refused (429) until one ends or expires.
	MaxSessions int
	// IdleTimeout closes a game whose page made no request for this long (the page polls
	// while it is open); 0 means [DefaultIdleTimeout]. The replay of a closed game is kept
	// as of any other that ends.
	IdleTimeout time.Duration
	// BotTimeout bounds one decision of a bot, in wall-clock time (a remote bot's call is
	// cancelled; a bot over it ends the game as its fault); 0 means [DefaultBotTimeout].
	BotTimeout time.Duration
	// MaxTurns caps a game in decisions; 0 means the game's Spec.MaxEpisodeSteps, or
	// [DefaultMaxTurns].
	MaxTurns int
}

// withDefaults returns l with its zero fields set to the defaults.
func (l Limits) withDefaults() Limits {
	if l.MaxSessions <= 0 {
		l.MaxSessions = DefaultMaxSessions
	}
	if l.IdleTimeout <= 0 {
		l.IdleTimeout = DefaultIdleTimeout
	}
	if l.BotTimeout <= 0 {
		l.BotTimeout = DefaultBotTimeout
	}
	return l
}

// Config configures a [Server].
type Config struct {
	// Registry holds the games a person may play (scenario files registered in it included).
	Registry *env.Registry
	// Bots are the bots that may take a seat, by name.
	Bots []Bot
	// Limits bound the sessions.
	Limits Limits
	// Save, if not nil, keeps the replay of every game that ends (by its rules, a limit, a
	// bot's fault, the page closing it, expiry) under the file name given; an error is
	// logged and the replay stays downloadable while the session lives.
	Save func(name string, r *replay.Replay) error
	// Log receives a line per game started and ended; nil logs nothing.
	Log Logger
	// Now is the clock of the idle expiry; nil means time.Now.
	Now func() time.Time
}

// Server runs the games people play against the bots: it creates sessions, refereed on the
// server, expires idle ones, and serves the page's API ([Server.ServeHTTP]). Close ends
// every session.
type Server struct {
	cfg  Config
	bots map[string]*Bot
	api  http.Handler

	mu       sync.Mutex
	sessions map[string]*session
	closed   bool
	stop     chan struct{} // closed by Close: ends the janitor
	wg       sync.WaitGroup
}

// NewServer returns a server for cfg; it refuses two bots of one name, a bot named like a
// person's seat, and a nil registry.
func NewServer(cfg Config) (*Server, error) {
	if cfg.Registry == nil {
		return nil, errors.New("play: nil registry")
	}
	cfg.Limits = cfg.Limits.withDefaults()
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	s := &Server{cfg: cfg, bots: map[string]*Bot{}, sessions: map[string]*session{}, stop: make(chan struct{})}
	for i := range cfg.Bots {
		b := &cfg.Bots[i]
		switch {
		case b.Name == "" || b.Policy == nil:
			return nil, fmt.Errorf("play: bot %d: want a name and a policy", i)
		case isHuman(b.Name):
			return nil, fmt.Errorf("play: bot %q: the name of a person's seat", b.Name)
		case s.bots[b.Name] != nil:
			return nil, fmt.Errorf("play: two bots called %q", b.Name)
		}
		s.bots[b.Name] = b
	}
	s.api = s.mux()
	s.wg.Add(1)
	go s.janitor()
	return s, nil
}

// Human is the seat a person takes; "human:NAME" names the person (NAME: 1 to 32 letters,
// digits, '_', '.', '-').
const Human = "human"

// isHuman reports whether a seat's name is a person's.
func isHuman(name string) bool { return name == Human || strings.HasPrefix(name, Human+":") }

// checkHuman refuses a person's seat name out of its form.
func checkHuman(name string) error {
	who, ok := strings.CutPrefix(name, Human+":")
	if !ok {
		return nil
	}
	nameRune := func(r rune) bool {
		return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '.' || r == '-'
	}
	if who == "" || len(who) > 32 || strings.IndexFunc(who, func(r rune) bool { return !nameRune(r) }) >= 0 {
		return fmt.Errorf("seat %q: a person's name is 1 to 32 letters, digits, '_', '.' or '-'", name)
	}
	return nil
}

// NewGame is a request for a game: the game, its options, and who takes each seat.
type NewGame struct {
	// Game is a registered game id ("flickago-v3", "flickemup/showdown-v9").
	Game string `json:"game"`
	// Options are the game's creation options; nil means its defaults. The server adds
	// record=true where the game knows it, for the replay's trajectories.
	Options env.Options `json:"options,omitempty"`
	// Seats names who takes each seat, in seat order: "human" (or "human:NAME") for a
	// person, else a bot's name. At least one seat is a person's.
	Seats []string `json:"seats"`
	// Seed, if not nil, seeds the game (env.EpisodeRand(seed, 0)); nil draws one.
	Seed *uint64 `json:"seed,omitempty,string"`
}

// errBusy refuses a game beyond MaxSessions.
var errBusy = errors.New("play: too many games")

// errBadGame refuses a request for a game that cannot be played as asked.
var errBadGame = errors.New("play: bad game")

// start creates and starts a session for req and returns it; errors wrap errBadGame (the
// request's fault) or errBusy.
func (s *Server) start(req NewGame) (*session, error) {
	if len(req.Seats) == 0 || len(req.Seats) > MaxSeats {
		return nil, fmt.Errorf("%w: seats: want one name per seat (1 to %d), got %d", errBadGame, MaxSeats, len(req.Seats))
	}
	g, opts, err := s.newGame(req.Game, req.Options)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", errBadGame, err)
	}
	n := g.Spec().NumPlayers
	if len(req.Seats) != n {
		return nil, fmt.Errorf("%w: seats: the game %s has %d seats (%s), the request names %d",
			errBadGame, req.Game, n, strings.Join(env.SeatNames(g), ", "), len(req.Seats))
	}
	seats := make([]seat, n)
	people := 0
	for i, name := range req.Seats {
		if isHuman(name) {
			if err := checkHuman(name); err != nil {
				return nil, fmt.Errorf("%w: %w", errBadGame, err)
			}
			seats[i] = seat{name: name}
			people++
			continue
		}
		b := s.bots[name]
		if b == nil {
			return nil, fmt.Errorf("%w: seat %d: no bot called %q (bots: %s; a person: %s)", errBadGame, i, name, strings.Join(s.botNames(), ", "), Human)
		}
		if b.Plays != nil && !b.Plays(g) {
			return nil, fmt.Errorf("%w: seat %d: the bot %s does not play %s", errBadGame, i, name, req.Game)
		}
		seats[i] = seat{name: name, bot: b}
	}
	if people == 0 {
		return nil, fmt.Errorf("%w: seats: no seat is a person's (%q): watch bots play in the viewer instead", errBadGame, Human)
	}
	id, key := newID()
	if req.Seed != nil {
		key = *req.Seed
	}
	ctx, cancel := context.WithCancelCause(context.Background()) // cancelled by end
	ss := &session{id: id, game: req.Game, seats: seats, key: key, limits: s.cfg.Limits, acts: make(chan actRequest),
		done: make(chan struct{}), seen: s.cfg.Now(), changed: make(chan struct{})}
	ss.cancel = cancel
	s.mu.Lock()
	switch {
	case s.closed:
		s.mu.Unlock()
		cancel(nil)
		return nil, fmt.Errorf("%w: the server is shutting down", errBusy)
	case s.running() >= s.cfg.Limits.MaxSessions || len(s.sessions) >= keptFactor*s.cfg.Limits.MaxSessions:
		s.mu.Unlock()
		cancel(nil)
		return nil, fmt.Errorf("%w: %d games are being played, the server's limit is %d: try again when one ends (a game whose page went away closes after %v)",
			errBusy, s.running(), s.cfg.Limits.MaxSessions, s.cfg.Limits.IdleTimeout)
	}
	s.sessions[id] = ss
	s.wg.Add(1)
	s.mu.Unlock()
	s.logf("play: game started", "session", id, "game", req.Game, "seats", req.Seats)
	go func() {
		defer s.wg.Done()
		ss.run(ctx, g, opts, s.save)
		s.logf("play: game ended", "session", id, "game", req.Game, "note", ss.note)
	}()
	return ss, nil
}

// errClosed is the cause of a session closed by its page or by the server.
var errClosed = errors.New("the game was closed")

// errExpired is the cause of a session closed for idleness.
var errExpired = errors.New("the page went away (idle)")

// newGame creates game id with opts, adding the record option when the game knows it.
func (s *Server) newGame(id string, opts env.Options) (env.Game, env.Options, error) {
	if _, err := s.cfg.Registry.Lookup(id); err != nil {
		return nil, nil, fmt.Errorf("game %q: not a registered game (games: %s)", id, strings.Join(s.cfg.Registry.IDs(), ", "))
	}
	with := env.Options{replay.RecordOption: "true"}
	for k, v := range opts {
		with[k] = v
	}
	if g, err := s.cfg.Registry.New(id, with); err == nil {
		return g, with, nil
	}
	g, err := s.cfg.Registry.New(id, opts)
	if err != nil {
		return nil, nil, fmt.Errorf("game %s: %w", id, err)
	}
	return g, opts, nil
}

// newID returns a session id (128 random bits, hexadecimal) and a random seed.
func newID() (string, uint64) {
	var b [24]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	return hex.EncodeToString(b[:16]), binary.LittleEndian.Uint64(b[16:])
}

// save keeps the replay of session ss with cfg.Save and returns its file name, or "" when it
// is not kept.
func (s *Server) save(ss *session, r *replay.Replay) string {
	if s.cfg.Save == nil {
		return ""
	}
	name := fmt.Sprintf("play-%s-%s-%s%s", strings.NewReplacer("/", "_").Replace(ss.game),
		s.cfg.Now().UTC().Format("20060102-150405"), ss.id[:8], replay.GzipExt)
	if err := s.cfg.Save(name, r); err != nil {
		s.logf("play: cannot save the replay", "session", ss.id, "err", err)
		return ""
	}
	return name
}

// lookup returns the session id, or nil.
func (s *Server) lookup(id string) *session {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sessions[id]
}

// end closes session ss with cause and forgets it once its game has stopped (its replay
// saved).
func (s *Server) end(ss *session, cause error) {
	ss.endWith(cause)
	<-ss.done
	s.mu.Lock()
	delete(s.sessions, ss.id)
	s.mu.Unlock()
}

// endWith cancels the session's game with cause.
func (s *session) endWith(cause error) { s.cancel(cause) }

// Expire closes every session whose page made no request for the idle timeout, and forgets
// the ended ones that no page asked about since; it returns how many it closed. The server
// calls it every tenth of the timeout; tests call it with their clock.
func (s *Server) Expire() int {
	now := s.cfg.Now()
	s.mu.Lock()
	var idle []*session
	for _, ss := range s.sessions {
		ss.mu.Lock()
		if now.Sub(ss.seen) >= s.cfg.Limits.IdleTimeout {
			idle = append(idle, ss)
		}
		ss.mu.Unlock()
	}
	s.mu.Unlock()
	for _, ss := range idle {
		s.end(ss, errExpired)
	}
	return len(idle)
}

// janitor calls Expire until Close.
func (s *Server) janitor() {
	defer s.wg.Done()
	tick := time.NewTicker(max(s.cfg.Limits.IdleTimeout/10, 10*time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-tick.C:
			s.Expire()
		}
	}
}

// Close ends every session (their replays are saved) and refuses new ones.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	all := make([]*session, 0, len(s.sessions))
	for _, ss := range s.sessions {
		all = append(all, ss)
	}
	close(s.stop)
	s.mu.Unlock()
	for _, ss := range all {
		s.end(ss, errClosed)
	}
	s.wg.Wait()
}

// keptFactor bounds the sessions kept, ended ones included (the page may still read how its
// game ended), to this many times MaxSessions.
const keptFactor = 4

// running returns how many sessions are still playing; the caller holds s.mu.
func (s *Server) running() int {
	n := 0
	for _, ss := range s.sessions {
		select {
		case <-ss.done:
		default:
			n++
		}
	}
	return n
}

// Sessions returns how many sessions are kept, ended ones included.
func (s *Server) Sessions() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sessions)
}

// botNames returns the bots' names, sorted.
func (s *Server) botNames() []string {
	names := make([]string, 0, len(s.bots))
	for n := range s.bots {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Logger is what the server logs to (a *slog.Logger is one): a message and its key-value
// pairs.
type Logger interface {
	Info(msg string, args ...any)
}

// logf logs msg with args, when the server has a log.
func (s *Server) logf(msg string, args ...any) {
	if s.cfg.Log != nil {
		s.cfg.Log.Info(msg, args...)
	}
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
