package fliprandobot_test

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/flickarena/flickarena/agents/fliprandobot"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/env/race"
)

// bots are the bots under test, with small search budgets for speed where marked.
var bots = []struct {
	name string
	bot  fliprandobot.Bot
}{
	{"random", fliprandobot.Random{}},
	{"greedy", fliprandobot.Greedy{}},
	{"search-small", fliprandobot.NewSearch(fliprandobot.Budget{Iterations: 8, Horizon: 2, Rollout: fliprandobot.RolloutGreedyBot, Flat: true})},
	{"tree-small", fliprandobot.NewSearch(fliprandobot.Budget{Iterations: 30, Horizon: 3, Rollout: fliprandobot.RolloutGreedy})},
}

// TestBots_LegalEverywhere plays whole games at 2 to 5 players, each seat a bot of the
// list in turn, and checks every decision: the action is legal, the game is left untouched
// by Choose, and the same generator state gives the same action. The games meet every kind
// of decision.
func TestBots_LegalEverywhere(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 1
	}
	decisions := map[fliprando.Decision]int{}
	for n := 2; n <= fliprando.MaxPlayers; n++ {
		t.Run(strconv.Itoa(n)+"players", func(t *testing.T) {
			for seed := range uint64(seeds) {
				cfg := playersConfig(n)
				cfg.Seed = 500 + seed
				cfg.FirstPlayer = -1
				g, err := fliprando.New(cfg)
				if err != nil {
					t.Fatal(err)
				}
				rng := rand.New(rand.NewPCG(seed, 3))
				for i := 0; !g.Over(); i++ {
					b := bots[(g.Current()+int(seed)+n)%len(bots)]
					before := *g
					s1, s2 := rng.Uint64(), rng.Uint64()
					a := b.bot.Choose(g, rand.New(rand.NewPCG(s1, s2)))
					if *g != before {
						t.Fatalf("seed %d decision %d: %s changed the game", seed, i, b.name)
					}
					if err := g.Check(a); err != nil {
						t.Fatalf("seed %d decision %d (%v): %s chose %v: %v", seed, i, g.Pending(), b.name, a, err)
					}
					if i%7 == 0 {
						if again := b.bot.Choose(g, rand.New(rand.NewPCG(s1, s2))); again != a {
							t.Fatalf("seed %d decision %d: %s chose %v, then %v with the same generator", seed, i, b.name, a, again)
						}
					}
					decisions[g.Pending()]++
					if err := g.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
			}
		})
	}
	for d := range fliprando.Decision(fliprando.NumDecisions) {
		if decisions[d] == 0 {
			t.Errorf("no decision %v met in %d games per player count", d, seeds)
		}
	}
}

// TestBots_NoPeeking: two games that differ only in what the deciding seat cannot see
// (the other seats' hand fronts, the draw pile's order below its top, the game's generator:
// resampled by Game.Determinize) get the same action from every bot for the same generator
// state. The twins differ in another seat's hand often enough for the test to mean
// something.
func TestBots_NoPeeking(t *testing.T) {
	count := 150
	if testing.Short() {
		count = 20
	}
	all := append(bots[1:len(bots):len(bots)], struct {
		name string
		bot  fliprandobot.Bot
	}{"search", fliprandobot.NewSearch(fliprandobot.Default)})
	for _, n := range []int{3, 4} {
		pos := positions(t, 21, n, count)
		for _, b := range all {
			t.Run(strconv.Itoa(n)+"players/"+b.name, func(t *testing.T) {
				m := count
				if b.name == "search" {
					m = count / 10
				}
				differ := 0
				for i, g := range pos[:m] {
					seat := g.Current()
					twin := g.Clone()
					twin.Determinize(seat, rand.New(rand.NewPCG(uint64(i), 77)))
					for p := range n {
						if p != seat && !equalInts(g.Hand(p, nil), twin.Hand(p, nil)) {
							differ++
							break
						}
					}
					a := b.bot.Choose(g, rand.New(rand.NewPCG(uint64(i), 5)))
					c := b.bot.Choose(twin, rand.New(rand.NewPCG(uint64(i), 5)))
					if a != c {
						t.Fatalf("position %d (%v of seat %d): %v in the game, %v in its twin", i, g.Pending(), seat, a, c)
					}
				}
				if differ < m/2 {
					t.Errorf("only %d of %d twins differ in another seat's hand", differ, m)
				}
			})
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestPolicy plays the bots as env.Policies on fliprando-v1 envs, several games at once
// (run with -race): every action is legal, the names and versions are the arena's, and
// another game is refused with ErrNotFliprando.
func TestPolicy(t *testing.T) {
	pols := []*fliprandobot.Policy{
		fliprandobot.NewGreedyBot(),
		fliprandobot.NewSearchBot(fliprandobot.SearchName, fliprandobot.Budget{Iterations: 4, Horizon: 1, Rollout: fliprandobot.RolloutGreedyBot, Flat: true}),
	}
	if pols[0].Name() != "greedy" || pols[0].Version() != fliprandobot.GreedyVersion {
		t.Errorf("greedy: %q %q", pols[0].Name(), pols[0].Version())
	}
	if pols[1].Name() != "search" || pols[1].Version() != fliprandobot.SearchVersion+"/4ih1Bf" {
		t.Errorf("search: %q %q", pols[1].Name(), pols[1].Version())
	}
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for k := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[k] = playEnv(k+2, pols, uint64(k))
		}()
	}
	wg.Wait()
	for k, err := range errs {
		if err != nil {
			t.Errorf("%d players: %v", k+2, err)
		}
	}
	raceEnv, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	err = pols[0].Act(raceEnv.Spec().NewAction(), env.Turn{Spec: raceEnv.Spec(), Game: raceEnv}, rand.New(rand.NewPCG(1, 1)))
	if !errors.Is(err, fliprandobot.ErrNotFliprando) {
		t.Errorf("Act on Race: %v, want ErrNotFliprando", err)
	}
}

// playEnv plays one game of fliprando-v1 at n players, seat s played by pols[s%len(pols)]
// through Act and Step.
func playEnv(n int, pols []*fliprandobot.Policy, seed uint64) error {
	e, err := fliprando.NewEnv(playersConfig(n))
	if err != nil {
		return err
	}
	rng := rand.New(rand.NewPCG(seed, 1))
	if err := e.Reset(rng); err != nil {
		return err
	}
	spec := e.Spec()
	act := spec.NewAction()
	for {
		p := e.CurrentPlayer()
		if err := pols[p%len(pols)].Act(act, env.Turn{Spec: spec, Player: p, Game: e}, rng); err != nil {
			return err
		}
		st, err := e.Step(act)
		if err != nil {
			return err
		}
		if st != env.Running {
			return nil
		}
	}
}
