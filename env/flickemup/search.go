package flickemup

import "github.com/flickarena/flickarena/physics"

// This file holds what a searching bot needs of the engine beyond the rules: its own
// randomness on a clone, and where the piece an action flicks starts.

// Reseed replaces the game's random stream (flick noise and face-down draws) by a fresh one
// seeded with seed, leaving the position as it is. A bot that simulates candidate actions on
// a [Game.Clone] reseeds the clone from its own randomness for every sample, so that its
// search neither replays the real game's future draws nor depends on them.
func (g *Game) Reseed(seed uint64) { g.pcg.Seed(seed, seedStream) }

// Revealed returns the id of the token just drawn and revealed, which the player now keeps
// or leaves ([PhaseReveal]); false in any other phase.
func (g *Game) Revealed() (int, bool) {
	if g.phase != PhaseReveal || g.pending < 0 {
		return -1, false
	}
	return g.pending, true
}

// LaunchSpot returns where the piece that action a would flick starts, in cm: the movement
// disc for [ActMove] (where the cowboy stands, or at the back of its building), the bullet
// for [ActShoot] and [ActDuel] (beside the cowboy on a.Side, at the tip of the Winchester
// with a.Rifle, or at the back of its building), the octagon for [ActThrow], and the waiting
// bullet in [PhaseSecondShot]. It reports false for an action that flicks nothing or that
// the current phase does not allow; it does not check the action's other rules (see
// [Game.Check]).
func (g *Game) LaunchSpot(a Action) (physics.Vec, bool) {
	switch g.phase {
	case PhaseSecondShot:
		if a.Kind != ActShoot || g.waiting < 0 {
			return physics.Vec{}, false
		}
		return g.st.Pieces[g.waiting].Pos, true
	case PhaseAct:
	default:
		return physics.Vec{}, false
	}
	c := g.actor
	if c < 0 || a.Side > SideRight {
		return physics.Vec{}, false
	}
	switch a.Kind {
	case ActMove:
		if b := g.cowboys[c].inside; b >= 0 {
			return clampOnTable(g.behind(b, discRadius, 0), discRadius, g.st.Table), true
		}
		return g.piece(c).Pos, true
	case ActShoot:
		if a.Rifle {
			return g.rifleSpot(c), true
		}
		return g.sideSpot(c, a.Side, bulletRadius, nil), true
	case ActDuel:
		return g.sideSpot(c, a.Side, bulletRadius, nil), true
	case ActThrow:
		return g.sideSpot(c, a.Side, octRadius, nil), true
	}
	return physics.Vec{}, false
}
