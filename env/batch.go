package env

// Batch holds the result of the last Reset or Step of a [Vector], in
// struct-of-arrays layout, row-major, batch first (row i is env i). Its
// buffers are allocated once by the Vector (or handed to it by the caller,
// [Vector.BindBatch]) and overwritten by every call: the caller reads them
// (or copies them) before the next call and never writes to them.
//
// Sizes: N = NumEnvs, P = NumPlayers, O = ObsSize, M = MaskSize.
type Batch struct {
	// NumEnvs, NumPlayers, ObsSize and MaskSize give the row widths.
	NumEnvs, NumPlayers, ObsSize, MaskSize int

	// EnvID [N] is the index of each row's env: always 0..N-1, as
	// EnvPool's info["env_id"].
	EnvID []int32

	// Obs [N×O] is each env's observation: the agent's seat's in the
	// SingleAgent view, the current player's in SelfPlay.
	Obs []float32

	// Reward [N×P] is, for each env and seat, the sum of the rewards of
	// every transition made in that env during this call: the outcome
	// (+1 win, -1 loss, 0 draw) at the end, Config.Shaping × the game's
	// shaping reward after each move, minus Config.IllegalPenalty for a
	// replaced action. Zero after a reset.
	Reward []float32

	// Terminated [N] says the episode ended in a terminal state of the
	// game (its rules ended it).
	Terminated []bool

	// Truncated [N] says the episode was cut short (step limit, game's
	// safety cap, or a game fault) in a non-terminal state. Terminated
	// and Truncated are never both true.
	Truncated []bool

	// CurrentPlayer [N] is the seat whose action the next Step applies;
	// the agent's seat (AgentSeat) for every running env in the
	// SingleAgent view.
	CurrentPlayer []int32

	// AgentSeat [N] is, in the SingleAgent view only (nil otherwise), the
	// seat the agent plays in the episode that the row's Reward and
	// EpisodeReturn belong to: always 0 with [SeatZero]. Read the agent's
	// reward as Reward[i×P+AgentSeat[i]]. In SameStep mode, on a row whose
	// episode ended, it is the ended episode's seat, while CurrentPlayer,
	// Obs and Mask describe the new episode (whose seat CurrentPlayer is).
	AgentSeat []int32

	// Mask [N×M] is the legal-action mask of the current player, head by
	// head (see [Spec.MaskOffset]). For an env whose episode is over (its
	// next action is ignored, or refused) every entry is true.
	Mask []bool

	// StateHash [N] is [Game.Hash] of each env's state (0 for a failed
	// env).
	StateHash []uint64

	// Episode [N] is the number of the episode Obs belongs to, counted
	// from 0 since the env's key was set (see [EnvKey]).
	Episode []uint64

	// Illegal [N] says that ReplaceIllegal replaced the env's action.
	Illegal []bool

	// EpisodeReturn [N×P] is, on the call where an episode ended (its
	// Terminated or Truncated is set), the sum of all Reward rows of
	// that episode for each seat, as Gymnasium's info["episode"]["r"];
	// zero on other rows.
	EpisodeReturn []float32

	// EpisodeLength [N] is, on the call where an episode ended, its
	// number of Vector steps; zero on other rows.
	EpisodeLength []int32

	// FinalObs [N×O] is, in SameStep mode only (nil otherwise), the final
	// observation of an episode that ended during this call; zero on
	// other rows.
	FinalObs []float32

	// FinalStateHash [N] is, in SameStep mode only (nil otherwise), the
	// final state hash of an episode that ended during this call; zero on
	// other rows.
	FinalStateHash []uint64
}

// newBatch allocates a Batch for n envs.
func newBatch(n, p, obs, mask int, sameStep, singleAgent bool) Batch {
	b := Batch{
		NumEnvs: n, NumPlayers: p, ObsSize: obs, MaskSize: mask,
		EnvID:         make([]int32, n),
		Obs:           make([]float32, n*obs),
		Reward:        make([]float32, n*p),
		Terminated:    make([]bool, n),
		Truncated:     make([]bool, n),
		CurrentPlayer: make([]int32, n),
		Mask:          make([]bool, n*mask),
		StateHash:     make([]uint64, n),
		Episode:       make([]uint64, n),
		Illegal:       make([]bool, n),
		EpisodeReturn: make([]float32, n*p),
		EpisodeLength: make([]int32, n),
	}
	for i := range b.EnvID {
		b.EnvID[i] = int32(i)
	}
	if singleAgent {
		b.AgentSeat = make([]int32, n)
	}
	if sameStep {
		b.FinalObs = make([]float32, n*obs)
		b.FinalStateHash = make([]uint64, n)
	}
	return b
}

// ObsAt returns env i's observation row (a view, no copy).
func (b *Batch) ObsAt(i int) []float32 { return b.Obs[i*b.ObsSize : (i+1)*b.ObsSize] }

// MaskAt returns env i's mask row (a view, no copy).
func (b *Batch) MaskAt(i int) []bool { return b.Mask[i*b.MaskSize : (i+1)*b.MaskSize] }

// RewardAt returns env i's reward row, one entry per seat (a view, no copy).
func (b *Batch) RewardAt(i int) []float32 { return b.Reward[i*b.NumPlayers : (i+1)*b.NumPlayers] }

// Done reports whether env i's episode ended: Terminated[i] || Truncated[i].
func (b *Batch) Done(i int) bool { return b.Terminated[i] || b.Truncated[i] }
