package planner_test

import (
	"testing"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/enginebot/enginebottest"
	"github.com/flickarena/flickarena/agents/flickemupbot"
	"github.com/flickarena/flickarena/agents/planner"
	"github.com/flickarena/flickarena/env/flickemup"
)

// corpus returns positions of the ladder's scenarios from sensible play (the aimer's, with a
// little randomness), every decision of the games: selections, actions, reveals.
func corpus(b *testing.B) []*flickemup.Game {
	b.Helper()
	var out []*flickemup.Game
	for _, name := range []string{"showdown", "bank-job", "pardon"} {
		sc, err := flickemup.Load(name)
		if err != nil {
			b.Fatal(err)
		}
		err = flickemupbot.Positions(sc, 7, 200, aimer.New(), 0.9, func(g *flickemup.Game) error {
			out = append(out, g.Clone())
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	return out
}

// BenchmarkChoose measures the decision time of each bot and budget on one goroutine over the
// same positions, and reports decisions/s, the mean and the largest time of one decision
// (ms/decision, max-ms), and the 99th percentile (p99-ms). Run it on one core with the
// commands' collector setting (internal/gctune):
// GOGC=400 go test -run '^$' -bench Choose -benchtime 600x -cpu 1 ./agents/planner
func BenchmarkChoose(b *testing.B) {
	enginebottest.BenchmarkChoose(b, corpus(b), []enginebottest.Bot[*flickemup.Game, flickemup.Action]{
		{Name: "aimer", Bot: aimer.New()},
		{Name: "planner-lite", Bot: planner.New(planner.Lite)},
		{Name: "planner", Bot: planner.New(planner.Default)},
		{Name: "planner-deep", Bot: planner.New(planner.Deep)},
	})
}
