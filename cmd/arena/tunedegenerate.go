package main

import (
	"fmt"
	"strings"

	"github.com/flickarena/flickarena/arena"
)

// A value whose games are (nearly) all draws, or that one side never wins, is not a balanced
// game however near 50% its side score: a turn cap that ends every game first (tune
// turns=1..2) scores exactly 50% for both sides. The rule, at the look where a pair's interval
// first lies wholly inside the balanced zone: the pair is "degenerate" instead of balanced when
// more than tuneMaxDrawShare of its games counted so far are draws, or when one side (the
// lawmen, seat 0, or the outlaws, seat 1) has won none of them. Like a clearly-off value, a
// degenerate value plays no more and is never reported balanced.

// tuneDegenerate is the verdict of a pair, and of a value, that the rule above catches.
const tuneDegenerate = "degenerate"

// tuneOtherSide names the side of seat 1 of a tune's games.
const tuneOtherSide = "outlaws"

// tuneMaxDrawShare is the largest share of draws, a fraction of the games, of a value that
// may be balanced.
const tuneMaxDrawShare = 0.9

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
// of the games draws", "the outlaws never win"), or "" when they do not.
func (t tally) degenerate(n int) string {
	switch {
	case n == 0:
		return ""
	case t.draws == n:
		return "every game a draw"
	case float64(t.draws) > tuneMaxDrawShare*float64(n):
		return fmt.Sprintf("%.0f%% of the games draws", 100*float64(t.draws)/float64(n))
	case t.winsX == 0:
		return "the " + tuneSide + " never win"
	case t.winsY == 0:
		return "the " + tuneOtherSide + " never win"
	}
	return ""
}

// verdictOf returns pair run r's verdict at a look against the balanced zone [zlo, zhi]:
// judge's, but degenerate instead of balanced when r's games make a degenerate value.
func (r *pairRun) verdictOf(zlo, zhi float64) string {
	v := judge(r.lo, r.hi, zlo, zhi)
	if v == "balanced" && r.tally.degenerate(r.games) != "" {
		return tuneDegenerate
	}
	return v
}

// verdictLabel returns r's verdict as the table and the report show it: with the reason of a
// degenerate one ("degenerate: every game a draw").
func (r *pairRun) verdictLabel() string {
	if r.verdict == tuneDegenerate {
		return tuneDegenerate + ": " + r.tally.degenerate(r.games)
	}
	return r.verdict
}

// degenerateValues lists the values of knob found degenerate, with why ("turns=1 (every game
// a draw), turns=2 (every game a draw)"), or "" for none.
func degenerateValues(knob string, cands []*candidate) string {
	var out []string
	for _, c := range cands {
		if c.verdict != tuneDegenerate {
			continue
		}
		for _, r := range c.runs {
			if r.verdict == tuneDegenerate {
				out = append(out, knob+"="+c.value+" ("+r.tally.degenerate(r.games)+")")
				break
			}
		}
	}
	return strings.Join(out, ", ")
}
