package rating

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// PGNConfig sets the header fields and the White convention of [WritePGN].
type PGNConfig struct {
	// Event names the tournament. The White convention is appended to it,
	// e.g. "Flickarena (White = the first seat)". Default "Flickarena".
	Event string
	// Site is the PGN Site tag. Default "?".
	Site string
	// Date is the PGN Date tag, "YYYY.MM.DD". Default "????.??.??".
	Date string
	// WhiteFirstMover makes White the bot that moved first; by default White
	// is the bot of the first seat (side X).
	WhiteFirstMover bool
	// SeatNames, if not nil, names the two seats of a game's scenario as its
	// game does ("lawmen", "outlaws"; "white", "black"), for the WhiteSeat
	// tag; a scenario it returns no names for gets no such tag.
	SeatNames func(scenario string) []string
}

// WritePGN writes the games, in order, as the minimal PGN that Ordo and
// BayesElo read: the Seven Tag Roster (Event, Site, Date, Round, White, Black,
// Result), then the custom tags Scenario, WhiteSide (X for the first seat, Y
// for the second), WhiteSeat (the seat's name, with [PGNConfig].SeatNames),
// FirstMover, PairId and Termination (both tools ignore unknown tags), a blank line, the result
// token and a blank line. There is no move text.
//
// Forfeits are written as wins with a Termination tag; void games as "*",
// which both tools skip. Bot names must consist of [A-Za-z0-9_.+-], because
// Ordo does not unescape quotes; scenario and pair names must not contain
// quotes, backslashes, brackets or control characters. Every game is checked
// before anything is written.
func WritePGN(w io.Writer, games []Game, cfg PGNConfig) error {
	if cfg.Event == "" {
		cfg.Event = "Flickarena"
	}
	if cfg.Site == "" {
		cfg.Site = "?"
	}
	if cfg.Date == "" {
		cfg.Date = "????.??.??"
	}
	convention := "the first seat"
	if cfg.WhiteFirstMover {
		convention = "first mover"
	}
	event := fmt.Sprintf("%s (White = %s)", cfg.Event, convention)
	for _, f := range [...]struct{ tag, v string }{{"Event", cfg.Event}, {"Site", cfg.Site}, {"Date", cfg.Date}} {
		if !safeTagValue(f.v) {
			return fmt.Errorf("rating: pgn: %s %q holds a quote, backslash, bracket or control character", f.tag, f.v)
		}
	}
	if err := validateAll(games); err != nil {
		return err
	}
	for i := range games {
		g := &games[i]
		for _, name := range [2]string{g.X, g.Y} {
			if !safeBotName(name) {
				return &GameError{Index: i, Err: fmt.Errorf("bot name %q has characters other than [A-Za-z0-9_.+-]", name)}
			}
		}
		for _, v := range [2]string{g.Scenario, g.Pair} {
			if !safeTagValue(v) {
				return &GameError{Index: i, Err: fmt.Errorf("name %q holds a quote, backslash, bracket or control character", v)}
			}
		}
	}

	bw := bufio.NewWriter(w)
	for i := range games {
		g := &games[i]
		whiteSide := SideX
		if cfg.WhiteFirstMover {
			whiteSide = g.First
		}
		white, black, whiteScore := g.X, g.Y, g.Score
		if whiteSide == SideY {
			white, black, whiteScore = g.Y, g.X, 1-g.Score
		}
		result := "*"
		if !g.Void() {
			switch whiteScore {
			case 1:
				result = "1-0"
			case 0.5:
				result = "1/2-1/2"
			default:
				result = "0-1"
			}
		}
		round := "?"
		if g.Round > 0 {
			round = strconv.Itoa(g.Round)
		}
		firstMover := "White"
		if g.First != whiteSide {
			firstMover = "Black"
		}
		tag(bw, "Event", event)
		tag(bw, "Site", cfg.Site)
		tag(bw, "Date", cfg.Date)
		tag(bw, "Round", round)
		tag(bw, "White", white)
		tag(bw, "Black", black)
		tag(bw, "Result", result)
		tag(bw, "Scenario", g.Scenario)
		tag(bw, "WhiteSide", whiteSide.String())
		if cfg.SeatNames != nil {
			if names := cfg.SeatNames(g.Scenario); len(names) == 2 && safeTagValue(names[whiteSide]) {
				tag(bw, "WhiteSeat", names[whiteSide])
			}
		}
		tag(bw, "FirstMover", firstMover)
		if g.Pair != "" {
			tag(bw, "PairId", g.Pair)
		}
		if t := pgnTermination(g.End); t != "" {
			tag(bw, "Termination", t)
		}
		bw.WriteString("\n" + result + "\n\n")
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("rating: pgn: %w", err)
	}
	return nil
}

func tag(w *bufio.Writer, name, value string) {
	w.WriteString("[" + name + " \"" + value + "\"]\n")
}

// pgnTermination maps an End to the PGN standard's Termination values; ""
// for a normal end (no tag).
func pgnTermination(e End) string {
	switch e {
	case EndTurnLimit:
		return "adjudication"
	case EndTimeout:
		return "time forfeit"
	case EndIllegal:
		return "rules infraction"
	case EndCrash, EndDisconnect:
		return "abandoned"
	case EndVoid:
		return "emergency"
	}
	return ""
}

func safeBotName(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case r == '_', r == '.', r == '+', r == '-':
		default:
			return false
		}
	}
	return true
}

// safeTagValue reports whether s can sit between the quotes of a PGN tag on
// one line without escaping, and cannot fool Ordo's line scanner.
func safeTagValue(s string) bool {
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == '"' || r == '\\' || r == '[' || r == ']' {
			return false
		}
	}
	return true
}
