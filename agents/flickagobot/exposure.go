package flickagobot

import (
	"math"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/physics"
)

// exposure returns what player p's opponent can expect to take by knocking one of p's scoring
// pieces (its discs, and the inspectors scoring for it) in one flick: the largest worth times
// the chance of hitting it, over the pieces in the opponent's line of fire, from a free start
// point with a reserve disc of its kind or from a face-up family disc. The chance of a hit d cm
// away is that of an aim error smaller than a disc diameter, for the angle noise n: the
// opponent then knocks the piece away for good, in the bots' experience. t must be settled.
// sc makes the scene of t's pieces for the sweeps, once for the calls of both players on one
// table.
func exposure(b *flickago.Board, r float64, t *table, p int, n physics.Noise, sc *lazyScene) float64 {
	q := 1 - p
	type shooter struct {
		pos   physics.Vec
		piece int
	}
	var from [flickago.NumDiscs + 8]shooter
	k := 0
	for j, pt := range b.Points[q] {
		if k < len(from) && t.reserve[q][pt.Kind] > 0 && !t.covered(b, r, q, j) {
			from[k] = shooter{pt.Pos, -1}
			k++
		}
	}
	for d := flickago.NumKillers; d < flickago.NumDiscs; d++ {
		if i := discPiece(q, d); t.on[i] && t.faceUp[i] && k < len(from) {
			from[k] = shooter{t.pos[i], i}
			k++
		}
	}
	if k == 0 {
		return 0
	}
	best := 0.0
	for i := range numPieces {
		if !t.on[i] {
			continue
		}
		f := t.fact(b, r, i)
		if int(f.player) != p || f.value == 0 || float64(f.value) <= best {
			continue
		}
		scene := sc.of(b, t)
		for _, s := range from[:k] {
			d := t.pos[i].Sub(s.pos).Len()
			if d < 2*r {
				continue
			}
			hit, _ := scene.Sweep(s.pos, t.pos[i], 0, r, func(j int) bool { return j == s.piece })
			if hit != i {
				continue
			}
			best = math.Max(best, float64(f.value)*hitChance(d, r, n))
		}
	}
	return best
}

// hitChance returns the chance that a disc of radius r aimed at the centre of another d cm
// away meets it, under the angle noise of n: the aim error across, about d·AngleSD, stays
// within a diameter.
func hitChance(d, r float64, n physics.Noise) float64 {
	sd := d * n.AngleSD
	if sd <= 0 {
		return 1
	}
	return math.Erf(2 * r / (math.Sqrt2 * sd))
}
