package rating

import (
	"math"
	"math/rand/v2"
	"testing"
)

// permutations returns every ordering of s.
func permutations(s []int) [][]int {
	if len(s) <= 1 {
		return [][]int{append([]int(nil), s...)}
	}
	var out [][]int
	for i := range s {
		rest := append(append([]int(nil), s[:i]...), s[i+1:]...)
		for _, p := range permutations(rest) {
			out = append(out, append([]int{s[i]}, p...))
		}
	}
	return out
}

// TestTieVariance checks the subset sums of tieVariance against the
// variance computed by enumerating the orderings of the shared place: for
// the ordering o of G, X = Σ_j π({o_j, …, o_t} ∪ L), the risk sets of the
// seats of G not yet placed.
func TestTieVariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const k = 6
	for _, tc := range []struct {
		place []int
		below [][]int
	}{
		{[]int{0, 1}, nil},
		{[]int{1, 3, 4}, [][]int{{0}, {2, 5}}},
		{[]int{0, 2, 4, 5}, [][]int{{1}}},
		{[]int{0, 1, 2, 3, 4, 5}, nil},
	} {
		w := newPLWork()
		w.eta = make([]float64, k)
		for i := range w.eta {
			w.eta[i] = rng.NormFloat64()
		}
		got := tieVariance(w, tc.place, tc.below, k)

		perms := permutations(tc.place)
		mean := make([]float64, k)
		second := make([]float64, k*k)
		for _, o := range perms {
			x := make([]float64, k)
			for j := range o {
				w.members = append(w.members[:0], o[j:]...)
				for _, q := range tc.below {
					w.members = append(w.members, q...)
				}
				w.riskSet()
				for i, s := range w.members {
					x[s] += w.pi[i]
				}
			}
			for a := range k {
				mean[a] += x[a] / float64(len(perms))
				for b := range k {
					second[a*k+b] += x[a] * x[b] / float64(len(perms))
				}
			}
		}
		for a := range k {
			for b := range k {
				want := second[a*k+b] - mean[a]*mean[b]
				if math.Abs(got[a*k+b]-want) > 1e-12 {
					t.Errorf("place %v below %v: Var[%d][%d] = %v, enumeration %v", tc.place, tc.below, a, b, got[a*k+b], want)
				}
			}
		}
	}
	// Two seats level: the variance of the score is exactly a draw's ¼
	// along e0 − e1.
	w := newPLWork()
	w.eta = []float64{0.3, -0.8}
	v := tieVariance(w, []int{0, 1}, nil, 2)
	if want := []float64{0.25, -0.25, -0.25, 0.25}; math.Abs(v[0]-want[0])+math.Abs(v[1]-want[1])+math.Abs(v[2]-want[2])+math.Abs(v[3]-want[3]) > 1e-15 {
		t.Errorf("two seats level: %v, want %v", v, want)
	}
}
