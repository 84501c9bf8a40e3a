package arena

import "math/bits"

// PairSeed returns the game seed of round round on scenario scenarioID in a
// tournament seeded tournamentSeed. Every pairing plays the same seeds in the
// same round (common random numbers: bots are compared on the same
// situations), both games of a pair share the seed, and the seed does not
// depend on the list of bots, on the number of games or on the order of
// play, so adding a bot to a tournament does not change the other games.
//
// The function is SplitMix64 mixing over the FNV-1a hash of scenarioID. It is
// part of the tournament identity ([ScheduleVersion]): changing it breaks
// resuming old tournaments.
func PairSeed(tournamentSeed uint64, scenarioID string, round int) uint64 {
	h := mix64(tournamentSeed + 0x9e3779b97f4a7c15)
	h = mix64(h ^ fnv1a(scenarioID))
	return mix64(h ^ uint64(round))
}

// orderSeed returns the seed of the shuffled order of play in round round.
func orderSeed(tournamentSeed uint64, round int) uint64 {
	return PairSeed(tournamentSeed, "\x00order", round)
}

// mix64 is the SplitMix64 output function.
func mix64(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// fnv1a is the 64-bit FNV-1a hash of s.
func fnv1a(s string) uint64 {
	h := uint64(0xcbf29ce484222325)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 0x100000001b3
	}
	return h
}

// splitMix is a SplitMix64 generator. It is ours rather than math/rand's so
// that the order of play can never change under a Go upgrade.
type splitMix struct{ state uint64 }

// next returns the next 64 random bits.
func (g *splitMix) next() uint64 {
	g.state += 0x9e3779b97f4a7c15
	return mix64(g.state)
}

// intn returns a number in [0, n) (multiply-high; the bias is below 2^-32
// for the sizes used here).
func (g *splitMix) intn(n int) int {
	hi, _ := bits.Mul64(g.next(), uint64(n))
	return int(hi)
}

// shuffle permutes n elements with the Fisher-Yates algorithm.
func (g *splitMix) shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		swap(i, g.intn(i+1))
	}
}
