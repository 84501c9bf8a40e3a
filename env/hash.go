package env

import "math"

// Hasher builds a [Game.Hash] from the state's fields, one 64-bit word at a
// time: each word is XORed into the running sum, which is then scrambled by
// the SplitMix64 finaliser. It is fast, stable across runs, versions and
// platforms (golden files may record its sums), and not cryptographic.
//
// Feed fields in a fixed order (never in map order). Floats are hashed by
// their bits, so -0 and +0 differ and so do distinct NaNs: a state hash
// detects any divergence of a trajectory.
type Hasher struct {
	sum uint64
}

// Uint64 adds x.
func (h *Hasher) Uint64(x uint64) { h.sum = mix(h.sum ^ x) }

// Int adds x.
func (h *Hasher) Int(x int) { h.Uint64(uint64(x)) }

// Bool adds b as 1 or 0.
func (h *Hasher) Bool(b bool) {
	if b {
		h.Uint64(1)
	} else {
		h.Uint64(0)
	}
}

// Float64 adds the bits of x.
func (h *Hasher) Float64(x float64) { h.Uint64(math.Float64bits(x)) }

// Float32 adds the bits of x.
func (h *Hasher) Float32(x float32) { h.Uint64(uint64(math.Float32bits(x))) }

// String adds the length and bytes of s.
func (h *Hasher) String(s string) {
	h.Int(len(s))
	for i := 0; i < len(s); i++ {
		h.Uint64(uint64(s[i]))
	}
}

// Sum returns the hash of everything added so far.
func (h *Hasher) Sum() uint64 { return h.sum }
