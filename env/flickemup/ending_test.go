package flickemup_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestEnv_EndKindAndSeats passes every turn of the showdown until noon: the ending's kind is
// its reason without the figures, and the seats are named after the teams.
func TestEnv_EndKindAndSeats(t *testing.T) {
	e, err := flickemup.NewEnv(flickemup.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if got := env.SeatNames(e); !slices.Equal(got, []string{"lawmen", "outlaws"}) {
		t.Errorf("seat names %q, want lawmen, outlaws", got)
	}
	if err := e.Reset(rand.New(rand.NewPCG(1, 1))); err != nil {
		t.Fatal(err)
	}
	if e.EndKind() != "" || e.EndReason() != "" {
		t.Errorf("running game: kind %q, reason %q", e.EndKind(), e.EndReason())
	}
	g := e.Engine()
	for !g.Over() {
		a := g.Legal(nil)[0]
		if err := g.Apply(a); err != nil {
			t.Fatal(err)
		}
		if g.Phase() == flickemup.PhaseAct {
			if err := g.Apply(flickemup.Action{Kind: flickemup.ActEndTurn}); err != nil {
				t.Fatal(err)
			}
		}
	}
	var ender env.Ender = e
	kind, reason := ender.EndKind(), ender.EndReason()
	if kind != "noon: equal hit points" {
		t.Errorf("kind %q, want %q", kind, "noon: equal hit points")
	}
	if !strings.HasPrefix(reason, kind+" (") || !strings.HasSuffix(reason, " each)") {
		t.Errorf("reason %q does not detail kind %q", reason, kind)
	}
}
