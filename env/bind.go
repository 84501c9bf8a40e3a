package env

import "fmt"

// BindBatch makes the Vector write its results into the slices of b, memory
// the caller owns (a NumPy array's, a C caller's), instead of the buffers it
// allocated: from then on every Reset and Step writes each env's row
// straight there, with no copy, and returns a Batch whose slices are b's.
//
// Every slice of b must have its field's length for the Vector's N envs
// (see [Batch]: Obs N×ObsSize, Reward N×NumPlayers, Terminated, Truncated,
// CurrentPlayer, StateHash, Episode, Illegal and EpisodeLength N, Mask
// N×MaskSize, EpisodeReturn N×NumPlayers); AgentSeat [N] is required in
// the SingleAgent view and must be nil otherwise, FinalObs [N×ObsSize] and
// FinalStateHash [N] in SameStep mode, nil otherwise. b's EnvID and sizes
// are ignored (the Vector keeps its own). A wrong length wraps [ErrShape],
// and then nothing changes.
//
// The current rows are copied into b first, so a Vector bound between
// calls goes on exactly as before: trajectories never depend on where the
// batch lives. The memory must stay valid, and the caller must not write
// to it, while it is bound: the Vector reads back its previous rows (the
// flags of the last call decide which rows to clear, and the masks decode
// flattened actions). BindBatch may be called again to move the batch.
func (v *Vector) BindBatch(b Batch) error {
	if v.closed {
		return ErrClosed
	}
	n, p, o, m := v.n, v.p, v.obs, v.msk
	single, same := v.cfg.View == SingleAgent, v.cfg.Autoreset == SameStep
	opt := func(on bool, k int) int {
		if on {
			return k
		}
		return 0
	}
	for _, f := range []struct {
		name      string
		got, want int
		nilOK     bool // the field must be nil (want is 0 and the mode lacks it)
	}{
		{"Obs", len(b.Obs), n * o, false},
		{"Reward", len(b.Reward), n * p, false},
		{"Terminated", len(b.Terminated), n, false},
		{"Truncated", len(b.Truncated), n, false},
		{"CurrentPlayer", len(b.CurrentPlayer), n, false},
		{"Mask", len(b.Mask), n * m, false},
		{"StateHash", len(b.StateHash), n, false},
		{"Episode", len(b.Episode), n, false},
		{"Illegal", len(b.Illegal), n, false},
		{"EpisodeReturn", len(b.EpisodeReturn), n * p, false},
		{"EpisodeLength", len(b.EpisodeLength), n, false},
		{"AgentSeat", len(b.AgentSeat), opt(single, n), !single},
		{"FinalObs", len(b.FinalObs), opt(same, n*o), !same},
		{"FinalStateHash", len(b.FinalStateHash), opt(same, n), !same},
	} {
		if f.got != f.want {
			what := fmt.Sprintf("%d", f.want)
			if f.nilOK {
				what = "nil (the Vector's mode has no such field)"
			}
			return fmt.Errorf("%w: bind batch: %s has %d entries, want %s", ErrShape, f.name, f.got, what)
		}
	}
	old := &v.batch
	copy(b.Obs, old.Obs)
	copy(b.Reward, old.Reward)
	copy(b.Terminated, old.Terminated)
	copy(b.Truncated, old.Truncated)
	copy(b.CurrentPlayer, old.CurrentPlayer)
	copy(b.Mask, old.Mask)
	copy(b.StateHash, old.StateHash)
	copy(b.Episode, old.Episode)
	copy(b.Illegal, old.Illegal)
	copy(b.EpisodeReturn, old.EpisodeReturn)
	copy(b.EpisodeLength, old.EpisodeLength)
	copy(b.AgentSeat, old.AgentSeat)
	copy(b.FinalObs, old.FinalObs)
	copy(b.FinalStateHash, old.FinalStateHash)
	b.NumEnvs, b.NumPlayers, b.ObsSize, b.MaskSize = n, p, o, m
	b.EnvID = old.EnvID
	if !single {
		b.AgentSeat = nil
	}
	if !same {
		b.FinalObs, b.FinalStateHash = nil, nil
	}
	v.batch = b
	return nil
}
