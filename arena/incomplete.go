package arena

import (
	"context"
	"errors"
	"fmt"
	"slices"
)

// ErrIncomplete is returned by [Runner.Run] when, the run over with no game
// failed and no interruption, some planned games of the tournament are not
// in the store (deleted behind the arena's back while it ran): running the
// same schedule again plays them.
var ErrIncomplete = errors.New("arena: tournament incomplete after its run")

// checkPlan returns an error wrapping [ErrIncomplete] unless every planned
// game of sched is recorded in the store s.
func checkPlan(ctx context.Context, s RunStore, sched Schedule) error {
	id := sched.Info.ID
	played, err := s.PlayedKeys(ctx, id)
	if err != nil {
		return err
	}
	var missing []string
	for _, f := range sched.Fixtures {
		if !played[f.Key] {
			missing = append(missing, f.Key)
		}
	}
	if len(missing) == 0 {
		return nil
	}
	return fmt.Errorf("%w: %s: %d of its %d planned games are not recorded (%s); run it again to play them",
		ErrIncomplete, id, len(missing), len(sched.Fixtures), keyList(missing))
}

// maxListedKeys is how many game keys a message lists.
const maxListedKeys = 10

// keyList lists keys for a message, the first maxListedKeys of them.
func keyList(keys []string) string {
	if len(keys) <= maxListedKeys {
		return fmt.Sprintf("%q", keys)
	}
	return fmt.Sprintf("%q and %d more", slices.Clip(keys[:maxListedKeys]), len(keys)-maxListedKeys)
}
