package fliprando

import (
	"math/rand/v2"
	"testing"
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
	rounds := map[int]bool{}
	for !g.Over() {
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
		rounds[g.Round()] = true
		steps++
		if steps > 100000 {
			t.Fatalf("seed %d: no end after %d steps", cfg.Seed, steps)
		}
	}
	return g, steps
}

func TestRandomGamesInvariants(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for n := 2; n <= MaxPlayers; n++ {
		r := rand.New(rand.NewPCG(uint64(n), 7))
		for seed := range games {
			cfg := DefaultConfig(n)
			cfg.Seed = uint64(seed)
			cfg.FirstPlayer = -1
			g, _ := playRandom(t, cfg, r)
			if g.Round() != 15 {
				t.Fatalf("players %d seed %d: %d rounds, want 15", n, seed, g.Round())
			}
			for p := range n {
				if g.Total(p) < 0 {
					t.Fatalf("seed %d: seat %d total %d", seed, p, g.Total(p))
				}
			}
		}
	}
}
