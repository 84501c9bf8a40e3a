package tactics

import "github.com/flickarena/flickarena/env/flickemup"

// Legal returns a if the rules allow it now, else a legal fallback: ending the turn, leaving
// a revealed token, the waiting bullet flicked at no speed, or the first legal action. Bots
// pass every choice through it, so that a slip in their reasoning costs a move, never the
// game.
func Legal(g *flickemup.Game, a flickemup.Action) flickemup.Action {
	if g.Check(a) == nil {
		return a
	}
	for _, f := range []flickemup.Action{{Kind: flickemup.ActEndTurn}, {Kind: flickemup.ActLeave}, {Kind: flickemup.ActShoot}} {
		if g.Check(f) == nil {
			return f
		}
	}
	if acts := g.Legal(nil); len(acts) > 0 {
		return acts[0]
	}
	return a
}
