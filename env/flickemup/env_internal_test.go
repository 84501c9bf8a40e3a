package flickemup

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/physics"
)

// TestEnv_HashFollowsTheEngine keeps Env.Hash's word fold (hashWords) in step with Game.Hash:
// the engine's state structs still have the fields hashWords was written for, and along
// random games two positions have equal word folds exactly when Game.Hash says they are equal.
func TestEnv_HashFollowsTheEngine(t *testing.T) {
	fields := func(v any) []string {
		var out []string
		for f := range reflect.TypeOf(v).Fields() {
			out = append(out, f.Name)
		}
		return out
	}
	tests := []struct {
		v    any
		want []string
	}{
		{Game{}, []string{"lay", "opts", "table", "pcg", "rng", "st", "snap", "gate", "frames", "cowboys", "tokens", "hour", "round", "phase",
			"team", "player", "next", "lastTeam", "actor", "forced", "actionsLeft", "moves", "pending", "waiting", "ignore",
			"initiative", "result", "turns"}},
		{cowboy{}, []string{"present", "alive", "hp", "max", "hat", "inside", "inv", "played", "facing"}},
		{token{}, []string{"kind", "faceUp", "poisoned", "until", "place", "index", "pos"}},
		{physics.Piece{}, []string{"Kind", "Pos", "Angle", "Fallen", "Off", "Static"}},
	}
	for _, tt := range tests {
		if got := fields(tt.v); !slices.Equal(got, tt.want) {
			t.Errorf("%T has fields %v, hashWords was written for %v: update hashWords (env.go) and this list", tt.v, got, tt.want)
		}
	}

	fold := func(g *Game) uint64 {
		var w words
		g.hashWords(&w)
		return w.sum
	}
	byGame, byFold := map[uint64]uint64{}, map[uint64]uint64{}
	for _, in := range List() {
		sc, err := Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		g, err := New(GameConfig{Scenario: sc, Options: DefaultOptions()})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(5, 6))
		var legal []Action
		for d := 0; d < 120 && !g.Over(); d++ {
			gh, wh := g.Hash(), fold(g)
			if w, ok := byGame[gh]; ok && w != wh {
				t.Fatalf("%s: one engine hash %x, two folds %x and %x", in.Name, gh, w, wh)
			}
			if h, ok := byFold[wh]; ok && h != gh {
				t.Fatalf("%s: one fold %x, two engine hashes %x and %x", in.Name, wh, h, gh)
			}
			byGame[gh], byFold[wh] = wh, gh
			legal = g.Legal(legal[:0])
			a := legal[rng.IntN(len(legal))]
			a.Velocity = physics.Polar(rng.Float64()*150, rng.Float64()*6.3)
			if err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if len(byGame) < 500 {
		t.Errorf("only %d positions seen", len(byGame))
	}
}
