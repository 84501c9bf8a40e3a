package planner

import (
	"testing"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/flickemupbot"
	"github.com/flickarena/flickarena/agents/tactics"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestReply checks the enemy's answer on positions where a team is to select: with room, it
// plays the whole turn of that team and stops when the other team is to select (or the game
// is over); with a budget of n decisions it plays at most n; it is deterministic given the
// game's seed.
func TestReply(t *testing.T) {
	sc, err := flickemup.Load("bank-job")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = flickemupbot.Positions(sc, 5, 80, aimer.New(), 1, func(g *flickemup.Game) error {
		if g.Phase() != flickemup.PhaseSelect || g.Over() {
			return nil
		}
		checked++
		root := tactics.Read(g)
		enemy := g.CurrentTeam()
		us := enemy.Other()
		full := g.Clone()
		full.Reseed(7)
		reply(root, full, us, 100)
		if !full.Over() && (full.CurrentTeam() != us || full.Phase() != flickemup.PhaseSelect) {
			t.Errorf("turn %d: the answer stopped with the %v in phase %v, want the %v to select", g.Turns(), full.CurrentTeam(), full.Phase(), us)
		}
		if full.Turns() == g.Turns() {
			t.Errorf("turn %d: the answer played nothing", g.Turns())
		}
		one := g.Clone()
		one.Reseed(7)
		reply(root, one, us, 1)
		// Selecting a dead cowboy ends its turn at once (it has no actions): the one decision
		// then passes the turn.
		deadTurn := one.Turns() == g.Turns()+1 && selectedDead(g, one, enemy)
		if !deadTurn && (one.CurrentTeam() != enemy || one.Phase() == flickemup.PhaseSelect || one.Turns() != g.Turns()) {
			t.Errorf("turn %d: a budget of one decision did not stop after the %v's selection (%v to play, phase %v)", g.Turns(), enemy, one.CurrentTeam(), one.Phase())
		}
		again := g.Clone()
		again.Reseed(7)
		reply(root, again, us, 100)
		if again.Hash() != full.Hash() {
			t.Errorf("turn %d: the same seed gave two answers", g.Turns())
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 10 {
		t.Fatalf("only %d positions with a team to select", checked)
	}
}

// selectedDead reports whether the cowboy of team t that played between positions before and
// after (its played flag set) is dead.
func selectedDead(before, after *flickemup.Game, t flickemup.Team) bool {
	for n := 1; n <= flickemup.MaxCowboys; n++ {
		id := flickemup.CowboyID{Team: t, Number: n}
		b, a := before.Cowboy(id), after.Cowboy(id)
		if a.Present && a.Played && !b.Played {
			return !a.Alive
		}
	}
	return false
}
