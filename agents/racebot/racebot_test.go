package racebot_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/agents/racebot"
	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// play plays one game of Race with one policy per seat and returns the final points; it
// fails the test on an illegal action.
func play(t *testing.T, seed uint64, bots []env.Policy) []float64 {
	t.Helper()
	g, err := race.NewEnv(race.Config{Players: len(bots), Rounds: 5, Noise: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(env.EpisodeRand(seed, 0)); err != nil {
		t.Fatal(err)
	}
	spec := g.Spec()
	a, obs, mask := spec.NewAction(), make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
	rng := rand.New(rand.NewPCG(seed, 9))
	for {
		p := g.CurrentPlayer()
		g.Observe(obs, p)
		g.Mask(mask)
		if err := bots[p].Act(a, env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: g}, rng); err != nil {
			t.Fatal(err)
		}
		if err := spec.Check(a, mask); err != nil {
			t.Fatalf("seat %d: illegal action %v: %v", p, a, err)
		}
		if err := g.Validate(a); err != nil {
			t.Fatalf("seat %d: illegal action %v: %v", p, a, err)
		}
		st, err := g.Step(a)
		if err != nil {
			t.Fatal(err)
		}
		if st != env.Running {
			return g.Scores(nil)
		}
	}
}

// TestBots plays each bot against random at 2 to 5 seats (never illegal, the same game
// twice from the same seed) and the three in a ring at three seats, where the ladder holds
// on average: the thief below the doubler (the leader after its double, whom the thief
// robs) below the gainer.
func TestBots(t *testing.T) {
	bots := map[string]env.Policy{}
	for _, n := range racebot.Names() {
		b, err := racebot.New(n)
		if err != nil {
			t.Fatal(err)
		}
		if b.Name() != n || b.Version() != "race="+racebot.Version {
			t.Errorf("bot %s: name %q, version %q", n, b.Name(), b.Version())
		}
		bots[n] = b
	}
	for n, b := range bots {
		for k := 2; k <= 5; k++ {
			seats := []env.Policy{b}
			for range k - 1 {
				seats = append(seats, random.New())
			}
			for seed := range uint64(20) {
				if first, again := play(t, seed, seats), play(t, seed, seats); !slices.Equal(first, again) {
					t.Fatalf("%s at %d seats, seed %d: %v then %v", n, k, seed, first, again)
				}
			}
		}
	}
	// The three bots, seated in every order, 100 seeds each.
	n := racebot.Names()
	orders := [][]string{{n[0], n[1], n[2]}, {n[0], n[2], n[1]}, {n[1], n[0], n[2]}, {n[1], n[2], n[0]}, {n[2], n[0], n[1]}, {n[2], n[1], n[0]}}
	mean := map[string]float64{}
	const games = 600
	for seed := range uint64(games) {
		order := orders[seed%6]
		pts := play(t, seed, []env.Policy{bots[order[0]], bots[order[1]], bots[order[2]]})
		for s, name := range order {
			mean[name] += pts[s] / games
		}
	}
	if !(mean[racebot.ThiefName] < mean[racebot.DoublerName] && mean[racebot.DoublerName] < mean[racebot.GainerName]) {
		t.Errorf("mean points at three seats %v: want thief < doubler < gainer", mean)
	}
	if testing.Verbose() {
		t.Logf("mean points at three seats: %v", mean)
	}
	if _, err := racebot.New("nobody"); err == nil {
		t.Error("New(nobody): no error")
	}
}
