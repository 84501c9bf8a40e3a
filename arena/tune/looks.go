package tune

import "strconv"

// measureFunc brings pair run r, pair p of value v (indices in the search's order), to look
// k: it sets r's games, side score, interval and tally (PairRun.count) from the games of the
// first k·Look games of r's tournament. It returns false, and changes nothing, when those
// games are not all recorded (the report reading a search stopped in the middle of a look);
// 'arena tune' plays them first.
type measureFunc func(k, v, p int, r *PairRun) (bool, error)

// lookState is what a look changes in the candidates, kept to undo an incomplete look.
type lookState struct {
	live    []bool
	verdict []string
	runs    [][]PairRun
}

// save returns the state of cands.
func save(cands []*Candidate) lookState {
	var s lookState
	for _, c := range cands {
		s.live = append(s.live, c.Live)
		s.verdict = append(s.verdict, c.Verdict)
		runs := make([]PairRun, len(c.Runs))
		for j, r := range c.Runs {
			runs[j] = *r
		}
		s.runs = append(s.runs, runs)
	}
	return s
}

// restore puts cands back in state s.
func (s lookState) restore(cands []*Candidate) {
	for i, c := range cands {
		c.Live, c.Verdict = s.live[i], s.verdict[i]
		for j, r := range c.Runs {
			*r = s.runs[i][j]
		}
	}
}

// searchLooks is the search's rule, the one 'arena tune' plays by and the report reads a
// search back with. At look k, from 1 to looks, every live value in order has each of its
// pairs in order that is not yet balanced measured (measure) and judged against the zone
// [zlo, zhi] (PairRun.verdictOf); a pair clearly off or degenerate ends the value's look (its
// other pairs keep their earlier verdicts) and the value plays no more. The search stops
// after the first look at which a value is balanced for every pair, when no value is live,
// or after the last look.
//
// It returns the last complete look (0 for none) and whether the search stopped there
// (false when measure found a look's games missing: that look is undone). An error of
// measure is returned as it is. The progress p is told each pair's verdict and each decided
// value's verdict as they are given.
func searchLooks(cands []*Candidate, looks int, zlo, zhi float64, measure measureFunc, p Progress) (last int, stopped bool, err error) {
	for k := 1; k <= looks; k++ {
		before := save(cands)
		live, balanced := 0, false
		for v, c := range cands {
			if !c.Live {
				continue
			}
			live++
			for j, r := range c.Runs {
				if r.Verdict == Balanced {
					continue // paused: inside the zone at an earlier look, which the z covers
				}
				ok, err := measure(k, v, j, r)
				if err != nil {
					return k - 1, false, err
				}
				if !ok {
					before.restore(cands)
					return k - 1, false, nil
				}
				r.Verdict = r.verdictOf(zlo, zhi)
				if p.Pair != nil {
					p.Pair(k, c, r)
				}
				if r.Verdict == ClearlyOff || r.Verdict == Degenerate {
					break // the value is off: its other pairs play no more
				}
			}
			c.Verdict = c.judge()
			if p.Value != nil && c.Verdict != "" {
				p.Value(k, c)
			}
			switch c.Verdict {
			case ClearlyOff, Degenerate:
				c.Live = false
			case Balanced:
				balanced = true
			}
		}
		if live == 0 {
			return k - 1, true, nil
		}
		if balanced {
			return k, true, nil
		}
	}
	return looks, true, nil
}

// lookNote says where a search stands: the look it is judged at out of looks, whether it
// stopped there, and the recorded games it does not count (uncounted: games of later looks
// of the same tournaments, from a longer search).
func lookNote(last, looks int, stopped bool, uncounted int) string {
	var s string
	switch {
	case last == 0:
		s = "No look is complete yet: run the command again to resume."
	case stopped:
		s = "Judged at look " + strconv.Itoa(last) + " of " + strconv.Itoa(looks) + ", where the search stopped."
	default:
		s = "Judged at look " + strconv.Itoa(last) + " of " + strconv.Itoa(looks) + ": look " + strconv.Itoa(last+1) +
			" is not complete (run the command again to resume)."
	}
	if uncounted > 0 {
		verb := " are"
		if uncounted == 1 {
			verb = " is"
		}
		s += " " + plural(uncounted, "recorded game") + " of later looks (a longer search of the same tournaments)" + verb +
			" not counted: arena tune does not count them either."
	}
	return s
}
