package tune

import (
	"fmt"
	"strings"

	"github.com/flickarena/flickarena/arena"
)

// A value whose games are (nearly) all draws, or that one side never wins, is not a balanced
// game however near 50% its side score: a turn cap that ends every game first (tune
// turns=1..2) scores exactly 50% for both sides. The rule, at the look where a pair's interval
// first lies wholly inside the balanced zone: the pair is Degenerate instead of balanced when
// more than MaxDrawShare of its games counted so far are draws, or when one side (seat 0's or
// seat 1's) has won none of them. Like a clearly-off value, a degenerate value plays no more
// and is never reported balanced.

// MaxDrawShare is the largest share of draws, a fraction of the games, of a value that may
// be balanced.
const MaxDrawShare = 0.9

// tally counts a pair run's games by result: draws and each side's wins.
type tally struct {
	draws, winsX, winsY int
}

// tallyOf counts games by result.
func tallyOf(games []arena.GameRecord) tally {
	var t tally
	for _, g := range games {
		switch g.Result() {
		case arena.WinX:
			t.winsX++
		case arena.WinY:
			t.winsY++
		default:
			t.draws++
		}
	}
	return t
}

// degenerate returns why n games tallied t make a degenerate value ("every game a draw", "95%
// of the games draws", "the outlaws never win", sides naming seat 0's side and seat 1's), or
// "" when they do not.
func (t tally) degenerate(n int, sides [2]string) string {
	switch {
	case n == 0:
		return ""
	case t.draws == n:
		return "every game a draw"
	case float64(t.draws) > MaxDrawShare*float64(n):
		return fmt.Sprintf("%.0f%% of the games draws", 100*float64(t.draws)/float64(n))
	case t.winsX == 0:
		return "the " + sides[0] + " never win"
	case t.winsY == 0:
		return "the " + sides[1] + " never win"
	}
	return ""
}

// verdictOf returns pair run r's verdict at a look against the balanced zone [zlo, zhi]:
// Judge's, but Degenerate instead of Balanced when r's games make a degenerate value.
func (r *PairRun) verdictOf(zlo, zhi float64) string {
	v := Judge(r.Lo, r.Hi, zlo, zhi)
	if v == Balanced && r.tally.degenerate(r.Games, r.sides) != "" {
		return Degenerate
	}
	return v
}

// VerdictLabel returns r's verdict as the table and the report show it: with the reason of
// a degenerate one ("degenerate: every game a draw"); "" for undecided.
func (r *PairRun) VerdictLabel() string {
	if r.Verdict == Degenerate {
		return Degenerate + ": " + r.tally.degenerate(r.Games, r.sides)
	}
	return r.Verdict
}

// DegenerateValues lists the values found degenerate, with why ("turns=1 (every game a draw),
// turns=2 (every game a draw)"), or "" for none.
func (res *Result) DegenerateValues() string {
	var out []string
	for _, c := range res.Candidates {
		if c.Verdict != Degenerate {
			continue
		}
		for _, r := range c.Runs {
			if r.Verdict == Degenerate {
				out = append(out, res.Search.Knob+"="+c.Value+" ("+r.tally.degenerate(r.Games, r.sides)+")")
				break
			}
		}
	}
	return strings.Join(out, ", ")
}
