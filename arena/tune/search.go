package tune

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/report"
)

// Search is one knob search: the knob's values, each played by every pair of bots in looks
// of Look games up to MaxGames, judged against the balanced zone [ZoneLo, ZoneHi] of seat 0's
// score (see the package doc).
type Search struct {
	// Knob names the knob ("start.hour"), as the scenario file's tune line makes it.
	Knob string
	// Values are the knob's values, as the file writes them, in the knob's order.
	Values []string
	// Pairs name the pairs of bots, seat 0's bot first, in the order given.
	Pairs [][2]string
	// Sides name seat 0's side and seat 1's ("lawmen", "outlaws"): the score shown is
	// Sides[0]'s, and a degenerate value's reason names the side that never wins.
	Sides [2]string
	// Look counts the games per value and pair added at each look, and MaxGames the most
	// games per value and pair: Look ≥ 1 and MaxGames ≥ Look (a multiple of Look, as
	// 'arena tune' requires, so that every look plays Look games).
	Look, MaxGames int
	// ZoneLo and ZoneHi bound the balanced zone of the side score, fractions with
	// ZoneLo < ZoneHi.
	ZoneLo, ZoneHi float64
}

// Looks is the number of looks of the search: MaxGames / Look.
func (s Search) Looks() int { return s.MaxGames / s.Look }

// Tournaments plays the games of a search: one tournament per value and pair of bots, each
// a fixed sequence of games (pairs with sides swapped on one seed), which a search plays a
// prefix of. 'arena tune' implements it with the arena's runner and store.
type Tournaments interface {
	// Play brings the tournament of value v and pair p (indices into Search.Values and
	// Search.Pairs) to its first n games, playing those not yet recorded, and returns them.
	// It returns false when those games are not all recorded and are not to be played (a
	// search read back); the search then stops at the look before.
	Play(ctx context.Context, v, p, n int) (games []arena.GameRecord, ok bool, err error)
}

// Progress is told of a search's verdicts as they are given; a nil func is not called.
type Progress struct {
	// Pair is called after each pair's measure at look k (from 1), with its value.
	Pair func(k int, c *Candidate, r *PairRun)
	// Value is called after look k of a value whose verdict is decided (not "").
	Value func(k int, c *Candidate)
}

// Result is a search as it stands: its values' verdicts and side scores at the last complete
// look.
type Result struct {
	// Search is the search run.
	Search Search
	// Candidates are the values, in the order of Search.Values, each with a run per pair in
	// the order of Search.Pairs.
	Candidates []*Candidate
	// Last is the last complete look (0 for none), from 1.
	Last int
	// Stopped is true when the search stopped at look Last (a value balanced, no value
	// live, or the last look), false when look Last+1 is not complete.
	Stopped bool
	// Uncounted counts the recorded games of later looks the result does not count (a
	// search read back from a store a longer search of the same tournaments filled).
	Uncounted int
}

// Run plays the search on ts, look by look, until it stops (see the package doc), and
// returns its result. An error of ts is returned as it is, with the result at the look
// before.
func (s Search) Run(ctx context.Context, ts Tournaments, p Progress) (*Result, error) {
	switch {
	case s.Look < 1 || s.MaxGames < s.Look:
		return nil, fmt.Errorf("tune: the look (%d games) must lie in [1, the most games (%d)]", s.Look, s.MaxGames)
	case len(s.Values) == 0 || len(s.Pairs) == 0:
		return nil, errors.New("tune: a search needs a value and a pair of bots")
	case !(s.ZoneLo < s.ZoneHi):
		return nil, fmt.Errorf("tune: the zone [%g, %g] is empty", s.ZoneLo, s.ZoneHi)
	}
	return s.run(func(k, v, j int) ([]arena.GameRecord, bool, error) { return ts.Play(ctx, v, j, k*s.Look) }, p)
}

// run is Run with play fetching look k's games of value v and pair j.
func (s Search) run(play func(k, v, j int) ([]arena.GameRecord, bool, error), p Progress) (*Result, error) {
	res := &Result{Search: s}
	for _, v := range s.Values {
		c := &Candidate{Value: v, Live: true}
		for _, bots := range s.Pairs {
			c.Runs = append(c.Runs, &PairRun{Bots: bots, sides: s.Sides})
		}
		res.Candidates = append(res.Candidates, c)
	}
	looks := s.Looks()
	z := LookZ(looks)
	measure := func(k, v, j int, r *PairRun) (bool, error) {
		games, ok, err := play(k, v, j)
		if err != nil || !ok {
			return false, err
		}
		r.count(games, z)
		return true, nil
	}
	var err error
	res.Last, res.Stopped, err = searchLooks(res.Candidates, looks, s.ZoneLo, s.ZoneHi, measure, p)
	return res, err
}

// Tune returns the result as the report shows it, the search of scenario file file: a pair
// per search pair with a value per candidate (a value the pair did not play has no games
// and a NaN score), the zone, the level of the intervals and a note of the look it is
// judged at.
func (res *Result) Tune(file string) report.Tune {
	s := res.Search
	looks := s.Looks()
	t := report.Tune{Scenario: file, Knob: s.Knob, Side: s.Sides[0], ZoneLo: s.ZoneLo, ZoneHi: s.ZoneHi, Level: Level(looks)}
	for j, name := range s.Pairs {
		p := report.TunePair{Bots: name}
		for _, c := range res.Candidates {
			r := c.Runs[j]
			v := report.TuneValue{Value: c.Value, Games: r.Games, Score: r.Mean, Lo: r.Lo, Hi: r.Hi, Verdict: r.VerdictLabel()}
			if r.Games == 0 {
				v.Score, v.Lo, v.Hi = math.NaN(), math.NaN(), math.NaN()
			}
			p.Values = append(p.Values, v)
		}
		t.Pairs = append(t.Pairs, p)
	}
	t.Note = lookNote(res.Last, looks, res.Stopped, res.Uncounted)
	return t
}

// Found returns the value found balanced, by the report's rule (report.BestTuneValue: of
// the values balanced for every pair, the one whose worst pair is the nearest to even), and
// false when no value is balanced for every pair.
func (res *Result) Found() (*Candidate, bool) {
	if i, ok := report.BestTuneValue(res.Tune("")); ok {
		return res.Candidates[i], true
	}
	return nil, false
}
