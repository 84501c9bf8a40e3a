package arena

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"runtime"
	"runtime/debug"
	"sync"
	"time"
)

// RunnerConfig configures a [Runner]. Start from [DefaultRunnerConfig].
type RunnerConfig struct {
	// Concurrency is the number of games in flight at once; at least 1.
	// Default: GOMAXPROCS.
	Concurrency int
	// MaxAttempts is the number of attempts at a game before it is
	// reported failed; each arena fault voids one attempt. At least 1.
	// Default: 3.
	MaxAttempts int
	// RetryDelay is the wait before replaying a voided game, giving a
	// flaky service time to recover; not negative. Default: 1 s.
	RetryDelay time.Duration
	// ArenaVersion is recorded with every game and fault. Default: empty.
	ArenaVersion string
	// Command is recorded with the run, e.g. the command line that
	// started it. Default: empty.
	Command string
	// RatingPrior is the Gaussian prior τ, in Elo, of the ratings the
	// caller fits to the tournament's games (0: none), recorded with the
	// run so that a report of the games later fits them the same way.
	// It changes nothing in the games. Default: 0.
	RatingPrior float64
	// Labels are recorded with the run, name to value, for the command
	// that started it to say what the run was part of: 'arena tune' labels
	// each run of a tournament with its search and its knob's value. The
	// store does not read them, and they change nothing in the tournament
	// or its games. Names are not empty. Default: none.
	Labels map[string]string
	// LeaseTTL is how long a worker holds a rotation set of a leased store
	// (every writable store) without renewing it; its heartbeat renews its leases
	// every LeaseTTL/3, and a set whose lease ran out (its worker died or
	// hung) is rescued by another worker. Positive. Default: 30 s.
	LeaseTTL time.Duration
	// Worker names this process in the leases of a leased store; unique
	// among the workers of a tournament. Default: empty, for
	// host-pid-random.
	Worker string
	// DBRetry is how long an operation on the store is retried, with pauses
	// growing to 2 s, while the database is unreachable (a PostgreSQL
	// server down, restarting or cut off; an SQLite file locked past
	// arena/store's BusyTimeout) before the run gives up with an error wrapping
	// [ErrDatabaseUnreachable]. Games in flight play on meanwhile, and
	// nothing recorded is lost either way: a game whose recording was given
	// up is played again by the next run. Not negative; 0 for no retry.
	// Default: [DefaultDBRetry].
	DBRetry time.Duration
	// DBOutage, if not nil, is called at each failed attempt at an
	// operation that is retried through an outage, with the error and how
	// long that operation has been failing; from any of the runner's
	// goroutines, possibly at once. Default: nil.
	DBOutage func(err error, waited time.Duration)
	// Progress, if not nil, receives a snapshot at the start of a run and
	// after every recorded, voided or failed game. Calls are made one at a
	// time, in order, from the runner's goroutines, and block them: it must
	// return quickly (hand the value to a drawing goroutine). Default: nil.
	Progress func(Progress)
}

// DefaultRunnerConfig returns the default configuration.
func DefaultRunnerConfig() RunnerConfig {
	return RunnerConfig{
		Concurrency: runtime.GOMAXPROCS(0),
		MaxAttempts: 3,
		RetryDelay:  time.Second,
		LeaseTTL:    DefaultLeaseTTL,
		DBRetry:     DefaultDBRetry,
	}
}

// Runner plays schedules: it skips the games already in the store, plays the
// others with a worker pool through a [Referee], records each game as soon as
// it ends, and replays games voided by arena faults.
type Runner struct {
	ref   Referee
	store RunStore
	cfg   RunnerConfig
	now   func() time.Time
	retry outageRetry // the store's operations through outages
}

// NewRunner returns a runner that plays games with ref and records them in
// store (package arena/store's Store).
func NewRunner(ref Referee, store RunStore, cfg RunnerConfig) (*Runner, error) {
	switch {
	case ref == nil || store == nil:
		return nil, errors.New("arena: new runner: nil referee or store")
	case cfg.Concurrency < 1:
		return nil, fmt.Errorf("arena: new runner: concurrency %d < 1", cfg.Concurrency)
	case cfg.MaxAttempts < 1:
		return nil, fmt.Errorf("arena: new runner: max attempts %d < 1", cfg.MaxAttempts)
	case cfg.RetryDelay < 0:
		return nil, fmt.Errorf("arena: new runner: negative retry delay %v", cfg.RetryDelay)
	case cfg.LeaseTTL < 0:
		return nil, fmt.Errorf("arena: new runner: negative lease TTL %v", cfg.LeaseTTL)
	case cfg.DBRetry < 0:
		return nil, fmt.Errorf("arena: new runner: negative database retry %v", cfg.DBRetry)
	}
	if _, ok := cfg.Labels[""]; ok {
		return nil, errors.New("arena: new runner: a label with an empty name")
	}
	cfg.Labels = maps.Clone(cfg.Labels)
	if cfg.LeaseTTL == 0 {
		cfg.LeaseTTL = DefaultLeaseTTL
	}
	return &Runner{ref: ref, store: store, cfg: cfg, now: time.Now,
		retry: outageRetry{limit: cfg.DBRetry, isOutage: store.IsOutage, onOutage: cfg.DBOutage}}, nil
}

// Summary counts what a call to [Runner.Run] did.
type Summary struct {
	// Planned is the number of games in the schedule.
	Planned int
	// Skipped is the number of games already recorded when the run started.
	Skipped int
	// Played is the number of games this run played and recorded.
	Played int
	// Duplicates is the number of games this run played but found already
	// recorded by another arena on the same database; they are not stored
	// twice.
	Duplicates int
	// Voided is the number of attempts voided by arena faults.
	Voided int
	// Failed are the games given up after MaxAttempts arena faults.
	Failed []FailedGame
	// Others is the number of games recorded during this run by other
	// workers on the same leased store.
	Others int
	// Repaired are the keys, in schedule order, of the games that a leased
	// store's work queue counted as recorded but the store did not hold
	// (deleted behind the arena's back, by someone who can bypass the
	// append-only triggers): this run put their sets back in the queue, and
	// they were played again like any missing game (counted in Played, or
	// in Others when another worker played them).
	Repaired []string
}

// Run plays the games of s that the store does not hold yet.
//
// A game ended by a bot fault is a loss for that bot, recorded with the
// termination and reason. An arena fault (any other error from the referee,
// an invalid outcome, or a panic in the referee) voids the attempt, which is
// recorded in the faults table, and the game is replayed after RetryDelay,
// up to MaxAttempts attempts; a game that fails every attempt is reported in
// Summary.Failed, and Run's error then wraps [ErrGameFailed].
//
// When ctx is cancelled, Run stops promptly: games in flight are abandoned
// (never recorded), and Run returns an error wrapping ctx.Err(). Running s
// again later plays only what is missing. An error from the store stops the
// run the same way, once retried for DBRetry if the database is unreachable.
//
// On a leased store (every writable store: arena/store's Store.Leased) Run is one worker
// among any number running s on the same database: its goroutines claim
// rotation sets under leases rather than taking the pending fixtures in
// order, a set whose game fails every attempt (its other games played all
// the same) is left to another worker or a later run, and Run
// returns once every set is done or given up (waiting, meanwhile, for sets
// that other workers hold, in case one of them dies and its sets must be
// rescued). Summary.Others counts the games the other workers recorded.
// Before it plays, Run checks the sets that the work queue marks done
// against the recorded games: a set with games missing is played again, its
// missing games listed in Summary.Repaired.
//
// A run that ends with no game failed and no interruption checks the
// tournament against its plan: if planned games are still missing from the
// store, Run's error wraps [ErrIncomplete].
func (r *Runner) Run(ctx context.Context, s Schedule) (Summary, error) {
	sum := Summary{Planned: len(s.Fixtures)}
	id := s.Info.ID
	if err := r.retry.do(ctx, func() error { return r.store.RecordTournament(ctx, s.Info) }); err != nil {
		return sum, err
	}
	run := RunRecord{TournamentID: id, Command: r.cfg.Command,
		Concurrency: r.cfg.Concurrency, MaxAttempts: r.cfg.MaxAttempts, ArenaVersion: r.cfg.ArenaVersion,
		RatingPrior: r.cfg.RatingPrior, HasRatingPrior: true, Labels: r.cfg.Labels}
	if err := r.retry.do(ctx, func() error { return r.store.RecordRun(ctx, run) }); err != nil {
		return sum, err
	}
	var prior GameList
	if err := r.retry.do(ctx, func() (err error) {
		prior, err = r.store.ReadGames(ctx, GameFilter{TournamentID: id})
		return err
	}); err != nil {
		return sum, err
	}
	st := &runState{r: r, sched: s, start: r.now(), tally: newStandings(s.Info.Bots)}
	played := make(map[string]bool, len(prior.Games)+len(prior.Skipped))
	for _, g := range prior.Games {
		played[g.Key] = true
		st.tally.add(g)
	}
	for _, g := range prior.Skipped {
		played[g.Key] = true // recorded, if unreadable: playing it again would not replace it
	}
	var pending []Fixture
	for _, f := range s.Fixtures {
		if played[f.Key] {
			sum.Skipped++
		} else {
			pending = append(pending, f)
		}
	}
	st.sum = sum
	st.mu.Lock()
	st.reportLocked()
	st.mu.Unlock()

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	st.cancel = cancel
	st.playLeased(runCtx, pending)

	st.mu.Lock()
	defer st.mu.Unlock()
	switch {
	case st.fatal != nil:
		return st.sum, st.fatal
	case ctx.Err() != nil:
		return st.sum, fmt.Errorf("arena: run %s interrupted: %w", id, ctx.Err())
	case len(st.sum.Failed) > 0:
		// The first failure is named for the reader only: which game failed first is chance, so
		// errors.Is on Run's error must not depend on it (Summary.Failed holds every failure).
		return st.sum, fmt.Errorf("%w: %d of %d games in tournament %s (first: %s: %v)", ErrGameFailed,
			len(st.sum.Failed), st.sum.Planned, id, st.sum.Failed[0].Key, st.sum.Failed[0].Err) //nolint:errorlint // see above
	}
	// The tournament is finished: check it against its plan, not against
	// the bookkeeping that led here.
	if err := checkPlan(ctx, r.store, s); err != nil {
		return st.sum, err
	}
	return st.sum, nil
}

// runState is the shared state of one Run.
type runState struct {
	r      *Runner
	sched  Schedule
	start  time.Time
	cancel context.CancelFunc // stops the run after a fatal error

	mu    sync.Mutex // guards the fields below and serializes Progress calls
	sum   Summary
	tally *standings
	fatal error // first store error; stops the run
	// recorded is the tournament's recorded games as last counted in a
	// leased store (by every worker); skip holds the sets this run gave up.
	recorded int
	skip     []string
	// holding counts the sets this run's goroutines hold under a lease: a
	// goroutine that finds nothing to claim while every unfinished set is
	// one of those ends at once, as its siblings finish them.
	holding int
}

// play plays fixture f to a recorded game, a failure, or abandonment. It
// reports whether the game was recorded (by this run or, found a duplicate,
// by another).
func (st *runState) play(ctx context.Context, f Fixture) bool {
	r := st.r
	m := Match{Key: f.Key, Scenario: f.Scenario, Seed: f.Seed, Players: f.Players}
	var lastErr error
	for attempt := 1; attempt <= r.cfg.MaxAttempts; attempt++ {
		if attempt > 1 && !sleep(ctx, r.cfg.RetryDelay) {
			return false
		}
		if ctx.Err() != nil {
			return false
		}
		started := r.now()
		out, err := safePlay(ctx, r.ref, m)
		ended := r.now()
		if ctx.Err() != nil {
			return false // interrupted: whatever came back is not a finished game
		}
		out, err = classify(out, err, len(m.Players))
		if err == nil {
			return st.record(ctx, f, out, attempt, started, ended)
		}
		lastErr = err
		fault := FaultRecord{TournamentID: st.sched.Info.ID, Key: f.Key, Attempt: attempt, Error: err.Error(),
			ArenaVersion: r.cfg.ArenaVersion, StartedAt: started, EndedAt: ended}
		if werr := r.retry.do(ctx, func() error {
			return r.store.AppendFault(context.WithoutCancel(ctx), fault)
		}); werr != nil {
			st.fail(werr)
			return false
		}
		st.mu.Lock()
		st.sum.Voided++
		st.reportLocked()
		st.mu.Unlock()
	}
	st.mu.Lock()
	st.sum.Failed = append(st.sum.Failed, FailedGame{Key: f.Key, Err: lastErr})
	st.reportLocked()
	st.mu.Unlock()
	return false
}

// record stores the finished game f; it reports false on a store error,
// which stops the run.
func (st *runState) record(ctx context.Context, f Fixture, out Outcome, attempt int, started, ended time.Time) bool {
	g := GameRecord{
		TournamentID: st.sched.Info.ID,
		Key:          f.Key,
		PairID:       f.PairID,
		Seq:          f.Seq,
		Round:        f.Round,
		Leg:          f.Leg,
		Scenario:     f.Scenario,
		Seed:         f.Seed,
		Bots:         botInfos(f.Players),
		FirstMover:   out.FirstMover,
		Ranks:        out.Ranks,
		Termination:  out.Termination,
		Reason:       out.Reason,
		EndKind:      out.EndKind,
		Turns:        out.Turns,
		Points:       out.Points,
		Attempt:      attempt,
		ArenaVersion: st.r.cfg.ArenaVersion,
		StartedAt:    started,
		EndedAt:      ended,
	}
	// The game is finished: finish writing it even if the run is being
	// cancelled right now. The write is one short transaction.
	var inserted bool
	err := st.r.retry.do(ctx, func() (err error) {
		inserted, err = st.r.store.AppendGame(context.WithoutCancel(ctx), g)
		return err
	})
	if err != nil {
		st.fail(err)
		return false
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	if !inserted {
		st.sum.Duplicates++
	} else {
		st.sum.Played++
		st.tally.add(g)
	}
	st.reportLocked()
	return true
}

// fail records a fatal error and stops the run.
func (st *runState) fail(err error) {
	st.mu.Lock()
	if st.fatal == nil {
		st.fatal = err
	}
	st.mu.Unlock()
	st.cancel()
}

// reportLocked sends a progress snapshot. st.mu must be held.
func (st *runState) reportLocked() {
	if st.r.cfg.Progress == nil {
		return
	}
	s := st.sum
	p := Progress{
		TournamentID: st.sched.Info.ID,
		Done:         st.doneLocked(),
		Total:        s.Planned,
		Played:       s.Played,
		Voided:       s.Voided,
		Failed:       len(s.Failed),
		Elapsed:      st.r.now().Sub(st.start),
	}
	if sec := p.Elapsed.Seconds(); sec > 0 && s.Played+s.Duplicates > 0 {
		p.Rate = float64(s.Played+s.Duplicates) / sec
		if left := p.Total - p.Done - p.Failed; left > 0 {
			p.ETA = time.Duration(float64(left) / p.Rate * float64(time.Second))
		}
	}
	p.Leader, p.LeaderScore, p.LeaderGames = st.tally.leader()
	st.r.cfg.Progress(p)
}

// doneLocked returns the number of the tournament's games recorded, by this
// run or any other, as far as the run knows. st.mu must be held.
func (st *runState) doneLocked() int {
	s := st.sum
	return max(s.Skipped+s.Played+s.Duplicates, st.recorded)
}

// safePlay calls ref.Play, turning a panic into an error (an arena fault:
// the referee, not a bot, let it escape).
func safePlay(ctx context.Context, ref Referee, m Match) (out Outcome, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("arena: referee panicked on %s: %v\n%s", m.Key, v, debug.Stack())
		}
	}()
	return ref.Play(ctx, m)
}

// classify turns a referee's answer to a game of seats seats into a game
// outcome or an arena fault: a *BotFault error becomes its outcome; any
// other error, or an invalid outcome, is an arena fault. An outcome without
// points gets zero points.
func classify(out Outcome, err error, seats int) (Outcome, error) {
	if err != nil {
		var bf *BotFault
		if !errors.As(err, &bf) {
			return Outcome{}, err
		}
		if !bf.Termination.IsBotFault() || bf.Seat < 0 || bf.Seat >= seats {
			return Outcome{}, fmt.Errorf("%w: bot fault with seat %d of %d and termination %v",
				ErrInvalidOutcome, bf.Seat, seats, bf.Termination)
		}
		out = bf.Outcome(seats)
		if out.Reason == "" {
			out.Reason = err.Error()
		}
	}
	if err := out.Validate(); err != nil {
		return Outcome{}, err
	}
	if len(out.Ranks) != seats {
		return Outcome{}, fmt.Errorf("%w: %d ranks for %d seats", ErrInvalidOutcome, len(out.Ranks), seats)
	}
	if out.Points == nil {
		out.Points = make([]float64, seats)
	}
	return out, nil
}

// sleep waits for d or until ctx is done; it reports whether d elapsed.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-ctx.Done():
		return false
	}
}
