package arena

// Scenario identifies the game and starting set-up a match is played on, as
// the environment registry names it.
type Scenario struct {
	// ID is the scenario's registry id, e.g. "flickemup/showdown-v9", or a
	// name the Referee maps to one (see [EnvRefereeConfig.Scenarios]).
	// Non-empty, unique within a tournament, stable across runs.
	ID string `json:"id"`
	// Version is the scenario's rules version, e.g. "1". It is recorded with
	// every game and is part of the tournament identity.
	Version string `json:"version"`
	// Hash is an optional content hash of the scenario data, recorded for
	// reproducibility; empty when the environment provides none.
	Hash string `json:"hash,omitempty"`
	// Seats is the number of seats of the scenario's games, at least 2; 0
	// means 2 (and keeps a two-seat scenario's identity, hence its
	// tournaments' ids, as before seats were counted).
	Seats int `json:"seats,omitempty"`
	// SeatNames are the names of the seats as the game names them, by seat
	// ("lawmen", "outlaws"; env.SeatNames), or nil when the referee gives
	// none. They are not part of the tournament identity (a scenario named
	// otherwise is the same scenario): the store records them beside the
	// tournament, in a table of their own (the store's RecordTournament), and
	// reads them back with the tournament's games, so that a reader names
	// the seats of a scenario it cannot set up itself (a designer's file).
	SeatNames []string `json:"-"`
}

// NumSeats returns the number of seats of the scenario's games: Seats, or 2
// when it is 0.
func (s Scenario) NumSeats() int {
	if s.Seats == 0 {
		return 2
	}
	return s.Seats
}
