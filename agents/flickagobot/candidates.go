package flickagobot

import (
	"cmp"
	"container/heap"
	"math"
	"slices"
	"sync"

	"github.com/flickarena/flickarena/agents/geom"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// source is one legal way to begin a flick: the discrete part of a legal action, the piece it
// flicks and the model of the position it makes (the return done, the reserve disc on its
// start point, the family disc turned over).
type source struct {
	act   flickago.Action
	piece int
	m     *model
}

// candidate is one flick considered: a legal action with its velocity, and its worth.
type candidate struct {
	// act is the action, velocity included.
	act flickago.Action
	// src indexes the analysis' sources.
	src int
	// group gathers near-identical flicks (the same source and the same target piece, or the
	// same source and a spot of the same worth), for variety among the flicks kept.
	group int
	// nominal is the evaluation of the flick without execution noise, mean its average over
	// the noise points (NaN until computed).
	nominal, mean float64
}

// analysis is a decision's flicks, ranked by geometry.
type analysis struct {
	b       *flickago.Board
	r       float64
	me      int
	noise   physics.Noise // the game's execution noise
	sources []source
	// spots are the landing spots of every source's flicks (see [spots]) and spotValues the
	// worth of a disc of the player there (Board.DiscValue): the same for every source, so
	// computed once per decision.
	spots      []physics.Vec
	spotValues []int
	sr         search // the search's size
	// scene is the scratch of the noisy rating's line of fire (see [lazyScene]), from the
	// scratch buffers: valid while analyse runs.
	scene *geom.Scene
	// ranked are the candidates whose mean was computed, best first.
	ranked []candidate
}

// The fixed knobs of the geometric search.
const (
	// keepPerGroup is how many flicks of one group reach the noisy evaluation.
	keepPerGroup = 3
	// groupsPerSource bounds the groups of one source's flicks (a spot's value, or 10 plus
	// the piece knocked): a candidate's group is its source's index times it plus that.
	groupsPerSource = 100
	// minCut is the smallest cosine between the aim and the push of a cut shot.
	minCut = 0.35
)

// search is the size of a geometric search: what a decision costs and how finely it looks.
type search struct {
	// keep is how many flicks (the best without noise, at most keepPerGroup per group) are
	// evaluated over the noise points.
	keep int
	// spotStep is the spacing of the grid of landing spots, in cm.
	spotStep float64
	// noiseAngles and noisePowers are the execution errors of the noisy evaluation.
	noiseAngles, noisePowers int
	// pushAngles are the directions of the fan of knocks on each piece, in radians from the
	// line from the flicked disc to the target, and pushDistances how far, in cm, each tries
	// to push it.
	pushAngles, pushDistances []float64
	// fewReturns limits the flicks after a return to flicks from a start point of the
	// returned disc's kind, returning of each kind only the first disc (in id order) that
	// can be (the others differ only in which disc leaves the return zone), and, while the
	// reserve still holds a disc of that kind, only when an inspector threatens the return
	// zone (zoneThreat). Otherwise every flick after every return is tried.
	fewReturns bool
}

// plannerSearch is the planners' search (PlannerVersion): spots every 12 cm, each piece
// knocked in three directions (the line of fire and 0.5 rad either side of it) 6, 15 or 35
// cm, 3 × 3 execution errors and the aimer's few flicks after a return (fewReturns), keeping
// at least 24 flicks (more at a large budget: plannerKeepPer).
var plannerSearch = search{keep: 24, spotStep: 12, noiseAngles: 3, noisePowers: 3,
	pushAngles: []float64{-0.5, 0, 0.5}, pushDistances: []float64{6, 15, 35}, fewReturns: true}

// analyse lists the flicks of g's current player (in PhaseFlick), evaluates them all without
// noise, and the best `keep` of them (at most keepPerGroup per group) over the noise points;
// ranked is sorted by that mean, best first, ties in order of generation. It draws no random
// numbers.
func analyse(g *flickago.Game, sr search) *analysis {
	cfg := g.Config().Physics
	an := &analysis{b: g.Board(), r: g.Radius(), me: g.Current(), noise: cfg.Noise, sr: sr}
	keep := sr.keep
	st := g.State()
	base := tableOf(&st)
	m0 := newModel(an.b, an.r, cfg, &base)
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	an.scene = &sc.scene
	cands := sc.cands[:0]
	legal := g.Legal(nil)
	returned := [2]int{flickago.NoDisc, flickago.NoDisc} // by kind, with sr.fewReturns
	threatened := sr.fewReturns && zoneThreat(an.b, an.r, &base, an.me) > 0
	for k, a := range legal {
		if a.Type != flickago.ActFlick {
			continue
		}
		if sr.fewReturns && a.Return != flickago.NoDisc {
			kind := flickago.KindOf(a.Return)
			if a.Disc != flickago.NoDisc || an.b.Points[an.me][a.Point].Kind != kind || (st.Reserve(an.me, kind) > 0 && !threatened) {
				continue
			}
			if returned[kind] == flickago.NoDisc {
				returned[kind] = a.Return
			}
			if a.Return != returned[kind] {
				continue
			}
		}
		src, ok := an.source(&st, m0, a)
		if !ok {
			continue
		}
		an.sources = append(an.sources, src)
		cands = an.flicks(cands, len(an.sources)-1)
		if len(an.sources) == 1 {
			// Room for as many candidates from each source left, in one allocation: they
			// are about a thousand, which growing by appends copied several times over.
			cands = slices.Grow(cands, len(cands)*(len(legal)-k-1))
		}
	}
	var tmp table
	for i := range cands {
		c := &cands[i]
		s := &an.sources[c.src]
		s.m.predict(&tmp, s.piece, c.act.Velocity)
		c.nominal, c.mean = evaluate(an.b, an.r, &tmp, an.me), math.NaN()
	}
	// The candidates best first without noise (ties in order of generation), taken from a
	// heap until keep are rated: as a stable sort of them all would order them, for a few.
	sc.cands = cands
	if cap(sc.idx) < len(cands) {
		sc.idx = make([]int32, len(cands))
	}
	h := byNominal{cands: cands, idx: sc.idx[:len(cands)]}
	for i := range h.idx {
		h.idx[i] = int32(i)
	}
	heap.Init(&h)
	perGroup := make([]uint8, len(an.sources)*groupsPerSource)
	noise := noisePoints(cfg.Noise, sr.noiseAngles, sr.noisePowers)
	for h.Len() > 0 && len(an.ranked) < keep {
		c := cands[heap.Pop(&h).(int32)]
		if perGroup[c.group] == keepPerGroup {
			continue
		}
		perGroup[c.group]++
		c.mean = an.mean(c, noise)
		an.ranked = append(an.ranked, c)
	}
	slices.SortStableFunc(an.ranked, func(x, y candidate) int { return cmp.Compare(y.mean, x.mean) })
	return an
}

// scratch holds the buffers of one decision that analyse reuses from one to the next (they
// are about a thousand candidates: allocating them every time cost the collector).
type scratch struct {
	cands []candidate
	idx   []int32    // the heap of candidates' indices
	scene geom.Scene // the noisy rating's scene (analysis.scene)
}

// scratchPool holds the scratch buffers not in use.
var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// mean returns the average worth of c over the noise points. The line of fire (see
// exposure) is read once, where the flick lands without noise, to save time. A noise point
// without error (the middle one of an odd grid) is that same landing, not predicted again.
func (an *analysis) mean(c candidate, noise []noisePoint) float64 {
	s := &an.sources[c.src]
	var tmp table
	s.m.predict(&tmp, s.piece, c.act.Velocity)
	x := 0.0
	l0, over0, n0 := lead(an.b, an.r, &tmp, an.me)
	if !over0 {
		x = exposureTerm(an.b, an.r, &tmp, an.me, an.noise, lazyScene{m: s.m, scratch: an.scene})
	}
	sum := 0.0
	for _, np := range noise {
		l, over, n := l0, over0, n0
		if np.da != 0 || np.dp != 1 {
			s.m.predict(&tmp, s.piece, turn(c.act.Velocity, np.da, np.dp))
			l, over, n = lead(an.b, an.r, &tmp, an.me)
		}
		if !over {
			l += x
		}
		sum += worth(l, over, n)
	}
	return sum / float64(len(noise))
}

// byNominal orders indices into cands as a heap (container/heap) with the best nominal worth
// on top, ties broken by the lower index: popped, the order of a stable sort by nominal
// worth, best first.
type byNominal struct {
	cands []candidate
	idx   []int32
}

// Len implements heap.Interface.
func (h *byNominal) Len() int { return len(h.idx) }

// Less implements heap.Interface: candidate idx[a] comes before idx[b].
func (h *byNominal) Less(a, b int) bool {
	i, j := h.idx[a], h.idx[b]
	if c := cmp.Compare(h.cands[j].nominal, h.cands[i].nominal); c != 0 {
		return c < 0
	}
	return i < j
}

// Swap implements heap.Interface.
func (h *byNominal) Swap(a, b int) { h.idx[a], h.idx[b] = h.idx[b], h.idx[a] }

// Push implements heap.Interface (unused: the heap only shrinks).
func (h *byNominal) Push(x any) { h.idx = append(h.idx, x.(int32)) }

// Pop implements heap.Interface.
func (h *byNominal) Pop() any {
	last := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return last
}

// source returns the source of legal flick a (zero velocity) from position st (its model
// m0), and false if a is not a flick the engine would accept. Its table starts from m0's, the
// facts of the pieces it does not change already known.
func (an *analysis) source(st *flickago.State, m0 *model, a flickago.Action) (source, bool) {
	me := an.me
	t := m0.base
	var changed []int
	if a.Return != flickago.NoDisc {
		i := discPiece(me, a.Return)
		t.on[i], t.faceUp[i] = false, false
		t.reserve[me][flickago.KindOf(a.Return)]++
		changed = append(changed, i)
	}
	var piece int
	if a.Disc == flickago.NoDisc {
		if a.Point < 0 || a.Point >= len(an.b.Points[me]) {
			return source{}, false
		}
		pt := an.b.Points[me][a.Point]
		d := reserveDisc(st, me, pt.Kind, a.Return)
		if d == flickago.NoDisc {
			return source{}, false
		}
		piece = discPiece(me, d)
		t.move(piece, pt.Pos)
		t.on[piece], t.faceUp[piece] = true, pt.Kind == flickago.Family
		t.reserve[me][pt.Kind]--
		changed = append(changed, piece)
	} else {
		piece = discPiece(me, a.Disc)
		t.faceUp[piece] = false
	}
	return source{act: a, piece: piece, m: m0.with(&t, changed...)}, true
}

// reserveDisc returns the disc of kind k that player p places from the reserve after
// returning disc ret (or NoDisc): the lowest id in reserve, as the engine takes.
func reserveDisc(st *flickago.State, p int, k flickago.DiscKind, ret int) int {
	for d := range flickago.NumDiscs {
		if flickago.KindOf(d) == k && (st.Discs[p][d].Place == flickago.InReserve || d == ret) {
			return d
		}
	}
	return flickago.NoDisc
}

// flicks appends the flicks of source si: to every spot of the grid over the half the player
// attacks and to its return zone, and knocks of every other piece in play.
func (an *analysis) flicks(dst []candidate, si int) []candidate {
	s := &an.sources[si]
	start := s.m.base.pos[s.piece]
	cfg := s.m.cfg
	add := func(v physics.Vec, group int) {
		if v.Finite() && v.Len() > 0 {
			dst = append(dst, candidate{act: s.act.WithVelocity(v), src: si, group: si*groupsPerSource + group})
		}
	}
	if an.spots == nil {
		an.spots = spots(an.b, an.r, an.me, an.sr.spotStep)
		an.spotValues = make([]int, len(an.spots))
		for k, spot := range an.spots {
			an.spotValues[k] = an.b.DiscValue(an.me, spot, an.r)
		}
	}
	for k, spot := range an.spots {
		d := spot.Sub(start)
		if l := d.Len(); l > an.r {
			add(d.Scale(geom.StopSpeedAt(s.m.dec, cfg.MaxSpeed, l)/l), an.spotValues[k])
		}
	}
	for i := range numPieces {
		if i == s.piece || !s.m.base.on[i] {
			continue
		}
		target := s.m.base.pos[i]
		d0 := target.Sub(start)
		if d0.Len() < 2*an.r {
			continue
		}
		d0 = d0.Scale(1 / d0.Len())
		for _, off := range an.sr.pushAngles {
			n := turn(d0, off, 1)
			for _, dist := range an.sr.pushDistances {
				add(s.m.knock(start, target, n, dist), 10+i)
			}
		}
		for _, goal := range an.goals(i, target) {
			n := goal.Sub(target)
			if l := n.Len(); l > 0 && n.Dot(d0) > 0 {
				add(s.m.knock(start, target, n.Scale(1/l), l), 10+i)
			}
		}
	}
	return dst
}

// knock returns the velocity that sends a disc from start into the piece at target so that the
// piece is pushed dist cm along the unit vector n (a cut shot: the disc meets it on the line
// of centres), or the zero vector when the cut is too thin.
func (m *model) knock(start, target, n physics.Vec, dist float64) physics.Vec {
	contact := target.Sub(n.Scale(2 * m.r))
	aim := contact.Sub(start)
	l := aim.Len()
	if l < 1e-6 {
		return physics.Vec{}
	}
	u := aim.Scale(1 / l)
	c := u.Dot(n)
	if c < minCut {
		return physics.Vec{}
	}
	arrive := geom.StopSpeedAt(m.dec, m.cfg.MaxSpeed, dist) / ((1 + m.e) / 2 * c)
	return u.Scale(geom.ShotSpeedAt(m.dec, m.cfg.MaxSpeed, l, arrive))
}

// goals returns the places worth pushing piece i to, for the player to move: for an
// opponent's disc, just past the nearest edge of the board and into the player's own
// headquarters (either eliminates it); for an inspector, into the opponent's return zone
// (capturing what lies there) and away from the player's own.
func (an *analysis) goals(i int, at physics.Vec) []physics.Vec {
	b, me := an.b, an.me
	if i >= inspectorPiece(0) {
		own := b.Return[me].Centre
		away := at.Add(at.Sub(own).Scale(20 / math.Max(at.Sub(own).Len(), 1e-9)))
		return []physics.Vec{b.Return[1-me].Centre, away}
	}
	if i/flickago.NumDiscs == me {
		return []physics.Vec{b.Return[me].Centre}
	}
	hq := b.HQ[me]
	centre := hq.Min.Add(hq.Max).Scale(0.5)
	out := []physics.Vec{centre}
	// Just past the nearest edge: wholly off the board means the centre beyond it by r.
	past := an.r + 2
	edges := [...]physics.Vec{{X: -past, Y: at.Y}, {X: b.Width + past, Y: at.Y}, {X: at.X, Y: -past}, {X: at.X, Y: b.Length + past}}
	best := edges[0]
	for _, e := range edges[1:] {
		if e.Sub(at).Len() < best.Sub(at).Len() {
			best = e
		}
	}
	return append(out, best)
}

// spots returns the landing spots a player aims at: a grid over the half it attacks, without
// the enemy headquarters, and the centre of its return zone.
func spots(b *flickago.Board, r float64, p int, spotStep float64) []physics.Vec {
	lo, hi := b.CentreY, b.Length
	if p == flickago.Black {
		lo, hi = 0, b.CentreY
	}
	var out []physics.Vec
	for y := lo + spotStep/2; y < hi; y += spotStep {
		for x := spotStep / 2; x < b.Width; x += spotStep {
			q := physics.Vec{X: x, Y: y}
			if b.HQ[1-p].Dist(q) > r {
				out = append(out, q)
			}
		}
	}
	return append(out, b.Return[p].Centre)
}
