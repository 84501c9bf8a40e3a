package rating

import (
	"fmt"
	"slices"
)

// Limits of a [Ranking], so that the cost of a fit stays bounded: the
// likelihood of a shared place of t seats sums over its 2^t subsets (3^t
// for the draw-adjusted variance under a prior).
const (
	// MaxSeats is the largest number of seats of a ranking.
	MaxSeats = 64
	// MaxShared is the largest number of seats sharing one place.
	MaxShared = 12
)

// Ranking is one finished game of any number of seats: the input record of
// [FitRankings]. Seat 0 is the reference of the seat advantages.
type Ranking struct {
	// Bots names the bot of each seat, seat 0 first.
	Bots []string
	// Ranks is each seat's finishing place, 0 the best; equal ranks share a
	// place (a draw). Only their order matters: {0, 2, 2} and {0, 1, 1} are
	// the same ranking.
	Ranks []int
	// Scenario is the scenario's name (with its options and version: a
	// different scenario has its own seat advantages).
	Scenario string
	// Cluster identifies the rotation set the game belongs to (the games of
	// one seed with the seating rotated; for two seats, the pair). Games
	// sharing a Cluster form one cluster of the cluster-robust errors; empty
	// means a cluster of its own.
	Cluster string
	// Void marks an arena fault: the game is skipped.
	Void bool
}

// validate checks one ranking (void ones too: a malformed record is a bug
// wherever it is).
func (r *Ranking) validate() error {
	switch {
	case len(r.Bots) < 2:
		return fmt.Errorf("%d seats, want at least 2", len(r.Bots))
	case len(r.Bots) > MaxSeats:
		return fmt.Errorf("%d seats, want at most %d", len(r.Bots), MaxSeats)
	case len(r.Ranks) != len(r.Bots):
		return fmt.Errorf("%d ranks for %d seats", len(r.Ranks), len(r.Bots))
	}
	for s, b := range r.Bots {
		if b == "" {
			return fmt.Errorf("seat %d: empty bot name", s)
		}
	}
	count := make(map[int]int, len(r.Ranks))
	for s, k := range r.Ranks {
		if k < 0 {
			return fmt.Errorf("seat %d: negative rank %d", s, k)
		}
		count[k]++
		if count[k] > MaxShared {
			return fmt.Errorf("%d seats share rank %d, want at most %d", count[k], k, MaxShared)
		}
	}
	return nil
}

// places returns the seats grouped by shared place, best first, each group
// in seat order.
func (r *Ranking) places() [][]int {
	ranks := slices.Clone(r.Ranks)
	slices.Sort(ranks)
	ranks = slices.Compact(ranks)
	groups := make([][]int, len(ranks))
	for s, k := range r.Ranks {
		i, _ := slices.BinarySearch(ranks, k)
		groups[i] = append(groups[i], s)
	}
	return groups
}

// RankingsFromGames converts two-seat games to rankings: side X is seat 0,
// a win ranks the winner first, a draw shares the place, the pair is the
// cluster and a void game is void. [FitRankings] of the result is [Fit] of
// the games (with the side term of a scenario read as −1 × seat 1's
// advantage), except that rankings carry no first mover. An invalid game
// gives a [*GameError].
func RankingsFromGames(games []Game) ([]Ranking, error) {
	if err := validateAll(games); err != nil {
		return nil, err
	}
	out := make([]Ranking, len(games))
	for i, g := range games {
		ranks := []int{0, 0}
		switch g.Score {
		case 1:
			ranks[1] = 1
		case 0:
			ranks[0] = 1
		}
		out[i] = Ranking{Bots: []string{g.X, g.Y}, Ranks: ranks, Scenario: g.Scenario, Cluster: g.Pair, Void: g.Void()}
	}
	return out, nil
}
