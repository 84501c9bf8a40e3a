package fliprando_test

import (
	"bytes"
	"flag"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata")

// TestGoldenTrajectories plays one game per player count with seeded
// random legal actions and compares a summary (decisions, state hash every
// 50 decisions, final totals) with testdata/trajectories.golden: a
// refactor must leave it byte-identical; a rules change bumps the version
// and regenerates it with -update.
func TestGoldenTrajectories(t *testing.T) {
	var out bytes.Buffer
	for n := 2; n <= 5; n++ {
		e, err := newEnv(env.Options{"players": strconv.Itoa(n), "first": "-1"})
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(rand.New(rand.NewPCG(uint64(n), 2026))); err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(n), 1))
		fmt.Fprintf(&out, "players %d\n", n)
		steps := 0
		for {
			if steps%50 == 0 {
				fmt.Fprintf(&out, "  step %d hash %016x\n", steps, e.Hash())
			}
			st := stepRandom(t, e, r)
			steps++
			if st == env.Terminated {
				break
			}
		}
		fmt.Fprintf(&out, "  end after %d decisions, hash %016x, totals %v\n", steps, e.Hash(), e.Engine().Scores(nil))
	}
	golden.Check(t, filepath.Join("testdata", "trajectories.golden"), out.Bytes(), *update, "trajectories")
}
