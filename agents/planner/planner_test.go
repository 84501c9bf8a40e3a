package planner_test

import (
	"testing"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/flickemupbot"
	"github.com/flickarena/flickarena/agents/planner"
	"github.com/flickarena/flickarena/agents/tactics"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestPlanner_LegalEverywhere runs the planner through thousands of positions of every
// scenario, reached by mixed random and aimer play: every action is legal, the game is left
// untouched, and the same seed gives the same action. The short run uses the smallest
// budget with the enemy's answer (the code paths are the same at every budget).
func TestPlanner_LegalEverywhere(t *testing.T) {
	n, b := 1000, planner.Budget{Candidates: 4, Samples: 2, Reply: 6}
	if testing.Short() {
		n, b = 60, planner.Budget{Candidates: 2, Samples: 1, Reply: 6}
	}
	p := planner.New(b)
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		err = flickemupbot.Positions(sc, 3, n, aimer.New(), 0.5, func(g *flickemup.Game) error {
			return flickemupbot.Check(p, g, uint64(g.Turns()))
		})
		if err != nil {
			t.Errorf("%s: %v", in.Name, err)
		}
	}
}

// TestPlanner_ErrandsFollowTheAimer checks the planner's rule for errands on the objective
// scenarios: wherever the cowboy being played, or the aimer's pick of the cowboy to play, is on
// an errand (other than hiding denied tokens), the planner chooses as the aimer does.
func TestPlanner_ErrandsFollowTheAimer(t *testing.T) {
	p, am := planner.New(planner.Budget{Candidates: 2, Samples: 1, Reply: 2}), aimer.New()
	for _, name := range []string{"bank-job", "pardon", "hostage"} {
		sc, err := flickemup.Load(name)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		err = flickemupbot.Positions(sc, 5, 150, am, 0.7, func(g *flickemup.Game) error {
			s := tactics.Read(g)
			var i int
			switch g.Phase() {
			case flickemup.PhaseAct:
				i, _ = s.Actor()
			case flickemup.PhaseSelect:
				i = tactics.Dense(flickemup.CowboyID{Team: g.CurrentTeam(), Number: aimer.Select(s).Cowboy})
			default:
				return nil
			}
			if e, busy := tactics.ErrandOf(s.Errands(tactics.Team(i)), i); !busy || e.Hide {
				return nil
			}
			checked++
			if got, want := p.Choose(g, randFrom(1)), am.Choose(g, nil); got != want {
				t.Errorf("%s, %v at %d:00, cowboy %d on an errand: planner %v, aimer %v", name, g.Phase(), g.Hour(), i, got, want)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if checked < 20 {
			t.Errorf("%s: only %d positions with an errand", name, checked)
		}
	}
}

// TestPlanner_SeedMatters checks that the planner draws on the seed it is handed: over
// positions where it searches, different seeds give different choices at least once (its
// samples are noisy), while Check has verified that one seed always gives one choice.
func TestPlanner_SeedMatters(t *testing.T) {
	sc, err := flickemup.Load("showdown")
	if err != nil {
		t.Fatal(err)
	}
	p := planner.New(planner.Lite)
	differ := 0
	err = flickemupbot.Positions(sc, 4, 120, aimer.New(), 1, func(g *flickemup.Game) error {
		if g.Phase() != flickemup.PhaseAct {
			return nil
		}
		a := p.Choose(g, randFrom(1))
		if b := p.Choose(g, randFrom(2)); a != b {
			differ++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if differ == 0 {
		t.Errorf("seeds 1 and 2 always gave the same choice")
	}
}

// TestPlanner_BeatsRandom plays the planner at its smallest ladder budget against Random on
// the showdown, each side in turn: it wins every game.
func TestPlanner_BeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	sc, err := flickemup.Load("showdown")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(0); seed < 3; seed++ {
		for side := flickemup.Lawmen; side <= flickemup.Outlaws; side++ {
			bots := [2]flickemupbot.Bot{flickemupbot.Random{}, flickemupbot.Random{}}
			bots[side] = planner.New(planner.Lite)
			o := flickemup.DefaultOptions()
			o.Seed = seed
			m, err := flickemupbot.Play(sc, o, bots, seed)
			if err != nil {
				t.Fatal(err)
			}
			if m.Result.Winner != side {
				t.Errorf("seed %d, planner as the %v: %+v", seed, side, m.Result)
			}
		}
	}
}
