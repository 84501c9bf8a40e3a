package envrpc

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// pool is one open pool: an env.Vector and the buffers its wire calls
// decode into.
type pool struct {
	id      string
	session uint64            // the Session that created it; 0 for a unary CreatePool
	spec    *flickv1.PoolSpec // as returned by CreatePool
	game    *env.Spec
	cfg     *poolConfig
	n       int // envs
	created time.Time
	// cpuBudget is the CPU time one call may take (Limits.MaxCallCPU), 0 or less for none;
	// par is the most CPUs the pool's Vector keeps busy at once.
	cpuBudget time.Duration
	par       int

	used  atomic.Int64 // unix nanoseconds of the start or end of the last call
	steps atomic.Int64 // Step calls served, for the log

	mu     sync.Mutex  // guards everything below: one call at a time
	vec    *env.Vector // the games
	acts   env.Actions // decoded actions of the current Step
	box    []float32   // BOX format scratch, [N × BoxSize]
	md     []int64     // MULTI_DISCRETE format scratch, [N × (heads+dims)]
	mask   []bool      // Reset mask scratch, [N]
	seeds  []uint64    // Reset seeds scratch, [N]
	obsAll []float32   // observe_all_seats scratch, [N × P × O]
	teach  *teacher    // the pool's teacher; nil for none
	closed bool
	// interrupted is the call cut short by the end of its context that left the pool
	// needing a reset of every env; nil if none (see interrupt.go).
	interrupted *interruptedError
}

// newPool wraps a new Vector; each call may take cpuBudget of CPU time (0 or less: no
// bound).
func newPool(id string, session uint64, vec *env.Vector, pc *poolConfig, now time.Time, cpuBudget time.Duration) *pool {
	game := vec.Spec()
	n := vec.NumEnvs()
	p := &pool{
		id: id, session: session, game: game, cfg: pc, n: n, created: now, vec: vec,
		cpuBudget: cpuBudget, par: parallelism(n, pc.env.Workers),
		acts: game.NewActions(n),
		spec: &flickv1.PoolSpec{PoolId: id, Config: pc.wire, Game: GameSpec(game)},
	}
	switch pc.format {
	case flickv1.ActionFormat_ACTION_FORMAT_BOX:
		p.box = make([]float32, n*game.BoxSize())
	case flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE:
		p.md = make([]int64, n*(len(game.Heads)+len(game.Dims)))
		for _, v := range game.MultiDiscreteNVec(pc.bins) {
			p.spec.ActionNvec = append(p.spec.ActionNvec, int32(v))
		}
	}
	if pc.observeAll {
		p.obsAll = make([]float32, n*game.NumPlayers*game.ObsSize())
	}
	if t := pc.teacher; t.name != "" {
		p.teach = newTeacher(t.name, t.o, game, n, p.par)
	}
	p.touch(now)
	return p
}

// touch records a call at now.
func (p *pool) touch(now time.Time) { p.used.Store(now.UnixNano()) }

// lastUsed returns the time of the last call's start or end.
func (p *pool) lastUsed() time.Time { return time.Unix(0, p.used.Load()) }

// close closes the Vector, after the call in flight if any.
func (p *pool) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.closeLocked()
}

// closeLocked closes the Vector; the caller holds p.mu.
func (p *pool) closeLocked() {
	if !p.closed {
		p.closed = true
		_ = p.vec.Close() // never fails
	}
}

// batchOut receives the batch of a call that succeeded, under the pool's lock: the wire
// encodes it (pool.encode), an in-process pool reads it from the memory it bound
// (LocalPool). It is the only part of a call that differs between the two.
type batchOut func(b *env.Batch)

// reset serves a ResetRequest (see the proto for its three forms) under
// ctx, the client call's context, handing the batch to out.
func (p *pool) reset(ctx context.Context, req *flickv1.ResetRequest, out batchOut) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return env.ErrClosed
	}
	call, cancel := p.callContext(ctx)
	defer cancel()
	defer p.setCallContext(call)()
	var mask []bool
	var seeds []uint64
	if t := req.GetMask(); t != nil {
		if err := checkTensor(t, "reset.mask", flickv1.DType_DTYPE_BOOL, p.n); err != nil {
			return err
		}
		if p.mask == nil {
			p.mask = make([]bool, p.n)
		}
		mask = p.mask
		decodeLE(mask, t.GetData())
	}
	if t := req.GetSeeds(); t != nil {
		if err := checkTensor(t, "reset.seeds", flickv1.DType_DTYPE_UINT64, p.n); err != nil {
			return err
		}
		if p.seeds == nil {
			p.seeds = make([]uint64, p.n)
		}
		seeds = p.seeds
		decodeLE(seeds, t.GetData())
	}
	if req.Seed != nil && (mask != nil || seeds != nil) {
		return invalidf("reset.seed", "set together with mask or seeds; a partial reset takes per-env seeds")
	}
	all := req.Seed != nil || allSelected(mask)
	if p.interrupted != nil && !all {
		return p.interrupted.refused()
	}
	if err := lateStart(call); err != nil {
		return err // nothing changes
	}
	var (
		b   *env.Batch
		err error
	)
	if req.Seed != nil {
		b, err = p.vec.ResetContext(call, req.GetSeed())
	} else {
		b, err = p.vec.ResetMaskContext(call, mask, seeds)
	}
	if ie := p.interruption(ctx, call, "reset"); ie != nil {
		p.interrupted = ie
		return ie
	}
	if all && !errors.Is(err, env.ErrShape) {
		p.interrupted = nil // every env was reset
	}
	if err != nil {
		return p.opponentFault(ctx, err)
	}
	if err := p.advise(ctx, call, b, "reset"); err != nil {
		return err
	}
	out(b)
	return nil
}

// advise asks the pool's teacher, if any, for its advice on batch b of the call op (under
// call, derived from the client's ctx). A teacher cut short by the call's end, or one that
// fails, loses the batch of a call whose envs have moved: the pool is then marked
// interrupted as for a call cut short (see interrupt.go), and the error returned.
func (p *pool) advise(ctx, call context.Context, b *env.Batch, op string) error {
	if p.teach == nil {
		return nil
	}
	err := p.teach.advise(call, p.vec, b)
	if ie := p.interruption(ctx, call, op); ie != nil {
		p.interrupted = ie
		return ie
	}
	if err != nil {
		p.interrupted = &interruptedError{op: op, cause: err, opponent: p.opponentName()}
		return err
	}
	return nil
}

// setCallContext lets the pool's opponent, if it takes one, play under
// ctx until the returned function is called. The caller holds p.mu.
func (p *pool) setCallContext(ctx context.Context) func() {
	if len(p.cfg.opps) == 0 {
		return func() {}
	}
	for _, o := range p.cfg.opps {
		o.ctx = ctx
	}
	return func() {
		for _, o := range p.cfg.opps {
			o.ctx = context.Background()
		}
	}
}

// opponentFault returns err as an *opponentError if the pool's opponent
// caused it, otherwise err unchanged.
func (p *pool) opponentFault(ctx context.Context, err error) error {
	var ee *env.EnvError
	if !errors.As(err, &ee) || ee.Op != "opponent" {
		return err
	}
	return &opponentError{name: p.opponentName(), ee: ee}
}

// opponentName names the pool's opponent (its name, or "mixture a+b" for a mixture); ""
// for a pool without one.
func (p *pool) opponentName() string {
	if mix := p.cfg.wire.GetOpponentMix(); len(mix) > 0 {
		names := make([]string, len(mix))
		for k, m := range mix {
			names[k] = m.GetName()
		}
		return "mixture " + strings.Join(names, "+")
	}
	return p.cfg.wire.GetOpponent()
}

// callEnded returns ctx's error, or context.DeadlineExceeded if its
// deadline has passed though its timer has not fired yet (gRPC itself
// reads the clock, so a bot's call can fail on the deadline first).
func callEnded(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		return context.DeadlineExceeded
	}
	return nil
}

// step serves a StepRequest under ctx, the client call's context: it
// decodes the actions in the pool's format, refusing bad shapes, dtypes and
// non-finite values before any game is touched, then steps the Vector and
// hands the batch to out. On error, field names the request field an env
// error refers to.
func (p *pool) step(ctx context.Context, req *flickv1.StepRequest, out batchOut) (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return "step", env.ErrClosed
	}
	if p.interrupted != nil {
		return "step", p.interrupted.refused()
	}
	call, cancel := p.callContext(ctx)
	defer cancel()
	defer p.setCallContext(call)()
	field, err := p.decodeActions(req)
	if err != nil {
		return field, err
	}
	if err := lateStart(call); err != nil {
		return "step", err // nothing changes
	}
	b, err := p.vec.StepContext(call, p.acts)
	if ie := p.interruption(ctx, call, "step"); ie != nil {
		p.interrupted = ie
		return "step", ie
	}
	if err != nil {
		var oe *opponentError
		if errors.As(p.opponentFault(ctx, err), &oe) {
			return "step", oe
		}
		var ae *env.ActionError
		switch {
		case !errors.As(err, &ae):
			field = "step"
		case p.cfg.format == flickv1.ActionFormat_ACTION_FORMAT_NATIVE:
			field = nativeField(ae.Field)
		}
		return field, err
	}
	if err := p.advise(ctx, call, b, "step"); err != nil {
		return "step", err
	}
	p.steps.Add(1)
	out(b)
	return "", nil
}

// decodeActions fills p.acts from req. It returns the name of the request
// field that carried the actions, for the errors of the Vector's checks.
func (p *pool) decodeActions(req *flickv1.StepRequest) (string, error) {
	g, n := p.game, p.n
	h, d := len(g.Heads), len(g.Dims)
	format := p.cfg.format
	unexpected := func(name string, t *flickv1.Tensor, used bool) error {
		if t != nil && !used {
			return invalidf("step."+name, "set, but the pool's action format is %v", format)
		}
		return nil
	}
	native := format == flickv1.ActionFormat_ACTION_FORMAT_NATIVE
	box := format == flickv1.ActionFormat_ACTION_FORMAT_BOX
	md := format == flickv1.ActionFormat_ACTION_FORMAT_MULTI_DISCRETE
	for _, err := range []error{
		unexpected("discrete", req.GetDiscrete(), native),
		unexpected("continuous", req.GetContinuous(), native),
		unexpected("box", req.GetBox(), box),
		unexpected("multi_discrete", req.GetMultiDiscrete(), md),
	} {
		if err != nil {
			return "step", err
		}
	}
	switch {
	case box:
		t := req.GetBox()
		if err := checkTensor(t, "step.box", flickv1.DType_DTYPE_FLOAT32, n, g.BoxSize()); err != nil {
			return "step.box", err
		}
		decodeLE(p.box, t.GetData())
		if err := checkFinite(p.box, g.BoxSize(), "step.box"); err != nil {
			return "step.box", err
		}
		return "step.box", g.DecodeBoxBatch(p.acts, p.box, p.vec.Batch().Mask)
	case md:
		t := req.GetMultiDiscrete()
		if err := checkTensor(t, "step.multi_discrete", flickv1.DType_DTYPE_INT64, n, h+d); err != nil {
			return "step.multi_discrete", err
		}
		decodeLE(p.md, t.GetData())
		return "step.multi_discrete", g.DecodeMultiDiscreteBatch(p.acts, p.md, p.cfg.bins)
	}
	if err := checkTensor(req.GetDiscrete(), "step.discrete", flickv1.DType_DTYPE_INT32, n, h); err != nil {
		return "step.discrete", err
	}
	if err := checkTensor(req.GetContinuous(), "step.continuous", flickv1.DType_DTYPE_FLOAT32, n, d); err != nil {
		return "step.continuous", err
	}
	decodeLE(p.acts.Discrete, req.GetDiscrete().GetData())
	decodeLE(p.acts.Continuous, req.GetContinuous().GetData())
	if err := checkFinite(p.acts.Continuous, d, "step.continuous"); err != nil {
		return "step.continuous", err
	}
	return "step.discrete", nil
}

// nativeField returns the request field of a native action part named by
// an env.ActionError's Field.
func nativeField(part string) string {
	switch {
	case strings.HasPrefix(part, "continuous"):
		return "step.continuous"
	case strings.HasPrefix(part, "discrete"):
		return "step.discrete"
	}
	return "step"
}

// encode writes b into a wire Batch whose tensors alias *buf (grown and
// reused; nil means a new buffer).
func (p *pool) encode(b *env.Batch, buf *[]byte) *flickv1.Batch {
	if buf == nil {
		buf = new([]byte)
	}
	n, pl, o, m := b.NumEnvs, b.NumPlayers, b.ObsSize, b.MaskSize
	present := p.present(b)
	size := n * (4*o + 4*pl + 1 + 1 + 4 + m + 8 + 8 + 1 + 4*pl + 4)
	if present.Has(BufFinalObs) {
		size += n * (4*o + 8)
	}
	size += 4 * len(p.obsAll)
	size += 4 * len(b.AgentSeat)
	if present.Has(BufTeacherDiscrete) {
		size += 4 * (len(p.teach.acts.Discrete) + len(p.teach.acts.Continuous))
	}
	if cap(*buf) < size {
		*buf = make([]byte, 0, size)
	}
	*buf = (*buf)[:0]
	out := &flickv1.Batch{
		Obs:           tensor(buf, b.Obs, n, o),
		Reward:        tensor(buf, b.Reward, n, pl),
		Terminated:    tensor(buf, b.Terminated, n),
		Truncated:     tensor(buf, b.Truncated, n),
		CurrentPlayer: tensor(buf, b.CurrentPlayer, n),
		ActionMask:    tensor(buf, b.Mask, n, m),
		StateHash:     tensor(buf, b.StateHash, n),
		Episode:       tensor(buf, b.Episode, n),
		Illegal:       tensor(buf, b.Illegal, n),
		EpisodeReturn: tensor(buf, b.EpisodeReturn, n, pl),
		EpisodeLength: tensor(buf, b.EpisodeLength, n),
	}
	if present.Has(BufFinalObs) {
		out.FinalObs = tensor(buf, b.FinalObs, n, o)
		out.FinalStateHash = tensor(buf, b.FinalStateHash, n)
	}
	if present.Has(BufObsAllSeats) {
		p.observeAll()
		out.ObsAllSeats = tensor(buf, p.obsAll, n, pl, o)
	}
	if present.Has(BufAgentSeat) {
		out.AgentSeat = tensor(buf, b.AgentSeat, n)
	}
	if present.Has(BufTeacherDiscrete) {
		t := p.teach
		out.TeacherDiscrete = tensor(buf, t.acts.Discrete, n, len(p.game.Heads))
		out.TeacherContinuous = tensor(buf, t.acts.Continuous, n, len(p.game.Dims))
	}
	return out
}

// present returns the fields of batch b of the pool that a response carries: the eleven
// of every batch, the final observation and hash in SAME_STEP mode, every seat's
// observation with observe_all_seats, the agent's seat in the single-agent view, the
// teacher's advice with a teacher. The wire's encode and the in-process pool both follow
// it.
func (p *pool) present(b *env.Batch) Present {
	pr := alwaysPresent
	if b.FinalObs != nil {
		pr |= 1<<BufFinalObs | 1<<BufFinalStateHash
	}
	if p.obsAll != nil {
		pr |= 1 << BufObsAllSeats
	}
	if b.AgentSeat != nil {
		pr |= 1 << BufAgentSeat
	}
	if p.teach != nil {
		pr |= 1<<BufTeacherDiscrete | 1<<BufTeacherContinuous
	}
	return pr
}

// observeAll fills p.obsAll with every seat's observation of every env. A
// game that fails to observe (a faulted or never reset game may) gets
// zeros.
func (p *pool) observeAll() {
	np, o := p.game.NumPlayers, p.game.ObsSize()
	for i := range p.n {
		g := p.vec.Game(i)
		for seat := range np {
			dst := p.obsAll[(i*np+seat)*o : (i*np+seat+1)*o]
			observe(g, dst, seat)
		}
	}
}

// observe calls g.Observe, zeroing dst if it panics.
func observe(g env.Game, dst []float32, seat int) {
	defer func() {
		if recover() != nil {
			clear(dst)
		}
	}()
	g.Observe(dst, seat)
}
