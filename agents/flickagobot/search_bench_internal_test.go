//go:build unix

package flickagobot

import (
	"testing"

	"github.com/flickarena/flickarena/env/envtest"
	"github.com/flickarena/flickarena/env/flickago"
)

// BenchmarkAimerSearch measures what the aimer's search costs a training pool: a 64-env
// single-agent Flickago pool against the aimer with version 1's search (fineSearch, the
// planners') and with its own (aimerSearch, version 2), the agent playing random legal
// actions, as agents/builtin's BenchmarkOpponents. cpu-ms/step is the process's CPU time
// inside Step per agent step (least disturbed by other programs); steps/s is wall time.
//
//	go test -run '^$' -bench AimerSearch -benchtime 8x ./agents/flickagobot
func BenchmarkAimerSearch(b *testing.B) {
	for _, c := range []struct {
		name string
		sr   search
	}{{"v1-search", fineSearch}, {"v2-search", aimerSearch}} {
		b.Run(c.name, func(b *testing.B) {
			envtest.BenchOpponent(b, flickago.Factory, nil, NewPolicy(AimerName, "search-"+c.name, &Aimer{sr: c.sr}), 64)
		})
	}
}
