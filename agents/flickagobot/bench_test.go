package flickagobot_test

import (
	"testing"

	"github.com/flickarena/flickarena/agents/enginebot/enginebottest"
	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/env/flickago"
)

// BenchmarkChoose measures the decision time of each bot and budget on one goroutine over the
// same 300 positions of mixed play (the aimer's with a fifth of random decisions), and reports
// decisions/s, the mean time of one decision (ms/decision), its 99th percentile (p99-ms) and
// the largest (max-ms). Run it on one core:
// go test -run '^$' -bench Choose -benchtime 300x -cpu 1 ./agents/flickagobot
func BenchmarkChoose(b *testing.B) {
	enginebottest.BenchmarkChoose(b, positions(b, 11, 300, flickagobot.NewAimer(), 0.8), []enginebottest.Bot[*flickago.Game, flickago.Action]{
		{Name: "aimer", Bot: flickagobot.NewAimer()},
		{Name: "planner-lite", Bot: flickagobot.NewPlanner(flickagobot.Lite)},
		{Name: "planner", Bot: flickagobot.NewPlanner(flickagobot.Default)},
		{Name: "planner-deep", Bot: flickagobot.NewPlanner(flickagobot.Deep)},
	})
}
