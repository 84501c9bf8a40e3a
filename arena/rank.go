package arena

import (
	"fmt"
	"slices"
)

// RanksOf returns the ranks of seats whose final values are v, higher
// better: a seat's place is one more than the number of seats with a higher
// value.
//
// Ranks are the finishing places of a game's seats throughout the arena:
// ranks[i] is seat i's place, 1 for the first; seats that tie share the best
// place of their tie and the next place is skipped (competition ranking: 1,
// 1, 3). For two seats, {1, 2} is a win of seat 0 (side X), {2, 1} a win of
// seat 1 and {1, 1} a draw.
func RanksOf(v []float64) []int {
	r := make([]int, len(v))
	for i, x := range v {
		r[i] = 1
		for _, y := range v {
			if y > x {
				r[i]++
			}
		}
	}
	return r
}

// FaultRanks returns the ranks of a game of k seats ended by the fault of
// seat s: s is last (place k) and the others share the first place. For two
// seats it is a win of the other seat.
func FaultRanks(k, s int) []int {
	r := make([]int, k)
	for i := range r {
		r[i] = 1
	}
	r[s] = k
	return r
}

// RanksFor returns the two-seat ranks of result r, nil for an invalid one.
func RanksFor(r Result) []int {
	switch r {
	case WinX:
		return []int{1, 2}
	case WinY:
		return []int{2, 1}
	case Draw:
		return []int{1, 1}
	}
	return nil
}

// ResultOf returns the two-seat result of ranks: [ResultUnspecified] unless
// there are two seats with valid ranks.
func ResultOf(ranks []int) Result {
	if len(ranks) != 2 {
		return ResultUnspecified
	}
	switch {
	case ranks[0] == 1 && ranks[1] == 2:
		return WinX
	case ranks[0] == 2 && ranks[1] == 1:
		return WinY
	case ranks[0] == 1 && ranks[1] == 1:
		return Draw
	}
	return ResultUnspecified
}

// SeatScore returns seat s's score in a game with ranks: the seats it
// finished ahead of plus half the seats it tied with, over the other seats,
// in [0, 1]. For two seats: 1 for a win, ½ for a draw, 0 for a loss.
func SeatScore(ranks []int, s int) float64 {
	if len(ranks) < 2 {
		return 0
	}
	var pts float64
	for j, r := range ranks {
		switch {
		case j == s:
		case ranks[s] < r:
			pts++
		case ranks[s] == r:
			pts += 0.5
		}
	}
	return pts / float64(len(ranks)-1)
}

// checkRanks reports whether ranks are the competition ranking of some
// finishing order of at least two seats.
func checkRanks(ranks []int) error {
	if len(ranks) < 2 {
		return fmt.Errorf("ranks %v: fewer than two seats", ranks)
	}
	sorted := slices.Sorted(slices.Values(ranks))
	for i, r := range sorted {
		// In a competition ranking the i-th smallest place is i+1 or the
		// place of the one before it.
		if r != i+1 && (i == 0 || r != sorted[i-1]) {
			return fmt.Errorf("ranks %v: not a finishing order (places 1, 1, 3 for a tie at the top)", ranks)
		}
	}
	return nil
}
