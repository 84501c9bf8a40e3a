// Package racebot holds simple bots of Race (env/race, any number of seats): a ladder of
// plain rules against which random and trained policies can be measured, and with which the
// arena plays Race at three seats and more (every set of three bots is a fixture).
//
//	race-gainer   Gain at the sweet-spot power, every turn
//	race-doubler  Double at the sweet spot on its first turn, then as the gainer
//	race-thief    Steal a point from the leader when one has a point, else Gain at power 0
//	              (it never reads the sweet spot)
//
// Each is a [bygame.Bot] that plays Race only, deterministic (it draws no random number),
// never illegal, and safe for concurrent use.
package racebot

import (
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/agents/bygame"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// The bots' names, as the arena knows them.
const (
	GainerName  = "race-gainer"
	DoublerName = "race-doubler"
	ThiefName   = "race-thief"
)

// Version is the version of the three rules; bump it on any change of their play.
const Version = "1"

// rule chooses a move of Race for the current seat of g.
type rule func(g *race.Game) race.Action

// policy plays a rule through env.
type policy struct {
	rule rule
}

// Version implements bygame.Policy.
func (policy) Version() string { return Version }

// Act implements env.Policy: it reads the engine from t.Game (a *race.Env) and encodes the
// rule's move into dst.
func (p policy) Act(dst env.Action, t env.Turn, _ *rand.Rand) error {
	e, ok := env.Unwrap(t.Game).(*race.Env)
	if !ok {
		return fmt.Errorf("racebot: game %T is not Race", t.Game)
	}
	if err := e.EncodeAction(dst, p.rule(e.Engine())); err != nil {
		return fmt.Errorf("racebot: %w", err)
	}
	return nil
}

// gain is Gain at the sweet spot.
func gain(g *race.Game) race.Action { return race.Action{Move: race.Gain, Power: g.Sweet()} }

// double is Double at the sweet spot while the seat has it, else gain.
func double(g *race.Game) race.Action {
	if g.CanDouble(g.Current()) {
		return race.Action{Move: race.Double, Power: g.Sweet()}
	}
	return gain(g)
}

// steal takes a point from the other seat with the most points (the lowest seat of a tie),
// when it has one, else gains at power 0.
func steal(g *race.Game) race.Action {
	scores := g.Scores(nil)
	me, best := g.Current(), -1
	for s, pts := range scores {
		if s != me && pts >= 1 && (best < 0 || pts > scores[best]) {
			best = s
		}
	}
	if best < 0 {
		return race.Action{Move: race.Gain}
	}
	return race.Action{Move: race.Steal, Target: best}
}

// New returns the bot called name: race-gainer, race-doubler or race-thief.
func New(name string) (*bygame.Bot, error) {
	var r rule
	switch name {
	case GainerName:
		r = gain
	case DoublerName:
		r = double
	case ThiefName:
		r = steal
	default:
		return nil, fmt.Errorf("racebot: no bot %q (%s, %s, %s)", name, GainerName, DoublerName, ThiefName)
	}
	return bygame.New(name, bygame.On[*race.Env]("race", policy{rule: r})), nil
}

// Names returns the bots' names, weakest first when the three play each other at three seats
// (mean points over 600 games in every seating order, TestBots: thief 5.2, doubler 8.6,
// gainer 8.7: the thief robs the leader, who is often the doubler after its double, so the
// double barely pays).
func Names() []string { return []string{ThiefName, DoublerName, GainerName} }
