package replay_test

import (
	"bytes"
	"compress/gzip"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
)

// BenchmarkRecorder_Showdown records showdowns (with their trajectories, and once without)
// and reports the size of a replay, as JSON lines and compressed with gzip, besides the time
// to play and record one.
func BenchmarkRecorder_Showdown(b *testing.B) {
	for _, bc := range []struct {
		name string
		pol  env.Policy
		opts env.Options
	}{
		{"bots=random", env.RandomPolicy{}, recordOn},
		{"bots=shooter", replaytest.Shooter{}, recordOn},
		{"bots=shooter/trajectories=off", replaytest.Shooter{}, nil},
	} {
		b.Run(bc.name, func(b *testing.B) {
			reg := newRegistry(b)
			var size, zsize, steps, flicks int
			for i := range b.N {
				r := replaytest.Play(b, reg, flickemup.ID, bc.opts, uint64(i%8), 0, bc.pol)
				data, err := replay.Marshal(r)
				if err != nil {
					b.Fatal(err)
				}
				var z bytes.Buffer
				zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
				zw.Write(data)
				zw.Close()
				size += len(data)
				zsize += z.Len()
				steps += len(r.Steps)
				for _, s := range r.Steps {
					flicks += len(s.Flicks)
				}
			}
			n := float64(b.N)
			b.ReportMetric(float64(size)/n, "bytes/replay")
			b.ReportMetric(float64(zsize)/n, "gzip-bytes/replay")
			b.ReportMetric(float64(steps)/n, "steps/replay")
			b.ReportMetric(float64(flicks)/n, "flicks/replay")
		})
	}
}
