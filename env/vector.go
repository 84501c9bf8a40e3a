package env

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"runtime"
)

// maxOpponentMoves bounds the moves the opponents may make in a row in the
// SingleAgent view before the env is declared faulty (a game that never
// gives seat 0 the turn back).
const maxOpponentMoves = 1 << 16

// Vector steps N games of one kind in lockstep: the batched environment
// (Gymnasium's VectorEnv, EnvPool's pool). See the package documentation
// for the full contract. A Vector is not safe for concurrent use: one
// goroutine calls its methods; it spreads the games over its own workers.
type Vector struct {
	spec     *Spec
	cfg      Config
	n, p     int // envs, players
	obs, msk int // observation and mask widths
	maxSteps int // episode step limit, 0 for none

	slots []slot
	batch Batch

	epReturn []float32 // [N×P] running return of the current episodes
	scratch  []float32 // [N×P] outcome and shaping scratch
	errs     []error   // [N] per-env error of the current pass

	// Arguments of the current pass, read by the per-env functions.
	act      Actions         // actions of the current Step
	resetSel []bool          // envs to reset in the current reset pass
	ctx      context.Context // context of the current call; nil outside calls

	// interrupted is the error of the call cut short by its context (it wraps
	// ErrInterrupted), nil if none since the last reset of every env.
	interrupted error

	pool                     *pool
	stepFn, checkFn, resetFn func(i int) // method values, made once
	closed                   bool
	league                   *league // opponents and seats in the SingleAgent view; nil in SelfPlay
	shaper                   bool    // Shaping != 0
}

// slotState is the life-cycle state of one env.
type slotState uint8

const (
	fresh   slotState = iota // never reset
	running                  // an episode is under way
	over                     // the episode ended; awaiting (auto)reset
	failed                   // the game faulted; awaiting reset
)

// slot is everything a Vector keeps per env besides the batch rows.
type slot struct {
	game   Game
	pcg    rand.PCG // game stream, re-seeded every episode
	rng    *rand.Rand
	oppPCG rand.PCG // opponent stream, re-seeded every episode
	oppRNG *rand.Rand
	lgPCG  rand.PCG // league stream (opponent and seat draws), re-seeded every episode that draws
	lgRNG  *rand.Rand

	opp  Policy // the opponent of the current episode (SingleAgent only)
	seat int    // the agent's seat in the current episode (SingleAgent only)

	key     uint64    // stream key (see EnvKey)
	nextEp  uint64    // number of the next episode of this key
	episode uint64    // number of the current episode
	state   slotState // life cycle
	ended   Status    // how the episode ended, when state is over
	length  int32     // Vector steps in the current episode

	act  Action    // scratch action: DefaultAction, opponent moves
	mask []bool    // scratch mask: checks, opponent turns
	obs  []float32 // scratch observation: opponent turns (SingleAgent only)
}

// NewVector creates a Vector of cfg.NumEnvs games made by f with
// cfg.Options, and starts its workers. The games are not reset: call
// [Vector.Reset] before [Vector.Step]. Close the Vector to stop its
// workers.
func NewVector(f Factory, cfg Config) (*Vector, error) {
	if f == nil {
		return nil, errors.New("env: new vector: nil factory")
	}
	if cfg.NumEnvs < 1 {
		return nil, fmt.Errorf("env: new vector: NumEnvs %d < 1", cfg.NumEnvs)
	}
	if cfg.Autoreset > Disabled || cfg.View > SingleAgent || cfg.Illegal > ReplaceIllegal {
		return nil, fmt.Errorf("env: new vector: bad mode (autoreset %v, view %v, illegal %v)", cfg.Autoreset, cfg.View, cfg.Illegal)
	}
	if !finite32(cfg.IllegalPenalty) || cfg.IllegalPenalty < 0 || !finite32(cfg.Shaping) {
		return nil, fmt.Errorf("env: new vector: bad IllegalPenalty %g or Shaping %g", cfg.IllegalPenalty, cfg.Shaping)
	}
	if cfg.EnvOffset < 0 {
		return nil, fmt.Errorf("env: new vector: EnvOffset %d < 0", cfg.EnvOffset)
	}
	v := &Vector{cfg: cfg, n: cfg.NumEnvs, slots: make([]slot, cfg.NumEnvs), shaper: cfg.Shaping != 0}
	for i := range v.slots {
		g, err := f(cfg.Options)
		if err != nil {
			return nil, fmt.Errorf("env: new vector: game %d: %w", i, err)
		}
		if g == nil {
			return nil, fmt.Errorf("env: new vector: game %d: factory returned nil", i)
		}
		if i == 0 {
			v.spec = g.Spec()
			if err := v.spec.Validate(); err != nil {
				return nil, fmt.Errorf("env: new vector: %w", err)
			}
		} else if s := g.Spec(); s != v.spec && !reflect.DeepEqual(s, v.spec) {
			return nil, fmt.Errorf("env: new vector: game %d has a different spec than game 0", i)
		}
		if _, ok := g.(Shaper); v.shaper && !ok {
			return nil, fmt.Errorf("env: new vector: Shaping %g set but %s has no shaping reward", cfg.Shaping, v.spec.ID)
		}
		v.slots[i].game = g
	}
	v.p, v.obs, v.msk = v.spec.NumPlayers, v.spec.ObsSize(), v.spec.MaskSize()
	switch {
	case cfg.MaxEpisodeSteps > 0:
		v.maxSteps = cfg.MaxEpisodeSteps
	case cfg.MaxEpisodeSteps == 0:
		v.maxSteps = v.spec.MaxEpisodeSteps
	}
	lg, err := newLeague(cfg, v.p)
	if err != nil {
		return nil, fmt.Errorf("env: new vector: %w", err)
	}
	v.league = lg

	// Scratch buffers come from a few large arrays rather than small
	// per-env allocations.
	act := v.spec.NewActions(v.n)
	masks := make([]bool, v.n*v.msk)
	var obs []float32
	if cfg.View == SingleAgent {
		obs = make([]float32, v.n*v.obs)
	}
	for i := range v.slots {
		s := &v.slots[i]
		s.rng, s.oppRNG, s.lgRNG = rand.New(&s.pcg), rand.New(&s.oppPCG), rand.New(&s.lgPCG)
		s.key = EnvKey(0, cfg.EnvOffset+i)
		s.act = act.At(v.spec, i)
		s.mask = masks[i*v.msk : (i+1)*v.msk : (i+1)*v.msk]
		if obs != nil {
			s.obs = obs[i*v.obs : (i+1)*v.obs : (i+1)*v.obs]
		}
	}
	v.batch = newBatch(v.n, v.p, v.obs, v.msk, cfg.Autoreset == SameStep, cfg.View == SingleAgent)
	v.epReturn = make([]float32, v.n*v.p)
	v.scratch = make([]float32, v.n*v.p)
	v.errs = make([]error, v.n)
	v.resetSel = make([]bool, v.n)
	v.stepFn, v.checkFn, v.resetFn = v.stepEnv, v.checkEnv, v.resetPassEnv

	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	v.pool = newPool(min(workers, v.n))
	// A Vector dropped without Close still stops its helpers.
	runtime.AddCleanup(v, func(p *pool) { p.close() }, v.pool)
	return v, nil
}

// Spec returns the games' spec. The caller must not modify it.
func (v *Vector) Spec() *Spec { return v.spec }

// NumEnvs returns the number of games.
func (v *Vector) NumEnvs() int { return v.n }

// Config returns the configuration the Vector was created with.
func (v *Vector) Config() Config { return v.cfg }

// Batch returns the Vector's batch, as the last Reset or Step left it.
func (v *Vector) Batch() *Batch { return &v.batch }

// Game returns game i, for reading only (its JSON view, its concrete
// state): calling its Reset or Step breaks the Vector.
func (v *Vector) Game(i int) Game { return v.slots[i].game }

// Close stops the workers. It is idempotent; every later call to the
// Vector returns [ErrClosed].
func (v *Vector) Close() error {
	if !v.closed {
		v.closed = true
		v.pool.close()
	}
	return nil
}

// Reset starts a new episode in every env: env i gets the key
// EnvKey(seed, Config.EnvOffset+i) and episode number 0. It returns the Vector's batch:
// first observations, zero rewards, both flags false (unless a game
// faulted: then the error is an *[EnvError] and the batch is still
// returned, with that env truncated).
func (v *Vector) Reset(seed uint64) (*Batch, error) {
	return v.ResetContext(context.Background(), seed)
}

// reset is Reset under the context the caller set in v.ctx.
func (v *Vector) reset(seed uint64) (*Batch, error) {
	for i := range v.slots {
		v.slots[i].key, v.slots[i].nextEp = EnvKey(seed, v.cfg.EnvOffset+i), 0
		v.resetSel[i] = true
	}
	return v.resetPass()
}

// ResetMask starts a new episode in the envs selected by mask (length
// NumEnvs; nil selects all): the partial reset of the Disabled autoreset
// mode, also allowed in the other modes. With seeds nil, a selected env
// keeps its key and starts its next episode number; otherwise (length
// NumEnvs) env i gets the key seeds[i] and episode number 0, so that
// ResetMask(nil, keys) with keys[i] = EnvKey(s, EnvOffset+i) is Reset(s).
// A never reset env has the key EnvKey(0, EnvOffset+i).
//
// Every row of the batch is rewritten: selected envs as after Reset,
// others with their current state, zero reward, and Terminated or
// Truncated still set if their episode is over (the row of an env never
// reset stays zero). Errors are as for Reset,
// plus [ErrShape] for a wrong length (then nothing changes).
func (v *Vector) ResetMask(mask []bool, seeds []uint64) (*Batch, error) {
	return v.ResetMaskContext(context.Background(), mask, seeds)
}

// resetMask is ResetMask under the context the caller set in v.ctx.
func (v *Vector) resetMask(mask []bool, seeds []uint64) (*Batch, error) {
	if (mask != nil && len(mask) != v.n) || (seeds != nil && len(seeds) != v.n) {
		return nil, fmt.Errorf("%w: reset mask has %d entries and seeds %d, want %d or nil", ErrShape, len(mask), len(seeds), v.n)
	}
	for i := range v.slots {
		v.resetSel[i] = mask == nil || mask[i]
		if v.resetSel[i] && seeds != nil {
			v.slots[i].key, v.slots[i].nextEp = seeds[i], 0
		}
	}
	return v.resetPass()
}

// resetPass runs resetPassEnv over every env and returns the batch and the
// first fault.
func (v *Vector) resetPass() (*Batch, error) {
	v.pool.run(v.n, v.resetFn)
	return &v.batch, v.firstErr()
}

// resetPassEnv resets env i if it is selected, otherwise rewrites its row.
func (v *Vector) resetPassEnv(i int) {
	s := &v.slots[i]
	v.errs[i] = nil
	if v.cut(i, "reset") {
		return
	}
	defer v.recoverFault(i, "reset")
	v.clearRow(i)
	if v.resetSel[i] {
		v.startEpisode(i)
		return
	}
	if s.state != fresh {
		v.writeRow(i)
	}
}

// Step applies one action per env (actions sized for NumEnvs: see
// [Spec.NewActions]) and returns the Vector's batch.
//
// The action of env i is for its CurrentPlayer (always the agent's seat in
// the SingleAgent view); it is ignored, and not checked, when env i's episode
// ended on the previous call (NextStep autoreset) or its game faulted:
// env i is then reset instead.
//
// Errors. A wrong buffer length wraps [ErrShape]; an env never reset, or
// ended with autoreset Disabled, gives an *[EnvError] wrapping
// [ErrNotReset] or [ErrEpisodeOver]; in [RejectIllegal] mode an illegal
// action gives an *[ActionError] for the lowest such env. In all these
// cases Step returns a nil batch and no env changes at all. A game fault
// during the step (a game error or panic) gives an *[EnvError] for the
// lowest faulty env; then the batch is returned, every other env has
// stepped normally and the faulty env is reported Truncated. (A panic in
// Game.Validate during the checks is such a fault too, but Step then
// returns a nil batch and steps no env.)
func (v *Vector) Step(actions Actions) (*Batch, error) {
	return v.StepContext(context.Background(), actions)
}

// step is Step under the context the caller set in v.ctx.
func (v *Vector) step(actions Actions) (*Batch, error) {
	h, d := len(v.spec.Heads), len(v.spec.Dims)
	if len(actions.Discrete) != v.n*h || len(actions.Continuous) != v.n*d {
		return nil, fmt.Errorf("%w: actions have %d discrete and %d continuous values, want %d and %d",
			ErrShape, len(actions.Discrete), len(actions.Continuous), v.n*h, v.n*d)
	}
	for i := range v.slots {
		switch s := &v.slots[i]; {
		case s.state == fresh:
			return nil, &EnvError{Env: i, Op: "step", Err: ErrNotReset}
		case s.state != running && v.cfg.Autoreset == Disabled:
			return nil, &EnvError{Env: i, Op: "step", Err: ErrEpisodeOver}
		}
	}
	v.act = actions
	defer func() { v.act = Actions{} }()
	if v.cfg.Illegal == RejectIllegal {
		v.pool.run(v.n, v.checkFn)
		if err := v.firstErr(); err != nil {
			return nil, err
		}
	}
	v.pool.run(v.n, v.stepFn)
	return &v.batch, v.firstErr()
}

// checkEnv checks env i's action (RejectIllegal pre-pass).
func (v *Vector) checkEnv(i int) {
	v.errs[i] = nil
	if v.slots[i].state != running {
		return // reset instead; the action is ignored
	}
	defer v.recoverFault(i, "validate")
	if err := v.check(i, v.act.At(v.spec, i)); err != nil {
		v.errs[i] = err
	}
}

// check returns an *ActionError if a is not legal in env i.
func (v *Vector) check(i int, a Action) error {
	s := &v.slots[i]
	s.game.Mask(s.mask)
	if err := v.spec.Check(a, s.mask); err != nil {
		return withEnv(err, i)
	}
	if err := s.game.Validate(a); err != nil {
		return withEnv(err, i)
	}
	return nil
}

// stepEnv steps env i (or autoresets it) and writes its row.
func (v *Vector) stepEnv(i int) {
	s := &v.slots[i]
	v.errs[i] = nil
	if v.cut(i, "step") {
		return
	}
	defer v.recoverFault(i, "step")
	v.clearRow(i)
	if s.state != running {
		v.startEpisode(i) // NextStep autoreset, or recovery after a fault
		return
	}
	a := v.act.At(v.spec, i)
	reward := v.batch.Reward[i*v.p : (i+1)*v.p]
	if v.cfg.Illegal == ReplaceIllegal && v.check(i, a) != nil {
		s.game.DefaultAction(s.act)
		if err := v.check(i, s.act); err != nil {
			v.fault(i, "step", fmt.Errorf("default action: %w", err))
			return
		}
		a = s.act
		v.batch.Illegal[i] = true
		reward[s.game.CurrentPlayer()] -= v.cfg.IllegalPenalty
	}
	status, err := s.game.Step(a)
	if err != nil {
		v.fault(i, "step", err)
		return
	}
	v.shape(i)
	s.length++
	if status == Running && v.cfg.View == SingleAgent {
		if status, err = v.playOpponents(i, true); err != nil {
			v.fault(i, opponentOp(err), err)
			return
		}
	}
	if status == Running && v.maxSteps > 0 && int(s.length) >= v.maxSteps {
		status = Truncated
	}
	if status == Terminated {
		out := v.scratch[i*v.p : (i+1)*v.p]
		clear(out)
		s.game.Outcome(out)
		for k, x := range out {
			reward[k] += x
		}
	}
	ret := v.epReturn[i*v.p : (i+1)*v.p]
	for k, x := range reward {
		ret[k] += x
	}
	if status == Running {
		v.writeRow(i)
		return
	}
	v.endEpisode(i, status)
}

// endEpisode records the end of env i's episode and applies autoreset.
func (v *Vector) endEpisode(i int, status Status) {
	s := &v.slots[i]
	b := &v.batch
	copy(b.EpisodeReturn[i*v.p:(i+1)*v.p], v.epReturn[i*v.p:(i+1)*v.p])
	b.EpisodeLength[i] = s.length
	s.state, s.ended = over, status
	if v.cfg.Autoreset != SameStep {
		v.writeRow(i)
		return
	}
	s.game.Observe(b.FinalObs[i*v.obs:(i+1)*v.obs], v.viewer(s))
	b.FinalStateHash[i] = s.game.Hash()
	seat := s.seat
	v.startEpisode(i)
	if b.AgentSeat != nil {
		b.AgentSeat[i] = int32(seat) // the seat of the ended episode's reward
	}
	// The row describes the new episode, the flags the one that ended.
	b.Terminated[i], b.Truncated[i] = status == Terminated, status == Truncated
}

// startEpisode resets env i for its next episode, chooses its opponent and
// the agent's seat and lets the opponents play up to the agent's first
// turn in the SingleAgent view, and writes its row (but not its reward,
// flags or episode statistics).
func (v *Vector) startEpisode(i int) {
	s := &v.slots[i]
	s.episode = s.nextEp
	s.nextEp++
	s.pcg.Seed(episodeSeed(s.key, s.episode, gameDomain))
	s.oppPCG.Seed(episodeSeed(s.key, s.episode, opponentDomain))
	s.length = 0
	clear(v.epReturn[i*v.p : (i+1)*v.p])
	s.state = running
	if err := s.game.Reset(s.rng); err != nil {
		v.fault(i, "reset", err)
		return
	}
	if v.league != nil {
		if v.league.draws() {
			s.lgPCG.Seed(episodeSeed(s.key, s.episode, leagueDomain))
		}
		s.opp, s.seat = v.league.choose(s.key, s.episode, s.lgRNG)
		// Moves made before the agent's first turn give no reward.
		status, err := v.playOpponents(i, false)
		if err == nil && status != Running {
			err = fmt.Errorf("game %s before seat %d moved", status, s.seat)
		}
		if err != nil {
			v.fault(i, opponentOp(err), err)
			return
		}
	}
	v.writeRow(i)
}

// playOpponents plays the opponents' moves in env i until the agent's seat
// is to move or the episode ends. With rewarded, shaping rewards of these moves go to
// the env's reward row.
func (v *Vector) playOpponents(i int, rewarded bool) (Status, error) {
	s := &v.slots[i]
	for range maxOpponentMoves {
		p := s.game.CurrentPlayer()
		if p == s.seat {
			return Running, nil
		}
		if v.ended() {
			return Running, fmt.Errorf("seat %d: %w", p, ErrInterrupted)
		}
		s.game.Observe(s.obs, p)
		s.game.Mask(s.mask)
		t := Turn{Spec: v.spec, Player: p, Obs: s.obs, Mask: s.mask, Game: s.game, Context: v.ctx}
		if err := s.opp.Act(s.act, t, s.oppRNG); err != nil {
			if v.ended() {
				// Cut short by the call's end, not the opponent's fault.
				return Running, fmt.Errorf("seat %d: %w (the opponent said: %w)", p, ErrInterrupted, err)
			}
			return Running, fmt.Errorf("seat %d: %w", p, err)
		}
		if err := v.spec.Check(s.act, s.mask); err != nil {
			return Running, fmt.Errorf("seat %d: %w", p, err)
		}
		if err := s.game.Validate(s.act); err != nil {
			return Running, fmt.Errorf("seat %d: %w", p, err)
		}
		status, err := s.game.Step(s.act)
		if err != nil {
			return Running, fmt.Errorf("seat %d: %w", p, err)
		}
		if rewarded {
			v.shape(i)
		}
		if status != Running {
			return status, nil
		}
	}
	return Running, fmt.Errorf("opponents made %d moves in a row", maxOpponentMoves)
}

// shape adds the weighted shaping reward of the last transition of env i.
func (v *Vector) shape(i int) {
	if !v.shaper {
		return
	}
	sh := v.scratch[i*v.p : (i+1)*v.p]
	clear(sh)
	v.slots[i].game.(Shaper).Shaping(sh)
	reward := v.batch.Reward[i*v.p : (i+1)*v.p]
	for k, x := range sh {
		reward[k] += v.cfg.Shaping * x
	}
}

// viewer returns the seat whose observation env i reports.
func (v *Vector) viewer(s *slot) int {
	if v.league != nil {
		return s.seat
	}
	return s.game.CurrentPlayer()
}

// clearRow zeroes env i's per-call outputs: reward, flags, episode
// statistics and final observation.
func (v *Vector) clearRow(i int) {
	b := &v.batch
	clear(b.Reward[i*v.p : (i+1)*v.p])
	b.Illegal[i] = false
	if b.Terminated[i] || b.Truncated[i] {
		// Only rows that ended last call hold statistics or a final
		// observation.
		clear(b.EpisodeReturn[i*v.p : (i+1)*v.p])
		b.EpisodeLength[i] = 0
		if b.FinalObs != nil {
			clear(b.FinalObs[i*v.obs : (i+1)*v.obs])
			b.FinalStateHash[i] = 0
		}
	}
	b.Terminated[i], b.Truncated[i] = false, false
}

// writeRow writes env i's observation, player, mask, hash, episode number
// and, for an ended episode, its flag.
func (v *Vector) writeRow(i int) {
	s := &v.slots[i]
	b := &v.batch
	mask := b.Mask[i*v.msk : (i+1)*v.msk]
	switch s.state {
	case running:
		s.game.Mask(mask)
	case over:
		for k := range mask {
			mask[k] = true
		}
		b.Terminated[i], b.Truncated[i] = s.ended == Terminated, s.ended == Truncated
	case failed:
		v.writeFailedRow(i)
		return
	}
	s.game.Observe(b.Obs[i*v.obs:(i+1)*v.obs], v.viewer(s))
	b.CurrentPlayer[i] = int32(s.game.CurrentPlayer())
	if b.AgentSeat != nil {
		b.AgentSeat[i] = int32(s.seat)
	}
	b.StateHash[i] = s.game.Hash()
	b.Episode[i] = s.episode
}

// writeFailedRow writes the row of a faulty env without calling its game:
// zero observation and hash, every action allowed, Truncated.
func (v *Vector) writeFailedRow(i int) {
	b := &v.batch
	clear(b.Obs[i*v.obs : (i+1)*v.obs])
	for k := range b.Mask[i*v.msk : (i+1)*v.msk] {
		b.Mask[i*v.msk+k] = true
	}
	b.CurrentPlayer[i], b.StateHash[i], b.Episode[i] = 0, 0, v.slots[i].episode
	if b.AgentSeat != nil {
		b.AgentSeat[i] = int32(v.slots[i].seat)
	}
	b.Terminated[i], b.Truncated[i] = false, true
}

// fault marks env i as failed during op, records the error and writes its
// row. The episode counts as truncated.
func (v *Vector) fault(i int, op string, err error) {
	s := &v.slots[i]
	if s.state == running && s.length > 0 {
		b := &v.batch
		copy(b.EpisodeReturn[i*v.p:(i+1)*v.p], v.epReturn[i*v.p:(i+1)*v.p])
		b.EpisodeLength[i] = s.length
	}
	s.state = failed
	v.errs[i] = &EnvError{Env: i, Op: op, Err: err}
	v.writeFailedRow(i)
}

// recoverFault turns a panic in env i's game into a fault. Deferred by
// every per-env pass function.
func (v *Vector) recoverFault(i int, op string) {
	if r := recover(); r != nil {
		v.fault(i, op, fmt.Errorf("panic: %v", r))
	}
}

// firstErr returns the error of the lowest env index of the last pass.
func (v *Vector) firstErr() error {
	for _, err := range v.errs {
		if err != nil {
			return err
		}
	}
	return nil
}
