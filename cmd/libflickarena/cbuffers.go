package main

import (
	"unsafe"

	"github.com/flickarena/flickarena/envrpc"
)

// cBuffers returns the Buffers of the caller's arrays ptrs (FA_BUF_ order) for a pool of
// layout lay: a slice over each array of a field the pool has, of its layout's length
// (ptrs of the fields it lacks are ignored). A NULL or misaligned array of a field with
// elements is an InvalidArgument error naming it. The memory is the caller's (C memory,
// never Go's: nothing breaks cgo's pointer rules).
func cBuffers(lay [envrpc.NumBufFields]envrpc.BufLayout, ptrs []unsafe.Pointer) (envrpc.Buffers, error) {
	for f := range envrpc.NumBufFields {
		l := lay[f]
		if l.Len() == 0 {
			continue
		}
		p := ptrs[f]
		size := uintptr(l.Bytes() / l.Len())
		switch {
		case p == nil:
			return envrpc.Buffers{}, errorf("buffers", "buffers[%d] (%s) is NULL, but the pool has that field: %v of %v", int(f), f, l.Shape, l.DType)
		case uintptr(p)%size != 0:
			return envrpc.Buffers{}, errorf("buffers", "buffers[%d] (%s) at %p is not aligned to its dtype %v (%d bytes)", int(f), f, p, l.DType, size)
		}
	}
	f32 := func(f envrpc.BufField) []float32 { return view[float32](ptrs[f], lay[f]) }
	b8 := func(f envrpc.BufField) []bool { return view[bool](ptrs[f], lay[f]) }
	i32 := func(f envrpc.BufField) []int32 { return view[int32](ptrs[f], lay[f]) }
	u64 := func(f envrpc.BufField) []uint64 { return view[uint64](ptrs[f], lay[f]) }
	return envrpc.Buffers{
		Obs: f32(envrpc.BufObs), Reward: f32(envrpc.BufReward), Terminated: b8(envrpc.BufTerminated),
		Truncated: b8(envrpc.BufTruncated), CurrentPlayer: i32(envrpc.BufCurrentPlayer),
		ActionMask: b8(envrpc.BufActionMask), StateHash: u64(envrpc.BufStateHash), Episode: u64(envrpc.BufEpisode),
		Illegal: b8(envrpc.BufIllegal), EpisodeReturn: f32(envrpc.BufEpisodeReturn),
		EpisodeLength: i32(envrpc.BufEpisodeLength), FinalObs: f32(envrpc.BufFinalObs),
		FinalStateHash: u64(envrpc.BufFinalStateHash), ObsAllSeats: f32(envrpc.BufObsAllSeats),
		AgentSeat: i32(envrpc.BufAgentSeat), TeacherDiscrete: i32(envrpc.BufTeacherDiscrete),
		TeacherContinuous: f32(envrpc.BufTeacherContinuous),
	}, nil
}

// view returns the array at p as a slice of layout l's length (its element type is l's
// dtype), nil for a field without elements.
func view[T bool | int32 | uint64 | float32](p unsafe.Pointer, l envrpc.BufLayout) []T {
	if l.Len() == 0 {
		return nil
	}
	return unsafe.Slice((*T)(p), l.Len())
}
