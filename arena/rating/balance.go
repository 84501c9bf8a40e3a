package rating

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// BalanceConfig names the sides for the verdicts of [Balances] and sets what
// "balanced" means.
type BalanceConfig struct {
	// SideX and SideY name the sides in verdicts, e.g. "lawmen" and
	// "outlaws". Default "side X" and "side Y".
	SideX, SideY string
	// Margin is the tolerance of the "balanced" verdict: a scenario is
	// balanced when the 95% interval of side X's expected score lies within
	// ½ ± Margin. 0 means the default, 0.05 (55/45).
	Margin float64
}

// DefaultBalanceConfig returns the default BalanceConfig.
func DefaultBalanceConfig() BalanceConfig {
	return BalanceConfig{SideX: "side X", SideY: "side Y", Margin: 0.05}
}

// Proportion is a proportion with its 95% Wilson score interval.
type Proportion struct {
	P, Lo, Hi float64
}

// Wilson returns the proportion k/n with its 95% Wilson score interval; NaN
// when n is 0.
func Wilson(k, n float64) Proportion {
	if n <= 0 {
		nan := math.NaN()
		return Proportion{nan, nan, nan}
	}
	p := k / n
	z2 := Z95 * Z95
	centre := (p + z2/(2*n)) / (1 + z2/n)
	half := Z95 / (1 + z2/n) * math.Sqrt(p*(1-p)/n+z2/(4*n*n))
	return Proportion{P: p, Lo: math.Max(0, centre-half), Hi: math.Min(1, centre+half)}
}

// Balance holds the balance statistics of one scenario (§7): raw figures
// from all its counted games (mirror games and pairs alike) and, when a
// [Model] is given, the side advantage adjusted for the strength of the bots
// that played it.
type Balance struct {
	// Scenario is the scenario's name.
	Scenario string
	// Games counts the non-void games.
	Games int
	// XWins, YWins and Draws count the results.
	XWins, YWins, Draws int
	// XWin, YWin and Draw are the result rates with Wilson intervals.
	XWin, YWin, Draw Proportion
	// PValue is the two-sided exact binomial test of XWins against YWins
	// among decisive games (H0: 50/50); 1 with no decisive game.
	PValue float64
	// PHolm is PValue adjusted by Holm's method over all scenarios returned.
	PHolm float64
	// Evenness is Ludii's Balance metric, 1 − |XWin − YWin|.
	Evenness float64
	// X is side X's score (draws ½) as head-to-head statistics: X.Score, and
	// X.Elo is the raw side advantage in Elo, unadjusted for the bots.
	X Stats
	// First is the first mover's score (Ludii's AdvantageFirst) as
	// head-to-head statistics.
	First Stats
	// NaturalDraws is the fraction of games drawn by the rules (Ludii's
	// Drawishness); draws at the turn limit are excluded.
	NaturalDraws float64
	// Completion is the fraction of games ended by the rules.
	Completion float64
	// TurnLimit is the fraction of games ended by the turn or time limit.
	TurnLimit float64
	// Forfeits is the fraction of games decided by a bot fault.
	Forfeits float64
	// Reasons are the reasons given for the games that ended by the rules
	// (Game.Reason), most frequent first, ties in name order; games ended by
	// the rules without a reason are not listed.
	Reasons []ReasonCount
	// MeanTurns and P95Turns are the mean and 95th percentile (empirical) of
	// the game length in turns, over games of known length; NaN if none.
	MeanTurns, P95Turns float64
	// Side is the model-based side advantage, adjusted for the bots that
	// played the scenario: its Elo with interval, and P = L(Elo), side X's
	// expected score between equal bots. Valid when HasSide.
	Side Advantage
	// HasSide reports whether Side was taken from a model.
	HasSide bool
	// Verdict is a plain-language summary such as "lawmen favoured: 58% ±
	// 3%", based on the model when there is one and on side X's raw score
	// (with a Wilson interval) otherwise.
	Verdict string
}

// ReasonCount is how many games of a scenario ended by the rules for one
// reason, and their fraction of all its games.
type ReasonCount struct {
	// Reason is the game's own words ("the lawmen held out until noon").
	Reason string
	// Games counts the games that ended for this reason.
	Games int
	// Share is Games over all the scenario's counted games, in [0, 1].
	Share float64
}

// Balances returns the balance statistics of every scenario of the non-void
// games, sorted by scenario name. m may be nil; otherwise it should be the
// model fitted to the same games, and supplies the adjusted side advantage.
func Balances(games []Game, m *Model, cfg BalanceConfig) ([]Balance, error) {
	if err := validateAll(games); err != nil {
		return nil, err
	}
	if cfg.Margin < 0 || cfg.Margin >= 0.5 || math.IsNaN(cfg.Margin) {
		return nil, fmt.Errorf("rating: balance margin %v outside [0, 0.5)", cfg.Margin)
	}
	if cfg.Margin == 0 {
		cfg.Margin = DefaultBalanceConfig().Margin
	}
	type acc struct {
		x, first Trinomial
		natural  int
		ends     [EndVoid + 1]int
		turns    []float64
		reasons  map[string]int
	}
	byScenario := make(map[string]*acc)
	for i := range games {
		g := &games[i]
		if g.Void() {
			continue
		}
		a := byScenario[g.Scenario]
		if a == nil {
			a = &acc{}
			byScenario[g.Scenario] = a
		}
		firstScore := g.Score
		if g.First == SideY {
			firstScore = 1 - g.Score
		}
		a.x.add(g.Score)
		a.first.add(firstScore)
		if g.Score == 0.5 && g.End == EndNormal {
			a.natural++
		}
		a.ends[g.End]++
		if g.End == EndNormal && g.Reason != "" {
			if a.reasons == nil {
				a.reasons = make(map[string]int)
			}
			a.reasons[g.Reason]++
		}
		if g.Turns > 0 {
			a.turns = append(a.turns, float64(g.Turns))
		}
	}
	names := make([]string, 0, len(byScenario))
	for s := range byScenario {
		names = append(names, s)
	}
	slices.Sort(names)
	out := make([]Balance, len(names))
	for i, s := range names {
		a := byScenario[s]
		n := float64(a.x.N())
		b := Balance{
			Scenario:     s,
			Games:        a.x.N(),
			XWins:        a.x.W,
			YWins:        a.x.L,
			Draws:        a.x.D,
			XWin:         Wilson(float64(a.x.W), n),
			YWin:         Wilson(float64(a.x.L), n),
			Draw:         Wilson(float64(a.x.D), n),
			PValue:       binomialTest(a.x.W, a.x.L),
			X:            a.x.Stats(),
			First:        a.first.Stats(),
			NaturalDraws: float64(a.natural) / n,
			Completion:   float64(a.ends[EndNormal]) / n,
			TurnLimit:    float64(a.ends[EndTurnLimit]) / n,
			MeanTurns:    math.NaN(),
			P95Turns:     math.NaN(),
		}
		b.Evenness = 1 - math.Abs(b.XWin.P-b.YWin.P)
		for r, k := range a.reasons {
			b.Reasons = append(b.Reasons, ReasonCount{Reason: r, Games: k, Share: float64(k) / n})
		}
		slices.SortFunc(b.Reasons, func(p, q ReasonCount) int {
			if p.Games != q.Games {
				return q.Games - p.Games
			}
			return strings.Compare(p.Reason, q.Reason)
		})
		for e := EndTimeout; e <= EndDisconnect; e++ {
			b.Forfeits += float64(a.ends[e]) / n
		}
		if len(a.turns) > 0 {
			slices.Sort(a.turns)
			b.MeanTurns = stat.Mean(a.turns, nil)
			b.P95Turns = stat.Quantile(0.95, stat.Empirical, a.turns, nil)
		}
		score := Wilson(a.x.score(), n)
		if m != nil {
			if adv, ok := m.Side(s); ok {
				b.Side, b.HasSide = adv, true
				score = Proportion{P: adv.P, Lo: adv.PLo, Hi: adv.PHi}
			}
		}
		b.Verdict = verdict(score, cfg)
		out[i] = b
	}
	holm(out)
	return out, nil
}

func (t *Trinomial) add(score float64) {
	switch score {
	case 1:
		t.W++
	case 0.5:
		t.D++
	default:
		t.L++
	}
}

// score returns the points of the first player.
func (t Trinomial) score() float64 { return float64(t.W) + float64(t.D)/2 }

// binomialTest returns the two-sided exact binomial p-value of w successes
// against l failures under H0: p = ½.
func binomialTest(w, l int) float64 {
	n := w + l
	if n == 0 {
		return 1
	}
	tail := distuv.Binomial{N: float64(n), P: 0.5}.CDF(float64(min(w, l)))
	return math.Min(1, 2*tail)
}

// holm fills PHolm with Holm's step-down adjustment of PValue.
func holm(bs []Balance) {
	order := make([]int, len(bs))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch pa, pb := bs[a].PValue, bs[b].PValue; {
		case pa < pb:
			return -1
		case pa > pb:
			return 1
		}
		return 0
	})
	running := 0.0
	for rank, i := range order {
		adj := math.Min(1, float64(len(bs)-rank)*bs[i].PValue)
		running = math.Max(running, adj)
		bs[i].PHolm = running
	}
}

// verdict words side X's expected score p with its 95% interval.
func verdict(p Proportion, cfg BalanceConfig) string {
	x, y := cfg.SideX, cfg.SideY
	if x == "" {
		x = "side X"
	}
	if y == "" {
		y = "side Y"
	}
	if math.IsNaN(p.P) {
		return "no games"
	}
	half := (p.Hi - p.Lo) / 2
	switch {
	case p.Lo > 0.5:
		return fmt.Sprintf("%s favoured: %s", x, percent(p.P, half))
	case p.Hi < 0.5:
		return fmt.Sprintf("%s favoured: %s", y, percent(1-p.P, half))
	case p.Lo >= 0.5-cfg.Margin && p.Hi <= 0.5+cfg.Margin:
		return fmt.Sprintf("balanced: %s %s", x, percent(p.P, half))
	}
	return fmt.Sprintf("undecided: %s %s, more games needed", x, percent(p.P, half))
}

// percent formats a proportion and its half-width as "58% ± 3%", with one
// decimal when the half-width is under one point.
func percent(p, half float64) string {
	if half < 0.01 {
		return fmt.Sprintf("%.1f%% ± %.1f%%", 100*p, 100*half)
	}
	return fmt.Sprintf("%.0f%% ± %.0f%%", 100*p, 100*half)
}
