package envrpc_test

import (
	"fmt"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
)

// BenchmarkInprocess measures env steps per second of env.Vector in
// process on flickemup/showdown-v9 and flickago-v3, self-play, random
// actions the masks allow (benchRandom: only the time inside Step counts),
// for batches of 64 and 1024 envs: the Go figure that
// python/benchmarks/bench_inproc.py sets the Python client's in-process
// backend (libflickarena through ctypes) against, side by side in one run.
func BenchmarkInprocess(b *testing.B) {
	games := []struct {
		name    string
		factory env.Factory
	}{{"showdown", flickemup.Factory}, {"flickago", flickago.Factory}}
	for _, g := range games {
		for _, n := range []int{64, 1024} {
			b.Run(fmt.Sprintf("%s/envs=%d", g.name, n), func(b *testing.B) {
				v, err := env.NewVector(g.factory, env.Config{NumEnvs: n, Illegal: env.ReplaceIllegal})
				if err != nil {
					b.Fatal(err)
				}
				defer v.Close()
				benchRandom(b, v, n)
			})
		}
	}
}
