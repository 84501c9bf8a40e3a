package rating

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat"
)

// SeatGame is one finished game of any number of seats, seen from its seats:
// the input of [SeatBalances]. It does not name the bots: the raw balance of
// a scenario's seats does not depend on who sat in them (the bots rotate
// through the seats), and the adjustment for the bots comes from a fitted
// model ([SeatAdvantager]).
type SeatGame struct {
	// Scenario is the scenario's name, as in [Game.Scenario].
	Scenario string
	// Places holds each seat's finishing place, indexed by seat: 1 for the
	// first, seats that tie share the best place of their tie (1, 1, 3).
	Places []int
	// Points holds each seat's final score in the game's own points, or is
	// nil for a game without points.
	Points []float64
	// First is the seat that moved first.
	First int
	// End is how the game ended; EndVoid games are skipped.
	End End
	// Kind is the kind of a normal end in the game's words, the same for
	// every game that ended the same way ("noon: the lawmen have more hit
	// points"); empty when the game gives none, and then Reason is its kind.
	Kind string
	// Reason is why a game that ended by the rules ended, in the game's own
	// words, with its detail ("noon: the lawmen have more hit points (3 to
	// 1)"); empty when the game gives none.
	Reason string
	// Turns is the game's length in turns; 0 means unknown.
	Turns int
}

// SeatAdvantager gives the advantage of each seat of a scenario adjusted for
// the strength of the bots that sat in it: the seat terms of a fitted rating
// model of any number of seats (Plackett–Luce). Advantage.Elo is the seat's
// advantage over seat 0 and Advantage.P the seat's expected score against
// seat 0 between equal bots; ok is false when the model has no term for the
// seat (seat 0, the reference, has none).
type SeatAdvantager interface {
	SeatAdvantage(scenario string, seat int) (adv Advantage, ok bool)
}

// SeatBalanceConfig names the seats of each scenario and sets what
// "balanced" means for [SeatBalances].
type SeatBalanceConfig struct {
	// Names maps a scenario to the names of its seats, indexed by seat, as
	// the game says them ("lawmen", "outlaws"). A scenario without names,
	// or with a wrong number of them, has "player 1" to "player N".
	Names map[string][]string
	// Margin is the tolerance of the "balanced" verdict: a scenario is
	// balanced when the 95% interval of every seat's score lies within ½ ±
	// Margin. 0 means the default, 0.05.
	Margin float64
	// Advantages, if not nil, supplies the seat advantages adjusted for the
	// bots; it should be fitted to the same games.
	Advantages SeatAdvantager
}

// Estimate is a mean with its 95% interval (the normal approximation,
// mean ± 1.96 standard errors, clamped to the range of the values).
type Estimate struct {
	Mean, Lo, Hi float64
}

// SeatStats are the balance figures of one seat of a scenario.
type SeatStats struct {
	// Name is the seat's name ([SeatBalanceConfig.Names]).
	Name string
	// Wins counts the games the seat won; a first place shared by t seats
	// counts 1/t.
	Wins float64
	// Win is the seat's share of the wins (Wins over the games) with its
	// Wilson interval; 1/N for every seat of a balanced N-seat scenario.
	Win Proportion
	// Place is the seat's mean finishing place (1 the first), from 1 to N;
	// (N+1)/2 for every seat of a balanced scenario without ties.
	Place Estimate
	// Points is the seat's mean final score in the game's points; NaN
	// fields when the games have no points.
	Points Estimate
	// Score is the seat's mean score against the other seats: in each
	// game, the seats it finished ahead of plus half those it tied with,
	// over the other seats (for two seats: 1 a win, ½ a draw, 0 a loss).
	// It is ½ for every seat of a balanced scenario, whatever N.
	Score Estimate
	// Advantage is the seat's advantage over seat 0 adjusted for the bots
	// ([SeatAdvantager]); valid when HasAdvantage.
	Advantage Advantage
	// HasAdvantage reports whether Advantage was taken from a model.
	HasAdvantage bool
}

// Ending is how many games of a scenario ended by the rules in one way.
type Ending struct {
	// Kind is the way they ended ([SeatGame.Kind]).
	Kind string
	// Games counts them.
	Games int
	// Share is Games over all the scenario's counted games, in [0, 1].
	Share float64
	// Details are the distinct reasons of these games with their counts,
	// most frequent first ("noon: the lawmen have more hit points (3 to 1)"
	// under the kind "noon: the lawmen have more hit points"); empty when
	// every reason is the kind itself.
	Details []ReasonCount
}

// SeatBalance holds the balance statistics of one scenario of any number
// of seats, per seat.
type SeatBalance struct {
	// Scenario is the scenario's name.
	Scenario string
	// Games counts the non-void games.
	Games int
	// Seats holds the figures of each seat, indexed by seat.
	Seats []SeatStats
	// SharedFirst is the share of games whose first place was shared (for
	// two seats: draws), with its Wilson interval.
	SharedFirst Proportion
	// FirstMover is the first mover's mean score against the other seats
	// ([SeatStats.Score]).
	FirstMover Estimate
	// Completion, TurnLimit and Forfeits are the shares of games ended by
	// the rules, at the turn or time limit, and by a bot's fault.
	Completion, TurnLimit, Forfeits float64
	// Endings are the ways the games that ended by the rules ended, most
	// frequent first, ties in name order; games without a reason are not
	// listed.
	Endings []Ending
	// MeanTurns and P95Turns are the mean and 95th percentile (empirical) of
	// the game length in turns, over games of known length; NaN if none.
	MeanTurns, P95Turns float64
	// Verdict is a plain-language summary such as "lawmen favoured: 58% ±
	// 3%", from the seats' scores ([SeatStats.Score]).
	Verdict string
}

// SeatBalances returns the per-seat balance statistics of every scenario of
// the non-void games, sorted by scenario name. Every game of a scenario must
// have the same number of seats, at least two.
func SeatBalances(games []SeatGame, cfg SeatBalanceConfig) ([]SeatBalance, error) {
	if cfg.Margin < 0 || cfg.Margin >= 0.5 || math.IsNaN(cfg.Margin) {
		return nil, fmt.Errorf("rating: balance margin %v outside [0, 0.5)", cfg.Margin)
	}
	if cfg.Margin == 0 {
		cfg.Margin = DefaultBalanceConfig().Margin
	}
	type acc struct {
		k                     int
		wins                  []float64
		places, points, score [][]float64 // per seat, per game
		hasPoints             bool
		shared                int
		first                 []float64
		ends                  [EndVoid + 1]int
		turns                 []float64
		kinds                 map[string]map[string]int // kind -> reason -> games
	}
	by := map[string]*acc{}
	for i := range games {
		g := &games[i]
		if g.End == EndVoid {
			continue
		}
		k := len(g.Places)
		if err := checkSeatGame(g); err != nil {
			return nil, fmt.Errorf("rating: seat game %d: %w", i, err)
		}
		a := by[g.Scenario]
		if a == nil {
			a = &acc{k: k, wins: make([]float64, k), places: make([][]float64, k), points: make([][]float64, k),
				score: make([][]float64, k), hasPoints: g.Points != nil, kinds: map[string]map[string]int{}}
			by[g.Scenario] = a
		}
		if k != a.k {
			return nil, fmt.Errorf("rating: seat game %d: %d seats in scenario %q of %d seats", i, k, g.Scenario, a.k)
		}
		a.hasPoints = a.hasPoints && g.Points != nil
		firsts := 0
		for _, p := range g.Places {
			if p == 1 {
				firsts++
			}
		}
		if firsts > 1 {
			a.shared++
		}
		for s, p := range g.Places {
			if p == 1 {
				a.wins[s] += 1 / float64(firsts)
			}
			a.places[s] = append(a.places[s], float64(p))
			sc := pairScore(g.Places, s)
			a.score[s] = append(a.score[s], sc)
			if g.Points != nil {
				a.points[s] = append(a.points[s], g.Points[s])
			}
		}
		a.first = append(a.first, pairScore(g.Places, g.First))
		a.ends[g.End]++
		if g.End == EndNormal && (g.Kind != "" || g.Reason != "") {
			kind := cmp.Or(g.Kind, g.Reason)
			if a.kinds[kind] == nil {
				a.kinds[kind] = map[string]int{}
			}
			a.kinds[kind][cmp.Or(g.Reason, kind)]++
		}
		if g.Turns > 0 {
			a.turns = append(a.turns, float64(g.Turns))
		}
	}
	names := make([]string, 0, len(by))
	for s := range by {
		names = append(names, s)
	}
	slices.Sort(names)
	out := make([]SeatBalance, len(names))
	for i, name := range names {
		a := by[name]
		n := float64(len(a.first))
		b := SeatBalance{
			Scenario:    name,
			Games:       len(a.first),
			SharedFirst: Wilson(float64(a.shared), n),
			FirstMover:  estimate(a.first, 0, 1),
			Completion:  float64(a.ends[EndNormal]) / n,
			TurnLimit:   float64(a.ends[EndTurnLimit]) / n,
			MeanTurns:   math.NaN(),
			P95Turns:    math.NaN(),
		}
		for e := EndTimeout; e <= EndDisconnect; e++ {
			b.Forfeits += float64(a.ends[e]) / n
		}
		seatNames := cfg.Names[name]
		if len(seatNames) != a.k {
			seatNames = defaultSeatNames(a.k)
		}
		for s := range a.k {
			st := SeatStats{
				Name:  seatNames[s],
				Wins:  a.wins[s],
				Win:   Wilson(a.wins[s], n),
				Place: estimate(a.places[s], 1, float64(a.k)),
				Score: estimate(a.score[s], 0, 1),
			}
			if a.hasPoints {
				st.Points = estimate(a.points[s], math.Inf(-1), math.Inf(1))
			} else {
				st.Points = Estimate{math.NaN(), math.NaN(), math.NaN()}
			}
			if cfg.Advantages != nil {
				st.Advantage, st.HasAdvantage = cfg.Advantages.SeatAdvantage(name, s)
			}
			b.Seats = append(b.Seats, st)
		}
		b.Endings = endings(a.kinds, n)
		if len(a.turns) > 0 {
			slices.Sort(a.turns)
			b.MeanTurns = stat.Mean(a.turns, nil)
			b.P95Turns = stat.Quantile(0.95, stat.Empirical, a.turns, nil)
		}
		b.Verdict = seatVerdict(b.Seats, cfg.Margin)
		out[i] = b
	}
	return out, nil
}

// checkSeatGame checks the seats of g: at least two, places forming a
// finishing order, points for every seat or none, a first mover among them.
func checkSeatGame(g *SeatGame) error {
	k := len(g.Places)
	switch {
	case k < 2:
		return fmt.Errorf("%d seats, want at least 2", k)
	case g.Points != nil && len(g.Points) != k:
		return fmt.Errorf("%d points for %d seats", len(g.Points), k)
	case g.First < 0 || g.First >= k:
		return fmt.Errorf("first mover %d of %d seats", g.First, k)
	case g.End < EndNormal || g.End > EndVoid:
		return fmt.Errorf("end %v", g.End)
	}
	sorted := slices.Sorted(slices.Values(g.Places))
	for i, p := range sorted {
		if p != i+1 && (i == 0 || p != sorted[i-1]) {
			return fmt.Errorf("places %v are not a finishing order (1, 1, 3 for a tie at the top)", g.Places)
		}
	}
	for _, x := range g.Points {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("points %v not finite", g.Points)
		}
	}
	return nil
}

// pairScore returns seat s's score against the other seats: the seats it
// finished ahead of plus half those it tied with, over the other seats.
func pairScore(places []int, s int) float64 {
	var pts float64
	for j, p := range places {
		switch {
		case j == s:
		case places[s] < p:
			pts++
		case places[s] == p:
			pts += 0.5
		}
	}
	return pts / float64(len(places)-1)
}

// estimate returns the mean of xs with its 95% normal interval clamped to
// [lo, hi]; a zero-width interval for a single value.
func estimate(xs []float64, lo, hi float64) Estimate {
	if len(xs) == 0 {
		return Estimate{math.NaN(), math.NaN(), math.NaN()}
	}
	m := stat.Mean(xs, nil)
	half := 0.0
	if len(xs) > 1 {
		half = Z95 * stat.StdDev(xs, nil) / math.Sqrt(float64(len(xs)))
	}
	return Estimate{Mean: m, Lo: math.Max(lo, m-half), Hi: math.Min(hi, m+half)}
}

// endings returns the kinds of ending with their reasons, most frequent first.
func endings(kinds map[string]map[string]int, n float64) []Ending {
	var out []Ending
	for kind, reasons := range kinds {
		e := Ending{Kind: kind}
		for r, c := range reasons {
			e.Games += c
			e.Details = append(e.Details, ReasonCount{Reason: r, Games: c, Share: float64(c) / n})
		}
		e.Share = float64(e.Games) / n
		if len(e.Details) == 1 && e.Details[0].Reason == kind {
			e.Details = nil
		}
		slices.SortFunc(e.Details, func(p, q ReasonCount) int {
			return cmp.Or(q.Games-p.Games, strings.Compare(p.Reason, q.Reason))
		})
		out = append(out, e)
	}
	slices.SortFunc(out, func(p, q Ending) int {
		return cmp.Or(q.Games-p.Games, strings.Compare(p.Kind, q.Kind))
	})
	return out
}

// defaultSeatNames returns "player 1" to "player k", as env names the seats
// of a game that names none.
func defaultSeatNames(k int) []string {
	out := make([]string, k)
	for i := range out {
		out[i] = "player " + strconv.Itoa(i+1)
	}
	return out
}

// seatVerdict words the seats' scores against the others: a seat is
// favoured when its interval lies above ½, disadvantaged when below; the
// scenario is balanced when every interval lies within ½ ± margin.
func seatVerdict(seats []SeatStats, margin float64) string {
	if len(seats) == 0 || math.IsNaN(seats[0].Score.Mean) {
		return "no games"
	}
	best, worst := -1, -1
	inZone := true
	for s, st := range seats {
		sc := st.Score
		if sc.Lo > 0.5 && (best < 0 || sc.Mean > seats[best].Score.Mean) {
			best = s
		}
		if sc.Hi < 0.5 && (worst < 0 || sc.Mean < seats[worst].Score.Mean) {
			worst = s
		}
		inZone = inZone && sc.Lo >= 0.5-margin && sc.Hi <= 0.5+margin
	}
	switch {
	case best >= 0:
		sc := seats[best].Score
		return fmt.Sprintf("%s favoured: %s", seats[best].Name, percent(sc.Mean, (sc.Hi-sc.Lo)/2))
	case worst >= 0:
		// With two seats the other seat is favoured (the scores sum to 1), so
		// only three seats or more get here.
		sc := seats[worst].Score
		return fmt.Sprintf("%s disadvantaged: %s", seats[worst].Name, percent(sc.Mean, (sc.Hi-sc.Lo)/2))
	case inZone:
		return fmt.Sprintf("balanced: seat scores %s, every interval within %.0f%%–%.0f%%", seatRange(seats), 100*(0.5-margin), 100*(0.5+margin))
	}
	return "undecided: seat scores " + seatRange(seats) + ", more games needed"
}

// seatRange returns the lowest and highest seat score, as "44%–56%".
func seatRange(seats []SeatStats) string {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, st := range seats {
		lo, hi = math.Min(lo, st.Score.Mean), math.Max(hi, st.Score.Mean)
	}
	return fmt.Sprintf("%.0f%%–%.0f%%", 100*lo, 100*hi)
}
