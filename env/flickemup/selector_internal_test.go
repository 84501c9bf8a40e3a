package flickemup

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestPick_AsScan checks that the indexed selector search picks the lines a scan of every
// line picks (a key absent from a line reading as empty), on random lines and selectors,
// each selector asked twice.
func TestPick_AsScan(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 10))
	keys := []string{"a", "b", "c"}
	values := []string{"", "1", "2", "1,2"}
	for round := range 200 {
		var text strings.Builder
		for range 1 + rng.IntN(12) {
			text.WriteString("prop")
			for _, k := range keys {
				if rng.IntN(3) > 0 {
					fmt.Fprintf(&text, " %s=%s", k, values[rng.IntN(len(values))])
				}
			}
			text.WriteByte('\n')
		}
		p := newParser("pick.scn")
		p.read([]byte(text.String()))
		for range 20 {
			var sel []string
			for _, k := range keys {
				if rng.IntN(2) == 0 {
					sel = append(sel, k+"="+values[rng.IntN(len(values))])
				}
			}
			var want []int
			for _, l := range p.lines["prop"] {
				if !slices.ContainsFunc(sel, func(s string) bool { k, v, _ := strings.Cut(s, "="); return l.kv[k] != v }) {
					want = append(want, l.n)
				}
			}
			for range 2 {
				if got := p.pick("prop", sel); !slices.Equal(got, want) {
					t.Fatalf("round %d: pick %v = %v, want %v; lines:\n%s", round, sel, got, want, text.String())
				}
			}
		}
	}
}
