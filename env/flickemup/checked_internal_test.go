package flickemup

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// TestCheckedAction_MatchesBitForBit: the action kept is found again only while kept and
// only bit for bit, so a Step never applies another action's decoding.
func TestCheckedAction_MatchesBitForBit(t *testing.T) {
	var c checkedAction
	a := env.Action{Discrete: []int32{2, 0, 1, 0, 0, 0}, Continuous: []float32{10, 0, 0.5}}
	want := Action{Kind: ActShoot, Side: SideRight}
	if _, ok := c.lookup(a); ok {
		t.Fatal("an empty checkedAction matched")
	}
	c.keep(a, want)
	if got, ok := c.lookup(a); !ok || got != want {
		t.Fatalf("lookup of the kept action = %v, %v; want %v, true", got, ok, want)
	}
	for name, b := range map[string]env.Action{
		"another head value": {Discrete: []int32{2, 0, 0, 0, 0, 0}, Continuous: []float32{10, 0, 0.5}},
		"-0 for 0":           {Discrete: []int32{2, 0, 1, 0, 0, 0}, Continuous: []float32{10, float32(math.Copysign(0, -1)), 0.5}},
		"a dim fewer":        {Discrete: []int32{2, 0, 1, 0, 0, 0}, Continuous: []float32{10, 0}},
	} {
		if _, ok := c.lookup(b); ok {
			t.Errorf("%s: matched the kept action", name)
		}
	}
	a.Continuous[0] = 11 // the caller's buffer changes after keep
	if _, ok := c.lookup(a); ok {
		t.Error("a changed buffer matched the action kept before the change")
	}
	a.Continuous[0] = 10
	c.forget()
	if _, ok := c.lookup(a); ok {
		t.Error("a forgotten action matched")
	}
}
