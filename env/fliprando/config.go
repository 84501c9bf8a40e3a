package fliprando

import "fmt"

// Config holds a game's arguments. The zero value of every switch is our
// ruling; setting one selects the alternative reading the package doc names.
type Config struct {
	// Players is the number of seats, 2 to 5.
	Players int
	// FirstPlayer is the seat that starts every round, in [0, Players), or
	// −1 to draw it from the game's rng at the deal.
	FirstPlayer int
	// Seed seeds the game's own generator (math/rand/v2 PCG) for the deal
	// and every later reshuffle.
	Seed uint64

	// MoveLegs selects the alternative to ruling A4: the MOVE multiplier
	// is the number of legs of a single activation (a JOKER or card-less
	// unit is then one leg) instead of the number of 3-leg activations.
	MoveLegs bool
	// LiteralPhase1 selects the alternative to ruling A10: in Phase 1 the
	// reactivated tile may be one of the two just blocked.
	LiteralPhase1 bool
	// SlotPerRound selects the alternative to ruling A12: each end of
	// round moves the counter one slot, Thunder and Lightning included,
	// which gives 19 rounds.
	SlotPerRound bool
	// HiddenWeather selects the alternative to ruling A13: weather tokens
	// are face down until the counter reaches them. It changes what an
	// observation shows, not the rules.
	HiddenWeather bool
	// NegativeScores selects the alternative to ruling A14: losing 3
	// points may take a score below 0.
	NegativeScores bool

	// Reward is the terminal reward of an [Env] (see the package doc, "Rewards"); the
	// engine does not read it.
	Reward Reward
}

// DefaultConfig returns our rulings for 2 players, seat 0 first, seed 0, the rank reward.
func DefaultConfig() Config { return Config{Players: 2} }

// Rounds returns the number of rounds a game with c lasts: 15, or 19
// with SlotPerRound.
func (c Config) Rounds() int {
	if c.SlotPerRound {
		return 19
	}
	return 15
}

// check validates c.
func (c Config) check() error {
	if c.Players < 2 || c.Players > MaxPlayers {
		return fmt.Errorf("fliprando: config: players %d outside [2, %d]", c.Players, MaxPlayers)
	}
	if c.FirstPlayer < -1 || c.FirstPlayer >= c.Players {
		return fmt.Errorf("fliprando: config: first player %d outside [-1, %d)", c.FirstPlayer, c.Players)
	}
	if c.Reward > RewardMargin {
		return fmt.Errorf("fliprando: config: reward %d unknown", c.Reward)
	}
	return nil
}

// MaxPlayers is the largest number of seats (there are 5 spirits).
const MaxPlayers = 5
