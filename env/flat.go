package env

import (
	"fmt"
	"math"
)

// Flattened action spaces, for libraries that accept neither hybrid nor
// Dict actions (Stable-Baselines3 and most PPO/SAC code).
//
// Box: one float32 vector of BoxSize() = MaskSize() + len(Dims) values, all
// in [-1, 1]. The first MaskSize() values are scores, one per value of each
// head in mask order; a head decodes to the value with the highest score
// (argmax, ties to the lowest value, NaN scores lose). The last len(Dims)
// values are the continuous dims normalised to [-1, 1]: x decodes to
// Low + (x+1)/2·(High-Low), clamped to [Low, High]; a NaN is an error.
//
// MultiDiscrete: one int64 vector, nvec = MultiDiscreteNVec(bins): each head
// as itself, then each dim binned into bins ≥ 2 evenly spaced values from
// Low to High (bin k decodes to Low + k·(High-Low)/(bins-1)), with bins in
// [2, MaxBins].

// MaxBins is the largest number of bins per continuous dim of the
// MultiDiscrete flattening: beyond it, float32 values could no longer tell
// neighbouring bins apart.
const MaxBins = 1 << 16

// BoxSize returns the length of the flattened Box action.
func (s *Spec) BoxSize() int { return s.MaskSize() + len(s.Dims) }

// DecodeBox decodes the flattened Box action src (length BoxSize()) into
// dst (sized for the spec). If mask is not nil (length MaskSize()), each
// head's argmax is taken among the values the mask allows only, so a
// decoded discrete part is always allowed by the mask when any value is.
// It returns an error wrapping [ErrShape] for wrong lengths and an
// *[ActionError] for a NaN continuous value, and never panics.
func (s *Spec) DecodeBox(dst Action, src []float32, mask []bool) error {
	if len(src) != s.BoxSize() || len(dst.Discrete) != len(s.Heads) || len(dst.Continuous) != len(s.Dims) {
		return fmt.Errorf("%w: box action has %d values (want %d), destination %d+%d (want %d+%d)",
			ErrShape, len(src), s.BoxSize(), len(dst.Discrete), len(dst.Continuous), len(s.Heads), len(s.Dims))
	}
	if mask != nil && len(mask) != s.MaskSize() {
		return fmt.Errorf("%w: mask has %d entries, want %d", ErrShape, len(mask), s.MaskSize())
	}
	off := 0
	for h, hd := range s.Heads {
		scores := src[off : off+hd.N]
		var m []bool
		if mask != nil {
			m = mask[off : off+hd.N]
		}
		dst.Discrete[h] = int32(argmax(scores, m))
		off += hd.N
	}
	for d, dm := range s.Dims {
		x := src[off+d]
		if math.IsNaN(float64(x)) {
			return &ActionError{Env: -1, Field: s.dimField(d), Reason: "box value is NaN"}
		}
		dst.Continuous[d] = denormalise(x, dm)
	}
	return nil
}

// EncodeBox writes the Box encoding of a into dst (length BoxSize()): +1
// for each chosen value, -1 for the others, and each dim normalised to
// [-1, 1]. DecodeBox(EncodeBox(a)) gives back a's discrete part exactly
// and its continuous part within float32 rounding. It returns an error
// wrapping [ErrShape] for wrong lengths, and *[ActionError] (from
// [Spec.Check]) when a is outside the spec.
func (s *Spec) EncodeBox(dst []float32, a Action) error {
	if len(dst) != s.BoxSize() {
		return fmt.Errorf("%w: box action has %d values, want %d", ErrShape, len(dst), s.BoxSize())
	}
	if err := s.Check(a, nil); err != nil {
		return err
	}
	off := 0
	for h, hd := range s.Heads {
		for v := range hd.N {
			dst[off+v] = -1
		}
		dst[off+int(a.Discrete[h])] = 1
		off += hd.N
	}
	for d, dm := range s.Dims {
		dst[off+d] = normalise(a.Continuous[d], dm)
	}
	return nil
}

// MultiDiscreteNVec returns the nvec of the MultiDiscrete flattening with
// bins values per continuous dim: the head sizes, then bins per dim.
func (s *Spec) MultiDiscreteNVec(bins int) []int {
	nvec := s.NVec()
	for range s.Dims {
		nvec = append(nvec, bins)
	}
	return nvec
}

// DecodeMultiDiscrete decodes the MultiDiscrete action src (length
// len(Heads)+len(Dims)) into dst. It returns an error wrapping [ErrShape]
// for wrong lengths or bins outside [2, MaxBins] (with dims), an *[ActionError] for an index
// out of range, and never panics.
func (s *Spec) DecodeMultiDiscrete(dst Action, src []int64, bins int) error {
	if len(src) != len(s.Heads)+len(s.Dims) || len(dst.Discrete) != len(s.Heads) || len(dst.Continuous) != len(s.Dims) {
		return fmt.Errorf("%w: multi-discrete action has %d values (want %d), destination %d+%d (want %d+%d)",
			ErrShape, len(src), len(s.Heads)+len(s.Dims), len(dst.Discrete), len(dst.Continuous), len(s.Heads), len(s.Dims))
	}
	if err := s.checkBins(bins); err != nil {
		return err
	}
	for h, hd := range s.Heads {
		v := src[h]
		if v < 0 || v >= int64(hd.N) {
			return &ActionError{Env: -1, Field: s.headField(h), Reason: fmt.Sprintf("value %d out of range [0, %d)", v, hd.N)}
		}
		dst.Discrete[h] = int32(v)
	}
	for d, dm := range s.Dims {
		k := src[len(s.Heads)+d]
		if k < 0 || k >= int64(bins) {
			return &ActionError{Env: -1, Field: s.dimField(d), Reason: fmt.Sprintf("bin %d out of range [0, %d)", k, bins)}
		}
		dst.Continuous[d] = binValue(int(k), bins, dm)
	}
	return nil
}

// EncodeMultiDiscrete writes the MultiDiscrete encoding of a into dst: the
// head values, then for each dim the nearest of bins values (ties to the
// lower bin). It returns the same errors as [Spec.EncodeBox].
func (s *Spec) EncodeMultiDiscrete(dst []int64, a Action, bins int) error {
	if len(dst) != len(s.Heads)+len(s.Dims) {
		return fmt.Errorf("%w: multi-discrete action has %d values, want %d", ErrShape, len(dst), len(s.Heads)+len(s.Dims))
	}
	if err := s.checkBins(bins); err != nil {
		return err
	}
	if err := s.Check(a, nil); err != nil {
		return err
	}
	for h := range s.Heads {
		dst[h] = int64(a.Discrete[h])
	}
	for d, dm := range s.Dims {
		t := (float64(a.Continuous[d]) - float64(dm.Low)) / (float64(dm.High) - float64(dm.Low))
		k := int64(math.Ceil(t*float64(bins-1) - 0.5))
		dst[len(s.Heads)+d] = min(max(k, 0), int64(bins-1))
	}
	return nil
}

// DecodeBoxBatch decodes n = len(src)/BoxSize() Box actions into dst
// (sized for n envs), with masks ([n × MaskSize()], or nil) as in
// [Spec.DecodeBox]. An *[ActionError] carries the env index.
func (s *Spec) DecodeBoxBatch(dst Actions, src []float32, masks []bool) error {
	bs, ms := s.BoxSize(), s.MaskSize()
	if bs == 0 || len(src)%bs != 0 {
		return fmt.Errorf("%w: %d box values is not a multiple of %d", ErrShape, len(src), bs)
	}
	n := len(src) / bs
	if len(dst.Discrete) != n*len(s.Heads) || len(dst.Continuous) != n*len(s.Dims) || (masks != nil && len(masks) != n*ms) {
		return fmt.Errorf("%w: batch of %d box actions needs %d discrete, %d continuous, %d mask entries",
			ErrShape, n, n*len(s.Heads), n*len(s.Dims), n*ms)
	}
	for i := range n {
		var m []bool
		if masks != nil {
			m = masks[i*ms : (i+1)*ms]
		}
		if err := s.DecodeBox(dst.At(s, i), src[i*bs:(i+1)*bs], m); err != nil {
			return withEnv(err, i)
		}
	}
	return nil
}

// DecodeMultiDiscreteBatch decodes n = len(src)/(len(Heads)+len(Dims))
// MultiDiscrete actions into dst (sized for n envs) as
// [Spec.DecodeMultiDiscrete]. An *[ActionError] carries the env index.
func (s *Spec) DecodeMultiDiscreteBatch(dst Actions, src []int64, bins int) error {
	w := len(s.Heads) + len(s.Dims)
	if w == 0 || len(src)%w != 0 {
		return fmt.Errorf("%w: %d multi-discrete values is not a multiple of %d", ErrShape, len(src), w)
	}
	n := len(src) / w
	if err := s.checkBins(bins); err != nil {
		return err
	}
	if len(dst.Discrete) != n*len(s.Heads) || len(dst.Continuous) != n*len(s.Dims) {
		return fmt.Errorf("%w: batch of %d multi-discrete actions needs %d discrete, %d continuous",
			ErrShape, n, n*len(s.Heads), n*len(s.Dims))
	}
	for i := range n {
		if err := s.DecodeMultiDiscrete(dst.At(s, i), src[i*w:(i+1)*w], bins); err != nil {
			return withEnv(err, i)
		}
	}
	return nil
}

// checkBins returns an ErrShape error if the spec has dims and bins is
// outside [2, MaxBins].
func (s *Spec) checkBins(bins int) error {
	if len(s.Dims) > 0 && (bins < 2 || bins > MaxBins) {
		return fmt.Errorf("%w: %d bins per continuous dim, want 2 to %d", ErrShape, bins, MaxBins)
	}
	return nil
}

// argmax returns the index of the highest score among those mask allows
// (all when mask is nil or allows none); ties go to the lowest index and
// NaN scores lose to every number.
func argmax(scores []float32, mask []bool) int {
	if mask != nil {
		allowed := false
		for _, ok := range mask {
			allowed = allowed || ok
		}
		if !allowed {
			mask = nil
		}
	}
	best, bestScore := -1, float32(0)
	for v, x := range scores {
		if mask != nil && !mask[v] {
			continue
		}
		if best < 0 || x > bestScore || (bestScore != bestScore && x == x) {
			best, bestScore = v, x
		}
	}
	return best
}

// normalise maps x in [Low, High] to [-1, 1].
func normalise(x float32, d Dim) float32 {
	t := (float64(x)-float64(d.Low))/(float64(d.High)-float64(d.Low))*2 - 1
	return float32(min(max(t, -1), 1))
}

// denormalise maps x in [-1, 1] (clamped first) to [Low, High].
func denormalise(x float32, d Dim) float32 {
	t := (min(max(float64(x), -1), 1) + 1) / 2
	y := float32(float64(d.Low) + t*(float64(d.High)-float64(d.Low)))
	return min(max(y, d.Low), d.High)
}

// binValue returns the value of bin k of bins over [Low, High].
func binValue(k, bins int, d Dim) float32 {
	y := float32(float64(d.Low) + float64(k)*(float64(d.High)-float64(d.Low))/float64(bins-1))
	return min(max(y, d.Low), d.High)
}
