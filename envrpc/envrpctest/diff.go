package envrpctest

import (
	"fmt"
	"math"

	"github.com/flickarena/flickarena/env"
)

// DiffBatch returns "" if got and want are equal bit for bit (floats by
// their bits), or a description of the first difference: the field, the
// env and both values.
func DiffBatch(got, want *env.Batch) string {
	if got == nil || want == nil {
		if got == want {
			return ""
		}
		return fmt.Sprintf("batch is %v, want %v", got, want)
	}
	if got.NumEnvs != want.NumEnvs || got.NumPlayers != want.NumPlayers || got.ObsSize != want.ObsSize || got.MaskSize != want.MaskSize {
		return fmt.Sprintf("sizes (envs, players, obs, mask) = (%d, %d, %d, %d), want (%d, %d, %d, %d)",
			got.NumEnvs, got.NumPlayers, got.ObsSize, got.MaskSize, want.NumEnvs, want.NumPlayers, want.ObsSize, want.MaskSize)
	}
	for _, d := range []string{
		diff("env_id", got.EnvID, want.EnvID, 1),
		diffF("obs", got.Obs, want.Obs, want.ObsSize),
		diffF("reward", got.Reward, want.Reward, want.NumPlayers),
		diff("terminated", got.Terminated, want.Terminated, 1),
		diff("truncated", got.Truncated, want.Truncated, 1),
		diff("current_player", got.CurrentPlayer, want.CurrentPlayer, 1),
		diff("action_mask", got.Mask, want.Mask, want.MaskSize),
		diff("state_hash", got.StateHash, want.StateHash, 1),
		diff("episode", got.Episode, want.Episode, 1),
		diff("illegal", got.Illegal, want.Illegal, 1),
		diffF("episode_return", got.EpisodeReturn, want.EpisodeReturn, want.NumPlayers),
		diff("episode_length", got.EpisodeLength, want.EpisodeLength, 1),
		diffF("final_obs", got.FinalObs, want.FinalObs, want.ObsSize),
		diff("final_state_hash", got.FinalStateHash, want.FinalStateHash, 1),
		diff("agent_seat", got.AgentSeat, want.AgentSeat, 1),
	} {
		if d != "" {
			return d
		}
	}
	return ""
}

// diff compares two row-major slices of rows of width values.
func diff[T comparable](name string, got, want []T, width int) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%s has %d values, want %d", name, len(got), len(want))
	}
	for k := range got {
		if got[k] != want[k] {
			return fmt.Sprintf("%s: env %d [%d] = %v, want %v", name, k/max(width, 1), k%max(width, 1), got[k], want[k])
		}
	}
	return ""
}

// diffF compares float32 slices by their bits.
func diffF(name string, got, want []float32, width int) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%s has %d values, want %d", name, len(got), len(want))
	}
	for k := range got {
		if math.Float32bits(got[k]) != math.Float32bits(want[k]) {
			return fmt.Sprintf("%s: env %d [%d] = %v, want %v", name, k/max(width, 1), k%max(width, 1), got[k], want[k])
		}
	}
	return ""
}
