package flickago

import (
	"errors"
	"fmt"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// The native action: three discrete heads and two continuous dims.
const (
	headReturn = iota // 0: no return; d+1: return disc d first
	headSource        // 0..P-1: start point; P..P+4: family disc 7..11 on the board
	headStar          // star point, egocentric
	numHeads
)

// coordLow and coordHigh bound the normalised coordinates of the observation: a piece in play
// may hang over the board's edge by up to its radius.
const coordLow, coordHigh = -0.1, 1.1

// layout maps engine actions and positions to the flat env encoding of one game.
type layout struct {
	b        *Board
	points   int                            // start points per gang
	star     [NumPlayers][NumInspectors]int // star[p][k]: board star of p's egocentric star k
	unstar   [NumPlayers][NumInspectors]int // the inverse
	maxSpeed float64                        // cm/s
	maxScore float64                        // points
	maxTurns int
	flick    env.FlickFormat // the continuous dims' form
	slide    physics.Slide   // a gang disc sliding on the table (FlickAim)
	lo, hi   physics.Vec     // the box of aimed targets, board cm (FlickAim)
}

// newLayout precomputes g's encoding with flicks in format f.
func newLayout(g *Game, f env.FlickFormat) layout {
	l := layout{b: g.board, points: len(g.board.Points[0]), maxSpeed: g.cfg.Physics.MaxSpeed, maxTurns: g.cfg.MaxTurns, flick: f}
	l.slide = g.cfg.Physics.Slide(KindGangDisc)
	l.lo = physics.Vec{X: coordLow * g.board.Width, Y: coordLow * g.board.Length}
	l.hi = physics.Vec{X: coordHigh * g.board.Width, Y: coordHigh * g.board.Length}
	l.maxScore = float64(NumDiscs*ReturnValue + NumInspectors*3)
	// Black's star k is the board star nearest to White's star k turned, when that gives a
	// one-to-one map (it does on the standard board: 0↔2, 1↔1); otherwise the identity.
	for k := range NumInspectors {
		l.star[0][k], l.star[1][k] = k, k
	}
	var used [NumInspectors]bool
	turned := l.star[1]
	for k := range NumInspectors {
		want := g.board.Turn(g.board.Stars[k])
		best := 0
		for j := range NumInspectors {
			if g.board.Stars[j].Sub(want).Len() < g.board.Stars[best].Sub(want).Len() {
				best = j
			}
		}
		turned[k] = best
		used[best] = true
	}
	if used == [NumInspectors]bool{true, true, true} {
		l.star[1] = turned
	}
	for p := range NumPlayers {
		for k, j := range l.star[p] {
			l.unstar[p][j] = k
		}
	}
	return l
}

// spec returns the env spec.
func (l *layout) spec() env.Spec {
	ret := []string{"none"}
	for d := range NumDiscs {
		ret = append(ret, fmt.Sprintf("disc %d (%v)", d, KindOf(d)))
	}
	var src []string
	for k, pt := range l.b.Points[0] {
		src = append(src, fmt.Sprintf("point %d (%v)", k, pt.Kind))
	}
	for d := NumKillers; d < NumDiscs; d++ {
		src = append(src, fmt.Sprintf("family disc %d", d))
	}
	stars := make([]string, NumInspectors)
	for k := range stars {
		stars[k] = fmt.Sprintf("star %d", k)
	}
	v := float32(l.maxSpeed)
	dims := []env.Dim{
		{Name: "vx", Low: -v, High: v, Unit: "cm/s"},
		{Name: "vy", Low: -v, High: v, Unit: "cm/s"},
	}
	if l.flick == env.FlickAim {
		dims = []env.Dim{
			{Name: "x", Low: coordLow, High: coordHigh, Unit: "board width"},
			{Name: "y", Low: coordLow, High: coordHigh, Unit: "board length"},
			{Name: "push", Low: 0, High: 1},
		}
	}
	return env.Spec{
		ID:         ID,
		NumPlayers: NumPlayers,
		Obs:        obsFields(),
		Heads: []env.Head{
			{Name: "return", N: NumDiscs + 1, Values: ret},
			{Name: "source", N: l.points + NumFamily, Values: src},
			{Name: "star", N: NumInspectors, Values: stars},
		},
		Dims:            dims,
		MaxEpisodeSteps: 0, // the game truncates itself at max_turns flicks
	}
}

// obsFields lists the observation fields, in order; see the package doc.
func obsFields() []env.Field {
	f := []env.Field{
		{Name: "phase", Size: 3, Low: 0, High: 1, Doc: "one-hot: flick, place an inspector, over"},
		{Name: "to_move", Size: 1, Low: 0, High: 1, Doc: "1 if the observer acts next"},
		{Name: "turn", Size: 1, Low: 0, High: 1, Doc: "flicks played / max_turns"},
		{Name: "score", Size: 2, Low: 0, High: 1, Doc: "observer's then opponent's points if the game ended now, / 69"},
		{Name: "reserve", Size: 4, Low: 0, High: 1, Doc: "observer's T / 7, F / 5, then the opponent's"},
	}
	for _, who := range []string{"own", "opp"} {
		f = append(f,
			env.Field{Name: who + "_board", Size: NumDiscs, Low: 0, High: 1, Doc: "per disc id: 1 if on the board"},
			env.Field{Name: who + "_out", Size: NumDiscs, Low: 0, High: 1, Doc: "per disc id: 1 if eliminated"},
			env.Field{Name: who + "_flickable", Size: NumDiscs, Low: 0, High: 1, Doc: "per disc id: 1 for a face-up family disc on the board"},
			env.Field{Name: who + "_x", Size: NumDiscs, Low: coordLow, High: coordHigh, Doc: "per disc id: egocentric x / board width, 0 off the board"},
			env.Field{Name: who + "_y", Size: NumDiscs, Low: coordLow, High: coordHigh, Doc: "per disc id: egocentric y / board length, 0 off the board"},
		)
	}
	return append(f,
		env.Field{Name: "insp_board", Size: NumInspectors, Low: 0, High: 1, Doc: "per inspector: 1 if on the board (0 while waiting)"},
		env.Field{Name: "insp_x", Size: NumInspectors, Low: coordLow, High: coordHigh, Doc: "per inspector: egocentric x / board width"},
		env.Field{Name: "insp_y", Size: NumInspectors, Low: coordLow, High: coordHigh, Doc: "per inspector: egocentric y / board length"},
	)
}

// ego returns board point q as player p sees it: White as is, Black turned by a half turn.
func (l *layout) ego(p int, q physics.Vec) physics.Vec {
	if p == Black {
		return l.b.Turn(q)
	}
	return q
}

// egoVel returns velocity v as player p sees it (its own inverse).
func egoVel(p int, v physics.Vec) physics.Vec {
	if p == Black {
		return physics.Vec{X: -v.X, Y: -v.Y}
	}
	return v
}

// encodeDiscrete writes the heads of engine action a by player p into dst.
func (l *layout) encodeDiscrete(dst env.Action, p int, a Action) {
	dst.Discrete[headReturn], dst.Discrete[headSource], dst.Discrete[headStar] = 0, 0, 0
	switch a.Type {
	case ActPlace:
		if a.Star >= 0 && a.Star < NumInspectors {
			dst.Discrete[headStar] = int32(l.unstar[p][a.Star])
		}
	case ActFlick:
		dst.Discrete[headReturn] = int32(a.Return + 1)
		if a.Disc == NoDisc {
			dst.Discrete[headSource] = int32(a.Point)
		} else {
			dst.Discrete[headSource] = int32(l.points + a.Disc - NumKillers)
		}
	}
}

// encode writes engine action a by player p in g into dst: in FlickVelocity the velocity
// clipped to the dims' bounds, in FlickAim the target and push of [physics.Slide.Aim] from
// the flicked disc's start ([layout.start]), the target clipped to the dims' bounds.
func (l *layout) encode(dst env.Action, g *Game, p int, a Action) {
	l.encodeDiscrete(dst, p, a)
	clear(dst.Continuous)
	if a.Type != ActFlick {
		return
	}
	if l.flick == env.FlickAim {
		start := l.start(g, p, a)
		target, push := l.slide.Aim(start, a.Velocity, l.lo, l.hi)
		e := l.ego(p, target)
		dst.Continuous[0] = min(max(float32(e.X/l.b.Width), coordLow), coordHigh)
		dst.Continuous[1] = min(max(float32(e.Y/l.b.Length), coordLow), coordHigh)
		dst.Continuous[2] = min(max(float32(push), 0), 1)
		return
	}
	v := egoVel(p, a.Velocity)
	m := float32(l.maxSpeed)
	dst.Continuous[0] = min(max(float32(v.X), -m), m)
	dst.Continuous[1] = min(max(float32(v.Y), -m), m)
}

// start returns where the disc of flick a by player p in g starts, in board cm: its start
// point for a reserve disc, its position for a family disc on the board.
func (l *layout) start(g *Game, p int, a Action) physics.Vec {
	if a.Disc == NoDisc {
		if a.Point >= 0 && a.Point < l.points {
			return l.b.Points[p][a.Point].Pos
		}
		return physics.Vec{}
	}
	if a.Disc >= 0 && a.Disc < NumDiscs {
		return g.st.Discs[p][a.Disc].Pos
	}
	return physics.Vec{}
}

// decode returns the engine action of native action a by player p in g's phase ph: in
// FlickAim the velocity of [physics.Slide.AimVelocity] from the flicked disc's start to the
// target.
func (l *layout) decode(a env.Action, g *Game, p int, ph Phase) Action {
	if ph == PhasePlace {
		k := int(a.Discrete[headStar])
		if k >= 0 && k < NumInspectors {
			k = l.star[p][k]
		}
		return PlaceInspector(k)
	}
	var v physics.Vec
	if l.flick == env.FlickVelocity {
		v = egoVel(p, physics.Vec{X: float64(a.Continuous[0]), Y: float64(a.Continuous[1])})
	}
	src := int(a.Discrete[headSource])
	var act Action
	if src < l.points {
		act = FlickFrom(src, v)
	} else {
		act = FlickDisc(NumKillers+src-l.points, v)
	}
	if l.flick == env.FlickAim {
		target := l.ego(p, physics.Vec{X: float64(a.Continuous[0]) * l.b.Width, Y: float64(a.Continuous[1]) * l.b.Length})
		act.Velocity = l.slide.AimVelocity(l.start(g, p, act), target, float64(a.Continuous[2]))
	}
	return act.WithReturn(int(a.Discrete[headReturn]) - 1)
}

// checkUnused refuses a non-zero value in a head the phase does not use.
func (l *layout) checkUnused(a env.Action, ph Phase) error {
	unused := []int{headStar}
	if ph == PhasePlace {
		unused = []int{headReturn, headSource}
	}
	for _, h := range unused {
		if a.Discrete[h] != 0 {
			return &env.ActionError{Env: -1, Field: headField(h), Reason: fmt.Sprintf("must be 0 in the %v phase", ph)}
		}
	}
	return nil
}

// headField names head h as env.Spec.Check does.
func headField(h int) string {
	return fmt.Sprintf("discrete[%d] %q", h, [numHeads]string{"return", "source", "star"}[h])
}

// actionError turns the engine's refusal into an *env.ActionError naming the head at fault.
func (l *layout) actionError(err error) error {
	var ae *ActionError
	if !errors.As(err, &ae) {
		return err
	}
	field := "action"
	switch ae.Field {
	case "return":
		field = headField(headReturn)
	case "disc", "point":
		field = headField(headSource)
	case "star":
		field = headField(headStar)
	case "velocity":
		field = "continuous"
	}
	return &env.ActionError{Env: -1, Field: field, Reason: ae.Reason}
}

// observe writes g's position as seen by player p into dst.
func (l *layout) observe(dst []float32, g *Game, p int) {
	st := &g.st
	clear(dst)
	i := 0
	put := func(x float32) { dst[i] = x; i++ }
	b2f := func(b bool) float32 {
		if b {
			return 1
		}
		return 0
	}
	put(b2f(st.Phase == PhaseFlick))
	put(b2f(st.Phase == PhasePlace))
	put(b2f(st.Phase == PhaseOver))
	put(b2f(st.Phase != PhaseOver && st.Current == p))
	put(min(1, float32(st.Turns)/float32(l.maxTurns)))
	s := score(l.b, g.rad, st)
	put(float32(float64(s[p]) / l.maxScore))
	put(float32(float64(s[1-p]) / l.maxScore))
	for _, q := range [2]int{p, 1 - p} {
		put(float32(st.Reserve(q, Killer)) / NumKillers)
		put(float32(st.Reserve(q, Family)) / NumFamily)
	}
	coord := func(x float64) float32 { return min(max(float32(x), coordLow), coordHigh) }
	for _, q := range [2]int{p, 1 - p} {
		ds := &st.Discs[q]
		for d := range ds {
			dst[i+d] = b2f(ds[d].Place == OnBoard)
			dst[i+NumDiscs+d] = b2f(ds[d].Place == Eliminated)
			dst[i+2*NumDiscs+d] = b2f(st.flickable(q, d))
			if ds[d].Place == OnBoard {
				e := l.ego(p, ds[d].Pos)
				dst[i+3*NumDiscs+d] = coord(e.X / l.b.Width)
				dst[i+4*NumDiscs+d] = coord(e.Y / l.b.Length)
			}
		}
		i += 5 * NumDiscs
	}
	for k, in := range st.Inspectors {
		if in.Waiting {
			continue
		}
		e := l.ego(p, in.Pos)
		dst[i+k] = 1
		dst[i+NumInspectors+k] = coord(e.X / l.b.Width)
		dst[i+2*NumInspectors+k] = coord(e.Y / l.b.Length)
	}
}
