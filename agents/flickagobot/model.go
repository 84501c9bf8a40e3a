package flickagobot

import (
	"math"

	"github.com/flickarena/flickarena/agents/geom"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// discKind is the physics kind of the gang discs; the inspectors slide alike (the same
// radius, mass and friction: flickago.Config.Validate checks the radius).
const discKind = flickago.KindGangDisc

// stopSpeed returns the flick speed, in cm/s, that makes a disc slide d cm and stop: about
// sqrt(2μg·d), with μ the table friction of flickago.KindGangDisc and g the gravity of cfg
// (geom.StopSpeed, calibrated on the simulated table), clipped to cfg.MaxSpeed.
func stopSpeed(d float64, cfg physics.Config) float64 { return geom.StopSpeed(discKind, d, cfg) }

// noisePoint is one execution error of a flick: the direction turned by da radians and the
// speed scaled by dp.
type noisePoint struct{ da, dp float64 }

// noisePoints returns na × np execution errors standing for the noise n: the quantiles of na
// (and np) equally likely bands of the standard normal law, scaled so that their variance is
// 1, times the angle and power deviations. Each point is equally likely. The set is fixed, so
// that the expected worth of a flick is computed without drawing random numbers.
func noisePoints(n physics.Noise, na, np int) []noisePoint {
	za, zp := normalQuantiles(na), normalQuantiles(np)
	out := make([]noisePoint, 0, na*np)
	for _, a := range za {
		for _, p := range zp {
			out = append(out, noisePoint{da: a * n.AngleSD, dp: math.Max(0, 1+p*n.PowerSD)})
		}
	}
	return out
}

// normalQuantiles returns the medians of n equally likely bands of the standard normal law,
// scaled to unit variance (for n = 1, just 0).
func normalQuantiles(n int) []float64 {
	z := make([]float64, n)
	ss := 0.0
	for i := range z {
		z[i] = math.Sqrt2 * math.Erfinv(2*(float64(i)+0.5)/float64(n)-1)
		ss += z[i] * z[i]
	}
	if ss > 0 {
		s := math.Sqrt(float64(n) / ss)
		for i := range z {
			z[i] *= s
		}
	}
	return z
}

// model predicts flicks by geometry: a disc slides in a straight line, decelerating at μg,
// until it stops or meets a piece; a piece met is pushed along the line of centres as by an
// impact of restitution e between equal masses, and each then slides until it stops or meets
// another piece, where it stops. Everything else stays put.
type model struct {
	b     *flickago.Board
	r     float64        // disc radius, cm
	e     float64        // restitution between discs
	cfg   physics.Config // speeds and gravity
	dec   float64        // a sliding disc's deceleration, cm/s² (geom.Decel)
	scene *geom.Scene    // the pieces of base, for sweeps
	base  table          // the position the flick starts from
}

// newModel returns the model of flicks from position base.
func newModel(b *flickago.Board, r float64, cfg physics.Config, base *table) *model {
	m := &model{b: b, r: r, e: flickago.Pieces.Spec(discKind).Restitution, cfg: cfg, dec: geom.Decel(discKind, cfg), scene: geom.NewScene(base.physicsState(b), flickago.Pieces), base: *base}
	m.warm()
	return m
}

// with returns a model of the same board from position base, which differs from m's in the
// pieces listed only (the scene is updated for them, not rebuilt).
func (m *model) with(base *table, changed ...int) *model {
	c := &model{b: m.b, r: m.r, e: m.e, cfg: m.cfg, dec: m.dec, scene: m.scene.Clone(), base: *base}
	for _, i := range changed {
		c.scene.Set(i, base.piece(i))
		c.base.facts[i].known = false
	}
	c.warm()
	return c
}

// warm computes the facts of every piece of the base, which pieces cover the start points
// and the base's sums (see [table.sums]), which the predictions copy.
func (m *model) warm() {
	for i := range numPieces {
		m.base.fact(m.b, m.r, i)
	}
	m.base.warmCover(m.b, m.r)
	m.base.warmSums(m.b, m.r)
}

// predict writes into dst the position after piece src is flicked with velocity v (cm/s,
// before clipping to the maximum speed).
func (m *model) predict(dst *table, src int, v physics.Vec) {
	*dst = m.base
	s := v.Len()
	if s == 0 || !v.Finite() {
		return
	}
	if s > m.cfg.MaxSpeed {
		v, s = v.Scale(m.cfg.MaxSpeed/s), m.cfg.MaxSpeed
	}
	u := v.Scale(1 / s)
	start := m.base.pos[src]
	l := geom.TravelAt(m.dec, s)
	skipSrc := func(i int) bool { return i == src }
	hit, t := m.scene.Sweep(start, start.Add(u.Scale(l)), 0, m.r, skipSrc)
	if hit < 0 {
		dst.move(src, start.Add(u.Scale(l)))
		return
	}
	contact := start.Add(u.Scale(t))
	n := m.base.pos[hit].Sub(contact)
	if nl := n.Len(); nl > 0 {
		n = n.Scale(1 / nl)
	} else {
		n = u
	}
	a := geom.ArrivalAt(m.dec, s, t)
	k := (1 + m.e) / 2 * a * math.Max(0, u.Dot(n))
	skipBoth := func(i int) bool { return i == src || i == hit }
	dst.move(hit, m.slide(m.base.pos[hit], n, k, skipBoth))
	dst.move(src, m.slide(contact, u.Scale(a).Sub(n.Scale(k)), 1, skipBoth))
}

// slide returns where a disc at p moving along w stops: speed is |w|·scale (w need not be a
// unit vector), and it stops early against a piece not skipped.
func (m *model) slide(p, w physics.Vec, scale float64, skip func(int) bool) physics.Vec {
	s := w.Len() * scale
	wl := w.Len()
	if s <= 0 || wl == 0 {
		return p
	}
	u := w.Scale(1 / wl)
	l := geom.TravelAt(m.dec, s)
	_, t := m.scene.Sweep(p, p.Add(u.Scale(l)), 0, m.r, skip)
	return p.Add(u.Scale(math.Min(t, l)))
}

// turn returns v turned by a radians and scaled by f.
func turn(v physics.Vec, a, f float64) physics.Vec {
	sn, cs := math.Sincos(a)
	return physics.Vec{X: (v.X*cs - v.Y*sn) * f, Y: (v.X*sn + v.Y*cs) * f}
}
