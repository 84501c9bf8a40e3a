package flickago

import "math"

// hasher folds 64-bit words into a running sum scrambled by the SplitMix64 finaliser: stable
// across runs and platforms, not cryptographic.
type hasher struct{ sum uint64 }

func (h *hasher) u64(x uint64) {
	z := h.sum ^ x
	z += 0x9e3779b97f4a7c15
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	h.sum = z ^ (z >> 31)
}

func (h *hasher) int(x int)     { h.u64(uint64(x)) }
func (h *hasher) f64(x float64) { h.u64(math.Float64bits(x)) }
func (h *hasher) bool(b bool) {
	if b {
		h.u64(1)
	} else {
		h.u64(0)
	}
}

// Hash returns a 64-bit hash of the position and the configuration: equal for equal
// positions of equally configured games, on every run and platform. Coordinates are hashed
// by their bits, so any divergence of a trajectory shows.
func (g *Game) Hash() uint64 {
	h := hasher{sum: g.bhash}
	st := &g.st
	for p := range st.Discs {
		for _, dc := range st.Discs[p] {
			h.int(int(dc.Place))
			h.f64(dc.Pos.X)
			h.f64(dc.Pos.Y)
			h.f64(dc.Angle)
			h.bool(dc.Flipped)
		}
	}
	for _, in := range st.Inspectors {
		h.f64(in.Pos.X)
		h.f64(in.Pos.Y)
		h.f64(in.Angle)
		h.bool(in.Waiting)
	}
	h.int(int(st.Phase))
	h.int(st.Current)
	h.int(st.LastFlicker)
	h.int(st.Turns)
	h.bool(st.Truncated)
	return h.sum
}

// configHash hashes what of the configuration decides the future: the board, the physics
// parameters, the turn cap. (FirstPlayer only acts at Reset.)
func configHash(c *Config) uint64 {
	var h hasher
	b := &c.Board
	for _, x := range []float64{b.Width, b.Length, b.Margin, b.CentreY, b.LineWidth} {
		h.f64(x)
	}
	for p := range NumPlayers {
		rect := func(r Rect) {
			h.f64(r.Min.X)
			h.f64(r.Min.Y)
			h.f64(r.Max.X)
			h.f64(r.Max.Y)
		}
		rect(b.HQ[p])
		h.int(len(b.Points[p]))
		for _, pt := range b.Points[p] {
			h.f64(pt.Pos.X)
			h.f64(pt.Pos.Y)
			h.int(int(pt.Kind))
		}
		h.f64(b.Return[p].Centre.X)
		h.f64(b.Return[p].Centre.Y)
		h.f64(b.Return[p].Radius)
		h.int(len(b.Sectors[p]))
		for _, s := range b.Sectors[p] {
			h.int(s.Value)
			h.int(len(s.Rects))
			for _, r := range s.Rects {
				rect(r)
			}
		}
	}
	for _, s := range b.Stars {
		h.f64(s.X)
		h.f64(s.Y)
	}
	pc := &c.Physics
	for _, x := range []float64{pc.MaxSpeed, pc.Gravity, pc.KnockImpulse, pc.StepTravel, pc.OpenTravel, pc.MinStep, pc.MaxStep,
		pc.RestSpeed, pc.RestSpin, pc.MaxTime, pc.Noise.AngleSD, pc.Noise.PowerSD} {
		h.f64(x)
	}
	h.int(pc.RestSteps)
	h.int(pc.VelocityIterations)
	h.int(pc.PositionIterations)
	h.int(c.MaxTurns)
	return h.sum
}
