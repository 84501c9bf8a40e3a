package store

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena"
)

// CSVColumns are the columns of [WriteCSV], in order. One row is one seat of
// one game:
//
//	game          the game's row id in the store, unique in the database
//	tournament    the tournament's id
//	game_key      the game's key, unique within the tournament
//	rotation_set  the rotation set: the games on one scenario and seed with the
//	              seating rotated (for two seats, the pair with sides swapped),
//	              as tournament|pair id; the cluster of the rating intervals
//	round         the round, from 1
//	scenario      the scenario's rating name, with its version and options
//	              ("race-v1:players=3")
//	seats         the game's number of seats
//	seed          the game's seed
//	seat          the seat, from 0
//	seat_name     the seat's name as the game names it ("lawmen"; "player 1"
//	              for a game that names none)
//	bot           the bot in the seat
//	bot_version   its version
//	rank          the seat's finishing place: 1 for the first, seats that tie
//	              share the best place of their tie (1, 1, 3)
//	points        the seat's final score in the game's points (0 for a game
//	              without points, or played before points were recorded)
//	score         the seat's result against the other seats in [0, 1]: the
//	              seats it finished ahead of plus half those it tied with,
//	              over the other seats (two seats: 1 win, 0.5 draw, 0 loss)
//	first_mover   1 for the seat that moved first, else 0
//	termination   how the game ended: normal, turn-limit, timeout, illegal,
//	              crash or disconnect (the last four a bot's fault: it is
//	              last, the others share the first place)
//	end_kind      the kind of a normal end in the game's words, the same for
//	              every game that ended the same way; empty when the game
//	              gives none
//	reason        why the game ended, in full ("noon: the lawmen have more
//	              hit points (3 to 1)"), or the fault's message
//	turns         the game's length in turns
var CSVColumns = []string{"game", "tournament", "game_key", "rotation_set", "round", "scenario", "seats", "seed",
	"seat", "seat_name", "bot", "bot_version", "rank", "points", "score", "first_mover", "termination", "end_kind",
	"reason", "turns"}

// WriteCSV writes games as CSV (RFC 4180, a header row of [CSVColumns]), one
// row per game and seat, in the order of games and seats. seatNames returns
// the names of the seats of a scenario given by its [arena.RatingScenario] name, or
// nil for "player 1" to "player N"; it may be nil.
//
// A text value that a spreadsheet would take for a formula, one starting
// with '=', '+', '-', '@', a tab or a carriage return (a bot's name or
// version as a remote bot gives them, a reason), is written with a single
// quote before it ('=1+1), as OWASP's guidance on CSV injection recommends;
// the numeric columns are written as they are.
//
// The rows read as long-format rankings: R's PlackettLuce takes them with
// rankings(d, id = "game", item = "bot", rank = "rank"), and grouping the rows
// by game, ordered by rank, gives the orderings that Python's choix fits.
func WriteCSV(w io.Writer, games []arena.GameRecord, seatNames func(scenario string) []string) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns); err != nil {
		return fmt.Errorf("arena: write csv: %w", err)
	}
	row := make([]string, len(CSVColumns))
	for _, g := range games {
		if len(g.Ranks) != len(g.Bots) {
			return fmt.Errorf("arena: write csv: game %q has %d ranks for %d seats", g.Key, len(g.Ranks), len(g.Bots))
		}
		scenario := arena.RatingScenario(g.Scenario)
		var names []string
		if seatNames != nil {
			names = seatNames(scenario)
		}
		for s, b := range g.Bots {
			name := "player " + strconv.Itoa(s+1)
			if len(names) == len(g.Bots) {
				name = names[s]
			}
			var pts float64
			if s < len(g.Points) {
				pts = g.Points[s]
			}
			first := "0"
			if s == g.FirstMover {
				first = "1"
			}
			row = append(row[:0],
				strconv.FormatInt(g.ID, 10), csvText(g.TournamentID), csvText(g.Key), csvText(g.TournamentID+"|"+g.PairID),
				strconv.Itoa(g.Round+1), csvText(scenario), strconv.Itoa(len(g.Bots)), strconv.FormatUint(g.Seed, 10),
				strconv.Itoa(s), csvText(name), csvText(b.Name), csvText(b.Version), strconv.Itoa(g.Ranks[s]),
				strconv.FormatFloat(pts, 'g', -1, 64), strconv.FormatFloat(arena.SeatScore(g.Ranks, s), 'g', -1, 64), first,
				csvText(g.Termination.String()), csvText(g.EndKind), csvText(g.Reason), strconv.Itoa(g.Turns))
			if err := cw.Write(row); err != nil {
				return fmt.Errorf("arena: write csv: %w", err)
			}
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("arena: write csv: %w", err)
	}
	return nil
}

// csvText returns the text value v for a CSV cell: with a single quote
// before it when a spreadsheet would take it for a formula, its first byte
// being '=', '+', '-', '@', a tab or a carriage return (OWASP's list for CSV
// injection).
func csvText(v string) string {
	if v != "" && strings.IndexByte("=+-@\t\r", v[0]) >= 0 {
		return "'" + v
	}
	return v
}
