package fliprando

import (
	"fmt"

	"github.com/flickarena/flickarena/env"
)

// DescribeAction implements replay.Describer: the pending decision and the
// action's name ("move_dir: dir NE", "play_tile: tile swap"), with the
// hiker that moves for a leg ("move_dir: red dir NE"). It does not change
// the game.
func (e *Env) DescribeAction(a env.Action) string {
	x, err := DecodeAction(a)
	if err != nil {
		return fmt.Sprintf("%s: %v", e.g.dec, err)
	}
	if e.g.dec == DecMoveDir && e.g.mover >= 0 {
		return fmt.Sprintf("%s: %s %s", e.g.dec, ColourNames[e.g.mover], x)
	}
	return fmt.Sprintf("%s: %s", e.g.dec, x)
}
