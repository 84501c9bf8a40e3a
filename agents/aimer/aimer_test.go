package aimer_test

import (
	"testing"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/flickemupbot"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestAimer_LegalEverywhere runs the aimer through thousands of positions of every scenario,
// reached by mixed random and aimer play: every action is legal, the game is left untouched,
// and the same seed gives the same action.
func TestAimer_LegalEverywhere(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 400
	}
	b := aimer.New()
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		err = flickemupbot.Positions(sc, 2, n, b, 0.5, func(g *flickemup.Game) error {
			return flickemupbot.Check(b, g, uint64(g.Turns()))
		})
		if err != nil {
			t.Errorf("%s: %v", in.Name, err)
		}
	}
}

// TestAimer_BeatsRandom plays the aimer against Random on the ladder's scenarios, each side
// in turn: it must win most games.
func TestAimer_BeatsRandom(t *testing.T) {
	games := 4
	if testing.Short() {
		games = 2
	}
	for _, tc := range []struct {
		scenario string
		minShare float64
	}{
		{"showdown", 0.9},
		{"bank-job", 0.6},
		{"pardon", 0.6},
	} {
		sc, err := flickemup.Load(tc.scenario)
		if err != nil {
			t.Fatal(err)
		}
		won, played := 0, 0
		for seed := uint64(0); seed < uint64(games); seed++ {
			for side := flickemup.Lawmen; side <= flickemup.Outlaws; side++ {
				bots := [2]flickemupbot.Bot{flickemupbot.Random{}, flickemupbot.Random{}}
				bots[side] = aimer.New()
				o := flickemup.DefaultOptions()
				o.Seed = seed
				m, err := flickemupbot.Play(sc, o, bots, seed)
				if err != nil {
					t.Fatal(err)
				}
				played++
				if m.Result.Winner == side {
					won++
				}
			}
		}
		if share := float64(won) / float64(played); share < tc.minShare {
			t.Errorf("%s: the aimer won %d of %d games against random, want at least %.0f%%", tc.scenario, won, played, 100*tc.minShare)
		}
	}
}
