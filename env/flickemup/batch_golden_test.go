package flickemup_test

import (
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/internal/golden"
)

// TestEnv_BatchGolden plays a Vector of two envs of each scenario of ours on the real
// physics (and the showdown with aimed flicks and varied starts), every seat with seeded
// random legal actions, and compares with
// testdata/batches.golden a running digest of every bit of every batch (observations,
// masks, rewards, flags, players, state hashes, episode figures) and of both seats'
// observations of env 0 after each step, every 100 steps. It holds the env's outputs to the
// bit while their computation is made cheaper: a change here is a change of what agents see,
// which bumps the versions (see "# Versions" in the package doc).
func TestEnv_BatchGolden(t *testing.T) {
	const steps, every = 600, 100
	var out strings.Builder
	type run struct {
		name string
		opts env.Options
	}
	var runs []run
	for _, in := range flickemup.List() {
		runs = append(runs, run{name: in.Name})
	}
	runs = append(runs, run{name: flickemup.DefaultScenario, opts: env.Options{"flick": "aim", "vary_start": "true"}})
	for _, in := range runs {
		v, err := env.NewVector(flickemup.ScenarioFactory(in.name), env.Config{NumEnvs: 2, Workers: 1, Options: in.opts})
		if err != nil {
			t.Fatal(err)
		}
		p := newRandomPlayer(v)
		b, err := v.Reset(3)
		if err != nil {
			t.Fatal(err)
		}
		p.b = b
		e := v.Game(0).(*flickemup.Env)
		obs := make([]float32, v.Spec().ObsSize())
		var h env.Hasher
		for n := 1; n <= steps; n++ {
			if _, err := p.step(); err != nil {
				t.Fatalf("%s %v: step %d: %v", in.name, in.opts, n, err)
			}
			digestBatch(&h, p.b)
			for seat := range 2 {
				e.Observe(obs, seat)
				for _, x := range obs {
					h.Float32(x)
				}
			}
			if n%every == 0 {
				fmt.Fprintf(&out, "%s%s step %d digest %016x\n", in.name, optionsLabel(in.opts), n, h.Sum())
			}
		}
		v.Close()
	}
	golden.Check(t, filepath.Join("testdata", "batches.golden"), []byte(out.String()), *update, "batch digests")
}

// optionsLabel returns " key=value ..." for opts in sorted order, or "" for none.
func optionsLabel(opts env.Options) string {
	keys := slices.Sorted(maps.Keys(opts))
	var b strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&b, " %s=%s", k, opts[k])
	}
	return b.String()
}

// digestBatch folds every field of b into h, bit for bit.
func digestBatch(h *env.Hasher, b *env.Batch) {
	for _, x := range b.Obs {
		h.Float32(x)
	}
	for _, x := range b.Mask {
		h.Bool(x)
	}
	for _, x := range b.Reward {
		h.Float32(x)
	}
	for _, x := range b.EpisodeReturn {
		h.Float32(x)
	}
	for i := range b.NumEnvs {
		h.Bool(b.Terminated[i])
		h.Bool(b.Truncated[i])
		h.Bool(b.Illegal[i])
		h.Int(int(b.CurrentPlayer[i]))
		h.Uint64(b.StateHash[i])
		h.Uint64(b.Episode[i])
		h.Int(int(b.EpisodeLength[i]))
	}
}
