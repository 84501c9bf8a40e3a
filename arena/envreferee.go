package arena

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
)

// Bot is a player that the [EnvReferee] can ask for actions: an arena
// [Player] and an [env.Policy]. Built-in Go bots implement it directly;
// remote bots through an adapter. The referee calls Act from many games at
// once, so a Bot must be safe for concurrent use.
//
// Act's error blames the bot: it is recorded as a crash, as a timeout when
// it wraps [context.DeadlineExceeded], and as a disconnection when it wraps
// [ErrDisconnected].
type Bot interface {
	Player
	env.Policy
}

// ContextActor is implemented by a [Bot] that can honour a context, such as
// a remote bot making a call over the network. The [EnvReferee] then calls
// ActContext instead of Act, with a context that expires at the decision's
// deadline and is cancelled when the game is abandoned.
type ContextActor interface {
	// ActContext is [env.Policy.Act] under ctx. It should return promptly
	// once ctx is done.
	ActContext(ctx context.Context, dst env.Action, t env.Turn, rng *rand.Rand) error
}

// ErrDisconnected is wrapped by the error of a [Bot] whose connection was
// lost (a remote bot's endpoint went away): the game is recorded as a
// [TermDisconnect] loss for that bot. It is [env.ErrDisconnected], which the
// remote bots of package envrpc wrap.
var ErrDisconnected = env.ErrDisconnected

// DefaultMaxTurns is the turn cap of a game whose Spec sets no
// MaxEpisodeSteps when [EnvRefereeConfig.MaxTurns] is 0.
const DefaultMaxTurns = 10000

// EnvScenario says how to set up a scenario: the registered game and its
// creation options.
type EnvScenario struct {
	// Game is the versioned id of a game in the registry, e.g.
	// "flickemup/showdown-v9".
	Game string
	// Options are passed to the game's factory; nil means its defaults.
	Options env.Options
}

// EnvRefereeConfig configures an [EnvReferee].
type EnvRefereeConfig struct {
	// Registry holds the games. Required.
	Registry *env.Registry
	// Scenarios maps a [Scenario.ID] to its game and options, e.g. "race"
	// to {Game: "race-v1"}. A scenario id missing from the map is
	// looked up in Registry as a game id, with default options.
	Scenarios map[string]EnvScenario
	// Deadline is the time a bot has for each decision; a bot that takes
	// longer loses the game ([TermTimeout]). 0 means no deadline. It is CPU
	// time for an in-process bot where the platform measures it, wall-clock
	// time for a remote bot (see [EnvReferee]).
	Deadline time.Duration
	// WallClockDeadlines makes every deadline wall-clock time, in-process
	// bots' too (as before CPU-time deadlines).
	WallClockDeadlines bool
	// WallBackstop is the wall-clock time after which an in-process bot
	// under a CPU-time deadline loses on time whatever CPU time it used (it
	// is blocked); 0 means [CPUWallFactor] times Deadline.
	WallBackstop time.Duration
	// MaxTurns caps a game's length in turns (decisions); a game that
	// reaches it ends as a [TermTurnLimit] draw. 0 means the game's
	// Spec.MaxEpisodeSteps, or [DefaultMaxTurns] if that is 0 too.
	MaxTurns int
	// Replays, if not nil, chooses the games to record and keeps their replays.
	Replays ReplayKeeper
}

// ReplayKeeper chooses which games an [EnvReferee] records, and keeps their replays
// (package replay). It is called from many games at once, so it must be safe for concurrent
// use.
type ReplayKeeper interface {
	// Record says whether to record game m and, if so, whether with the trajectories of its
	// flicks (the game is then created with the option replay.RecordOption; a game that does
	// not know it is recorded without them).
	Record(m Match) (record, trajectories bool)
	// Keep receives the replay of a recorded game that ended, by its rules or by a bot's
	// fault, with its outcome. An error is an arena fault: the game is voided and replayed.
	Keep(m Match, out Outcome, r *replay.Replay) error
}

// EnvReferee is a [Referee] that plays the games of an [env.Registry]
// between [Bot]s. It plays one game per call to [EnvReferee.Play], directly
// on an [env.Game] (no Vector), and is safe for concurrent use.
//
// # Seats and seeds
//
// The game may have any number k ≥ 2 of seats, as many as the match has
// players: Match.Players[i] plays seat i (for two seats, the bot of side X
// seat 0 and the bot of side Y seat 1). The game's random stream is
// episode 0 of an env with key [Match.Seed] ([env.EpisodeRand](seed, 0)),
// so a game can be replayed on a one-env [env.Vector] reset with
// ResetMask(nil, []uint64{seed}); the bot of seat s draws from its own
// stream, episode 0 of the key [env.EnvKey](seed, 1+s). The games of a
// rotation set therefore deal the same game randomness, and with
// deterministic bots the same match always has the same outcome.
//
// # The game loop
//
// While the game runs, the referee reads the current seat, its observation
// and its mask, asks that seat's bot to act (under the deadline), checks the
// action with Spec.Check and the game's Validate, and steps the game. The
// first mover is the seat to move right after Reset; turns count the
// decisions applied.
//
// # Blame
//
// A bot fault ends the game as a loss for that bot (alone in the last
// place, the others sharing the first), with the fault's termination and a
// reason naming the bot: an illegal action ([TermIllegal]), a decision over
// the deadline ([TermTimeout]: CPU time of the deciding goroutine for an
// in-process bot where the platform measures it, so that a loaded or
// stalled machine does not forfeit games; wall-clock time for a remote bot,
// and for an in-process bot blocked for [CPUWallFactor] times the
// deadline), a panic or an error in the bot ([TermCrash]), or a lost
// connection ([TermDisconnect]). A bot that overruns its deadline is
// abandoned, not stopped: its goroutine finishes in the background, and
// [ContextActor]s see their context cancelled.
//
// An arena fault is returned as an error, and the runner voids and replays
// the game: an unknown scenario or game, a game whose seats are not the
// match's players, an error from the game's factory, Reset or Step, or a
// panic in the game. (A panic inside a game method that a bot called while
// acting cannot be told apart from the bot's own and counts as the bot's
// crash.)
//
// A game that the rules end ([env.Terminated]) ranks the seats by their
// [env.Game.Outcome], higher first, equal values sharing a place ([RanksOf];
// for two seats, +1 against -1 is a win, equal values a draw). A game
// truncated by its own safety cap ([env.Truncated]), or reaching MaxTurns,
// is a [TermTurnLimit] draw: every seat shares the first place.
type EnvReferee struct {
	cfg EnvRefereeConfig
}

// NewEnvReferee returns a referee for cfg. It checks that every scenario of
// cfg.Scenarios names a registered game of two seats or more whose factory
// accepts the options.
func NewEnvReferee(cfg EnvRefereeConfig) (*EnvReferee, error) {
	switch {
	case cfg.Registry == nil:
		return nil, errors.New("arena: new env referee: nil registry")
	case cfg.Deadline < 0:
		return nil, fmt.Errorf("arena: new env referee: negative deadline %v", cfg.Deadline)
	case cfg.MaxTurns < 0:
		return nil, fmt.Errorf("arena: new env referee: negative max turns %d", cfg.MaxTurns)
	case cfg.WallBackstop < 0:
		return nil, fmt.Errorf("arena: new env referee: negative wall backstop %v", cfg.WallBackstop)
	}
	r := &EnvReferee{cfg: cfg}
	ids := make([]string, 0, len(cfg.Scenarios))
	for id := range cfg.Scenarios {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		if _, _, err := r.newGame(id); err != nil {
			return nil, fmt.Errorf("arena: new env referee: %w", err)
		}
	}
	return r, nil
}

// setup returns the game and options of scenario id.
func (r *EnvReferee) setup(id string) EnvScenario {
	if s, ok := r.cfg.Scenarios[id]; ok {
		return s
	}
	return EnvScenario{Game: id}
}

// newGame creates a game of scenario id and checks that it has at least two
// seats.
func (r *EnvReferee) newGame(id string) (env.Game, EnvScenario, error) {
	s := r.setup(id)
	g, err := r.cfg.Registry.New(s.Game, s.Options)
	if err != nil {
		return nil, s, fmt.Errorf("scenario %q: %w", id, err)
	}
	if n := g.Spec().NumPlayers; n < 2 {
		return nil, s, fmt.Errorf("scenario %q: game %s has %d seats; the arena plays games of two seats or more", id, s.Game, n)
	}
	return g, s, nil
}

// ContentDigester is implemented by games whose set-up comes from data, such
// as a Flick 'em Up! scenario file: ContentDigest returns a digest of that
// data (the same data gives the same digest), so that an edited file is
// another scenario.
type ContentDigester interface {
	ContentDigest() string
}

// Scenario returns the [Scenario] record of scenario id: its version is the
// game id's version suffix ("1" for "race-v1"), its hash is a digest
// of the game id, the sorted options, the turn cap and the game's content
// digest when it has one ([ContentDigester]: a scenario file's text),
// everything of the set-up that decides the games, so that an edited
// scenario starts a new tournament and never pools with the old one; its seats are the game's (0 for two,
// see [Scenario.Seats]), named as the game names them ([env.SeatNames]). It fails like [NewEnvReferee] for an unknown or
// unplayable scenario.
func (r *EnvReferee) Scenario(id string) (Scenario, error) {
	g, s, err := r.newGame(id)
	if err != nil {
		return Scenario{}, fmt.Errorf("arena: %w", err)
	}
	version := ""
	if i := strings.LastIndex(s.Game, "-v"); i >= 0 {
		version = s.Game[i+2:]
	}
	h := sha256.New()
	fmt.Fprintf(h, "game=%q\nmax-turns=%d\n", s.Game, r.cfg.MaxTurns)
	keys := make([]string, 0, len(s.Options))
	for k := range s.Options {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(h, "option %q=%q\n", k, s.Options[k])
	}
	if d, ok := g.(ContentDigester); ok {
		fmt.Fprintf(h, "content=%q\n", d.ContentDigest())
	}
	sc := Scenario{ID: id, Version: version, Hash: hex.EncodeToString(h.Sum(nil))[:16]}
	if n := g.Spec().NumPlayers; n != 2 {
		sc.Seats = n
	}
	sc.SeatNames = env.SeatNames(g)
	return sc, nil
}

// Play implements [Referee]: it plays m to its end. See [EnvReferee] for
// the loop, the seeds and the blame.
func (r *EnvReferee) Play(ctx context.Context, m Match) (out Outcome, err error) {
	bots := make([]Bot, len(m.Players))
	for s, p := range m.Players {
		b, ok := p.(Bot)
		if !ok {
			return Outcome{}, fmt.Errorf("arena: play %s: player %q on %s cannot act (not an arena.Bot)", m.Key, p.Name(), seatName(s, len(m.Players)))
		}
		bots[s] = b
	}
	g, setup, err := r.newGame(m.Scenario.ID)
	if err != nil {
		return Outcome{}, fmt.Errorf("arena: play %s: %w", m.Key, err)
	}
	k := g.Spec().NumPlayers
	if k != len(bots) {
		return Outcome{}, fmt.Errorf("arena: play %s: game %s has %d seats, the match %d players", m.Key, setup.Game, k, len(bots))
	}
	// The game is reset and stepped through play, its recorder when it is recorded; the bots
	// see the game itself.
	play := g
	if k := r.cfg.Replays; k != nil {
		if ok, traj := k.Record(m); ok {
			rec := r.recorder(m, &g, setup, traj)
			play = rec
			defer func() {
				if err != nil {
					return
				}
				if out.Reason != "" {
					rec.Finish(out.Reason)
				} else {
					rec.Finish(fmt.Sprintf("%s (%v)", resultText(out.Ranks), out.Termination))
				}
				if kerr := k.Keep(m, out, rec.Replay()); kerr != nil {
					out, err = Outcome{}, fmt.Errorf("arena: play %s: keep the replay: %w", m.Key, kerr)
				}
			}()
		}
	}
	// A panic here comes from the game (the bots run in their own
	// goroutines, with their own recover): an arena fault.
	defer func() {
		if v := recover(); v != nil {
			out, err = Outcome{}, fmt.Errorf("arena: play %s: game %s panicked: %v\n%s", m.Key, setup.Game, v, debug.Stack())
		}
	}()
	spec := g.Spec()
	if err := play.Reset(env.EpisodeRand(m.Seed, 0)); err != nil {
		return Outcome{}, fmt.Errorf("arena: play %s: reset %s: %w", m.Key, setup.Game, err)
	}
	rngs := make([]*rand.Rand, k)
	for s := range rngs {
		rngs[s] = env.EpisodeRand(env.EnvKey(m.Seed, 1+s), 0)
	}
	maxTurns := r.cfg.MaxTurns
	if maxTurns == 0 {
		maxTurns = spec.MaxEpisodeSteps
	}
	if maxTurns <= 0 {
		maxTurns = DefaultMaxTurns
	}

	var (
		act  = spec.NewAction()
		obs  = make([]float32, spec.ObsSize())
		mask = make([]bool, spec.MaskSize())
	)
	out.FirstMover = -1
	for {
		if err := ctx.Err(); err != nil {
			return Outcome{}, fmt.Errorf("arena: play %s: %w", m.Key, err)
		}
		seat := g.CurrentPlayer()
		if seat < 0 || seat >= k {
			return Outcome{}, fmt.Errorf("arena: play %s: game %s says seat %d is to move", m.Key, setup.Game, seat)
		}
		if out.FirstMover == -1 {
			out.FirstMover = seat
		}
		if out.Turns >= maxTurns {
			out.Ranks, out.Termination = RanksOf(make([]float64, k)), TermTurnLimit
			out.Reason = fmt.Sprintf("turn limit of %d turns reached", maxTurns)
			out.Points = points(g, k)
			return out, nil
		}
		g.Observe(obs, seat)
		g.Mask(mask)
		turn := env.Turn{Spec: spec, Player: seat, Obs: obs, Mask: mask, Game: g}
		if term, err := r.ask(ctx, bots[seat], act, turn, rngs[seat]); err != nil {
			if ctx.Err() != nil {
				return Outcome{}, fmt.Errorf("arena: play %s: %w", m.Key, ctx.Err())
			}
			return botFault(out, k, seat, bots[seat], term, err), nil
		}
		if err := spec.Check(act, mask); err != nil {
			return botFault(out, k, seat, bots[seat], TermIllegal, err), nil
		}
		if err := g.Validate(act); err != nil {
			return botFault(out, k, seat, bots[seat], TermIllegal, err), nil
		}
		status, err := play.Step(act)
		if err != nil {
			return Outcome{}, fmt.Errorf("arena: play %s: step %s at turn %d: %w", m.Key, setup.Game, out.Turns, err)
		}
		out.Turns++
		switch status {
		case env.Terminated:
			res := make([]float32, k)
			g.Outcome(res)
			vals := make([]float64, k)
			for i, v := range res {
				vals[i] = float64(v)
			}
			out.Ranks, out.Termination = RanksOf(vals), TermNormal
			if e, ok := g.(endReasoner); ok {
				out.Reason = e.EndReason()
			}
			if e, ok := g.(env.Ender); ok {
				out.EndKind = e.EndKind()
			}
			out.Points = points(g, k)
			return out, nil
		case env.Truncated:
			out.Ranks, out.Termination = RanksOf(make([]float64, k)), TermTurnLimit
			out.Reason = "the game truncated the episode (its own safety cap)"
			out.Points = points(g, k)
			return out, nil
		}
	}
}

// points returns the seats' final scores in the game's points when the game
// keeps them (env.Scorer), else nil.
func points(g env.Game, k int) []float64 {
	s, ok := g.(env.Scorer)
	if !ok {
		return nil
	}
	if p := s.Scores(make([]float64, 0, k)); len(p) == k && !slices.ContainsFunc(p, func(x float64) bool {
		return math.IsNaN(x) || math.IsInf(x, 0)
	}) {
		return p
	}
	return nil
}

// endReasoner is implemented by a game that says why its episode ended; the referee
// records the words as the game's Reason.
type endReasoner interface {
	// EndReason says why the ended episode ended, in words.
	EndReason() string
}

// recorder returns a recorder of game m. With traj it first replaces *g by a game created
// with the option replay.RecordOption, when the game accepts it.
func (r *EnvReferee) recorder(m Match, g *env.Game, setup EnvScenario, traj bool) *replay.Recorder {
	opts := setup.Options
	if traj {
		with := env.Options{replay.RecordOption: "true"}
		for k, v := range setup.Options {
			with[k] = v
		}
		if tg, err := r.cfg.Registry.New(setup.Game, with); err == nil {
			*g, opts = tg, with
		}
	}
	var names []string
	for _, p := range m.Players {
		names = append(names, p.Name())
	}
	return replay.NewRecorder(*g, replay.Config{Options: opts, Seed: &replay.Seed{Key: m.Seed}, Players: names, Title: m.Key})
}

// CPUWallFactor bounds the wall-clock time of a decision of an in-process
// bot under a CPU-time deadline, unless [EnvRefereeConfig.WallBackstop] says
// otherwise: a bot that has not answered after CPUWallFactor times the
// deadline of wall-clock time, whatever CPU time it used, is blocked
// (waiting on a lock, a sleep, a channel) and loses on time.
const CPUWallFactor = 10

// ask gets bot b's action for turn t into dst, under the deadline. It
// returns the fault's termination with a non-nil error when the bot
// failed; the caller checks ctx first, since an abandoned game blames no
// one.
//
// The deadline of an in-process bot (one that is not a [ContextActor]) is
// on the CPU time of the goroutine that decides, where the platform can
// measure it (Linux): the goroutine is locked to its OS thread and the
// thread's CPU clock is read, so a machine loaded by other work, or a
// process stalled as a whole, does not eat the bot's budget. A bot that
// blocks without computing loses after [CPUWallFactor] times the deadline.
// Work a bot hands to goroutines of its own is not counted. A
// [ContextActor] (a remote bot) has a wall-clock deadline: its time passes
// on another machine, and the network is part of it.
func (r *EnvReferee) ask(ctx context.Context, b Bot, dst env.Action, t env.Turn, rng *rand.Rand) (Termination, error) {
	if _, remote := b.(ContextActor); !remote && r.cfg.Deadline > 0 && threadClocks && !r.cfg.WallClockDeadlines {
		return r.askCPU(ctx, b, dst, t, rng)
	}
	actx, cancel := ctx, context.CancelFunc(func() {})
	if r.cfg.Deadline > 0 {
		actx, cancel = context.WithTimeout(ctx, r.cfg.Deadline)
	}
	defer cancel()
	done := make(chan error, 1) // buffered: an abandoned bot never blocks
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- &botPanic{value: v, stack: debug.Stack()}
			}
		}()
		if ca, ok := b.(ContextActor); ok {
			done <- ca.ActContext(actx, dst, t, rng)
		} else {
			done <- b.Act(dst, t, rng)
		}
	}()
	select {
	case err := <-done:
		return blame(err)
	case <-actx.Done():
		if ctx.Err() != nil {
			return 0, ctx.Err()
		}
		return TermTimeout, fmt.Errorf("no action within the %v deadline", r.cfg.Deadline)
	}
}

// blame classifies the error a bot's Act returned: nil for none.
func blame(err error) (Termination, error) {
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, new(*botPanic)):
		return TermCrash, err
	case errors.Is(err, ErrDisconnected):
		return TermDisconnect, err
	case errors.Is(err, context.DeadlineExceeded):
		return TermTimeout, err
	}
	return TermCrash, err
}

// cpuStart is what the deciding goroutine tells the referee before it acts:
// its thread's clock and the clock's reading.
type cpuStart struct {
	clock threadClock
	at    time.Duration
	err   error
}

// askCPU is ask for an in-process bot under a CPU-time deadline.
func (r *EnvReferee) askCPU(ctx context.Context, b Bot, dst env.Action, t env.Turn, rng *rand.Rand) (Termination, error) {
	deadline := r.cfg.Deadline
	wallStart := time.Now()
	started := make(chan cpuStart, 1)
	done := make(chan error, 1) // buffered: an abandoned bot never blocks
	go func() {
		clock := lockThreadClock()
		// Deferred first, so run last: the answer is sent before the thread
		// is released and may run other goroutines.
		defer runtime.UnlockOSThread()
		defer func() {
			if v := recover(); v != nil {
				done <- &botPanic{value: v, stack: debug.Stack()}
			}
		}()
		at, err := clock.now()
		started <- cpuStart{clock, at, err}
		done <- b.Act(dst, t, rng)
	}()
	backstop := r.cfg.WallBackstop
	if backstop == 0 {
		backstop = CPUWallFactor * deadline
	}
	wall := time.NewTimer(backstop)
	defer wall.Stop()
	blocked := func(used time.Duration) (Termination, error) {
		return TermTimeout, fmt.Errorf("no action within the %v deadline: blocked, %v of CPU time in %v",
			deadline, used.Round(time.Microsecond), time.Since(wallStart).Round(time.Millisecond))
	}
	var st cpuStart
	select {
	case st = <-started:
	case <-wall.C:
		return blocked(0)
	case <-ctx.Done():
		return 0, ctx.Err()
	}
	poll := time.NewTimer(deadline)
	defer poll.Stop()
	for {
		now, err := st.clock.now()
		if st.err != nil || err != nil {
			// The clock failed: fall back on the wall clock.
			now = st.at + time.Since(wallStart)
		}
		used := now - st.at
		// The bot's answer, if it came, wins over a reading that may include other work
		// (the thread is released once the answer is sent).
		select {
		case err := <-done:
			return blame(err)
		default:
		}
		if used > deadline {
			return TermTimeout, fmt.Errorf("no action within the %v deadline of CPU time (%v used in %v)",
				deadline, used.Round(time.Microsecond), time.Since(wallStart).Round(time.Millisecond))
		}
		// CPU time runs no faster than wall time: the budget cannot run out
		// before the rest of it has passed on the wall clock.
		poll.Reset(max(deadline-used, 100*time.Microsecond))
		select {
		case err := <-done:
			return blame(err)
		case <-poll.C:
		case <-wall.C:
			return blocked(used)
		case <-ctx.Done():
			return 0, ctx.Err()
		}
	}
}

// botPanic is a panic recovered in a bot.
type botPanic struct {
	value any
	stack []byte
}

// Error returns the panic value and the bot's stack.
func (p *botPanic) Error() string { return fmt.Sprintf("panic: %v\n%s", p.value, p.stack) }

// botFault returns out ended by a fault of the bot b on seat s of k.
func botFault(out Outcome, k, s int, b Bot, term Termination, err error) Outcome {
	out.Ranks = FaultRanks(k, s)
	out.Termination = term
	out.Reason = fmt.Sprintf("%s (%s, turn %d): %v", b.Name(), seatName(s, k), out.Turns+1, err)
	return out
}

// seatName names seat s of a game of k seats in messages: "side X" or
// "side Y" for two seats (as the two-seat arena always said), else "seat s".
func seatName(s, k int) string {
	if k == 2 && (s == 0 || s == 1) {
		return "side " + Side(s).String()
	}
	return fmt.Sprintf("seat %d", s)
}

// resultText describes a game's ranks in words: "X", "Y" or "draw" for two
// seats, else "ranks 1, 2, 2".
func resultText(ranks []int) string {
	if r := ResultOf(ranks); r.Valid() {
		return r.String()
	}
	return "ranks " + strings.Trim(strings.Join(strings.Fields(fmt.Sprint(ranks)), ", "), "[]")
}
