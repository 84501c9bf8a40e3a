package arena

import (
	"strings"

	"github.com/flickarena/flickarena/arena/rating"
)

// RatingScenario returns the name under which the rating package knows
// scenario s: its id with the version appended ("race-v1" for id "race",
// version "1"), so that games of two versions of a scenario are never
// pooled, or the id alone when it already ends with that suffix or has no
// version.
//
// A scenario id with options ("race:players=3") gets the version before the
// options ("race-v1:players=3").
func RatingScenario(s Scenario) string {
	id, opts, _ := strings.Cut(s.ID, ":")
	if opts != "" {
		opts = ":" + opts
	}
	if s.Version == "" || strings.HasSuffix(id, "-v"+s.Version) {
		return id + opts
	}
	return id + "-v" + s.Version + opts
}

// RatingGames converts the stored games of two seats to the input of the
// rating package's two-seat model, in the same order; games of more seats
// are left out (the rating package rates pairs). Bots are identified by
// name; the scenario by [RatingScenario]; a pair by its tournament and
// [GameRecord.PairID], so that pairs of different tournaments are never
// merged; the round is counted from 1. Every stored game is a finished
// game: voided attempts live in the faults table, not here.
func RatingGames(games []GameRecord) []rating.Game {
	out := make([]rating.Game, 0, len(games))
	for _, g := range games {
		if g.Seats() != 2 {
			continue
		}
		out = append(out, rating.Game{
			X:        g.Bots[SideX].Name,
			Y:        g.Bots[SideY].Name,
			Scenario: RatingScenario(g.Scenario),
			First:    rating.Side(g.FirstMover),
			Score:    g.Result().ScoreX(),
			Pair:     g.TournamentID + "|" + g.PairID,
			End:      ratingEnd(g.Termination),
			Turns:    g.Turns,
			Round:    g.Round + 1,
		})
		if g.Termination == TermNormal {
			out[len(out)-1].Reason = g.Reason
		}
	}
	return out
}

// ratingEnd maps a termination to the rating package's End. An invalid
// termination (which the store never returns) maps to EndVoid, so that it
// is counted nowhere.
func ratingEnd(t Termination) rating.End {
	switch t {
	case TermNormal:
		return rating.EndNormal
	case TermTurnLimit:
		return rating.EndTurnLimit
	case TermTimeout:
		return rating.EndTimeout
	case TermIllegal:
		return rating.EndIllegal
	case TermCrash:
		return rating.EndCrash
	case TermDisconnect:
		return rating.EndDisconnect
	}
	return rating.EndVoid
}

// SeatGames converts stored games of any number of seats to the input of
// the rating package's per-seat balance ([rating.SeatBalances]), in the same
// order: the scenario by [RatingScenario], the places, points, first mover,
// ending and length of each game. The reason and its kind are kept for the
// games that ended by the rules; a game of a database older than schema
// version 3 has no kind, and its reason is its kind.
func SeatGames(games []GameRecord) []rating.SeatGame {
	out := make([]rating.SeatGame, 0, len(games))
	for _, g := range games {
		sg := rating.SeatGame{
			Scenario: RatingScenario(g.Scenario),
			Places:   g.Ranks,
			Points:   g.Points,
			First:    g.FirstMover,
			End:      ratingEnd(g.Termination),
			Turns:    g.Turns,
		}
		if g.Termination == TermNormal {
			sg.Kind, sg.Reason = g.EndKind, g.Reason
		}
		out = append(out, sg)
	}
	return out
}

// Rankings converts stored games of any number of seats to the input of the
// rating package's Plackett–Luce fit ([rating.FitRankings]), in the same
// order: bots by name, ranks as places − 1 (0 the first, ties shared), the
// scenario by [RatingScenario], the rotation set of its tournament as the
// cluster ([RatingGames]' pair). For two seats its fit is [RatingGames]'
// [rating.Fit].
func Rankings(games []GameRecord) []rating.Ranking {
	out := make([]rating.Ranking, 0, len(games))
	for _, g := range games {
		r := rating.Ranking{
			Bots:     make([]string, len(g.Bots)),
			Ranks:    make([]int, len(g.Ranks)),
			Scenario: RatingScenario(g.Scenario),
			Cluster:  g.TournamentID + "|" + g.PairID,
		}
		for s, b := range g.Bots {
			r.Bots[s] = b.Name
		}
		for s, p := range g.Ranks {
			r.Ranks[s] = p - 1
		}
		out = append(out, r)
	}
	return out
}
