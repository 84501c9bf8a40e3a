package report

import (
	"cmp"
	"html/template"
	"math"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/flickarena/flickarena/arena/rating"
)

// DefaultTitle is the page's title when Data.Title is empty.
const DefaultTitle = "Flickarena arena report"

// page is what the template renders: Data turned into text and geometry.
type page struct {
	Title    string
	CSS      template.CSS
	Nav      []navItem
	Run      []item
	Params   []Param
	Notes    []string
	Ratings  *ratingsView // nil without a model
	Balance  *balanceView // nil without balances
	Tunes    []tuneView
	Sections []sectionView
	// TunesOnly leaves out every section but the tuning one (WriteTunes).
	TunesOnly bool
}

// navItem is a link of the table of contents.
type navItem struct {
	ID, Label string
}

// item is a labelled figure of a definition list.
type item struct {
	Key, Value string
	Code       bool   // show Value as code (a command line)
	Note       string // a muted explanation after the value
}

// ratingsView is the ratings part of the page.
type ratingsView struct {
	Reference string // what the ratings are relative to
	Rows      []ratingRow
	Plot      plot
	LOS       losView
}

// ratingRow is one line of the rating table.
type ratingRow struct {
	Rank                    int
	Name, Version           string
	Elo, Minus, Plus        string
	Anchor                  bool
	Games                   int
	Score, LOSNext, LOSNote string
}

// losView is the LOS matrix, rows and columns in rank order.
type losView struct {
	Model  bool // the matrix is the model's own (Model.LOS)
	Cols   []losCol
	Rows   []losRow
	Legend []losStop
}

// losCol is a column heading of the LOS matrix.
type losCol struct {
	Rank int
	Name string
}

// losRow is a row of the LOS matrix.
type losRow struct {
	Rank  int
	Name  string
	Cells []losCell
}

// losCell is one cell of the LOS matrix.
type losCell struct {
	Text  string
	Tip   string
	Style template.CSS // background and text colour, computed here
	Diag  bool
}

// losStop is a colour stop of the LOS legend's gradient.
type losStop struct {
	Offset string // percent
	Color  string
}

// balanceView is the balance part of the page.
type balanceView struct {
	Zone       string // the balanced zone in words
	FirstMover string // the model's first-mover term, if fitted
	Overview   *plot  // the side advantage of the two-seat scenarios, if any
	Scenarios  []scenarioView
}

// scenarioView is the balance block of one scenario.
type scenarioView struct {
	N           int
	Name        string
	Seats       int // the number of seats
	Verdict     string
	VerdictKind string // balanced, favoured, undecided, none: the verdict's colour
	Basis       string
	Plot        *plot // the two-seat plot, or nil
	SeatPlot    *plot // the per-seat plot, or nil
	SeatTable   []seatRow
	Figures     []item
}

// sectionView is an extra section.
type sectionView struct {
	N     int
	Title string
	HTML  template.HTML
}

// build turns the data into the page.
func build(d *Data) (*page, error) {
	los, err := d.los()
	if err != nil {
		return nil, err
	}
	p := &page{
		Title:  cmp.Or(d.Title, DefaultTitle),
		CSS:    template.CSS(styleCSS),
		Run:    runItems(d),
		Params: d.Generation.Params,
		Notes:  d.Notes,
	}
	p.Nav = append(p.Nav, navItem{"run", "Run"})
	p.Nav = append(p.Nav, navItem{"ratings", "Ratings"}, navItem{"los", "LOS matrix"})
	if d.Model != nil && len(d.Model.Bots) > 0 {
		p.Ratings = ratings(d, los)
	}
	p.Nav = append(p.Nav, navItem{"balance", "Balance"})
	if len(d.Balances) > 0 || len(d.SeatBalances) > 0 {
		p.Balance = balance(d)
	}
	if len(d.Tunes) > 0 {
		p.Tunes = tunes(d.Tunes)
		p.Nav = append(p.Nav, navItem{"tune", "Tuning"})
	}
	for i, s := range d.Sections {
		n := i + 1
		p.Sections = append(p.Sections, sectionView{N: n, Title: s.Title, HTML: s.HTML})
		p.Nav = append(p.Nav, navItem{"section-" + strconv.Itoa(n), s.Title})
	}
	return p, nil
}

// runItems describes the run and the rating model.
func runItems(d *Data) []item {
	g := d.Generation
	var items []item
	if g.Command != "" {
		items = append(items, item{Key: "Command", Value: g.Command, Code: true})
	}
	if !g.Time.IsZero() {
		items = append(items, item{Key: "Generated", Value: g.Time.UTC().Format("2006-01-02 15:04:05 UTC")})
	}
	if g.Games > 0 {
		items = append(items, item{Key: "Games played", Value: strconv.Itoa(g.Games), Note: "void games included"})
	}
	m := d.Model
	if m == nil {
		return items
	}
	scenarios := map[string]bool{}
	for _, a := range append(slices.Clone(m.Sides), m.Seats...) {
		scenarios[a.Scenario] = true
	}
	items = append(items,
		item{Key: "Rated games", Value: strconv.Itoa(m.Games), Note: "void games excluded"},
		item{Key: "Bots", Value: strconv.Itoa(len(m.Bots))},
		item{Key: "Scenarios", Value: strconv.Itoa(len(scenarios))},
	)
	model := "Bradley–Terry on scores (draws count ½), one side term per scenario"
	if m.Seats != nil {
		model = "Plackett–Luce on finishing orders (a shared place counts as the average of its orderings; Bradley–Terry for two seats), one term per seat and scenario"
	}
	if m.Config.FirstMover {
		model += ", one first-mover term"
	}
	items = append(items,
		item{Key: "Rating model", Value: model, Note: "joint maximum likelihood"},
		item{Key: "Scale", Value: "logistic Elo, 400 scale", Note: "a 100 Elo gap is a 64% expected score"},
		item{Key: "Reference", Value: reference(m)},
		item{Key: "Prior", Value: prior(m.Config)},
		item{Key: "Intervals", Value: covariance(m), Note: "all intervals are 95%"},
	)
	return items
}

// reference says what the ratings are relative to.
func reference(m *rating.Model) string {
	if len(m.Config.Anchors) == 0 {
		return "pool mean (ratings sum to 0)"
	}
	names := make([]string, 0, len(m.Config.Anchors))
	for name := range m.Config.Anchors {
		names = append(names, name)
	}
	slices.Sort(names)
	parts := make([]string, len(names))
	for i, name := range names {
		parts[i] = name + " = " + signed(m.Config.Anchors[name], 1)
	}
	return "anchors: " + strings.Join(parts, ", ")
}

// prior describes the prior of the fit.
func prior(c rating.Config) string {
	var parts []string
	if c.Prior > 0 {
		parts = append(parts, "Gaussian on ratings, τ = "+num(c.Prior, 0)+" Elo")
	}
	if c.SidePrior > 0 {
		parts = append(parts, "Gaussian on side terms, τ = "+num(c.SidePrior, 0)+" Elo")
	}
	if len(parts) == 0 {
		return "none (maximum likelihood, separation checked)"
	}
	return strings.Join(parts, "; ") + " (MAP)"
}

// covariance describes the covariance estimator.
func covariance(m *rating.Model) string {
	if m.Config.Covariance == rating.ModelBased {
		return "model-based (inverse information)"
	}
	if m.Seats != nil {
		return "cluster-robust sandwich over " + strconv.Itoa(m.Clusters) + " clusters (rotation sets and single games)"
	}
	return "cluster-robust sandwich over " + strconv.Itoa(m.Clusters) + " clusters (game pairs and unpaired games)"
}

// ratings builds the rating table, the error-bar plot and the LOS matrix.
func ratings(d *Data, los *mat.Dense) *ratingsView {
	m := d.Model
	order := make([]int, len(m.Bots)) // indices into m.Bots, strongest first
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(m.Bots[b].Elo, m.Bots[a].Elo), cmp.Compare(m.Bots[a].Name, m.Bots[b].Name))
	})
	v := &ratingsView{Reference: reference(m)}
	for r, i := range order {
		b := m.Bots[i]
		_, anchor := m.Config.Anchors[b.Name]
		row := ratingRow{
			Rank:    r + 1,
			Name:    b.Name,
			Version: cmp.Or(d.Versions[b.Name], missing),
			Elo:     signed(b.Elo, 1),
			Minus:   signed(b.Lo-b.Elo, 1),
			Plus:    signed(b.Hi-b.Elo, 1),
			Anchor:  anchor,
			Games:   b.Games,
			Score:   missing,
			LOSNext: missing,
		}
		if b.Games > 0 {
			row.Score = pct(b.Points/float64(b.Games), 1)
		}
		if r+1 < len(order) {
			next := m.Bots[order[r+1]].Name
			row.LOSNext = losPct(los.At(i, order[r+1]))
			row.LOSNote = "P(" + b.Name + " stronger than " + next + ")"
		}
		v.Rows = append(v.Rows, row)
	}
	v.Plot = eloPlot(m, order)
	v.LOS = losMatrix(m, los, order)
	v.LOS.Model = d.LOS == nil
	return v
}

// losMatrix lays out the LOS matrix in rank order.
func losMatrix(m *rating.Model, los *mat.Dense, order []int) losView {
	var v losView
	for r, i := range order {
		v.Cols = append(v.Cols, losCol{Rank: r + 1, Name: m.Bots[i].Name})
	}
	for r, i := range order {
		row := losRow{Rank: r + 1, Name: m.Bots[i].Name}
		for _, j := range order {
			if i == j {
				row.Cells = append(row.Cells, losCell{Text: missing, Diag: true, Style: cellStyle(math.NaN()),
					Tip: m.Bots[i].Name + " against itself"})
				continue
			}
			p := los.At(i, j)
			row.Cells = append(row.Cells, losCell{
				Text:  losText(p),
				Tip:   "P(" + m.Bots[i].Name + " stronger than " + m.Bots[j].Name + ") = " + losPct(p),
				Style: cellStyle(p),
			})
		}
		v.Rows = append(v.Rows, row)
	}
	for _, o := range []float64{0, 0.25, 0.5, 0.75, 1} {
		v.Legend = append(v.Legend, losStop{Offset: num(100*o, 0) + "%", Color: losColor(o).hex()})
	}
	return v
}

// losText formats a cell of the LOS matrix: a whole percentage, never 0 or
// 100 (a probability that rounds to certainty is an artefact of the normal
// approximation, not a certainty).
func losText(p float64) string {
	switch {
	case math.IsNaN(p):
		return missing
	case p >= 0.995:
		return ">99"
	case p <= 0.005:
		return "<1"
	}
	return num(100*p, 0)
}

// losPct formats a likelihood of superiority as a percentage with one
// decimal, never 0.0% or 100.0%.
func losPct(p float64) string {
	switch {
	case p >= 0.9995:
		return ">99.9%"
	case p <= 0.0005:
		return "<0.1%"
	}
	return pct(p, 1)
}

// balance builds the balance section: one block per scenario, in name
// order, from its two-seat statistics, its per-seat statistics or both.
func balance(d *Data) *balanceView {
	sides := d.sides()
	v := &balanceView{
		Zone: "a scenario is balanced when the 95% interval of every seat's score against the others (draws counting ½) lies within " +
			pct(0.5-sides.Margin, 0) + "–" + pct(0.5+sides.Margin, 0),
	}
	if m := d.Model; m != nil && m.Config.FirstMover {
		f := m.First
		v.FirstMover = "First-mover advantage over all two-seat scenarios (model): " + signed(f.Elo, 1) + " Elo " +
			eloRange(f.Lo, f.Hi) + ", an expected score of " + pct(f.P, 1) + " for the first mover between equal bots."
	}
	two := map[string]rating.Balance{}
	seats := map[string]rating.SeatBalance{}
	var names []string
	for _, b := range d.Balances {
		two[b.Scenario] = b
		names = append(names, b.Scenario)
	}
	for _, s := range d.SeatBalances {
		seats[s.Scenario] = s
		if _, ok := two[s.Scenario]; !ok {
			names = append(names, s.Scenario)
		}
	}
	slices.Sort(names)
	if len(d.Balances) > 0 {
		x, y := sides.SideX, sides.SideY
		for i, b := range d.Balances {
			bx, by := sideNames(b.Scenario, seats, sides)
			if i > 0 && (bx != x || by != y) {
				x, y = "first seat", "second seat" // the scenarios name their sides differently
				break
			}
			x, y = bx, by
		}
		o := sidePlot(d.Balances, sides, x, y)
		v.Overview = &o
	}
	for i, name := range names {
		n := i + 1
		var sv scenarioView
		if b, ok := two[name]; ok {
			x, y := sideNames(name, seats, sides)
			sv = scenario(n, b, x, y, sides.Margin)
			if s, ok := seats[name]; ok {
				sv.SeatTable = seatTable(s)
				sv.Figures = replaceReasons(sv.Figures, s.Endings)
			}
		} else {
			sv = seatScenario(n, seats[name], sides.Margin)
		}
		v.Scenarios = append(v.Scenarios, sv)
	}
	return v
}

// sideNames returns the names of the two seats of a two-seat scenario: as
// its per-seat statistics name them, else as sides does.
func sideNames(scenario string, seats map[string]rating.SeatBalance, sides rating.BalanceConfig) (x, y string) {
	if s, ok := seats[scenario]; ok && len(s.Seats) == 2 {
		return s.Seats[0].Name, s.Seats[1].Name
	}
	return sides.SideX, sides.SideY
}

// scenario builds one two-seat scenario's balance block, its seats called x
// and y.
func scenario(n int, b rating.Balance, x, y string, margin float64) scenarioView {
	plot := balancePlot(n, b, x, y, margin)
	v := scenarioView{
		N:           n,
		Name:        b.Scenario,
		Seats:       2,
		Verdict:     cmp.Or(b.Verdict, "no verdict"),
		VerdictKind: verdictKind(b.Verdict),
		Plot:        &plot,
	}
	if b.HasSide {
		v.Basis = "Verdict from the model: " + x + "'s expected score against an equal bot, adjusted for the strength of the bots that played."
	} else {
		v.Basis = "Verdict from raw results: " + x + "'s score, not adjusted for the bots that played."
	}
	v.Figures = append(v.Figures, item{
		Key:   "Games",
		Value: strconv.Itoa(b.Games),
		Note:  x + " won " + strconv.Itoa(b.XWins) + ", " + y + " won " + strconv.Itoa(b.YWins) + ", " + strconv.Itoa(b.Draws) + " drawn",
	})
	if b.HasSide {
		v.Figures = append(v.Figures, item{
			Key:   "Side advantage (model)",
			Value: signed(b.Side.Elo, 1) + " Elo " + eloRange(b.Side.Lo, b.Side.Hi),
			Note:  x + " scores " + pct(b.Side.P, 1) + " " + pctRange(b.Side.PLo, b.Side.PHi) + " against an equal bot",
		})
	}
	v.Figures = append(v.Figures,
		item{
			Key:   "Side advantage (raw)",
			Value: signed(b.X.Elo, 1) + " Elo " + eloRange(b.X.Lo, b.X.Hi),
			Note:  x + "'s score " + pct(b.X.Score, 1) + ", unadjusted",
		},
		item{
			Key:   "First-mover advantage",
			Value: signed(b.First.Elo, 1) + " Elo " + eloRange(b.First.Lo, b.First.Hi),
			Note:  "the first mover scores " + pct(b.First.Score, 1),
		},
		item{
			Key:   "Draw rate",
			Value: pct(b.Draw.P, 1) + " " + pctRange(b.Draw.Lo, b.Draw.Hi),
			Note:  pct(b.NaturalDraws, 1) + " drawn by the rules",
		},
		item{
			Key:   "Game length",
			Value: "mean " + num(b.MeanTurns, 1) + " turns",
			Note:  "95th percentile " + num(b.P95Turns, 0) + " turns",
		},
		item{
			Key:   "Endings",
			Value: pct(b.Completion, 1) + " by the rules",
			Note:  pct(b.TurnLimit, 1) + " at the turn limit, " + pct(b.Forfeits, 1) + " by forfeit",
		},
	)
	for _, r := range b.Reasons {
		v.Figures = append(v.Figures, item{Key: "Ended because", Value: pct(r.Share, 1), Note: r.Reason})
	}
	v.Figures = append(v.Figures,
		item{
			Key:   "Side test",
			Value: "p = " + pValue(b.PValue),
			Note:  "exact binomial test of decisive games against 50/50; Holm-adjusted over scenarios p = " + pValue(b.PHolm),
		},
		item{
			Key:   "Evenness",
			Value: num(b.Evenness, 2),
			Note:  "1 − |" + x + " win rate − " + y + " win rate|",
		},
	)
	return v
}

// verdictKind classifies a verdict of rating.Balances for its colour.
func verdictKind(v string) string {
	switch {
	case strings.HasPrefix(v, "balanced"):
		return "balanced"
	case strings.HasPrefix(v, "undecided"):
		return "undecided"
	case strings.Contains(v, "favoured"):
		return "favoured"
	}
	return "none"
}

// scoreInterval returns the 95% interval of a head-to-head score, Score ∓
// z·SE clamped to [0, 1].
func scoreInterval(s rating.Stats) (lo, hi float64) {
	if math.IsNaN(s.SE) {
		return math.NaN(), math.NaN()
	}
	return math.Max(0, s.Score-rating.Z95*s.SE), math.Min(1, s.Score+rating.Z95*s.SE)
}
