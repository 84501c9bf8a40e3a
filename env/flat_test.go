package env_test

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
)

func TestSpec_DecodeBox(t *testing.T) {
	nan := float32(math.NaN())
	// Layout: kind scores [3], cowboy scores [5], vx, facing (normalised).
	tests := []struct {
		name     string
		src      []float32
		mask     []bool
		discrete []int32
		cont     []float32
		wantErr  bool
	}{
		{"Argmax", []float32{0, 1, -1, 0, 0, 0, 0.5, 0, 0, 0}, nil, []int32{1, 3}, []float32{0, 0}, false},
		{"TiesToLowest", []float32{1, 1, 1, 0, 0, 0, 0, 0, 1, -1}, nil, []int32{0, 0}, []float32{300, -math.Pi}, false},
		{"NaNLoses", []float32{nan, -1, nan, nan, nan, nan, nan, -5, 0, 0}, nil, []int32{1, 4}, []float32{0, 0}, false},
		{"AllNaN", []float32{nan, nan, nan, nan, nan, nan, nan, nan, 0, 0}, nil, []int32{0, 0}, []float32{0, 0}, false},
		{"Clamped", []float32{0, 0, 0, 0, 0, 0, 0, 0, 7, -7}, nil, []int32{0, 0}, []float32{300, -math.Pi}, false},
		{"MaskedArgmax", []float32{0, 1, -1, 9, 0, 0, 0, 0, 0.5, 0}, []bool{true, false, true, false, true, true, true, true}, []int32{0, 1}, []float32{150, 0}, false},
		{"EmptyMaskHeadIgnored", []float32{0, 1, -1, 9, 0, 0, 0, 0, 0, 0}, []bool{false, false, false, true, true, true, true, true}, []int32{1, 0}, []float32{0, 0}, false},
		{"NaNContinuous", []float32{0, 0, 0, 0, 0, 0, 0, 0, nan, 0}, nil, nil, nil, true},
		{"Short", []float32{0, 0}, nil, nil, nil, true},
		{"BadMask", []float32{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, []bool{true}, nil, nil, true},
	}
	s := testSpec()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := s.NewAction()
			err := s.DecodeBox(a, tt.src, tt.mask)
			if (err != nil) != tt.wantErr {
				t.Fatalf("DecodeBox error = %v, want error %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if !slices.Equal(a.Discrete, tt.discrete) {
				t.Errorf("discrete = %v, want %v", a.Discrete, tt.discrete)
			}
			for d := range a.Continuous {
				if math.Abs(float64(a.Continuous[d]-tt.cont[d])) > 1e-4 {
					t.Errorf("continuous = %v, want %v", a.Continuous, tt.cont)
				}
			}
		})
	}
}

func TestSpec_MultiDiscrete(t *testing.T) {
	s := testSpec()
	tests := []struct {
		name     string
		src      []int64
		bins     int
		discrete []int32
		cont     []float32
		wantErr  error
	}{
		{"Ends", []int64{2, 4, 0, 10}, 11, []int32{2, 4}, []float32{-300, math.Pi}, nil},
		{"Middle", []int64{0, 0, 5, 5}, 11, []int32{0, 0}, []float32{0, 0}, nil},
		{"TwoBins", []int64{1, 1, 1, 0}, 2, []int32{1, 1}, []float32{300, -math.Pi}, nil},
		{"HeadOutOfRange", []int64{3, 0, 0, 0}, 11, nil, nil, env.ErrIllegalAction},
		{"BinOutOfRange", []int64{0, 0, 11, 0}, 11, nil, nil, env.ErrIllegalAction},
		{"NegativeBin", []int64{0, 0, 0, -1}, 11, nil, nil, env.ErrIllegalAction},
		{"OneBin", []int64{0, 0, 0, 0}, 1, nil, nil, env.ErrShape},
		{"MaxBins", []int64{0, 0, env.MaxBins - 1, 1}, env.MaxBins, []int32{0, 0}, []float32{300, -math.Pi + 2*math.Pi/(env.MaxBins-1)}, nil},
		{"TooManyBins", []int64{0, 0, 0, 0}, env.MaxBins + 1, nil, nil, env.ErrShape},
		{"Short", []int64{0, 0, 0}, 11, nil, nil, env.ErrShape},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := s.NewAction()
			err := s.DecodeMultiDiscrete(a, tt.src, tt.bins)
			if !errors.Is(err, tt.wantErr) || (tt.wantErr == nil && err != nil) {
				t.Fatalf("DecodeMultiDiscrete error = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if !slices.Equal(a.Discrete, tt.discrete) {
				t.Errorf("discrete = %v, want %v", a.Discrete, tt.discrete)
			}
			for d := range a.Continuous {
				if math.Abs(float64(a.Continuous[d]-tt.cont[d])) > 1e-4 {
					t.Errorf("continuous = %v, want %v", a.Continuous, tt.cont)
				}
			}
			back := make([]int64, len(tt.src))
			if err := s.EncodeMultiDiscrete(back, a, tt.bins); err != nil || !slices.Equal(back, tt.src) {
				t.Errorf("EncodeMultiDiscrete = %v, %v; want %v", back, err, tt.src)
			}
		})
	}
}

func TestSpec_DecodeBatch(t *testing.T) {
	s := testSpec()
	box := make([]float32, 3*s.BoxSize())
	box[1] = 1                                 // env 0 kind 1
	box[s.BoxSize()+2] = 1                     // env 1 kind 2
	box[2*s.BoxSize()+8] = float32(math.NaN()) // env 2 vx NaN
	dst := s.NewActions(3)
	err := s.DecodeBoxBatch(dst, box, nil)
	var ae *env.ActionError
	if !errors.As(err, &ae) || ae.Env != 2 || ae.Field != `continuous[0] "vx"` {
		t.Fatalf("DecodeBoxBatch = %v, want an ActionError for env 2, vx", err)
	}
	box[2*s.BoxSize()+8] = 0
	if err := s.DecodeBoxBatch(dst, box, nil); err != nil {
		t.Fatal(err)
	}
	if got := []int32{dst.Discrete[0], dst.Discrete[2], dst.Discrete[4]}; !slices.Equal(got, []int32{1, 2, 0}) {
		t.Errorf("kinds = %v, want [1 2 0]", got)
	}
	if err := s.DecodeBoxBatch(dst, box[:5], nil); !errors.Is(err, env.ErrShape) {
		t.Errorf("short batch: %v, want ErrShape", err)
	}
	md := []int64{0, 0, 0, 0, 1, 1, 1, 1, 2, 9, 0, 0}
	err = s.DecodeMultiDiscreteBatch(dst, md, 11)
	if !errors.As(err, &ae) || ae.Env != 2 || ae.Field != `discrete[1] "cowboy"` {
		t.Fatalf("DecodeMultiDiscreteBatch = %v, want an ActionError for env 2, cowboy", err)
	}
}

// floats reads float32s from data, 4 bytes each, little-endian.
func floats(data []byte) []float32 {
	out := make([]float32, len(data)/4)
	for i := range out {
		out[i] = math.Float32frombits(binary.LittleEndian.Uint32(data[4*i:]))
	}
	return out
}

func FuzzDecodeBox(f *testing.F) {
	s := testSpec()
	f.Add(make([]byte, 4*s.BoxSize()), uint8(0xff))
	f.Add([]byte{0, 0, 0xc0, 0x7f, 1, 2, 3, 4}, uint8(0x0f))
	f.Fuzz(func(t *testing.T, data []byte, maskBits uint8) {
		src := floats(data)
		// Masks from the bits: kind from bits 0-2, cowboy from 3-7.
		mask := make([]bool, s.MaskSize())
		for k := range mask {
			mask[k] = maskBits&(1<<k) != 0
		}
		a := s.NewAction()
		err := s.DecodeBox(a, src, mask)
		if err != nil {
			if !errors.Is(err, env.ErrShape) && !errors.Is(err, env.ErrIllegalAction) {
				t.Fatalf("DecodeBox error %v is neither ErrShape nor an ActionError", err)
			}
			return
		}
		// A decoded action is always within the spec, and within the mask
		// for every head the mask allows something in.
		if err := s.Check(a, nil); err != nil {
			t.Fatalf("decoded %v is outside the spec: %v", a, err)
		}
		for h, hd := range s.Heads {
			off := s.MaskOffset(h)
			if slices.Contains(mask[off:off+hd.N], true) && !mask[off+int(a.Discrete[h])] {
				t.Fatalf("head %d decoded to masked-out %d (mask %v)", h, a.Discrete[h], mask)
			}
		}
		// Encoding then decoding gives the action back.
		box := make([]float32, s.BoxSize())
		if err := s.EncodeBox(box, a); err != nil {
			t.Fatalf("EncodeBox(%v): %v", a, err)
		}
		b := s.NewAction()
		if err := s.DecodeBox(b, box, nil); err != nil {
			t.Fatalf("DecodeBox(EncodeBox(%v)): %v", a, err)
		}
		if !slices.Equal(a.Discrete, b.Discrete) {
			t.Fatalf("round trip: discrete %v -> %v", a.Discrete, b.Discrete)
		}
		for d, dm := range s.Dims {
			if tol := 1e-5 * float64(dm.High-dm.Low); math.Abs(float64(a.Continuous[d]-b.Continuous[d])) > tol {
				t.Fatalf("round trip: continuous %v -> %v", a.Continuous, b.Continuous)
			}
		}
	})
}

func FuzzDecodeMultiDiscrete(f *testing.F) {
	s := testSpec()
	f.Add(int64(0), int64(0), int64(0), int64(0), 11)
	f.Add(int64(2), int64(4), int64(10), int64(3), 11)
	f.Add(int64(-1), int64(9), int64(1<<40), int64(3), 0)
	f.Add(int64(1), int64(2), int64(40000), int64(65535), env.MaxBins)
	f.Fuzz(func(t *testing.T, k, c, x, y int64, bins int) {
		src := []int64{k, c, x, y}
		a := s.NewAction()
		err := s.DecodeMultiDiscrete(a, src, bins)
		if err != nil {
			if !errors.Is(err, env.ErrShape) && !errors.Is(err, env.ErrIllegalAction) {
				t.Fatalf("error %v is neither ErrShape nor an ActionError", err)
			}
			return
		}
		if err := s.Check(a, nil); err != nil {
			t.Fatalf("decoded %v is outside the spec: %v", a, err)
		}
		back := make([]int64, 4)
		if err := s.EncodeMultiDiscrete(back, a, bins); err != nil || !slices.Equal(back, src) {
			t.Fatalf("round trip %v -> %v (%v)", src, back, err)
		}
	})
}

func FuzzSpecCheck(f *testing.F) {
	s := testSpec()
	f.Add(int32(0), int32(0), float32(0), float32(0), uint8(0xff))
	f.Add(int32(3), int32(-1), float32(math.NaN()), float32(400), uint8(0))
	f.Fuzz(func(t *testing.T, k, c int32, vx, facing float32, maskBits uint8) {
		mask := make([]bool, s.MaskSize())
		for i := range mask {
			mask[i] = maskBits&(1<<i) != 0
		}
		a := env.Action{Discrete: []int32{k, c}, Continuous: []float32{vx, facing}}
		err := s.Check(a, mask)
		legal := k >= 0 && k < 3 && c >= 0 && c < 5 && mask[k] && mask[3+c] &&
			vx >= -300 && vx <= 300 && facing >= -math.Pi && facing <= math.Pi
		if legal != (err == nil) {
			t.Fatalf("Check(%v, %v) = %v, want legal %v", a, mask, err, legal)
		}
		if err != nil && !errors.Is(err, env.ErrIllegalAction) {
			t.Fatalf("Check error %v is not an ActionError", err)
		}
	})
}

// TestSpec_MultiDiscreteRoundTrip checks every bin of every dim for several
// bin counts up to MaxBins: decoding then encoding gives the bin back.
func TestSpec_MultiDiscreteRoundTrip(t *testing.T) {
	s := testSpec()
	a := s.NewAction()
	back := make([]int64, 4)
	for _, bins := range []int{2, 3, 11, 255, env.MaxBins} {
		for k := range int64(bins) {
			src := []int64{0, 0, k, int64(bins) - 1 - k}
			if err := s.DecodeMultiDiscrete(a, src, bins); err != nil {
				t.Fatalf("bins %d: decode %v: %v", bins, src, err)
			}
			if err := s.EncodeMultiDiscrete(back, a, bins); err != nil || !slices.Equal(back, src) {
				t.Fatalf("bins %d: round trip %v -> %v (%v)", bins, src, back, err)
			}
		}
	}
}
