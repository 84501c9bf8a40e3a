package flickemupbot

import (
	"errors"
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickemup"
)

// MaxDecisions caps the decisions of a game played by [Play]; a game reaching it is an error
// (the engine ends every game by noon, well before).
const MaxDecisions = 5000

// Match is the record of one game played by [Play].
type Match struct {
	// Result is how the game ended.
	Result flickemup.Result
	// Decisions counts the decisions taken, by team.
	Decisions [2]int
	// Actions counts the decisions taken, by team and action kind.
	Actions [2][flickemup.NumActionKinds]int
	// Scores are the teams' hit points at the end.
	Scores [2]int
}

// ErrIllegal is wrapped by the error of a game in which a bot chose an illegal action.
var ErrIllegal = errors.New("flickemupbot: illegal action")

// Play plays one game of scenario sc with options o (o.Seed seeds the table), bots[t] deciding
// for team t. Each team's bot draws from its own stream, seeded from (seed, t).
func Play(sc *flickemup.Scenario, o flickemup.Options, bots [2]Bot, seed uint64) (Match, error) {
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
	if err != nil {
		return Match{}, err
	}
	rngs := [2]*rand.Rand{rand.New(rand.NewPCG(seed, 0x10)), rand.New(rand.NewPCG(seed, 0x11))}
	var m Match
	for n := 0; !g.Over(); n++ {
		if n == MaxDecisions {
			return m, fmt.Errorf("flickemupbot: %s seed %d: no end after %d decisions", sc.Name, seed, n)
		}
		t := g.CurrentTeam()
		before := g.Hash()
		a := bots[t].Choose(g, rngs[t])
		if g.Hash() != before {
			return m, fmt.Errorf("flickemupbot: %s seed %d: the %s' bot changed the game while choosing", sc.Name, seed, t)
		}
		if err := g.Apply(a); err != nil {
			if errors.Is(err, flickemup.ErrIllegal) {
				return m, fmt.Errorf("%w: %s seed %d, %s: %w", ErrIllegal, sc.Name, seed, t, err)
			}
			return m, err
		}
		m.Decisions[t]++
		m.Actions[t][a.Kind]++
	}
	m.Result = g.Result()
	m.Scores = g.HitPointsByTeam()
	return m, nil
}
