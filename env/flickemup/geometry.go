package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// clampOnTable returns p moved, if needed, so that a disc of radius r centred there lies on
// table t.
func clampOnTable(p physics.Vec, r float64, t physics.Table) physics.Vec {
	return physics.Vec{
		X: math.Max(r, math.Min(t.Width-r, p.X)),
		Y: math.Max(r, math.Min(t.Height-r, p.Y)),
	}
}

// normAngle maps a to (-π, π].
func normAngle(a float64) float64 {
	a = math.Mod(a, 2*math.Pi)
	switch {
	case a > math.Pi:
		a -= 2 * math.Pi
	case a <= -math.Pi:
		a += 2 * math.Pi
	}
	return a
}
