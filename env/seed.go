package env

import "math/rand/v2"

// Seeding. Every env of a Vector owns a 64-bit key; episode e of the env
// draws from a PCG generator seeded from (key, e) alone. No generator is
// shared between envs and no seed depends on the order in which workers
// pick envs, so results never depend on scheduling or GOMAXPROCS.
//
//	key    = EnvKey(poolSeed, offset+index)     after Vector.Reset(poolSeed)
//	key    = seeds[index]                        after Vector.ResetMask(mask, seeds)
//	game   = PCG(mix(key ^ gameDomain),     mix(e ^ mix(key)))
//	policy = PCG(mix(key ^ opponentDomain), mix(e ^ mix(key)))
//	league = PCG(mix(key ^ leagueDomain),   mix(e ^ mix(key)))
//
// where mix is the SplitMix64 finaliser (a bijection on uint64). The episode
// number e starts at 0 when the key is set and grows by one at every reset
// of that env (autoreset or partial reset).

// Domain constants separate the streams drawn from one (key, episode).
const (
	gameDomain     = 0x67616d652d726e67 // "game-rng"
	opponentDomain = 0x6f70702d706f6c79 // "opp-poly"
	leagueDomain   = 0x6c65616775652d64 // "league-d": opponent and seat of a SingleAgent episode
	golden         = 0x9e3779b97f4a7c15 // 2^64 / φ, odd
)

// mix is the SplitMix64 output function: a fast bijective scrambler.
func mix(z uint64) uint64 {
	z += golden
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// EnvKey returns the key of env index in a Vector reset with poolSeed:
// mix(mix(poolSeed) + index·golden). Distinct indices of one pool seed get
// distinct keys. To replay env i of a pool seeded s alone, reset a
// one-env Vector with ResetMask(nil, []uint64{EnvKey(s, i)}).
func EnvKey(poolSeed uint64, index int) uint64 {
	return mix(mix(poolSeed) + uint64(index)*golden)
}

// episodeSeed returns the PCG seeds of episode e of key in stream domain.
// Distinct (key, e) pairs give distinct seeds within a domain.
func episodeSeed(key, e, domain uint64) (hi, lo uint64) {
	return mix(key ^ domain), mix(e ^ mix(key))
}

// EpisodeRand returns a new generator in the state the Vector gives to
// Game.Reset for episode e of an env with key. It lets a test or a replay
// tool rebuild any episode outside a Vector.
func EpisodeRand(key, e uint64) *rand.Rand {
	return rand.New(rand.NewPCG(episodeSeed(key, e, gameDomain)))
}
