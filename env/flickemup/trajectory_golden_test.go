package flickemup_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

// TestGoldenTrajectories plays one game of each scenario of ours on the real physics with
// seeded random legal actions and compares a summary (the state hash every 25 actions, the
// end) with testdata/trajectories.golden: a refactor must leave it byte-identical; a change
// of rules or physics bumps the env version and regenerates it with -update (the diff
// explained in the commit).
func TestGoldenTrajectories(t *testing.T) {
	var out bytes.Buffer
	for _, in := range flickemup.List() {
		g := newReal(t, in.Name, 2026)
		rng := rand.New(rand.NewPCG(7, 11))
		var buf []flickemup.Action
		fmt.Fprintf(&out, "%s\n", in.Name)
		n := 0
		for ; !g.Over(); n++ {
			if n%25 == 0 {
				fmt.Fprintf(&out, "  action %d hash %016x\n", n, g.Hash())
			}
			if err := g.Apply(randomAction(g, rng, buf)); err != nil {
				t.Fatal(err)
			}
		}
		r := g.Result()
		fmt.Fprintf(&out, "  end after %d actions, hash %016x, winner %v, %q, hit points %v\n", n, g.Hash(), r.Winner, r.Reason, g.HitPointsByTeam())
	}
	path := filepath.Join("testdata", "trajectories.golden")
	if *update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Errorf("trajectories differ from %s: a rules or physics change must bump the version and rerun with -update\ngot:\n%s", path, out.Bytes())
	}
}
