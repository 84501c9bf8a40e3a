package env

import (
	"errors"
	"fmt"
	"math"
)

// Spec is the static description of a game: its players, its observation
// layout and its action space. A Game returns the same Spec for its whole
// life; two games made by the same factory with the same options have equal
// Specs.
type Spec struct {
	// ID is the versioned game id the game is registered under, for
	// example "flickemup/showdown-v9" (see [ValidID]).
	ID string

	// NumPlayers is the number of seats, P ≥ 1. Seats are numbered 0..P-1.
	NumPlayers int

	// Obs lists the fields of the observation vector in order. The
	// observation is the concatenation of the fields, ObsSize() float32s
	// in all.
	Obs []Field

	// Heads are the discrete parts of an action, in order. Head h takes a
	// value in [0, Heads[h].N).
	Heads []Head

	// Dims are the continuous parts of an action, in order. Dim d takes a
	// finite value in [Dims[d].Low, Dims[d].High].
	Dims []Dim

	// MaxEpisodeSteps is the game's recommended episode length limit, in
	// Vector steps, after which a Vector truncates the episode; 0 means no
	// limit. [Config.MaxEpisodeSteps] overrides it.
	MaxEpisodeSteps int
}

// Field is one named, contiguous run of the observation vector.
type Field struct {
	// Name is a short identifier, unique within the Spec ("score").
	Name string
	// Size is the number of float32s in the field, ≥ 1.
	Size int
	// Low and High bound every value of the field, inclusive. The
	// conformance suite checks that observations stay within them.
	Low, High float32
	// Doc says what the values mean and in which unit.
	Doc string
}

// Head is one discrete part of an action.
type Head struct {
	// Name is a short identifier, unique among heads ("cowboy").
	Name string
	// N is the number of values, ≥ 1. Values are 0..N-1.
	N int
	// Values optionally names each value (len N), for documentation and
	// viewers; nil means unnamed.
	Values []string
}

// Dim is one continuous part of an action.
type Dim struct {
	// Name is a short identifier, unique among dims ("vx").
	Name string
	// Low and High bound the value, inclusive, Low < High, in Unit.
	Low, High float32
	// Unit is the physical unit of the value ("cm/s", "rad"), or "" for a
	// dimensionless value.
	Unit string
}

// maxPlayers bounds Spec.NumPlayers; it keeps reward rows small and catches
// uninitialised specs.
const maxPlayers = 64

// ObsSize returns the length of an observation: the sum of the field sizes.
func (s *Spec) ObsSize() int {
	n := 0
	for _, f := range s.Obs {
		n += f.Size
	}
	return n
}

// MaskSize returns the length of a legal-action mask: the sum of the head
// sizes. The mask of head h occupies [MaskOffset(h), MaskOffset(h)+Heads[h].N).
func (s *Spec) MaskSize() int {
	n := 0
	for _, h := range s.Heads {
		n += h.N
	}
	return n
}

// MaskOffset returns the index of the first mask entry of head h.
func (s *Spec) MaskOffset(h int) int {
	n := 0
	for _, hd := range s.Heads[:h] {
		n += hd.N
	}
	return n
}

// NVec returns the number of values of each head, as Gymnasium's
// MultiDiscrete nvec.
func (s *Spec) NVec() []int {
	nvec := make([]int, len(s.Heads))
	for h, hd := range s.Heads {
		nvec[h] = hd.N
	}
	return nvec
}

// ObsBounds writes the lower and upper bound of every observation entry
// into low and high, each of length ObsSize().
func (s *Spec) ObsBounds(low, high []float32) {
	i := 0
	for _, f := range s.Obs {
		for range f.Size {
			low[i], high[i] = f.Low, f.High
			i++
		}
	}
}

// NewAction returns an Action with buffers sized for the spec.
func (s *Spec) NewAction() Action {
	return Action{
		Discrete:   make([]int32, len(s.Heads)),
		Continuous: make([]float32, len(s.Dims)),
	}
}

// NewActions returns a zeroed batch of n actions sized for the spec.
func (s *Spec) NewActions(n int) Actions {
	return Actions{
		Discrete:   make([]int32, n*len(s.Heads)),
		Continuous: make([]float32, n*len(s.Dims)),
	}
}

// Validate reports whether the spec is well formed: a valid id, 1 to 64
// players, at least one observation field and at least one action part,
// positive sizes, unique non-empty names, finite bounds with Low ≤ High for
// fields and Low < High for dims.
func (s *Spec) Validate() error {
	var errs []error
	if !ValidID(s.ID) {
		errs = append(errs, fmt.Errorf("id %q is not of the form name-vN", s.ID))
	}
	if s.NumPlayers < 1 || s.NumPlayers > maxPlayers {
		errs = append(errs, fmt.Errorf("NumPlayers %d outside [1, %d]", s.NumPlayers, maxPlayers))
	}
	if len(s.Obs) == 0 {
		errs = append(errs, errors.New("no observation field"))
	}
	if len(s.Heads)+len(s.Dims) == 0 {
		errs = append(errs, errors.New("no action head or dim"))
	}
	if s.MaxEpisodeSteps < 0 {
		errs = append(errs, fmt.Errorf("MaxEpisodeSteps %d is negative", s.MaxEpisodeSteps))
	}
	seen := make(map[string]bool)
	for i, f := range s.Obs {
		if f.Name == "" || seen["obs/"+f.Name] {
			errs = append(errs, fmt.Errorf("obs field %d: empty or duplicate name %q", i, f.Name))
		}
		seen["obs/"+f.Name] = true
		if f.Size < 1 {
			errs = append(errs, fmt.Errorf("obs field %q: size %d < 1", f.Name, f.Size))
		}
		if !finite32(f.Low) || !finite32(f.High) || f.Low > f.High {
			errs = append(errs, fmt.Errorf("obs field %q: bad bounds [%g, %g]", f.Name, f.Low, f.High))
		}
	}
	for i, h := range s.Heads {
		if h.Name == "" || seen["act/"+h.Name] {
			errs = append(errs, fmt.Errorf("head %d: empty or duplicate name %q", i, h.Name))
		}
		seen["act/"+h.Name] = true
		if h.N < 1 {
			errs = append(errs, fmt.Errorf("head %q: N %d < 1", h.Name, h.N))
		}
		if h.Values != nil && len(h.Values) != h.N {
			errs = append(errs, fmt.Errorf("head %q: %d value names for N %d", h.Name, len(h.Values), h.N))
		}
	}
	for i, d := range s.Dims {
		if d.Name == "" || seen["act/"+d.Name] {
			errs = append(errs, fmt.Errorf("dim %d: empty or duplicate name %q", i, d.Name))
		}
		seen["act/"+d.Name] = true
		if !finite32(d.Low) || !finite32(d.High) || d.Low >= d.High {
			errs = append(errs, fmt.Errorf("dim %q: bad bounds [%g, %g]", d.Name, d.Low, d.High))
		}
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("env: invalid spec %q: %w", s.ID, err)
	}
	return nil
}

// Check reports whether a is well formed for the spec and allowed by mask:
// the right number of heads and dims, every discrete value in [0, N) and
// allowed by mask (when mask is not nil), every continuous value finite and
// within [Low, High]. It does not check the game's joint rules; see
// [Game.Validate]. A violation is returned as an *[ActionError] with Env -1.
// Check never panics, whatever a and mask hold.
func (s *Spec) Check(a Action, mask []bool) error {
	if len(a.Discrete) != len(s.Heads) {
		return &ActionError{Env: -1, Field: "discrete", Reason: fmt.Sprintf("%d values, want %d", len(a.Discrete), len(s.Heads))}
	}
	if len(a.Continuous) != len(s.Dims) {
		return &ActionError{Env: -1, Field: "continuous", Reason: fmt.Sprintf("%d values, want %d", len(a.Continuous), len(s.Dims))}
	}
	if mask != nil && len(mask) != s.MaskSize() {
		return &ActionError{Env: -1, Field: "mask", Reason: fmt.Sprintf("%d entries, want %d", len(mask), s.MaskSize())}
	}
	off := 0
	for h, hd := range s.Heads {
		v := a.Discrete[h]
		switch {
		case v < 0 || int(v) >= hd.N:
			return &ActionError{Env: -1, Field: s.headField(h), Reason: fmt.Sprintf("value %d out of range [0, %d)", v, hd.N)}
		case mask != nil && !mask[off+int(v)]:
			return &ActionError{Env: -1, Field: s.headField(h), Reason: fmt.Sprintf("value %d is masked out", v)}
		}
		off += hd.N
	}
	for d, dm := range s.Dims {
		x := a.Continuous[d]
		switch {
		case !finite32(x):
			return &ActionError{Env: -1, Field: s.dimField(d), Reason: fmt.Sprintf("value %g is not finite", x)}
		case x < dm.Low || x > dm.High:
			return &ActionError{Env: -1, Field: s.dimField(d), Reason: fmt.Sprintf("value %g outside [%g, %g]", x, dm.Low, dm.High)}
		}
	}
	return nil
}

// headField names head h for an ActionError: `discrete[1] "target"`.
func (s *Spec) headField(h int) string { return fmt.Sprintf("discrete[%d] %q", h, s.Heads[h].Name) }

// dimField names dim d for an ActionError: `continuous[0] "vx"`.
func (s *Spec) dimField(d int) string { return fmt.Sprintf("continuous[%d] %q", d, s.Dims[d].Name) }

// finite32 reports whether x is neither NaN nor infinite.
func finite32(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }
