package env_test

import (
	"testing"

	"github.com/flickarena/flickarena/env"
)

// TestEnvKey_Golden pins the seeding derivation: changing it changes every
// recorded trajectory, so it must be a deliberate, versioned decision.
func TestEnvKey_Golden(t *testing.T) {
	tests := []struct {
		seed  uint64
		index int
		want  uint64
	}{
		{0, 0, 0xa706dd2f4d197e6f},
		{1, 2, 0x0b95f66d327e8d78},
		{42, 4095, 0x57ae0d2612c94cc4},
	}
	for _, tt := range tests {
		if got := env.EnvKey(tt.seed, tt.index); got != tt.want {
			t.Errorf("EnvKey(%d, %d) = %#x, want %#x", tt.seed, tt.index, got, tt.want)
		}
	}
	key := env.EnvKey(1, 2)
	for _, tt := range []struct {
		episode uint64
		want    uint64
	}{{0, 0x80bae62f6546396b}, {7, 0x97eab56f00ad87f5}} {
		if got := env.EpisodeRand(key, tt.episode).Uint64(); got != tt.want {
			t.Errorf("EpisodeRand(%#x, %d).Uint64() = %#x, want %#x", key, tt.episode, got, tt.want)
		}
	}
}

// TestEnvKey_Distinct checks that the envs of a pool, and the episodes of
// an env, get distinct streams.
func TestEnvKey_Distinct(t *testing.T) {
	keys := make(map[uint64]int)
	for _, seed := range []uint64{0, 1, 2} {
		for i := range 4096 {
			k := env.EnvKey(seed, i)
			if prev, dup := keys[k]; dup {
				t.Fatalf("EnvKey(%d, %d) = key of entry %d", seed, i, prev)
			}
			keys[k] = len(keys)
		}
	}
	first := make(map[uint64]uint64)
	for e := range uint64(4096) {
		x := env.EpisodeRand(env.EnvKey(0, 0), e).Uint64()
		if prev, dup := first[x]; dup {
			t.Fatalf("episodes %d and %d start with the same draw", prev, e)
		}
		first[x] = e
	}
}
