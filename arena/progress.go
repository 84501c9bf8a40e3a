package arena

import (
	"fmt"
	"strings"
	"time"
)

// Progress is a snapshot of a running tournament, passed to
// [RunnerConfig.Progress].
type Progress struct {
	// TournamentID is the tournament being run.
	TournamentID string
	// Done is the number of games recorded, including those of earlier
	// runs.
	Done int
	// Total is the number of games planned.
	Total int
	// Played is the number of games this run played and recorded.
	Played int
	// Voided is the number of attempts this run voided (arena faults).
	Voided int
	// Failed is the number of games this run gave up on.
	Failed int
	// Elapsed is the wall-clock time since the run started.
	Elapsed time.Duration
	// Rate is the number of games this run recorded per second of
	// Elapsed; 0 until the first game.
	Rate float64
	// ETA is the estimated time until every remaining game is played, at
	// Rate; 0 when unknown (Rate is 0) or nothing remains.
	ETA time.Duration
	// Leader is the bot with the highest score fraction so far (ties go to
	// more games, then to schedule order); empty before the first game.
	Leader string
	// LeaderScore is the leader's points per game, in [0, 1] (a win is 1
	// point, a draw ½).
	LeaderScore float64
	// LeaderGames is the number of games the leader has played.
	LeaderGames int
}

// FormatProgress renders p as a one-line status for a terminal, with a bar of
// barWidth cells (no bar if barWidth <= 0), for example
//
//	[#####---------------]  50/200  25.0%  2.50 games/s  ETA 1m0s  leader planner 75.0% of 20
//
// followed by voided and failed counts when they are not zero. It is a pure
// function: it neither prints nor reads the clock.
func FormatProgress(p Progress, barWidth int) string {
	var b strings.Builder
	frac := 0.0
	if p.Total > 0 {
		frac = float64(p.Done) / float64(p.Total)
	}
	frac = min(max(frac, 0), 1)
	if barWidth > 0 {
		filled := int(frac*float64(barWidth) + 1e-9)
		b.WriteByte('[')
		b.WriteString(strings.Repeat("#", filled))
		b.WriteString(strings.Repeat("-", barWidth-filled))
		b.WriteString("]  ")
	}
	fmt.Fprintf(&b, "%d/%d  %.1f%%", p.Done, p.Total, 100*frac)
	if p.Rate > 0 {
		fmt.Fprintf(&b, "  %.2f games/s", p.Rate)
	} else {
		b.WriteString("  -- games/s")
	}
	switch {
	case p.Done+p.Failed >= p.Total:
		b.WriteString("  done")
	case p.ETA > 0:
		fmt.Fprintf(&b, "  ETA %v", p.ETA.Round(time.Second))
	default:
		b.WriteString("  ETA --")
	}
	if p.Leader != "" {
		fmt.Fprintf(&b, "  leader %s %.1f%% of %d", p.Leader, 100*p.LeaderScore, p.LeaderGames)
	}
	if p.Voided > 0 {
		fmt.Fprintf(&b, "  %d voided", p.Voided)
	}
	if p.Failed > 0 {
		fmt.Fprintf(&b, "  %d failed", p.Failed)
	}
	return b.String()
}

// standings tallies points per bot for the live leader.
type standings struct {
	order  []string           // bot names in schedule order, for ties
	points map[string]float64 // points per bot ([SeatScore]: for two seats win 1, draw ½)
	games  map[string]int     // games per bot
}

// newStandings returns empty standings for bots.
func newStandings(bots []BotInfo) *standings {
	s := &standings{points: make(map[string]float64), games: make(map[string]int)}
	for _, b := range bots {
		s.order = append(s.order, b.Name)
	}
	return s
}

// add counts game g.
func (s *standings) add(g GameRecord) {
	for seat, b := range g.Bots {
		s.points[b.Name] += SeatScore(g.Ranks, seat)
		s.games[b.Name]++
	}
}

// leader returns the bot with the best points per game, ties broken by more
// games and then by schedule order.
func (s *standings) leader() (name string, score float64, games int) {
	for _, b := range s.order {
		n := s.games[b]
		if n == 0 {
			continue
		}
		sc := s.points[b] / float64(n)
		if name == "" || sc > score || (sc == score && n > games) {
			name, score, games = b, sc, n
		}
	}
	return name, score, games
}
