package arena

import (
	"errors"
	"fmt"
)

// GameFilter selects recorded games (the store's Games and ReadGames). Empty
// fields match everything.
type GameFilter struct {
	// TournamentID keeps the games of one tournament.
	TournamentID string
	// ScenarioID keeps the games on one scenario.
	ScenarioID string
	// Bot keeps the games in which the named bot played either side.
	Bot string
}

// ErrMalformedGame is wrapped by the error of the store's Games for a recorded
// game that cannot be read as a game (one written behind the arena's back,
// or by a faulty build): a seat that does not exist or is missing, points
// that are not numbers, an unknown termination.
var ErrMalformedGame = errors.New("arena: malformed game")

// SkippedGame is a recorded game that a read of the store (ReadGames) left
// out because it cannot be read as a game.
type SkippedGame struct {
	// ID is the game's row id in the store.
	ID int64
	// TournamentID and Key are the game's, as stored (when they could be
	// read).
	TournamentID, Key string
	// Problem says what is wrong with it.
	Problem string
}

// String describes the skipped game for a warning.
func (g SkippedGame) String() string {
	return fmt.Sprintf("game %d (key %q of tournament %q): %s", g.ID, g.Key, g.TournamentID, g.Problem)
}

// GameList is what a read of the store (ReadGames) read: the games it could
// read, and those it skipped.
type GameList struct {
	// Games are the games read, in the store's order.
	Games []GameRecord
	// Skipped are the malformed games left out, in the store's order.
	Skipped []SkippedGame
}
