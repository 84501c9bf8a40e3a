package flickemupbot

import (
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickemup"
)

// Positions calls visit with n positions of scenario sc (none of them over), reached by
// playing games from seed with mixed play: each decision is taken by guide with chance
// guided, and by [Random] otherwise, so that the positions cover both wild and sensible
// play (cowboys inside buildings, tokens carried, two-pistol shots, reveals). A nil guide
// means Random always. The games use the default options, so flicks are noisy. visit gets
// the game itself: it must not change it (it may clone it). Positions stops at the first
// error visit returns.
func Positions(sc *flickemup.Scenario, seed uint64, n int, guide Bot, guided float64, visit func(g *flickemup.Game) error) error {
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	done := 0
	for game := uint64(0); done < n; game++ {
		o := flickemup.DefaultOptions()
		o.Seed = seed*1000 + game
		g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
		if err != nil {
			return err
		}
		for steps := 0; !g.Over() && done < n; steps++ {
			if steps == MaxDecisions {
				return fmt.Errorf("flickemupbot: %s seed %d: no end after %d decisions", sc.Name, o.Seed, steps)
			}
			if err := visit(g); err != nil {
				return err
			}
			done++
			var a flickemup.Action
			if guide != nil && rng.Float64() < guided {
				a = guide.Choose(g, rng)
			} else {
				a = Random{}.Choose(g, rng)
			}
			if err := g.Apply(a); err != nil {
				return fmt.Errorf("flickemupbot: %s: playing to the positions: %w", sc.Name, err)
			}
		}
	}
	return nil
}

// Check asks bot b for g's decision, with a generator seeded from seed, and returns an error
// if the action is illegal or b changed g, or if asking again with the same seed gives
// another action (a bot must be deterministic given its seed).
func Check(b Bot, g *flickemup.Game, seed uint64) error {
	before := g.Hash()
	a := b.Choose(g, rand.New(rand.NewPCG(seed, 1)))
	if g.Hash() != before {
		return fmt.Errorf("flickemupbot: the bot changed the game while choosing %v", a)
	}
	if err := g.Check(a); err != nil {
		return fmt.Errorf("flickemupbot: the bot chose an illegal action in phase %v: %w", g.Phase(), err)
	}
	if again := b.Choose(g, rand.New(rand.NewPCG(seed, 1))); again != a {
		return fmt.Errorf("flickemupbot: the same seed gave %v then %v", a, again)
	}
	return nil
}
