package rating

import (
	"math"
	"testing"
)

// cutechessPhiInv is the approximate inverse normal CDF cutechess uses
// (Winitzki's closed-form inverse error function), written here only to
// reproduce the "0.1 ± 7.7" that cutechess prints for the §8 vector.
func cutechessPhiInv(p float64) float64 {
	x := 2*p - 1
	a := 8 * (math.Pi - 3) / (3 * math.Pi * (4 - math.Pi))
	y := math.Log(1 - x*x)
	z := 2/(math.Pi*a) + y/2
	erfInv := math.Sqrt(math.Sqrt(z*z-y/a) - z)
	if x < 0 {
		erfInv = -erfInv
	}
	return math.Sqrt2 * erfInv
}

func TestTrinomial_CutechessApproximation(t *testing.T) {
	s := Trinomial{W: 1038, L: 1037, D: 1925}.stats(cutechessPhiInv(0.975))
	if got, want := s.Err, 7.745; math.Abs(got-want) > 0.0005 {
		t.Errorf("± with cutechess's Φ⁻¹ = %.4f, want %v", got, want)
	}
}
