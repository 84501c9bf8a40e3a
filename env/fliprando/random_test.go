package fliprando

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// playRandom plays one game with uniformly random legal actions, checking
// Validate after every decision and the per-game invariants at the end;
// it returns the game and its number of decisions.
func playRandom(t *testing.T, cfg Config, r *rand.Rand) (*Game, int) {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatalf("seed %d: after deal: %v", cfg.Seed, err)
	}
	var buf [NumActions]Action
	steps := 0
	round := g.Round()
	for !g.Over() {
		if g.Round() != round {
			// A new round: rounds follow each other, and every seat holds
			// the tiles of the track's section (6-5-4-3-2 under our
			// ruling A12).
			if g.Round() != round+1 {
				t.Fatalf("seed %d: round %d after %d", cfg.Seed, g.Round(), round)
			}
			round = g.Round()
			for p := range cfg.Players {
				a, b := g.countTiles(p)
				if want := tilesInRound(cfg, round); a+b != want {
					t.Fatalf("seed %d round %d: seat %d has %d tiles, want %d", cfg.Seed, round, p, a+b, want)
				}
			}
		}
		legal := g.Legal(buf[:0])
		if len(legal) == 0 {
			t.Fatalf("seed %d step %d: no legal action for %v", cfg.Seed, steps, g.Pending())
		}
		a := legal[r.IntN(len(legal))]
		if err := g.Apply(a); err != nil {
			t.Fatalf("seed %d step %d: apply %v: %v", cfg.Seed, steps, a, err)
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("seed %d step %d after %v: %v", cfg.Seed, steps, a, err)
		}
		steps++
		if steps > 100000 {
			t.Fatalf("seed %d: no end after %d steps", cfg.Seed, steps)
		}
	}
	if g.Round() != cfg.Rounds() || g.Counter() != NumSlotsWeather-1 {
		t.Fatalf("seed %d: ended in round %d at slot %d", cfg.Seed, g.Round(), g.Counter()+1)
	}
	for p := range cfg.Players {
		if a, b := g.countTiles(p); a+b != 2 {
			t.Fatalf("seed %d: seat %d ends with %d tiles", cfg.Seed, p, a+b)
		}
		for k := range NumKinds {
			if o := g.Obstacles(p, k); o < 0 || o > MaxTrack {
				t.Fatalf("seed %d: track %d", cfg.Seed, o)
			}
		}
		if g.Total(p) < 0 && !cfg.NegativeScores {
			t.Fatalf("seed %d: seat %d total %d", cfg.Seed, p, g.Total(p))
		}
	}
	return g, steps
}

// tilesInRound returns the number of tiles each seat holds in round r:
// one fewer after each Thunder.
func tilesInRound(cfg Config, r int) int {
	if cfg.SlotPerRound {
		// Round r starts on slot r (0-based r−1).
		n := 6
		for i := 1; i < r; i++ {
			if printedWeather[i] == Thunder {
				n--
			}
		}
		return n
	}
	switch {
	case r <= 5:
		return 6
	case r <= 9:
		return 5
	case r <= 12:
		return 4
	case r <= 14:
		return 3
	}
	return 2
}

func TestRandomGamesInvariants(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for n := 2; n <= MaxPlayers; n++ {
		r := rand.New(rand.NewPCG(uint64(n), 7))
		for seed := range games {
			cfg := playersConfig(n)
			cfg.Seed = uint64(seed)
			cfg.FirstPlayer = -1
			g, _ := playRandom(t, cfg, r)
			if g.Round() != 15 {
				t.Fatalf("players %d seed %d: %d rounds, want 15", n, seed, g.Round())
			}
		}
	}
}

// TestRandomGamesVariants plays random games under each alternative
// reading the Config offers.
func TestRandomGamesVariants(t *testing.T) {
	games := 300
	if testing.Short() {
		games = 30
	}
	variants := map[string]func(*Config){
		"MoveLegs":       func(c *Config) { c.MoveLegs = true },
		"LiteralPhase1":  func(c *Config) { c.LiteralPhase1 = true },
		"SlotPerRound":   func(c *Config) { c.SlotPerRound = true },
		"HiddenWeather":  func(c *Config) { c.HiddenWeather = true },
		"NegativeScores": func(c *Config) { c.NegativeScores = true },
	}
	for name, set := range variants {
		t.Run(name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(11, 12))
			for seed := range games {
				cfg := playersConfig(2 + seed%4)
				cfg.Seed = uint64(seed)
				set(&cfg)
				playRandom(t, cfg, r)
			}
		})
	}
}

// TestDeterminism: the same seed and actions give the same states.
func TestDeterminism(t *testing.T) {
	for n := 2; n <= MaxPlayers; n++ {
		cfg := Config{Players: n, Seed: 42, FirstPlayer: -1}
		a, _ := playRandom(t, cfg, rand.New(rand.NewPCG(1, 2)))
		b, _ := playRandom(t, cfg, rand.New(rand.NewPCG(1, 2)))
		if *a != *b {
			t.Errorf("players %d: two runs differ", n)
		}
	}
}

// TestCloneIndependent: a clone plays on without touching the original.
func TestCloneIndependent(t *testing.T) {
	g, _ := New(Config{Players: 4, Seed: 5})
	r := rand.New(rand.NewPCG(3, 3))
	for range 200 {
		l := g.Legal(nil)
		if err := g.Apply(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	snapshot := *g
	c := g.Clone()
	for !c.Over() {
		l := c.Legal(nil)
		if err := c.Apply(l[r.IntN(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	if *g != snapshot {
		t.Error("playing the clone changed the original")
	}
}

// TestIllegalChangesNothing: every action outside Legal is rejected with
// an error wrapping env.ErrIllegalAction and leaves the state unchanged.
func TestIllegalChangesNothing(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 8))
	for n := 2; n <= MaxPlayers; n++ {
		g, _ := New(Config{Players: n, Seed: uint64(n)})
		for !g.Over() {
			l := g.Legal(nil)
			ok := map[Action]bool{}
			for _, a := range l {
				ok[a] = true
			}
			before := *g
			for a := range Action(NumActions + 3) {
				err := g.Check(a)
				if (err == nil) != ok[a] {
					t.Fatalf("%v: check %v, legal %v", a, err, ok[a])
				}
				if !ok[a] {
					if err := g.Apply(a); !errors.Is(err, env.ErrIllegalAction) {
						t.Fatalf("%v: apply error %v", a, err)
					}
				}
			}
			if *g != before {
				t.Fatal("rejected actions changed the state")
			}
			if err := g.Apply(l[r.IntN(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
		if err := g.Check(Pass); !errors.Is(err, env.ErrIllegalAction) {
			t.Errorf("after the end: %v", err)
		}
	}
}
