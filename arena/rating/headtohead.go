package rating

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"
)

// Trinomial counts the games of one bot against another (or of one side
// against the other), from the first one's view.
type Trinomial struct {
	W, D, L int // wins, draws, losses
}

// N returns the number of games.
func (t Trinomial) N() int { return t.W + t.D + t.L }

// Pentanomial counts game pairs (same scenario and seed, sides swapped) from
// one bot's view by the pair's outcome. WL and DD share the pentanomial cell
// "one point" but are kept apart for [Pentanomial.WLDD].
type Pentanomial struct {
	LL, LD, WL, DD, WD, WW int
}

// N returns the number of pairs.
func (p Pentanomial) N() int { return p.LL + p.LD + p.WL + p.DD + p.WD + p.WW }

// Counts returns the five pentanomial cells (LL, LD, WL+DD, WD, WW), whose
// pair scores are 0, ¼, ½, ¾ and 1.
func (p Pentanomial) Counts() [5]int {
	return [5]int{p.LL, p.LD, p.WL + p.DD, p.WD, p.WW}
}

// Games returns the trinomial of the individual games in the pairs.
func (p Pentanomial) Games() Trinomial {
	return Trinomial{
		W: p.WL + p.WD + 2*p.WW,
		D: p.LD + 2*p.DD + p.WD,
		L: 2*p.LL + p.LD + p.WL,
	}
}

// PairsRatio returns (WW+WD)/(LD+LL): pairs won over pairs lost (+Inf when no
// pair was lost, NaN when none was decided).
func (p Pentanomial) PairsRatio() float64 {
	return float64(p.WW+p.WD) / float64(p.LD+p.LL)
}

// WLDD returns WL/DD, pairs in which each bot won one game over pairs of two
// draws. A high value is a scenario-bias signal: each bot wins "its" side.
func (p Pentanomial) WLDD() float64 {
	return float64(p.WL) / float64(p.DD)
}

// Stats are the head-to-head statistics of §2. Elo values are on the
// logistic 400 scale; intervals are 95%. With no games every field is NaN
// except N.
type Stats struct {
	// N is the number of games (trinomial) or pairs (pentanomial).
	N int
	// Score is the mean score per game, draws counting ½.
	Score float64
	// SE is the standard error of Score.
	SE float64
	// Elo is Elo(Score).
	Elo float64
	// Lo and Hi bound the 95% interval, Elo(Score ∓ z·SE), in Elo (±Inf when
	// the score interval leaves (0, 1)).
	Lo, Hi float64
	// Err is the cutechess/fastchess "±" half-width (Hi−Lo)/2, in Elo.
	Err float64
	// NElo is the normalized Elo, (Score−½)/σ·800/ln10, with σ the per-game
	// standard deviation, and NEloErr its 95% half-width.
	NElo, NEloErr float64
	// LOS is the score-based likelihood of superiority Φ((Score−½)/SE).
	LOS float64
	// DrawRatio is the fraction of games drawn.
	DrawRatio float64
}

// Stats returns the trinomial statistics of §2 for independent games.
func (t Trinomial) Stats() Stats { return t.stats(Z95) }

func (t Trinomial) stats(z float64) Stats {
	n := float64(t.N())
	if n == 0 {
		return nanStats(0)
	}
	w, d, l := float64(t.W)/n, float64(t.D)/n, float64(t.L)/n
	s := w + d/2
	variance := w*(1-s)*(1-s) + d*(0.5-s)*(0.5-s) + l*s*s
	return finishStats(t.N(), s, math.Sqrt(variance/n), math.Sqrt(variance), z, d)
}

// Stats returns the pentanomial statistics of §2 for paired games. Score
// and Elo are per game; SE is that of the mean pair score.
func (p Pentanomial) Stats() Stats { return p.stats(Z95) }

func (p Pentanomial) stats(z float64) Stats {
	n := float64(p.N())
	if n == 0 {
		return nanStats(0)
	}
	c := p.Counts()
	var s float64
	for k, ck := range c {
		s += float64(ck) / n * pentaScores[k]
	}
	var v float64
	for k, ck := range c {
		a := pentaScores[k] - s
		v += float64(ck) / n * a * a
	}
	draws := float64(p.LD+2*p.DD+p.WD) / (2 * n)
	return finishStats(p.N(), s, math.Sqrt(v/n), math.Sqrt(2*v), z, draws)
}

// pentaScores are the mean scores of the five pentanomial cells.
var pentaScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// finishStats derives the Elo figures from the mean score s, its standard
// error se and the per-game standard deviation sigma.
func finishStats(n int, s, se, sigma, z, draws float64) Stats {
	st := Stats{N: n, Score: s, SE: se, Elo: Elo(s), DrawRatio: draws}
	st.Lo = Elo(clamp01(s - z*se))
	st.Hi = Elo(clamp01(s + z*se))
	st.Err = (st.Hi - st.Lo) / 2
	st.NElo = (s - 0.5) / sigma * neloScale
	st.NEloErr = z * se / sigma * neloScale
	st.LOS = los(s-0.5, se)
	return st
}

func nanStats(n int) Stats {
	nan := math.NaN()
	return Stats{N: n, Score: nan, SE: nan, Elo: nan, Lo: nan, Hi: nan, Err: nan,
		NElo: nan, NEloErr: nan, LOS: nan, DrawRatio: nan}
}

func clamp01(x float64) float64 { return math.Max(0, math.Min(1, x)) }

// los returns Φ(d/se), taking the limit when se is 0.
func los(d, se float64) float64 {
	if se == 0 {
		switch {
		case d > 0:
			return 1
		case d < 0:
			return 0
		}
		return 0.5
	}
	return phi(d / se)
}

// LOSWL returns the W/L-only likelihood of superiority used by cutechess,
// ½(1+erf((W−L)/√(2(W+L)))). Draws are ignored; NaN with no decisive game.
func (t Trinomial) LOSWL() float64 {
	return 0.5 * (1 + math.Erf(float64(t.W-t.L)/math.Sqrt(2*float64(t.W+t.L))))
}

// LOSExact returns the exact Bayesian likelihood of superiority with a
// uniform prior, P(Beta(W+1, L+1) > ½) = P(Bin(W+L+1, ½) ≤ W). Draws are
// ignored.
func (t Trinomial) LOSExact() float64 {
	return distuv.Binomial{N: float64(t.W + t.L + 1), P: 0.5}.CDF(float64(t.W))
}

// HeadToHead collects the non-void games between bots a and b from a's view:
// all games as a trinomial, and the complete pairs (two games of one Pair,
// with a on each side once) as a pentanomial. A pair with one game voided or
// missing counts in the trinomial only.
//
// It returns an error when a equals b, when a game is invalid, or when a pair
// id holds more than two games or two games with a on the same side.
func HeadToHead(games []Game, a, b string) (Trinomial, Pentanomial, error) {
	var tri Trinomial
	var pen Pentanomial
	if a == b {
		return tri, pen, fmt.Errorf("rating: head-to-head of %q against itself", a)
	}
	if err := validateAll(games); err != nil {
		return tri, pen, err
	}
	var halves []pairHalf
	for i := range games {
		g := &games[i]
		if g.Void() {
			continue
		}
		var h pairHalf
		switch {
		case g.X == a && g.Y == b:
			h = pairHalf{g.Pair, i, g.Score, SideX}
		case g.X == b && g.Y == a:
			h = pairHalf{g.Pair, i, 1 - g.Score, SideY}
		default:
			continue
		}
		switch h.score {
		case 1:
			tri.W++
		case 0.5:
			tri.D++
		default:
			tri.L++
		}
		if g.Pair != "" {
			halves = append(halves, h)
		}
	}
	slices.SortStableFunc(halves, func(x, y pairHalf) int { return strings.Compare(x.pair, y.pair) })
	for i := 0; i < len(halves); {
		j := i + 1
		for j < len(halves) && halves[j].pair == halves[i].pair {
			j++
		}
		switch j - i {
		case 1: // the other game is void or missing
		case 2:
			x, y := halves[i], halves[i+1]
			if x.side == y.side {
				return tri, pen, &GameError{Index: y.idx, Err: fmt.Errorf("pair %q: %q plays side %v in both games", x.pair, a, x.side)}
			}
			switch s := x.score + y.score; {
			case s == 0:
				pen.LL++
			case s == 0.5:
				pen.LD++
			case s == 1 && x.score != 0.5:
				pen.WL++
			case s == 1:
				pen.DD++
			case s == 1.5:
				pen.WD++
			default:
				pen.WW++
			}
		default:
			return tri, pen, &GameError{Index: halves[i+2].idx, Err: fmt.Errorf("pair %q holds more than two games", halves[i].pair)}
		}
		i = j
	}
	return tri, pen, nil
}

// pairHalf is one game of a pair, from the first bot's view.
type pairHalf struct {
	pair  string
	idx   int     // index in the input
	score float64 // the bot's points
	side  Side    // the bot's side
}
