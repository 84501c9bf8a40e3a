package rating_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"gonum.org/v1/gonum/mat"

	"github.com/flickarena/flickarena/arena/rating"
)

// saturated builds the §3 sanity check: A plays X 100 times and scores
// 0.60, B plays X 100 times and scores 0.45, all on one scenario. With
// paired, the games form 100 pairs.
func saturated(paired bool) []rating.Game {
	var games []rating.Game
	for i := range 100 {
		pair := ""
		if paired {
			pair = string(rune('a'+i/26)) + string(rune('a'+i%26))
		}
		a, b := 0.0, 0.0
		if i < 60 {
			a = 1
		}
		if i < 45 {
			b = 1
		}
		games = append(games,
			rating.Game{X: "A", Y: "B", Scenario: "s", Score: a, Pair: pair},
			rating.Game{X: "B", Y: "A", Scenario: "s", Score: b, Pair: pair})
	}
	return games
}

// TestFit_Saturated checks the exact §3 example: d + h = Elo(0.60) = 70.44
// and −d + h = Elo(0.45) = −34.86, so d = r_A − r_B = 52.65 and h = 17.79
// (published to two decimals: tolerance 0.005); the naive Elo of A's pooled
// score 0.575 is 52.51.
func TestFit_Saturated(t *testing.T) {
	for _, paired := range []bool{false, true} {
		m, err := rating.Fit(saturated(paired), rating.DefaultConfig())
		if err != nil {
			t.Fatal(err)
		}
		a, _ := m.Bot("A")
		b, _ := m.Bot("B")
		h, _ := m.Side("s")
		if d := a.Elo - b.Elo; !within(d, 52.65, 0.005) {
			t.Errorf("paired=%v: d = %.4f, want 52.65", paired, d)
		}
		if !within(h.Elo, 17.79, 0.005) {
			t.Errorf("paired=%v: h = %.4f, want 17.79", paired, h.Elo)
		}
		// Saturated: the fit reproduces both observed scores (exactly, to
		// the Newton tolerance).
		if got := rating.Expected(a.Elo - b.Elo + h.Elo); !within(got, 0.60, 1e-12) {
			t.Errorf("fitted score of A as X = %v, want 0.60", got)
		}
		if got := rating.Expected(b.Elo - a.Elo + h.Elo); !within(got, 0.45, 1e-12) {
			t.Errorf("fitted score of B as X = %v, want 0.45", got)
		}
		if a.Elo != -b.Elo {
			t.Errorf("ratings %v and %v are not centred", a.Elo, b.Elo)
		}
		if a.Games != 200 || a.Points != 115 {
			t.Errorf("A: %d games, %v points, want 200 and 115", a.Games, a.Points)
		}
	}
	if got := rating.Elo(0.575); !within(got, 52.51, 0.005) {
		t.Errorf("naive Elo(0.575) = %.4f, want 52.51", got)
	}
}

// TestFit_TwoBotsNoSideEffect: two bots, A scores s on both sides. Then h = 0
// and d = Elo(s) exactly, and the cluster-robust SE of d matches the §2
// trinomial SE to first order (the delta method).
func TestFit_TwoBotsNoSideEffect(t *testing.T) {
	var games []rating.Game
	results := []float64{1, 1, 0.5, 0, 1, 0.5, 1, 0, 1, 0.5} // A scores 0.65
	for r := range 20 {
		for _, y := range results {
			_ = r
			games = append(games,
				rating.Game{X: "A", Y: "B", Scenario: "s", Score: y},
				rating.Game{X: "B", Y: "A", Scenario: "s", Score: 1 - y})
		}
	}
	m, err := rating.Fit(games, rating.Config{})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := m.Bot("A")
	b, _ := m.Bot("B")
	h, _ := m.Side("s")
	if d := a.Elo - b.Elo; !within(d, rating.Elo(0.65), 1e-9) {
		t.Errorf("d = %v, want Elo(0.65) = %v", d, rating.Elo(0.65))
	}
	if !within(h.Elo, 0, 1e-9) {
		t.Errorf("h = %v, want 0", h.Elo)
	}
	st := rating.Trinomial{W: 200, D: 120, L: 80}.Stats()
	want := st.SE * 400 / (math.Ln10 * 0.65 * 0.35) // dElo/ds · SE(s)
	if got := m.PairwiseSE().At(0, 1); !within(got, want, 1e-9*want) {
		t.Errorf("SE(d) = %v, want %v", got, want)
	}
}

// TestFit_PairedSE: with paired games the sandwich SE of d is the
// pentanomial SE of §2 carried through the delta method (§5: the sandwich
// reduces to the §2 formulas; exactly so here, where A scores the same on
// both sides), and the unpaired sandwich is the trinomial one. The pairs are
// positively correlated, so the two differ.
func TestFit_PairedSE(t *testing.T) {
	// Pairs from A's view, (score as X, score as Y); 5 of 9 points on each
	// side, positively correlated within the pair.
	outcomes := [][2]float64{{1, 1}, {1, 1}, {0, 0}, {0, 0}, {1, 0}, {0, 1}, {0.5, 0.5}, {1, 0.5}, {0.5, 1}}
	var games []rating.Game
	for r := range 30 {
		for k, o := range outcomes {
			pair := fmt.Sprintf("%d-%d", r, k)
			games = append(games,
				rating.Game{X: "A", Y: "B", Scenario: "s", Score: o[0], Pair: pair},
				rating.Game{X: "B", Y: "A", Scenario: "s", Score: 1 - o[1], Pair: pair})
		}
	}
	tri, pen, err := rating.HeadToHead(games, "A", "B")
	if err != nil {
		t.Fatal(err)
	}
	unpaired := slices.Clone(games)
	for i := range unpaired {
		unpaired[i].Pair = ""
	}
	tests := []struct {
		name     string
		games    []rating.Game
		st       rating.Stats
		clusters int
	}{
		{"paired", games, pen.Stats(), 270},
		{"unpaired", unpaired, tri.Stats(), 540},
	}
	for _, tt := range tests {
		m, err := rating.Fit(tt.games, rating.Config{})
		if err != nil {
			t.Fatal(err)
		}
		if d := m.Bots[0].Elo - m.Bots[1].Elo; !within(d, tt.st.Elo, 1e-9) {
			t.Errorf("%s: d = %v, want Elo(s) = %v", tt.name, d, tt.st.Elo)
		}
		s := tt.st.Score
		want := tt.st.SE * 400 / (math.Ln10 * s * (1 - s)) // dElo/ds · SE(s)
		if got := m.PairwiseSE().At(0, 1); !within(got, want, 1e-9*want) {
			t.Errorf("%s: sandwich SE(d) = %v, want %v", tt.name, got, want)
		}
		if m.Clusters != tt.clusters {
			t.Errorf("%s: clusters = %d, want %d", tt.name, m.Clusters, tt.clusters)
		}
	}
	if a, b := pen.Stats().SE, tri.Stats().SE; within(a, b, 0.05*b) {
		t.Errorf("paired SE %v too close to unpaired %v: the test data lost its correlation", a, b)
	}
}

func TestFit_Disconnected(t *testing.T) {
	games := []rating.Game{
		{X: "a", Y: "b", Score: 1}, {X: "b", Y: "a", Score: 1},
		{X: "d", Y: "c", Score: 0.5}, {X: "c", Y: "e", Score: 0.5}, {X: "e", Y: "d", Score: 0.5},
	}
	tests := []struct {
		name   string
		games  []rating.Game
		roster []string
		want   [][]string
	}{
		{"two groups", games, nil, [][]string{{"a", "b"}, {"c", "d", "e"}}},
		{"roster bot without games", games[:2], []string{"a", "b", "lonely"}, [][]string{{"a", "b"}, {"lonely"}}},
		{"roster bot with void games only", append(slices.Clone(games[:2]), rating.Game{X: "a", Y: "z", End: rating.EndVoid}),
			[]string{"a", "b", "z"}, [][]string{{"a", "b"}, {"z"}}},
		{"bot with mirror games only", append(slices.Clone(games[:2]), rating.Game{X: "m", Y: "m", Score: 1}, rating.Game{X: "m", Y: "m"}),
			nil, [][]string{{"a", "b"}, {"m"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rating.Fit(tt.games, rating.Config{Bots: tt.roster, Prior: 500})
			var de *rating.DisconnectedError
			if !errors.As(err, &de) {
				t.Fatalf("err = %v, want DisconnectedError", err)
			}
			if diff := cmp.Diff(tt.want, de.Groups); diff != "" {
				t.Errorf("groups (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("ErrNotInRoster", func(t *testing.T) {
		var ge *rating.GameError
		if _, err := rating.Fit(games[:2], rating.Config{Bots: []string{"a"}}); !errors.As(err, &ge) {
			t.Errorf("err = %v, want GameError", err)
		}
	})
}

func TestFit_Separation(t *testing.T) {
	round := func(x, y string, score float64, scenario string) []rating.Game {
		return []rating.Game{{X: x, Y: y, Score: score, Scenario: scenario}, {X: y, Y: x, Score: 1 - score, Scenario: scenario}}
	}
	var topBot []rating.Game // a beats b and c on both sides; b and c split
	topBot = append(topBot, round("a", "b", 1, "s")...)
	topBot = append(topBot, round("a", "c", 1, "s")...)
	topBot = append(topBot, round("b", "c", 1, "s")...)
	topBot = append(topBot, round("c", "b", 1, "s")...)
	var sideWins []rating.Game // side X always wins in s2
	sideWins = append(sideWins, round("b", "c", 0.5, "s1")...)
	sideWins = append(sideWins, rating.Game{X: "b", Y: "c", Score: 1, Scenario: "s2"}, rating.Game{X: "c", Y: "b", Score: 1, Scenario: "s2"})
	// A combination only the fit finds: A as X always beats B, B as X
	// always draws with A. Both bots scored against each other and both
	// sides scored, yet d = h = +∞ (Elo(1) = d + h, Elo(0.5) = −d + h).
	var combo []rating.Game
	for range 5 {
		combo = append(combo, rating.Game{X: "A", Y: "B", Score: 1, Scenario: "s"}, rating.Game{X: "B", Y: "A", Score: 0.5, Scenario: "s"})
	}
	tests := []struct {
		name     string
		games    []rating.Game
		want     rating.SeparationError
		cfgOK    rating.Config // a config that makes the fit exist
		diverged bool
	}{
		{"bot never lost", topBot, rating.SeparationError{Groups: [][]string{{"a"}, {"b", "c"}}}, rating.Config{Prior: 400}, false},
		{"side never lost", sideWins, rating.SeparationError{Scenarios: []string{"s2"}}, rating.Config{SidePrior: 400}, false},
		{"bots and side combined", combo, rating.SeparationError{}, rating.Config{Prior: 400, SidePrior: 400}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rating.Fit(tt.games, rating.Config{})
			var se *rating.SeparationError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want SeparationError", err)
			}
			if tt.diverged {
				if len(se.Diverged) == 0 {
					t.Errorf("Diverged is empty: %v", se)
				}
			} else if diff := cmp.Diff(tt.want, *se); diff != "" {
				t.Errorf("error (-want +got):\n%s", diff)
			}
			m, err := rating.Fit(tt.games, tt.cfgOK)
			if err != nil {
				t.Fatalf("with prior: %v", err)
			}
			for _, b := range m.Bots {
				if math.IsNaN(b.Elo) || math.Abs(b.Elo) > 2000 {
					t.Errorf("with prior: %s at %v Elo", b.Name, b.Elo)
				}
			}
		})
	}
	t.Run("PriorOrders", func(t *testing.T) {
		m, err := rating.Fit(topBot, rating.Config{Prior: 400})
		if err != nil {
			t.Fatal(err)
		}
		a, _ := m.Bot("a")
		b, _ := m.Bot("b")
		if a.Elo <= b.Elo {
			t.Errorf("a (%v) not above b (%v)", a.Elo, b.Elo)
		}
		var sum float64
		for _, b := range m.Bots {
			sum += b.Elo
		}
		if !within(sum, 0, 1e-9) {
			t.Errorf("Σr = %v with a prior, want 0", sum)
		}
	})
}

// TestFit_Recovery simulates paired round robins with known ratings, side
// terms and draws, and checks that the 95% cluster-robust intervals cover
// the truth about 95% of the time (cf. alkanen/chess-ai#27). With 40
// replications of 6 bots and 3 scenarios there are 360 intervals; the
// binomial standard deviation of their coverage is 1.1 points, so the
// accepted band [0.91, 0.99] is about ±3.5 SD.
func TestFit_Recovery(t *testing.T) {
	elos := spread(6, 300)
	sides := []float64{-40, 0, 60}
	covered, total := 0, 0
	for rep := range 40 {
		s := sim{elos: elos, sides: sides, pairs: 400, draws: 0.5, seed: uint64(rep + 1)}
		m, err := rating.Fit(s.games(), rating.Config{})
		if err != nil {
			t.Fatal(err)
		}
		c, n := holding(m, elos, sides)
		covered, total = covered+c, total+n
	}
	if cov := float64(covered) / float64(total); cov < 0.91 || cov > 0.99 {
		t.Errorf("coverage = %.3f over %d intervals, want about 0.95", cov, total)
	}
}

// TestFit_CoverageCorrelatedPairs (long) checks the cluster-robust
// intervals when the two games of a pair are correlated (the pentanomial
// effect): 300 replications of 6 bots and 3 scenarios, 2700 intervals, so
// the binomial SD of the coverage is 0.42 points and the band [0.935, 0.965]
// is about ±3.5 SD. The model-based intervals, which ignore both the draws
// and the correlation, must cover more than that.
func TestFit_CoverageCorrelatedPairs(t *testing.T) {
	if testing.Short() {
		t.Skip("long: 300 fits")
	}
	elos := spread(6, 300)
	sides := []float64{-40, 0, 60}
	coverage := func(cov rating.Covariance) float64 {
		covered, total := 0, 0
		for rep := range 300 {
			s := sim{elos: elos, sides: sides, pairs: 400, draws: 0.5, corr: 0.6, seed: uint64(1000 + rep)}
			m, err := rating.Fit(s.games(), rating.Config{Covariance: cov})
			if err != nil {
				t.Fatal(err)
			}
			c, n := holding(m, elos, sides)
			covered, total = covered+c, total+n
		}
		return float64(covered) / float64(total)
	}
	if c := coverage(rating.Sandwich); c < 0.935 || c > 0.965 {
		t.Errorf("sandwich coverage = %.4f, want 0.95 ± 0.015", c)
	}
	if c := coverage(rating.ModelBased); c < 0.965 {
		t.Errorf("model-based coverage = %.4f, want above 0.965 (it overstates the variance here)", c)
	}
}

func TestFit_FirstMover(t *testing.T) {
	s := sim{elos: spread(4, 200), sides: []float64{30, -20}, first: 45, varyFirst: true, pairs: 3000, draws: 0.3, seed: 7}
	m, err := rating.Fit(s.games(), rating.Config{FirstMover: true})
	if err != nil {
		t.Fatal(err)
	}
	if f := m.First; f.Lo > 45 || f.Hi < 45 || f.Games != 6000 {
		t.Errorf("first-mover term %.1f [%.1f, %.1f] over %d games, want 45 inside and 6000 games", f.Elo, f.Lo, f.Hi, f.Games)
	}
	for c, h := range m.Sides {
		if h.Lo > s.sides[c] || h.Hi < s.sides[c] {
			t.Errorf("side %s: %.1f [%.1f, %.1f], want %v inside", h.Scenario, h.Elo, h.Lo, h.Hi, s.sides[c])
		}
	}
	if got := m.Cov().SymmetricDim(); got != 4+2+1 {
		t.Errorf("covariance dimension %d, want 7", got)
	}
	t.Run("ErrFirstMoverFixed", func(t *testing.T) {
		s.varyFirst = false
		if _, err := rating.Fit(s.games(), rating.Config{FirstMover: true}); !errors.Is(err, rating.ErrFirstMoverFixed) {
			t.Errorf("err = %v, want ErrFirstMoverFixed", err)
		}
	})
}

// TestFit_Properties checks invariances of the fit on one simulated data set.
func TestFit_Properties(t *testing.T) {
	s := sim{elos: spread(5, 250), sides: []float64{50, -10}, first: 20, varyFirst: true, pairs: 600, draws: 0.4, seed: 3}
	games := s.games()
	cfg := rating.Config{FirstMover: true}
	base, err := rating.Fit(games, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if base.Games != len(games) || base.Iterations < 2 || base.Iterations > 20 {
		t.Errorf("games %d, iterations %d", base.Games, base.Iterations)
	}

	t.Run("GameOrder", func(t *testing.T) {
		// Same games in another order: identical bit for bit.
		shuffled := slices.Clone(games)
		rand.New(rand.NewPCG(1, 2)).Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		m, err := rating.Fit(shuffled, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(base.Bots, m.Bots); diff != "" {
			t.Errorf("bots (-sorted +shuffled):\n%s", diff)
		}
		if diff := cmp.Diff(base.Sides, m.Sides); diff != "" {
			t.Errorf("sides (-sorted +shuffled):\n%s", diff)
		}
		if !mat.Equal(base.Cov(), m.Cov()) {
			t.Error("covariance differs")
		}
	})

	t.Run("SideSwap", func(t *testing.T) {
		// Swap X and Y in every game (and the score, and the first mover):
		// same ratings and first-mover term, negated side terms.
		swapped := slices.Clone(games)
		for i := range swapped {
			g := &swapped[i]
			g.X, g.Y, g.Score = g.Y, g.X, 1-g.Score
			g.First = 1 - g.First
		}
		m, err := rating.Fit(swapped, cfg)
		if err != nil {
			t.Fatal(err)
		}
		for i, b := range m.Bots {
			if !within(b.Elo, base.Bots[i].Elo, 1e-9) || !within(b.SE, base.Bots[i].SE, 1e-9) {
				t.Errorf("%s: %v ± %v, want %v ± %v", b.Name, b.Elo, b.SE, base.Bots[i].Elo, base.Bots[i].SE)
			}
		}
		for c, h := range m.Sides {
			if !within(h.Elo, -base.Sides[c].Elo, 1e-9) || !within(h.SE, base.Sides[c].SE, 1e-9) {
				t.Errorf("%s: h = %v, want %v", h.Scenario, h.Elo, -base.Sides[c].Elo)
			}
		}
		if !within(m.First.Elo, base.First.Elo, 1e-9) {
			t.Errorf("f = %v, want %v", m.First.Elo, base.First.Elo)
		}
	})

	t.Run("Anchor", func(t *testing.T) {
		// Translation invariance: anchoring one bot shifts every rating by
		// the same amount and changes neither side terms nor differences.
		for _, at := range []float64{0, 1500} {
			m, err := rating.Fit(games, rating.Config{FirstMover: true, Anchors: map[string]float64{"bot02": at}})
			if err != nil {
				t.Fatal(err)
			}
			shift := at - base.Bots[2].Elo
			for i, b := range m.Bots {
				if !within(b.Elo, base.Bots[i].Elo+shift, 1e-8) {
					t.Errorf("anchor %v: %s = %v, want %v", at, b.Name, b.Elo, base.Bots[i].Elo+shift)
				}
			}
			if m.Bots[2].Elo != at || m.Bots[2].SE != 0 {
				t.Errorf("anchor at %v ± %v, want %v ± 0", m.Bots[2].Elo, m.Bots[2].SE, at)
			}
			if !within(m.Sides[0].Elo, base.Sides[0].Elo, 1e-8) {
				t.Errorf("side term moved: %v vs %v", m.Sides[0].Elo, base.Sides[0].Elo)
			}
			if !mat.EqualApprox(m.PairwiseSE(), base.PairwiseSE(), 1e-8) {
				t.Error("pairwise SEs depend on the anchor")
			}
		}
	})

	t.Run("VoidSkipped", func(t *testing.T) {
		more := slices.Clone(games)
		more = append(more, rating.Game{X: "bot00", Y: "bot04", Scenario: "scn0", End: rating.EndVoid, Score: 1},
			rating.Game{X: "ghost", Y: "bot04", Scenario: "elsewhere", End: rating.EndVoid})
		m, err := rating.Fit(more, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(base.Bots, m.Bots); diff != "" {
			t.Errorf("void games changed the ratings:\n%s", diff)
		}
	})

	t.Run("LOS", func(t *testing.T) {
		l := base.LOS()
		n := len(base.Bots)
		for i := range n {
			if l.At(i, i) != 0.5 {
				t.Errorf("LOS[%d][%d] = %v, want 0.5", i, i, l.At(i, i))
			}
			for j := range n {
				if !within(l.At(i, j)+l.At(j, i), 1, 1e-12) {
					t.Errorf("LOS[%d][%d] + LOS[%d][%d] = %v, want 1", i, j, j, i, l.At(i, j)+l.At(j, i))
				}
			}
		}
		// True gaps are 125 Elo: the stronger bot is clearly superior.
		if l.At(4, 0) < 0.999 || l.At(3, 2) < 0.9 {
			t.Errorf("LOS[4][0] = %v, LOS[3][2] = %v, want near 1", l.At(4, 0), l.At(3, 2))
		}
	})

	t.Run("ModelBased", func(t *testing.T) {
		m, err := rating.Fit(games, rating.Config{FirstMover: true, Covariance: rating.ModelBased})
		if err != nil {
			t.Fatal(err)
		}
		// Same estimates; with 40% draws the model-based errors are larger
		// (§5: Var(y) = p(1−p) − d/4).
		for i, b := range m.Bots {
			if b.Elo != base.Bots[i].Elo {
				t.Errorf("%s: estimate depends on the covariance", b.Name)
			}
			if b.SE <= base.Bots[i].SE {
				t.Errorf("%s: model-based SE %v not above sandwich %v", b.Name, b.SE, base.Bots[i].SE)
			}
		}
	})

	t.Run("Expected", func(t *testing.T) {
		got, err := base.Expected("bot04", "bot00", "scn0", rating.SideY)
		if err != nil {
			t.Fatal(err)
		}
		want := rating.Expected(base.Bots[4].Elo - base.Bots[0].Elo + base.Sides[0].Elo - base.First.Elo)
		if got != want {
			t.Errorf("Expected = %v, want %v", got, want)
		}
		if _, err := base.Expected("nobody", "bot00", "scn0", rating.SideX); err == nil {
			t.Error("no error for an unknown bot")
		}
	})
}

// TestFit_MirrorOnly: one bot playing itself rates 0, and the side term is
// the Elo of side X's score.
func TestFit_MirrorOnly(t *testing.T) {
	games := []rating.Game{{X: "m", Y: "m", Score: 1}, {X: "m", Y: "m", Score: 1}, {X: "m", Y: "m", Score: 0.5}, {X: "m", Y: "m", Score: 0}}
	m, err := rating.Fit(games, rating.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Bots) != 1 || m.Bots[0].Elo != 0 || m.Bots[0].Games != 0 {
		t.Errorf("bots = %+v, want one at 0 with no rated game", m.Bots)
	}
	if h := m.Sides[0]; !within(h.Elo, rating.Elo(0.625), 1e-9) || !within(h.P, 0.625, 1e-12) {
		t.Errorf("side term %v (P %v), want Elo(0.625) = %v", h.Elo, h.P, rating.Elo(0.625))
	}
}

func TestFit_Errors(t *testing.T) {
	ok := []rating.Game{{X: "a", Y: "b", Score: 1}, {X: "b", Y: "a", Score: 1}}
	tests := []struct {
		name  string
		games []rating.Game
		cfg   rating.Config
		is    error
	}{
		{"no games", nil, rating.Config{}, rating.ErrNoGames},
		{"only void games", []rating.Game{{X: "a", Y: "b", End: rating.EndVoid}}, rating.Config{}, rating.ErrNoGames},
		{"bad score", []rating.Game{{X: "a", Y: "b", Score: 2}}, rating.Config{}, nil},
		{"empty name", []rating.Game{{X: "", Y: "b", Score: 1}}, rating.Config{}, nil},
		{"bad first mover", []rating.Game{{X: "a", Y: "b", First: 3}}, rating.Config{}, nil},
		{"unknown anchor", ok, rating.Config{Anchors: map[string]float64{"z": 0}}, nil},
		{"negative prior", ok, rating.Config{Prior: -1}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := rating.Fit(tt.games, tt.cfg)
			if err == nil {
				t.Fatal("no error")
			}
			if tt.is != nil && !errors.Is(err, tt.is) {
				t.Errorf("err = %v, want %v", err, tt.is)
			}
		})
	}
}

// BenchmarkFit rates 20 bots over 100,000 paired games on 4 scenarios with
// 30% draws, intervals included (the sandwich needs one pass over the games;
// the model-based covariance does not).
func BenchmarkFit(b *testing.B) {
	s := sim{elos: spread(20, 400), sides: []float64{40, -20, 0, 10}, pairs: 50_000, draws: 0.3, seed: 42}
	games := s.games()
	for _, cov := range []rating.Covariance{rating.Sandwich, rating.ModelBased} {
		b.Run("bots=20,games=100000,cov="+cov.String(), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := rating.Fit(games, rating.Config{Covariance: cov}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.N*len(games))/b.Elapsed().Seconds(), "games/s")
		})
	}
}
