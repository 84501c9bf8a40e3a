package rating

import (
	"fmt"
	"math"

	"github.com/flickarena/flickarena/internal/enum"
)

// Side is one of the two sides (teams, factions) of a scenario.
type Side int8

const (
	// SideX is side 0: the first team of the scenario (e.g. the lawmen).
	SideX Side = 0
	// SideY is side 1: the second team (e.g. the outlaws).
	SideY Side = 1
)

// Valid reports whether s is SideX or SideY.
func (s Side) Valid() bool { return s == SideX || s == SideY }

// Other returns the opposing side. It is meaningful only for a valid side.
func (s Side) Other() Side { return 1 - s }

// String returns "X" or "Y" (the form the arena stores), or "Side(n)" for an
// invalid value.
func (s Side) String() string {
	return enum.Name(s, "Side", "X", "Y")
}

// End says how a game ended (the termination of §1).
type End int8

const (
	// EndNormal means the rules of the scenario ended the game.
	EndNormal End = iota
	// EndTurnLimit means the scenario's turn or time limit ended the game; the
	// result is the adjudicated one.
	EndTurnLimit
	// EndTimeout means a bot exceeded its decision deadline and lost (bot fault).
	EndTimeout
	// EndIllegal means a bot sent an illegal action and lost (bot fault).
	EndIllegal
	// EndCrash means a bot's process crashed and it lost (bot fault).
	EndCrash
	// EndDisconnect means a remote bot's connection dropped and it lost (bot fault).
	EndDisconnect
	// EndVoid is an arena fault. The game does not count anywhere in this
	// package (it is skipped by every statistic) and is replayed by the arena.
	EndVoid
)

var endNames = [...]string{"normal", "turn limit", "timeout", "illegal", "crash", "disconnect", "void"}

// String returns a lower-case name such as "turn limit".
func (e End) String() string {
	if e >= 0 && int(e) < len(endNames) {
		return endNames[e]
	}
	return fmt.Sprintf("End(%d)", int8(e))
}

// Forfeit reports whether the game was decided by a bot fault (timeout,
// illegal action, crash or disconnect).
func (e End) Forfeit() bool {
	return e >= EndTimeout && e <= EndDisconnect
}

// Game is one finished game between two bots on one scenario: the input record
// of every statistic in this package.
//
// The result is always read from side X's view. Bots are identified by name
// only; a bot may play both sides (a mirror game), which informs the side
// advantage but not the ratings.
type Game struct {
	// X is the name of the bot that played side X (side 0).
	X string
	// Y is the name of the bot that played side Y (side 1).
	Y string
	// Scenario is the scenario's name (with its version, if the caller
	// versions scenarios: a changed scenario is a different scenario).
	Scenario string
	// First is the side that moved first.
	First Side
	// Score is side X's points: 1 (X won), 0.5 (draw) or 0 (Y won).
	Score float64
	// Pair identifies the pair of games played on the same scenario and seed
	// with sides swapped. Games sharing a Pair form one cluster for the
	// cluster-robust errors and one pentanomial outcome. Empty means unpaired.
	Pair string
	// End is how the game ended; EndVoid games are skipped.
	End End
	// Turns is the game's length in turns, used by [Balances]; 0 means
	// unknown.
	Turns int
	// Round is the tournament round, written to PGN; 0 means unknown.
	Round int
	// Reason is why a game that ended by the rules ended, in the game's own
	// words ("the lawmen held out until noon"), used by [Balances]; empty
	// means not given.
	Reason string
}

// Void reports whether the game is voided and so skipped.
func (g *Game) Void() bool { return g.End == EndVoid }

// validate checks one game record. Void games are checked too: a malformed
// record is a bug wherever it is.
func (g *Game) validate() error {
	switch {
	case g.X == "" || g.Y == "":
		return fmt.Errorf("empty bot name (X %q, Y %q)", g.X, g.Y)
	case g.First != SideX && g.First != SideY:
		return fmt.Errorf("first mover %v is neither X nor Y", g.First)
	case g.End < EndNormal || g.End > EndVoid:
		return fmt.Errorf("unknown termination %v", g.End)
	case g.Turns < 0:
		return fmt.Errorf("negative length %d turns", g.Turns)
	case g.Void():
		return nil
	case g.Score != 0 && g.Score != 0.5 && g.Score != 1:
		if math.IsNaN(g.Score) {
			return fmt.Errorf("score is NaN")
		}
		return fmt.Errorf("score %v is not 0, 0.5 or 1", g.Score)
	}
	return nil
}

// validateAll checks every game and wraps the first failure in a
// [*GameError].
func validateAll(games []Game) error {
	for i := range games {
		if err := games[i].validate(); err != nil {
			return &GameError{Index: i, Err: err}
		}
	}
	return nil
}
