package envrpc

import (
	"fmt"
	"strings"

	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// BufField names one array of a batch, in the order of the Batch message's fields (field
// number BufField+1) and of the C ABI's FA_BUF_ constants (cmd/libflickarena/flickarena.h).
type BufField int

// The arrays of a batch. N is the pool's envs, P its seats, O the observation size, M the
// mask size, H the action heads, D the continuous dims.
const (
	BufObs               BufField = iota // [N,O] float32
	BufReward                            // [N,P] float32
	BufTerminated                        // [N] bool
	BufTruncated                         // [N] bool
	BufCurrentPlayer                     // [N] int32
	BufActionMask                        // [N,M] bool
	BufStateHash                         // [N] uint64
	BufEpisode                           // [N] uint64
	BufIllegal                           // [N] bool
	BufEpisodeReturn                     // [N,P] float32
	BufEpisodeLength                     // [N] int32
	BufFinalObs                          // [N,O] float32, SAME_STEP autoreset only
	BufFinalStateHash                    // [N] uint64, SAME_STEP autoreset only
	BufObsAllSeats                       // [N,P,O] float32, observe_all_seats only
	BufAgentSeat                         // [N] int32, VIEW_SINGLE_AGENT only
	BufTeacherDiscrete                   // [N,H] int32, with a teacher only
	BufTeacherContinuous                 // [N,D] float32, with a teacher only
	NumBufFields                         // the number of fields: 17
)

// bufNames are the Batch message's names of the fields.
var bufNames = [NumBufFields]string{
	"obs", "reward", "terminated", "truncated", "current_player", "action_mask", "state_hash", "episode",
	"illegal", "episode_return", "episode_length", "final_obs", "final_state_hash", "obs_all_seats",
	"agent_seat", "teacher_discrete", "teacher_continuous",
}

// String returns the field's name in the Batch message ("obs", "action_mask").
func (f BufField) String() string {
	if f < 0 || f >= NumBufFields {
		return fmt.Sprintf("BufField(%d)", int(f))
	}
	return bufNames[f]
}

// Present is a set of BufFields, bit f for field f: the arrays a call filled, which are the
// tensors the wire's Batch carries for the same call.
type Present uint32

// alwaysPresent are the fields of every batch.
const alwaysPresent Present = 1<<(BufEpisodeLength+1) - 1

// Has reports whether f is in the set.
func (p Present) Has(f BufField) bool { return p&(1<<f) != 0 }

// String lists the fields of the set by name, "obs|reward|...".
func (p Present) String() string {
	var names []string
	for f := range NumBufFields {
		if p.Has(f) {
			names = append(names, f.String())
		}
	}
	return strings.Join(names, "|")
}

// BufLayout is the array of one field for a pool: its dtype and shape (C order), Shape nil
// when the pool has no such field.
type BufLayout struct {
	DType flickv1.DType
	Shape []int
}

// Len returns the number of elements of the array (0 for a field the pool lacks).
func (l BufLayout) Len() int {
	if l.Shape == nil {
		return 0
	}
	n := 1
	for _, d := range l.Shape {
		n *= d
	}
	return n
}

// Bytes returns the size of the array in bytes.
func (l BufLayout) Bytes() int { return l.Len() * dtypeSize(l.DType) }

// layout returns the arrays of the pool's batches, field by field.
func (p *pool) layout() [NumBufFields]BufLayout {
	g := p.game
	n, pl, o, m := p.n, g.NumPlayers, g.ObsSize(), g.MaskSize()
	f32, b8, i32, u64 := flickv1.DType_DTYPE_FLOAT32, flickv1.DType_DTYPE_BOOL, flickv1.DType_DTYPE_INT32, flickv1.DType_DTYPE_UINT64
	var out [NumBufFields]BufLayout
	set := func(f BufField, d flickv1.DType, shape ...int) { out[f] = BufLayout{DType: d, Shape: shape} }
	set(BufObs, f32, n, o)
	set(BufReward, f32, n, pl)
	set(BufTerminated, b8, n)
	set(BufTruncated, b8, n)
	set(BufCurrentPlayer, i32, n)
	set(BufActionMask, b8, n, m)
	set(BufStateHash, u64, n)
	set(BufEpisode, u64, n)
	set(BufIllegal, b8, n)
	set(BufEpisodeReturn, f32, n, pl)
	set(BufEpisodeLength, i32, n)
	has := p.present(p.vec.Batch())
	if has.Has(BufFinalObs) {
		set(BufFinalObs, f32, n, o)
		set(BufFinalStateHash, u64, n)
	}
	if has.Has(BufObsAllSeats) {
		set(BufObsAllSeats, f32, n, pl, o)
	}
	if has.Has(BufAgentSeat) {
		set(BufAgentSeat, i32, n)
	}
	if has.Has(BufTeacherDiscrete) {
		set(BufTeacherDiscrete, i32, n, len(g.Heads))
		set(BufTeacherContinuous, f32, n, len(g.Dims))
	}
	return out
}

// Buffers are the caller-owned arrays an in-process pool writes its batches into
// ([LocalPool.Bind]): one slice per field of the Batch message, C order, each of its
// [BufLayout]'s length, nil for a field the pool does not have. The field comments give
// the shapes (N envs, P seats, O observation size, M mask size, H heads, D dims).
type Buffers struct {
	Obs               []float32 // [N,O]
	Reward            []float32 // [N,P]
	Terminated        []bool    // [N]
	Truncated         []bool    // [N]
	CurrentPlayer     []int32   // [N]
	ActionMask        []bool    // [N,M]
	StateHash         []uint64  // [N]
	Episode           []uint64  // [N]
	Illegal           []bool    // [N]
	EpisodeReturn     []float32 // [N,P]
	EpisodeLength     []int32   // [N]
	FinalObs          []float32 // [N,O], SAME_STEP autoreset only
	FinalStateHash    []uint64  // [N], SAME_STEP autoreset only
	ObsAllSeats       []float32 // [N,P,O], observe_all_seats only
	AgentSeat         []int32   // [N], VIEW_SINGLE_AGENT only
	TeacherDiscrete   []int32   // [N,H], with a teacher only
	TeacherContinuous []float32 // [N,D], with a teacher only
}

// lens returns the length of each slice of b, by field.
func (b *Buffers) lens() [NumBufFields]int {
	return [NumBufFields]int{
		len(b.Obs), len(b.Reward), len(b.Terminated), len(b.Truncated), len(b.CurrentPlayer), len(b.ActionMask),
		len(b.StateHash), len(b.Episode), len(b.Illegal), len(b.EpisodeReturn), len(b.EpisodeLength),
		len(b.FinalObs), len(b.FinalStateHash), len(b.ObsAllSeats), len(b.AgentSeat),
		len(b.TeacherDiscrete), len(b.TeacherContinuous),
	}
}

// RawBytes returns the memory of field f of b as bytes, little-endian on every platform we
// build for: the bytes the wire's tensor of that field carries (no copy; nil for an empty
// field).
func (b *Buffers) RawBytes(f BufField) []byte {
	switch f {
	case BufObs:
		return rawBytes(b.Obs)
	case BufReward:
		return rawBytes(b.Reward)
	case BufTerminated:
		return rawBytes(b.Terminated)
	case BufTruncated:
		return rawBytes(b.Truncated)
	case BufCurrentPlayer:
		return rawBytes(b.CurrentPlayer)
	case BufActionMask:
		return rawBytes(b.ActionMask)
	case BufStateHash:
		return rawBytes(b.StateHash)
	case BufEpisode:
		return rawBytes(b.Episode)
	case BufIllegal:
		return rawBytes(b.Illegal)
	case BufEpisodeReturn:
		return rawBytes(b.EpisodeReturn)
	case BufEpisodeLength:
		return rawBytes(b.EpisodeLength)
	case BufFinalObs:
		return rawBytes(b.FinalObs)
	case BufFinalStateHash:
		return rawBytes(b.FinalStateHash)
	case BufObsAllSeats:
		return rawBytes(b.ObsAllSeats)
	case BufAgentSeat:
		return rawBytes(b.AgentSeat)
	case BufTeacherDiscrete:
		return rawBytes(b.TeacherDiscrete)
	case BufTeacherContinuous:
		return rawBytes(b.TeacherContinuous)
	}
	return nil
}

// newBuffers allocates Go-owned Buffers of layout l.
func newBuffers(l [NumBufFields]BufLayout) Buffers {
	f32 := func(f BufField) []float32 { return allocated[float32](l[f]) }
	b8 := func(f BufField) []bool { return allocated[bool](l[f]) }
	i32 := func(f BufField) []int32 { return allocated[int32](l[f]) }
	u64 := func(f BufField) []uint64 { return allocated[uint64](l[f]) }
	return Buffers{
		Obs: f32(BufObs), Reward: f32(BufReward), Terminated: b8(BufTerminated), Truncated: b8(BufTruncated),
		CurrentPlayer: i32(BufCurrentPlayer), ActionMask: b8(BufActionMask), StateHash: u64(BufStateHash),
		Episode: u64(BufEpisode), Illegal: b8(BufIllegal), EpisodeReturn: f32(BufEpisodeReturn),
		EpisodeLength: i32(BufEpisodeLength), FinalObs: f32(BufFinalObs), FinalStateHash: u64(BufFinalStateHash),
		ObsAllSeats: f32(BufObsAllSeats), AgentSeat: i32(BufAgentSeat),
		TeacherDiscrete: i32(BufTeacherDiscrete), TeacherContinuous: f32(BufTeacherContinuous),
	}
}

// allocated returns a zeroed slice for a field of layout l, nil for a field the pool lacks.
func allocated[T elem](l BufLayout) []T {
	if l.Shape == nil {
		return nil
	}
	return make([]T, l.Len())
}
