package env_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/env"
)

func TestHasher(t *testing.T) {
	sum := func(feed func(h *env.Hasher)) uint64 {
		var h env.Hasher
		feed(&h)
		return h.Sum()
	}
	// Golden: the hash function is part of the golden-file contract.
	if got := sum(func(h *env.Hasher) { h.Uint64(1); h.Float64(0.5); h.String("abc") }); got != 0x48917abcd58a6219 {
		t.Errorf("golden sum = %#x, want 0x48917abcd58a6219", got)
	}
	pairs := []struct {
		name string
		a, b func(h *env.Hasher)
	}{
		{"Order", func(h *env.Hasher) { h.Int(1); h.Int(2) }, func(h *env.Hasher) { h.Int(2); h.Int(1) }},
		{"SignedZero", func(h *env.Hasher) { h.Float64(0) }, func(h *env.Hasher) { h.Float64(math.Copysign(0, -1)) }},
		{"Bool", func(h *env.Hasher) { h.Bool(true) }, func(h *env.Hasher) { h.Bool(false) }},
		{"StringSplit", func(h *env.Hasher) { h.String("ab"); h.String("c") }, func(h *env.Hasher) { h.String("a"); h.String("bc") }},
		{"Float32", func(h *env.Hasher) { h.Float32(1) }, func(h *env.Hasher) { h.Float32(1.0000001) }},
		{"HighBit", func(h *env.Hasher) { h.Uint64(1 << 63); h.Uint64(0) }, func(h *env.Hasher) { h.Uint64(0); h.Uint64(0) }},
	}
	for _, p := range pairs {
		if sum(p.a) == sum(p.b) {
			t.Errorf("%s: different inputs hash equal", p.name)
		}
	}
}
