package flickemup

import (
	"errors"
	"fmt"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// ActionKind is the discrete part of an action.
type ActionKind uint8

// The action kinds. The zero value is invalid.
const (
	ActInvalid ActionKind = iota
	// ActSelect plays cowboy number Cowboy (1-5) of the current team (PhaseSelect).
	ActSelect
	// ActMove flicks the movement disc with Velocity; the cowboy then faces Facing (PhaseAct).
	ActMove
	// ActShoot flicks a bullet placed on Side of the cowboy with Velocity; Rifle shoots the
	// Winchester instead of the pistols (PhaseAct). In PhaseSecondShot it flicks the second
	// bullet of a two-pistol shot (Side and Rifle are then ignored).
	ActShoot
	// ActDuel calls out opposing cowboy number Cowboy from its building and shoots one bullet
	// from Side with Velocity (PhaseAct, rule duels).
	ActDuel
	// ActThrow throws a carried dynamite: the octagon is placed on Side and flicked with
	// Velocity; it explodes where it stops (PhaseAct).
	ActThrow
	// ActTake takes token Token (PhaseAct). A face-down token is drawn at random from its pile
	// and revealed, and the decision moves to PhaseReveal.
	ActTake
	// ActDrop drops the token in inventory slot Slot (0 or 1) where the cowboy is (PhaseAct).
	ActDrop
	// ActExchange takes face-up token Token and leaves the token of slot Slot in its place, as
	// one action, when the inventory is full (PhaseAct).
	ActExchange
	// ActKeep keeps the revealed token, exchanging it for slot Slot when the inventory is
	// full (PhaseReveal).
	ActKeep
	// ActLeave leaves the revealed token face up where it lay (PhaseReveal).
	ActLeave
	// ActDrink drinks the water in slot Slot (PhaseAct).
	ActDrink
	// ActEndTurn ends the cowboy's turn early (PhaseAct).
	ActEndTurn
	numActionKinds
)

// NumActionKinds is the number of action kinds, ActInvalid included: the length of a mask
// indexed by ActionKind.
const NumActionKinds = int(numActionKinds)

var actionNames = [numActionKinds]string{"invalid", "select", "move", "shoot", "duel", "throw", "take", "drop", "exchange", "keep", "leave", "drink", "end-turn"}

// String returns the kind's name.
func (k ActionKind) String() string {
	if k >= numActionKinds {
		return fmt.Sprintf("action(%d)", uint8(k))
	}
	return actionNames[k]
}

// Side is a side of a cowboy, from its own point of view.
type Side uint8

// The sides.
const (
	SideLeft  Side = 0
	SideRight Side = 1
)

// String returns "left" or "right".
func (s Side) String() string {
	if s == SideRight {
		return "right"
	}
	return "left"
}

// Action is one decision. Which fields matter depends on Kind (see the ActionKind constants);
// the others are ignored.
type Action struct {
	// Kind is what to do.
	Kind ActionKind
	// Cowboy is a cowboy number, 1 to 5: the cowboy to play (ActSelect), of the current team,
	// or the opposing cowboy to call out (ActDuel).
	Cowboy int
	// Velocity is the flick's velocity, in cm/s (ActMove, ActShoot, ActDuel, ActThrow).
	Velocity physics.Vec
	// Facing is the direction the cowboy faces after a move, in radians (ActMove).
	Facing float64
	// Side is where the bullet or the dynamite is placed (ActShoot, ActDuel, ActThrow).
	Side Side
	// Rifle shoots the Winchester (ActShoot).
	Rifle bool
	// Token is a token id, an index in [View] Tokens (ActTake, ActExchange).
	Token int
	// Slot is an inventory slot, 0 or 1 (ActDrop, ActExchange, ActKeep, ActDrink).
	Slot int
}

// String describes the action briefly.
func (a Action) String() string {
	switch a.Kind {
	case ActSelect:
		return fmt.Sprintf("select %d", a.Cowboy)
	case ActMove:
		return fmt.Sprintf("move v=(%.4g,%.4g) facing=%.4g", a.Velocity.X, a.Velocity.Y, a.Facing)
	case ActShoot:
		r := ""
		if a.Rifle {
			r = " rifle"
		}
		return fmt.Sprintf("shoot %s%s v=(%.4g,%.4g)", a.Side, r, a.Velocity.X, a.Velocity.Y)
	case ActDuel:
		return fmt.Sprintf("duel %d %s v=(%.4g,%.4g)", a.Cowboy, a.Side, a.Velocity.X, a.Velocity.Y)
	case ActThrow:
		return fmt.Sprintf("throw %s v=(%.4g,%.4g)", a.Side, a.Velocity.X, a.Velocity.Y)
	case ActTake:
		return fmt.Sprintf("take %d", a.Token)
	case ActDrop, ActKeep, ActDrink:
		return fmt.Sprintf("%s slot %d", a.Kind, a.Slot)
	case ActExchange:
		return fmt.Sprintf("exchange %d for slot %d", a.Token, a.Slot)
	}
	return a.Kind.String()
}

// ErrIllegal is wrapped by every [IllegalActionError].
var ErrIllegal = errors.New("flickemup: illegal action")

// IllegalActionError reports an action the rules forbid now. The game is unchanged.
type IllegalActionError struct {
	// Action is the rejected action.
	Action Action
	// Phase is the phase the game was in.
	Phase Phase
	// Reason says which rule forbids it.
	Reason string
}

// Error returns "flickemup: illegal action <action> in phase <phase>: <reason>".
func (e *IllegalActionError) Error() string {
	return fmt.Sprintf("flickemup: illegal action %v in phase %v: %s", e.Action, e.Phase, e.Reason)
}

// Unwrap returns ErrIllegalAction and env.ErrIllegalAction, for errors.Is.
func (e *IllegalActionError) Unwrap() []error {
	return []error{ErrIllegal, env.ErrIllegalAction}
}
