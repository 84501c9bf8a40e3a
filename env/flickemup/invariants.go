package flickemup

import (
	"errors"
	"fmt"
)

// ErrInvariant is wrapped by every error of [Game.Validate].
var ErrInvariant = errors.New("flickemup: broken invariant")

// Validate checks that the game is in a state the rules allow: hit points within 0 and the
// starting value, the dead (and only they) at 0 and off the table, hats consistent with the
// clock, inventories of at most two carriable tokens that agree with the tokens' places, the
// initiative with a living cowboy, the decision with a player of the right team, and a
// physics table the simulator accepts. Tests call it after every action; it returns nil or an
// error wrapping [ErrInvariant].
func (g *Game) Validate() error {
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrInvariant, fmt.Sprintf(format, args...))
	}
	if err := g.st.Validate(Pieces); err != nil {
		return bad("physics state: %v", err)
	}
	if g.hour < g.lay.sc.StartHour || g.hour > Noon {
		return bad("hour %d outside %d..%d", g.hour, g.lay.sc.StartHour, Noon)
	}
	if (g.phase == PhaseOver) != g.result.Over {
		return bad("phase %v but result over=%v", g.phase, g.result.Over)
	}
	if g.hour == Noon && !g.result.Over {
		return bad("noon struck but the game is not over")
	}
	living := 0
	for i := range g.cowboys {
		cb := &g.cowboys[i]
		id := cowboyID(i)
		if !cb.present {
			if cb.alive || cb.hp != 0 || cb.inv != [2]int{-1, -1} {
				return bad("absent %s has data", id)
			}
			continue
		}
		p := g.piece(i)
		switch {
		case cb.hp < 0 || cb.hp > cb.max:
			return bad("%s has %d hit points (max %d)", id, cb.hp, cb.max)
		case cb.alive != (cb.hp > 0):
			return bad("%s alive=%v with %d hit points", id, cb.alive, cb.hp)
		case !cb.alive && (!p.Off || cb.inside >= 0 || p.Fallen):
			return bad("dead %s is still on the table or in a building", id)
		case cb.alive && cb.inside >= 0 && !p.Off:
			return bad("%s is inside the %s and on the table", id, g.lay.sc.Buildings[cb.inside].Kind)
		case cb.alive && cb.inside < 0 && p.Off:
			return bad("living %s is off the table", id)
		}
		if cb.alive {
			living++
		}
		// Hats: a cowboy played this round shows the other colour; after the first round
		// every cowboy not yet played shows the hour's colour.
		if g.phase != PhaseOver {
			h := HourHat(g.hour)
			if cb.played && cb.hat == h {
				return bad("%s played this round but its hat is still %s", id, h)
			}
			if !cb.played && g.round > 1 && cb.hat != h {
				return bad("%s has not played in round %d but its hat is %s", id, g.round, cb.hat)
			}
		}
		for s, tid := range cb.inv {
			if tid < 0 {
				continue
			}
			if tid >= len(g.tokens) {
				return bad("%s slot %d holds unknown token %d", id, s, tid)
			}
			t := &g.tokens[tid]
			if t.place != PlaceCowboy || t.index != i || !t.faceUp || !t.kind.Takeable() {
				return bad("%s slot %d holds token %d (%s) which lies in %v %d", id, s, tid, t.kind, t.place, t.index)
			}
			if !cb.alive {
				return bad("dead %s still carries token %d", id, tid)
			}
		}
		if cb.inv[0] >= 0 && cb.inv[0] == cb.inv[1] {
			return bad("%s holds token %d twice", id, cb.inv[0])
		}
	}
	for tid, t := range g.tokens {
		switch t.place {
		case PlaceCowboy:
			if t.index < 0 || t.index >= len(g.cowboys) {
				return bad("token %d carried by unknown cowboy %d", tid, t.index)
			}
			inv := g.cowboys[t.index].inv
			if inv[0] != tid && inv[1] != tid {
				return bad("token %d says %s carries it, but it is not in its inventory", tid, cowboyID(t.index))
			}
		case PlaceBuilding:
			if t.index < 0 || t.index >= len(g.lay.doors) {
				return bad("token %d in unknown building %d", tid, t.index)
			}
		case PlaceGallows:
			if g.lay.gallows < 0 {
				return bad("token %d on a gallows the town lacks", tid)
			}
		}
		if t.kind == TokenNotAllowed && t.place != PlaceBuilding && t.place != PlaceGone {
			return bad("not-allowed token %d lies in %v", tid, t.place)
		}
	}
	if living > 0 && !g.cowboys[g.initiative].alive {
		return bad("the initiative is with dead %s", cowboyID(g.initiative))
	}
	if g.phase == PhaseOver {
		return nil
	}
	if team, _ := PlayerTeam(g.player); team != g.team || g.player < 0 || g.player >= g.opts.Players {
		return bad("player %d decides for the %s", g.player, g.team)
	}
	switch g.phase {
	case PhaseSelect:
		if g.actor >= 0 || !g.teamAvailable(g.team) {
			return bad("select phase with actor %d, team %s available=%v", g.actor, g.team, g.teamAvailable(g.team))
		}
	default:
		if g.actor < 0 || cowboyID(g.actor).Team != g.team || !g.cowboys[g.actor].alive && g.phase == PhaseAct {
			return bad("phase %v with actor %d", g.phase, g.actor)
		}
		if g.actionsLeft < 0 || g.actionsLeft > 2 {
			return bad("%d actions left", g.actionsLeft)
		}
		if g.phase == PhaseAct && g.actionsLeft == 0 {
			return bad("a played cowboy with no action left still holds the turn")
		}
		if g.cowboys[g.actor].hat != HourHat(g.hour) {
			return bad("the played %s wears a %s hat at a %s hour", cowboyID(g.actor), g.cowboys[g.actor].hat, HourHat(g.hour))
		}
	}
	for _, i := range []int{pieceDisc, pieceBullet, pieceDynamite} {
		if !g.st.Pieces[i].Off {
			return bad("piece %d (%s) left on the table between actions", i, Pieces.Name(g.st.Pieces[i].Kind))
		}
	}
	if (g.phase == PhaseSecondShot) != (g.waiting >= 0) || (g.phase != PhaseSecondShot && !g.st.Pieces[pieceBullet+1].Off) {
		return bad("second bullet waiting=%d in phase %v", g.waiting, g.phase)
	}
	return nil
}
