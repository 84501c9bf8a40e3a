package flickemup

import (
	"errors"
	"fmt"
	"math"

	"github.com/flickarena/flickarena/physics"
)

// errRefused is what the checks return instead of an *IllegalActionError when no reason is
// asked for (see [Game.allowed]); it never leaves the package.
var errRefused = errors.New("flickemup: refused")

// illegal returns the error rejecting a: with explain, the *IllegalActionError whose reason
// is format and args as for fmt.Sprintf; without, errRefused, formatting nothing. The
// arguments are copied before formatting, so that a caller's argument list need not leave
// its stack.
func (g *Game) illegal(explain bool, a Action, format string, args ...any) error {
	if !explain {
		return errRefused
	}
	return &IllegalActionError{Action: a, Phase: g.phase, Reason: fmt.Sprintf(format, append([]any(nil), args...)...)}
}

// cowboyName is a dense cowboy index (0-9) that prints as its [CowboyID]: an argument of
// illegal that, unlike a CowboyID, costs no allocation to pass.
type cowboyName int

// String returns the CowboyID's form, "lawmen:1".
func (c cowboyName) String() string { return cowboyID(int(c)).String() }

// finite reports whether x is a finite number.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Check reports whether action a is legal now, without applying it: nil, or an
// [*IllegalActionError] saying why not.
func (g *Game) Check(a Action) error { return g.check(a, true, nil) }

// allowed reports whether action a is legal now: Check's verdict without its reason, which
// [Game.Legal] asks of every candidate action and which costs no formatting. around, if not
// nil, lists the pieces that can block the spots where the actor launches a piece
// ([Game.launchBlockers]), found once for every candidate.
func (g *Game) allowed(a Action, around []int) bool { return g.check(a, false, around) == nil }

// check is Check; without explain a refusal is errRefused rather than an explained
// *IllegalActionError (see illegal). around is as for allowed.
func (g *Game) check(a Action, explain bool, around []int) error {
	switch g.phase {
	case PhaseOver:
		return g.illegal(explain, a, "the game is over")
	case PhaseSelect:
		if a.Kind != ActSelect {
			return g.illegal(explain, a, "choose a cowboy to play first")
		}
		return g.checkSelect(a, explain)
	case PhaseReveal:
		switch a.Kind {
		case ActLeave:
			return nil
		case ActKeep:
			if g.invFull(g.actor) && (a.Slot < 0 || a.Slot > 1) {
				return g.illegal(explain, a, "the inventory is full: name the slot (0 or 1) to exchange")
			}
			return nil
		}
		return g.illegal(explain, a, "keep or leave the revealed token")
	case PhaseSecondShot:
		if a.Kind != ActShoot {
			return g.illegal(explain, a, "flick the second bullet")
		}
		if !a.Velocity.Finite() {
			return g.illegal(explain, a, "the velocity is not finite")
		}
		return nil
	}
	c := g.actor
	cb := &g.cowboys[c]
	switch a.Kind {
	case ActEndTurn:
		return nil
	case ActMove:
		if !a.Velocity.Finite() || !finite(a.Facing) {
			return g.illegal(explain, a, "the velocity or facing is not finite")
		}
		if g.moves > 0 && g.carries(c, TokenHostage) > 0 {
			return g.illegal(explain, a, "a cowboy carrying the hostage moves once per turn")
		}
		return nil
	case ActShoot:
		if !a.Velocity.Finite() {
			return g.illegal(explain, a, "the velocity is not finite")
		}
		if a.Side > SideRight {
			return g.illegal(explain, a, "side must be left or right")
		}
		if a.Rifle {
			if g.carries(c, TokenWinchester) == 0 {
				return g.illegal(explain, a, "no Winchester in the inventory")
			}
			if !g.freeNear(physics.Circle(g.rifleSpot(c), bulletRadius), around) {
				return g.illegal(explain, a, "the barrel's tip is blocked or off the table")
			}
			return nil
		}
		if !g.sideFree(c, a.Side, bulletRadius, nil, around) {
			return g.illegal(explain, a, "no room for the bullet on the %s", a.Side)
		}
		return nil
	case ActDuel:
		return g.checkDuel(a, explain, around)
	case ActThrow:
		if !a.Velocity.Finite() {
			return g.illegal(explain, a, "the velocity is not finite")
		}
		if a.Side > SideRight {
			return g.illegal(explain, a, "side must be left or right")
		}
		if g.carries(c, TokenDynamite) == 0 {
			return g.illegal(explain, a, "no dynamite in the inventory")
		}
		if !g.sideFree(c, a.Side, octRadius, nil, around) {
			return g.illegal(explain, a, "no room for the dynamite on the %s", a.Side)
		}
		return nil
	case ActTake, ActExchange:
		if a.Token < 0 || a.Token >= len(g.tokens) {
			return g.illegal(explain, a, "no token %d", a.Token)
		}
		t := &g.tokens[a.Token]
		if !g.reaches(c, t) {
			return g.illegal(explain, a, "token %d is out of reach", a.Token)
		}
		if t.faceUp && !t.kind.Takeable() {
			return g.illegal(explain, a, "%s tokens cannot be taken", t.kind)
		}
		if a.Kind == ActTake {
			if t.faceUp && g.invFull(c) {
				return g.illegal(explain, a, "the inventory is full: exchange")
			}
			return nil
		}
		if !t.faceUp {
			return g.illegal(explain, a, "a face-down token is taken (drawn), not exchanged")
		}
		if !g.invFull(c) {
			return g.illegal(explain, a, "the inventory has room: take")
		}
		if a.Slot < 0 || a.Slot > 1 {
			return g.illegal(explain, a, "slot must be 0 or 1")
		}
		return nil
	case ActDrop:
		if a.Slot < 0 || a.Slot > 1 || cb.inv[a.Slot] < 0 {
			return g.illegal(explain, a, "slot %d holds no token", a.Slot)
		}
		if _, _, _, ok := g.dropPlace(c); !ok {
			return g.illegal(explain, a, "tokens are dropped inside a building or at the gallows")
		}
		return nil
	case ActDrink:
		if a.Slot < 0 || a.Slot > 1 || cb.inv[a.Slot] < 0 || g.tokens[cb.inv[a.Slot]].kind != TokenWater {
			return g.illegal(explain, a, "slot %d holds no water", a.Slot)
		}
		return nil
	}
	return g.illegal(explain, a, "not an action of a played cowboy")
}

// checkSelect checks the choice of a cowboy to play.
func (g *Game) checkSelect(a Action, explain bool) error {
	if a.Cowboy < 1 || a.Cowboy > MaxCowboys {
		return g.illegal(explain, a, "cowboy number must be 1 to %d", MaxCowboys)
	}
	c := CowboyID{Team: g.team, Number: a.Cowboy}.index()
	switch {
	case !g.cowboys[c].present:
		return g.illegal(explain, a, "%s is not in this scenario", cowboyName(c))
	case !g.available(c):
		return g.illegal(explain, a, "%s is not available: its hat is not %s", cowboyName(c), HourHat(g.hour))
	case g.forced && c != g.initiative:
		return g.illegal(explain, a, "the round opens with %s, which holds the initiative", cowboyName(g.initiative))
	}
	return nil
}

// checkDuel checks a call-out; around is as for allowed.
func (g *Game) checkDuel(a Action, explain bool, around []int) error {
	c := g.actor
	if !g.lay.sc.Rules.Duels {
		return g.illegal(explain, a, "this scenario has no duels")
	}
	if !a.Velocity.Finite() {
		return g.illegal(explain, a, "the velocity is not finite")
	}
	if a.Side > SideRight {
		return g.illegal(explain, a, "side must be left or right")
	}
	if !g.onTable(c) {
		return g.illegal(explain, a, "a duel is called from the street")
	}
	if a.Cowboy < 1 || a.Cowboy > MaxCowboys {
		return g.illegal(explain, a, "cowboy number must be 1 to %d", MaxCowboys)
	}
	t := CowboyID{Team: cowboyID(c).Team.Other(), Number: a.Cowboy}.index()
	tb := &g.cowboys[t]
	if !tb.alive || tb.inside < 0 {
		return g.illegal(explain, a, "%s is not alive inside a building", cowboyName(t))
	}
	if g.piece(t).Fallen {
		return g.illegal(explain, a, "%s is down and cannot be hit until it stands", cowboyName(t))
	}
	b := tb.inside
	mid, _, front, _ := g.doorGeom(b)
	pos := g.piece(c).Pos
	if pos.Sub(mid).Len() > DuelRange || pos.Sub(mid).Dot(front) <= 0 { // the depth in front of the door line
		return g.illegal(explain, a, "stand within %g cm in front of the %s's door to call out", DuelRange, g.lay.sc.Buildings[b].Kind)
	}
	spot := physics.Circle(g.duelSpot(b), cowboyRadius)
	if !g.free(spot) {
		return g.illegal(explain, a, "the doorway is blocked")
	}
	if !g.sideFree(c, a.Side, bulletRadius, &spot, around) {
		return g.illegal(explain, a, "no room for the bullet on the %s", a.Side)
	}
	return nil
}

// Legal appends to dst every legal action of the current decision, with zero
// continuous parameters (Velocity, Facing) for the caller to fill in, and returns it. A
// face-down pile appears once, under its lowest token id. Once the game is over it appends
// nothing.
func (g *Game) Legal(dst []Action) []Action {
	var around []int
	add := func(a Action) {
		if g.allowed(a, around) {
			dst = append(dst, a)
		}
	}
	switch g.phase {
	case PhaseOver:
		return dst
	case PhaseSelect:
		for n := 1; n <= MaxCowboys; n++ {
			add(Action{Kind: ActSelect, Cowboy: n})
		}
		return dst
	case PhaseReveal:
		if g.invFull(g.actor) {
			add(Action{Kind: ActKeep, Slot: 0})
			add(Action{Kind: ActKeep, Slot: 1})
		} else {
			add(Action{Kind: ActKeep})
		}
		add(Action{Kind: ActLeave})
		return dst
	case PhaseSecondShot:
		add(Action{Kind: ActShoot})
		return dst
	}
	var buf [64]int
	around = g.launchBlockers(buf[:0], g.actor)
	add(Action{Kind: ActMove})
	for _, s := range []Side{SideLeft, SideRight} {
		add(Action{Kind: ActShoot, Side: s})
	}
	add(Action{Kind: ActShoot, Rifle: true})
	if g.lay.sc.Rules.Duels {
		for n := 1; n <= MaxCowboys; n++ {
			// Check refuses a call-out of a cowboy that is not alive inside a building
			// whatever its other fields: only those are candidates.
			if tb := &g.cowboys[CowboyID{Team: cowboyID(g.actor).Team.Other(), Number: n}.index()]; !tb.alive || tb.inside < 0 {
				continue
			}
			for _, s := range []Side{SideLeft, SideRight} {
				add(Action{Kind: ActDuel, Cowboy: n, Side: s})
			}
		}
	}
	for _, s := range []Side{SideLeft, SideRight} {
		add(Action{Kind: ActThrow, Side: s})
	}
	for id := range g.tokens {
		t := &g.tokens[id]
		if !t.faceUp && g.pileHead(id) != id {
			continue
		}
		if !g.reaches(g.actor, t) {
			continue // Check refuses a token out of reach whatever the action
		}
		add(Action{Kind: ActTake, Token: id})
		add(Action{Kind: ActExchange, Token: id, Slot: 0})
		add(Action{Kind: ActExchange, Token: id, Slot: 1})
	}
	for s := range 2 {
		add(Action{Kind: ActDrop, Slot: s})
		add(Action{Kind: ActDrink, Slot: s})
	}
	add(Action{Kind: ActEndTurn})
	return dst
}

// pileHead returns the lowest id of the face-down tokens in the same pile as face-down token id.
func (g *Game) pileHead(id int) int {
	t := &g.tokens[id]
	for j := range id {
		o := &g.tokens[j]
		if !o.faceUp && samePile(o, t) {
			return j
		}
	}
	return id
}

// LegalKinds returns, indexed by ActionKind, which kinds of action are legal now.
func (g *Game) LegalKinds() [NumActionKinds]bool {
	var m [NumActionKinds]bool
	for _, a := range g.Legal(nil) {
		m[a.Kind] = true
	}
	return m
}
