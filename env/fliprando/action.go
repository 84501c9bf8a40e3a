package fliprando

import (
	"fmt"

	"github.com/flickarena/flickarena/env"
)

// Action is one atomic decision, an index in [0, NumActions) of the
// Discrete(112) action space (package doc, "Action Space"). Its meaning depends on the pending
// [Decision]; seats in it are relative to the deciding seat.
type Action uint8

// The blocks of the action space.
const (
	Pass         Action = 0  // pass, decline, lose 3 points
	tileBase     Action = 1  // 1–6: tile t
	jokerBase    Action = 7  // 7–11: the JOKER performs action k (MOVE..DRAW)
	dirBase      Action = 12 // 12–17: direction d
	ownTrackBase Action = 18 // 18–22: own multiplier track k
	oppTrackBase Action = 23 // 23–42: opponent (relative seat 1–4) track k
	pairBase     Action = 43 // 43–45: marker slots pair (×0,×1), (×0,×2), (×1,×2)
	cardBase     Action = 46 // 46–111: card id
	NumActions          = 112
)

// TileAction returns the action naming tile t in [0, NumTiles).
func TileAction(t int) Action { return tileBase + Action(t) }

// JokerAction returns the JOKER choice of action k in [Move, Draw].
func JokerAction(k int) Action { return jokerBase + Action(k) }

// DirAction returns the action naming direction d in [0, NumDirs).
func DirAction(d int) Action { return dirBase + Action(d) }

// OwnTrackAction returns the action naming the decider's track k.
func OwnTrackAction(k int) Action { return ownTrackBase + Action(k) }

// OppTrackAction returns the action naming track k of the seat rel places
// after the decider, rel in [1, 4].
func OppTrackAction(rel, k int) Action { return oppTrackBase + Action((rel-1)*NumTracks+k) }

// PairAction returns the action swapping the markers of marker-slot pair p
// in [0, 3): (×0,×1), (×0,×2), (×1,×2).
func PairAction(p int) Action { return pairBase + Action(p) }

// CardAction returns the action naming card id.
func CardAction(id int) Action { return cardBase + Action(id) }

// pairSlots are the two marker slots of each SWAP pair.
var pairSlots = [3][2]int{{0, 1}, {0, 2}, {1, 2}}

// in reports whether a lies in [base, base+n) and returns its offset.
func (a Action) in(base Action, n int) (int, bool) {
	if a >= base && int(a-base) < n {
		return int(a - base), true
	}
	return 0, false
}

// String names the action, e.g. "tile move", "dir SE", "card 17".
func (a Action) String() string {
	if a == Pass {
		return "pass"
	}
	if k, ok := a.in(tileBase, NumTiles); ok {
		return "tile " + ActionNames[k]
	}
	if k, ok := a.in(jokerBase, NumTracks); ok {
		return "joker " + ActionNames[k]
	}
	if k, ok := a.in(dirBase, NumDirs); ok {
		return "dir " + DirNames[k]
	}
	if k, ok := a.in(ownTrackBase, NumTracks); ok {
		return "own " + ActionNames[k]
	}
	if k, ok := a.in(oppTrackBase, 4*NumTracks); ok {
		return fmt.Sprintf("seat+%d %s", k/NumTracks+1, ActionNames[k%NumTracks])
	}
	if k, ok := a.in(pairBase, 3); ok {
		return fmt.Sprintf("swap x%d x%d", pairSlots[k][0], pairSlots[k][1])
	}
	if k, ok := a.in(cardBase, NumCards); ok {
		return fmt.Sprintf("card %d", k)
	}
	return fmt.Sprintf("Action(%d)", uint8(a))
}

// EncodeAction writes a into dst, whose one discrete head "action" takes
// values in [0, NumActions).
func EncodeAction(dst env.Action, a Action) error {
	if len(dst.Discrete) != 1 || len(dst.Continuous) != 0 {
		return fmt.Errorf("fliprando: encode: %w: want 1 discrete value and 0 continuous, got %d and %d", env.ErrShape, len(dst.Discrete), len(dst.Continuous))
	}
	if int(a) >= NumActions {
		return &env.ActionError{Env: -1, Field: `discrete[0] "action"`, Reason: fmt.Sprintf("value %d out of range [0, %d)", a, NumActions)}
	}
	dst.Discrete[0] = int32(a)
	return nil
}

// DecodeAction reads the engine action from src. A wrong shape or an
// out-of-range value gives an error wrapping env.ErrIllegalAction that
// names the field; whether the action is legal now is [Game.Check]'s job.
func DecodeAction(src env.Action) (Action, error) {
	if len(src.Discrete) != 1 {
		return 0, &env.ActionError{Env: -1, Field: "discrete", Reason: fmt.Sprintf("want 1 value, got %d", len(src.Discrete))}
	}
	if len(src.Continuous) != 0 {
		return 0, &env.ActionError{Env: -1, Field: "continuous", Reason: fmt.Sprintf("want 0 values, got %d", len(src.Continuous))}
	}
	v := src.Discrete[0]
	if v < 0 || v >= NumActions {
		return 0, &env.ActionError{Env: -1, Field: `discrete[0] "action"`, Reason: fmt.Sprintf("value %d out of range [0, %d)", v, NumActions)}
	}
	return Action(v), nil
}
