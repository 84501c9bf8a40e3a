package play

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
)

// seat is who plays one seat of a session: a person (bot nil) or a bot.
type seat struct {
	name string // as the replay's header names the player: "human", "human:ana", "aimer"
	bot  *Bot
}

// session is one game between people at one screen and bots, refereed by the server: its
// goroutine ([session.run]) plays the game, asks the bots, and waits for the page's action
// on a person's turn. Everything the page sees goes through mu.
type session struct {
	id     string
	game   string // the game id
	seats  []seat
	key    uint64 // the game's seed: env.EpisodeRand(key, 0); seat s's bot draws from key EnvKey(key, 1+s)
	limits Limits
	acts   chan actRequest // the page's actions, read on a person's turn
	cancel context.CancelCauseFunc
	done   chan struct{} // closed when run returns

	mu      sync.Mutex
	lines   []json.RawMessage // the replay's records so far, from the header
	turn    *Turn             // the person's turn being waited for, nil otherwise
	over    bool              // the game ended (its rules, a limit, a bot's fault, closed)
	note    string            // how it ended, when over
	saved   string            // the replay's file name, once saved
	seen    time.Time         // the page's last request
	version int               // counts the changes: a record, a turn offered or taken, the end
	changed chan struct{}     // closed and replaced at every change, for long polls
}

// Turn is a person's turn as the page sees it.
type Turn struct {
	// Step is the number of the action to play (the replay's next step index); an action
	// sent for another step is refused.
	Step int `json:"step"`
	// Seat is the seat to move, and SeatName its name in the game ("White", "lawmen").
	Seat     int    `json:"seat"`
	SeatName string `json:"seat_name"`
	// Player is who sits there ("human", "human:ana").
	Player string `json:"player"`
	// Choices are the legal actions.
	Choices []Choice `json:"choices"`
	// Dims are the action's continuous parts, with their bounds, for a choice without an aim.
	Dims []Dim `json:"dims"`
}

// Dim is one continuous part of the action space.
type Dim struct {
	Name string  `json:"name"`
	Low  float64 `json:"low"`
	High float64 `json:"high"`
	Unit string  `json:"unit,omitempty"`
}

// actRequest is the page's action, handed to the session's goroutine, which answers on reply.
type actRequest struct {
	Act
	reply chan error
}

// Act is the page's action for a person's turn: a choice of the turn's list, aimed when it
// is a flick, or a whole native action.
type Act struct {
	// Step must be the turn's Step.
	Step int `json:"step"`
	// Choice is the index of one of the turn's choices; nil with Action.
	Choice *int `json:"choice,omitempty"`
	// Flick is the aimed flick of a choice with an aim: its velocity in the view's
	// coordinates, cm/s, and the facing afterwards, rad, when the aim has one.
	Flick *Flick `json:"flick,omitempty"`
	// Dims sets the continuous parts of a choice without an aim (default: the middle of
	// their bounds).
	Dims []float32 `json:"dims,omitempty"`
	// Action is a native action (heads and dims), instead of a choice.
	Action *replay.Action `json:"action,omitempty"`
}

// Flick is a flick aimed by hand.
type Flick struct {
	VX     float64 `json:"vx"`
	VY     float64 `json:"vy"`
	Facing float64 `json:"facing"`
}

// refusal is an action the rules or the request's form refuse: the game is unchanged.
type refusal struct{ err error }

func (r *refusal) Error() string { return r.err.Error() }
func (r *refusal) Unwrap() error { return r.err }

// errStale refuses an action for another step than the one waited for.
var errStale = errors.New("play: not this step")

// Line implements replay.Sink: it keeps the record for the page.
func (s *session) Line(line []byte) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.lines = append(s.lines, json.RawMessage(line))
	s.notify()
}

// notify counts a change and wakes the long polls; the caller holds mu.
func (s *session) notify() {
	s.version++
	close(s.changed)
	s.changed = make(chan struct{})
}

// touch records a request of the page, which keeps the session from expiring.
func (s *session) touch(now time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.seen = now
}

// run plays the game g (created with options opts) to its end or until ctx is done, then
// saves its replay with save (when not nil).
func (s *session) run(ctx context.Context, g env.Game, opts env.Options, save func(*session, *replay.Replay) string) {
	defer close(s.done)
	names := make([]string, len(s.seats))
	for i, st := range s.seats {
		names[i] = st.name
	}
	rec := replay.NewRecorder(g, replay.Config{Options: opts, Seed: &replay.Seed{Key: s.key}, Players: names,
		Title: "played at /play", Sink: s})
	note := s.play(ctx, g, rec)
	rec.Finish(note)
	r := rec.Replay()
	name := ""
	if save != nil {
		name = save(s, r)
	}
	s.mu.Lock()
	s.over, s.note, s.turn, s.saved = true, note, nil, name
	s.notify()
	s.mu.Unlock()
}

// play is the game loop, the arena referee's: read the seat to move, its observation and its
// mask, ask its player, check the action with Spec.Check and Validate, step. It returns how
// the game ended, in words.
func (s *session) play(ctx context.Context, g env.Game, rec *replay.Recorder) string {
	spec := g.Spec()
	if err := rec.Reset(env.EpisodeRand(s.key, 0)); err != nil {
		return fmt.Sprintf("the game could not start: %v", err)
	}
	rngs := make([]*rand.Rand, len(s.seats))
	for i := range rngs {
		rngs[i] = env.EpisodeRand(env.EnvKey(s.key, 1+i), 0)
	}
	maxTurns := s.limits.MaxTurns
	if maxTurns == 0 {
		maxTurns = spec.MaxEpisodeSteps
	}
	if maxTurns <= 0 {
		maxTurns = DefaultMaxTurns
	}
	seatNames := env.SeatNames(g)
	act := spec.NewAction()
	obs := make([]float32, spec.ObsSize())
	mask := make([]bool, spec.MaskSize())
	for turns := 0; ; turns++ {
		if ctx.Err() != nil {
			return "closed: " + context.Cause(ctx).Error()
		}
		if turns >= maxTurns {
			return fmt.Sprintf("turn limit of %d turns reached", maxTurns)
		}
		p := g.CurrentPlayer()
		if p < 0 || p >= len(s.seats) {
			return fmt.Sprintf("the game says seat %d is to move", p)
		}
		g.Observe(obs, p)
		g.Mask(mask)
		if b := s.seats[p].bot; b != nil {
			if err := s.askBot(ctx, b, act, env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: g, Context: ctx}, rngs[p]); err != nil {
				if ctx.Err() != nil {
					return "closed: " + context.Cause(ctx).Error()
				}
				return fmt.Sprintf("the bot %s on seat %d (%s) failed: %v", b.Name, p, seatNames[p], err)
			}
		} else if err := s.askPerson(ctx, g, act, mask, turns, p, seatNames[p]); err != nil {
			return "closed: " + err.Error()
		}
		status, err := rec.Step(act)
		if err != nil {
			return fmt.Sprintf("the game failed at step %d: %v", turns, err)
		}
		switch status {
		case env.Terminated:
			return outcomeNote(g, seatNames)
		case env.Truncated:
			return "the game truncated the episode (its own safety cap)"
		}
	}
}

// askBot asks bot b for the action of turn t into dst, under the bot timeout, and checks it.
func (s *session) askBot(ctx context.Context, b *Bot, dst env.Action, t env.Turn, rng *rand.Rand) error {
	bctx, cancel := context.WithTimeout(ctx, s.limits.BotTimeout)
	defer cancel()
	t.Context = bctx
	var err error
	if cp, ok := b.Policy.(ContextPolicy); ok {
		err = cp.ActContext(bctx, dst, t, rng)
	} else {
		err = b.Policy.Act(dst, t, rng)
	}
	if err != nil {
		return err
	}
	if err := t.Spec.Check(dst, t.Mask); err != nil {
		return fmt.Errorf("illegal action: %w", err)
	}
	if err := t.Game.Validate(dst); err != nil {
		return fmt.Errorf("illegal action: %w", err)
	}
	return nil
}

// askPerson offers the person's turn to the page and waits for a legal action into dst. A
// refused action is answered with its reason and changes nothing; the turn stays open.
func (s *session) askPerson(ctx context.Context, g env.Game, dst env.Action, mask []bool, step, p int, seatName string) error {
	spec := g.Spec()
	choices, err := legalChoices(g, mask)
	if err != nil {
		return fmt.Errorf("cannot list the legal actions: %w", err)
	}
	t := &Turn{Step: step, Seat: p, SeatName: seatName, Player: s.seats[p].name, Choices: choices, Dims: []Dim{}}
	for _, d := range spec.Dims {
		t.Dims = append(t.Dims, Dim{Name: d.Name, Low: float64(d.Low), High: float64(d.High), Unit: d.Unit})
	}
	s.setTurn(t)
	for {
		select {
		case <-ctx.Done():
			s.setTurn(nil)
			return context.Cause(ctx)
		case req := <-s.acts:
			err := s.build(g, t, req.Act, dst, mask)
			if err == nil {
				s.setTurn(nil) // before the answer: a poll after it sees no turn
			}
			req.reply <- err
			if err == nil {
				return nil
			}
		}
	}
}

// setTurn publishes the turn waited for (nil for none).
func (s *session) setTurn(t *Turn) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.turn = t
	s.notify()
}

// build writes the action a asks for on turn t into dst and checks it as the referee checks
// a bot's: Spec.Check against the mask, then the game's Validate. Any error is a refusal.
func (s *session) build(g env.Game, t *Turn, a Act, dst env.Action, mask []bool) error {
	spec := g.Spec()
	if a.Step != t.Step {
		return fmt.Errorf("%w: the action is for step %d, the game waits for step %d", errStale, a.Step, t.Step)
	}
	switch {
	case a.Action != nil && a.Choice != nil:
		return &refusal{errors.New("give a choice or an action, not both")}
	case a.Action != nil:
		if len(a.Action.Discrete) != len(spec.Heads) || len(a.Action.Continuous) != len(spec.Dims) {
			return &refusal{fmt.Errorf("the action has %d heads and %d dims; the game's has %d and %d",
				len(a.Action.Discrete), len(a.Action.Continuous), len(spec.Heads), len(spec.Dims))}
		}
		copy(dst.Discrete, a.Action.Discrete)
		copy(dst.Continuous, a.Action.Continuous)
	case a.Choice != nil:
		k := *a.Choice
		if k < 0 || k >= len(t.Choices) {
			return &refusal{fmt.Errorf("choice %d: the turn has %d choices (0 to %d)", k, len(t.Choices), len(t.Choices)-1)}
		}
		c := t.Choices[k]
		copy(dst.Discrete, c.Discrete)
		rest(spec, dst.Continuous)
		switch {
		case c.Aim != nil && a.Flick == nil:
			return &refusal{fmt.Errorf("choice %d (%s) is a flick: aim it (flick: vx, vy)", k, c.Label)}
		case c.Aim == nil && a.Flick != nil:
			return &refusal{fmt.Errorf("choice %d (%s) flicks nothing: it takes no flick", k, c.Label)}
		case c.Aim != nil:
			f := *a.Flick
			if !finite(f.VX) || !finite(f.VY) || !finite(f.Facing) {
				return &refusal{errors.New("flick: vx, vy and facing must be finite numbers")}
			}
			g.(Aimer).SetAim(dst, f.VX, f.VY, f.Facing) // a choice has an aim only in an Aimer
		case a.Dims != nil:
			if len(a.Dims) != len(spec.Dims) {
				return &refusal{fmt.Errorf("dims: %d values, the game's action has %d", len(a.Dims), len(spec.Dims))}
			}
			copy(dst.Continuous, a.Dims)
		}
	default:
		return &refusal{errors.New("no action: give a choice (with a flick when it is one) or an action")}
	}
	if err := spec.Check(dst, mask); err != nil {
		return &refusal{err}
	}
	if err := g.Validate(dst); err != nil {
		return &refusal{err}
	}
	return nil
}

// outcomeNote says how a game that its rules ended came out, by seat.
func outcomeNote(g env.Game, seatNames []string) string {
	out := make([]float32, g.Spec().NumPlayers)
	g.Outcome(out)
	best := slices.Max(out)
	var winners []string
	for i, v := range out {
		if v == best {
			winners = append(winners, seatNames[i])
		}
	}
	note := fmt.Sprintf("%v wins", winners[0])
	if len(winners) > 1 {
		note = fmt.Sprintf("%v share the win", winners)
		if len(winners) == len(out) {
			note = "a draw"
		}
	}
	if e, ok := g.(interface{ EndReason() string }); ok && e.EndReason() != "" {
		note += ": " + e.EndReason()
	}
	return note
}
