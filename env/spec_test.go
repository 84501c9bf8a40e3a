package env_test

import (
	"errors"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// testSpec returns a small valid spec: a Flick 'em Up!-like hybrid space.
func testSpec() *env.Spec {
	return &env.Spec{
		ID:         "test/hybrid-v1",
		NumPlayers: 2,
		Obs: []env.Field{
			{Name: "pos", Size: 4, Low: -100, High: 100, Doc: "cm"},
			{Name: "alive", Size: 2, Low: 0, High: 1},
		},
		Heads: []env.Head{
			{Name: "kind", N: 3, Values: []string{"move", "shoot", "end"}},
			{Name: "cowboy", N: 5},
		},
		Dims: []env.Dim{
			{Name: "vx", Low: -300, High: 300, Unit: "cm/s"},
			{Name: "facing", Low: -math.Pi, High: math.Pi, Unit: "rad"},
		},
	}
}

func TestSpec_Sizes(t *testing.T) {
	s := testSpec()
	if got := s.ObsSize(); got != 6 {
		t.Errorf("ObsSize = %d, want 6", got)
	}
	if got := s.MaskSize(); got != 8 {
		t.Errorf("MaskSize = %d, want 8", got)
	}
	if got := s.MaskOffset(1); got != 3 {
		t.Errorf("MaskOffset(1) = %d, want 3", got)
	}
	if got := s.NVec(); !slices.Equal(got, []int{3, 5}) {
		t.Errorf("NVec = %v, want [3 5]", got)
	}
	if got := s.BoxSize(); got != 10 {
		t.Errorf("BoxSize = %d, want 10", got)
	}
	if got := s.MultiDiscreteNVec(11); !slices.Equal(got, []int{3, 5, 11, 11}) {
		t.Errorf("MultiDiscreteNVec(11) = %v, want [3 5 11 11]", got)
	}
	low, high := make([]float32, 6), make([]float32, 6)
	s.ObsBounds(low, high)
	if !slices.Equal(low, []float32{-100, -100, -100, -100, 0, 0}) || !slices.Equal(high, []float32{100, 100, 100, 100, 1, 1}) {
		t.Errorf("ObsBounds = %v, %v", low, high)
	}
}

func TestSpec_Validate(t *testing.T) {
	nan := float32(math.NaN())
	tests := []struct {
		name   string
		modify func(s *env.Spec)
		want   string // substring of the error; "" for valid
	}{
		{"OK", func(s *env.Spec) {}, ""},
		{"OnlyDims", func(s *env.Spec) { s.Heads = nil }, ""},
		{"OnlyHeads", func(s *env.Spec) { s.Dims = nil }, ""},
		{"BadID", func(s *env.Spec) { s.ID = "Test" }, "id"},
		{"NoVersion", func(s *env.Spec) { s.ID = "test/hybrid" }, "id"},
		{"NoPlayers", func(s *env.Spec) { s.NumPlayers = 0 }, "NumPlayers"},
		{"TooManyPlayers", func(s *env.Spec) { s.NumPlayers = 65 }, "NumPlayers"},
		{"NoObs", func(s *env.Spec) { s.Obs = nil }, "no observation"},
		{"NoAction", func(s *env.Spec) { s.Heads, s.Dims = nil, nil }, "no action"},
		{"NegativeLimit", func(s *env.Spec) { s.MaxEpisodeSteps = -1 }, "MaxEpisodeSteps"},
		{"DuplicateField", func(s *env.Spec) { s.Obs[1].Name = "pos" }, "duplicate"},
		{"EmptyFieldSize", func(s *env.Spec) { s.Obs[0].Size = 0 }, "size"},
		{"FieldBoundsReversed", func(s *env.Spec) { s.Obs[0].Low = 200 }, "bounds"},
		{"FieldBoundNaN", func(s *env.Spec) { s.Obs[0].High = nan }, "bounds"},
		{"HeadNoValues", func(s *env.Spec) { s.Heads[1].N = 0 }, "N 0"},
		{"HeadValueNames", func(s *env.Spec) { s.Heads[0].Values = []string{"a"} }, "value names"},
		{"HeadDimSameName", func(s *env.Spec) { s.Dims[0].Name = "kind" }, "duplicate"},
		{"DimEmptyRange", func(s *env.Spec) { s.Dims[0].Low = 300 }, "bounds"},
		{"DimInfinite", func(s *env.Spec) { s.Dims[1].High = float32(math.Inf(1)) }, "bounds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := testSpec()
			tt.modify(s)
			err := s.Validate()
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Validate() = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("Validate() = %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

func TestSpec_Check(t *testing.T) {
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	mask := []bool{true, false, true, true, true, true, true, false} // kind: no shoot; cowboy: not 4
	tests := []struct {
		name      string
		discrete  []int32
		cont      []float32
		mask      []bool
		wantField string // "" for legal
	}{
		{"OK", []int32{0, 3}, []float32{100, 0}, mask, ""},
		{"OKBounds", []int32{2, 0}, []float32{-300, math.Pi}, mask, ""},
		{"NoMask", []int32{1, 4}, []float32{0, 0}, nil, ""},
		{"Masked", []int32{1, 0}, []float32{0, 0}, mask, `discrete[0] "kind"`},
		{"MaskedSecond", []int32{0, 4}, []float32{0, 0}, mask, `discrete[1] "cowboy"`},
		{"TooHigh", []int32{0, 5}, []float32{0, 0}, nil, `discrete[1] "cowboy"`},
		{"Negative", []int32{-1, 0}, []float32{0, 0}, nil, `discrete[0] "kind"`},
		{"NaN", []int32{0, 0}, []float32{nan, 0}, nil, `continuous[0] "vx"`},
		{"Inf", []int32{0, 0}, []float32{0, inf}, nil, `continuous[1] "facing"`},
		{"AboveHigh", []int32{0, 0}, []float32{300.5, 0}, nil, `continuous[0] "vx"`},
		{"ShortDiscrete", []int32{0}, []float32{0, 0}, nil, "discrete"},
		{"LongContinuous", []int32{0, 0}, []float32{0, 0, 0}, nil, "continuous"},
		{"ShortMask", []int32{0, 0}, []float32{0, 0}, mask[:3], "mask"},
	}
	s := testSpec()
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := s.Check(env.Action{Discrete: tt.discrete, Continuous: tt.cont}, tt.mask)
			if tt.wantField == "" {
				if err != nil {
					t.Errorf("Check = %v, want nil", err)
				}
				return
			}
			var ae *env.ActionError
			if !errors.As(err, &ae) || !errors.Is(err, env.ErrIllegalAction) {
				t.Fatalf("Check = %v, want an *ActionError", err)
			}
			if ae.Field != tt.wantField || ae.Env != -1 {
				t.Errorf("Check error field %q env %d, want %q -1", ae.Field, ae.Env, tt.wantField)
			}
		})
	}
}

func TestActionError_Error(t *testing.T) {
	tests := []struct {
		err  *env.ActionError
		want string
	}{
		{&env.ActionError{Env: 3, Field: `discrete[1] "cowboy"`, Reason: "value 7 out of range [0, 5)"},
			`env: env 3: illegal action: discrete[1] "cowboy": value 7 out of range [0, 5)`},
		{&env.ActionError{Env: -1, Field: "action", Reason: "cowboy 2 has no bullet"},
			`env: illegal action: action: cowboy 2 has no bullet`},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}
