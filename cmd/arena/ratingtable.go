package main

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/flickarena/flickarena/arena/rating"
)

// fitConfig returns the rating configuration for a prior of tau Elo (0:
// none, the maximum-likelihood fit).
func fitConfig(tau float64) rating.Config {
	cfg := rating.DefaultConfig()
	cfg.Prior, cfg.SidePrior = tau, tau
	return cfg
}

// fewClusters is the number of independent clusters below which the
// cluster-robust intervals are flagged as unreliable (a common rule of thumb
// for sandwich estimators): the estimate is biased down when the clusters
// are few, and printModel warns.
const fewClusters = 30

// printModel prints the rating table of m, the side advantage of each
// two-seat scenario, the seat advantages of each scenario of more seats
// (Plackett–Luce models) and the LOS matrix.
func printModel(w io.Writer, m *rating.Model, seats map[string][]string) {
	bots := slices.Clone(m.Bots)
	slices.SortStableFunc(bots, func(a, b rating.Bot) int {
		return cmp.Or(cmp.Compare(b.Elo, a.Elo), cmp.Compare(a.Name, b.Name))
	})
	width := len("bot")
	for _, b := range bots {
		width = max(width, len(b.Name))
	}
	// A Plackett–Luce model has seat terms for its scenarios of more than two seats.
	var many []string
	for _, s := range m.Seats {
		if !slices.ContainsFunc(m.Sides, func(a rating.Advantage) bool { return a.Scenario == s.Scenario }) && !slices.Contains(many, s.Scenario) {
			many = append(many, s.Scenario)
		}
	}
	if m.Seats == nil {
		fmt.Fprintf(w, "Ratings of %d bots from %d games (%d independent clusters: pairs or single games) on %s.\n",
			len(bots), m.Games, m.Clusters, plural(len(m.Sides), "scenario"))
	} else {
		fmt.Fprintf(w, "Ratings of %d bots from %d games (%d independent clusters: rotation sets or single games) on %s;\n",
			len(bots), m.Games, m.Clusters, plural(len(m.Sides)+len(many), "scenario"))
		fmt.Fprintln(w, "Plackett-Luce on finishing orders (a shared place counts as the average of its orderings; for two seats, Bradley-Terry).")
	}
	fmt.Fprintf(w, "Elo on the logistic 400 scale, relative to the pool mean; 95%% intervals, %s; %s.\n",
		errorsText(m.Config), priorText(m.Config.Prior))
	if m.Config.Covariance == rating.Sandwich && m.Clusters < fewClusters {
		fmt.Fprintf(w, "Warning: only %d independent clusters; cluster-robust intervals come out too narrow below about %d. Play more games.\n",
			m.Clusters, fewClusters)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "%4s  %-*s  %7s  %-18s  %5s  %6s  %6s\n", "rank", width, "bot", "Elo", "95% interval", "games", "points", "score")
	for i, b := range bots {
		score := math.NaN()
		if b.Games > 0 {
			score = b.Points / float64(b.Games)
		}
		fmt.Fprintf(w, "%4d  %-*s  %+7.1f  %-18s  %5d  %6.1f  %5.1f%%\n", i+1, width, b.Name, b.Elo,
			fmt.Sprintf("[%+.1f, %+.1f]", b.Lo, b.Hi), b.Games, b.Points, 100*score)
	}

	if len(m.Sides) > 0 {
		fmt.Fprintln(w, "\nThe first seat's advantage per scenario (its expected score between equal bots):")
		swidth, nwidth := 0, 0
		for _, s := range m.Sides {
			swidth = max(swidth, len(s.Scenario))
			nwidth = max(nwidth, len(firstSeat(seats, s.Scenario)))
		}
		for _, s := range m.Sides {
			fmt.Fprintf(w, "  %-*s  %-*s  %+7.1f Elo [%+.1f, %+.1f]  scores %5.1f%% [%.1f%%, %.1f%%]  %s\n", swidth, s.Scenario,
				nwidth, firstSeat(seats, s.Scenario), s.Elo, s.Lo, s.Hi, 100*s.P, 100*s.PLo, 100*s.PHi, plural(s.Games, "game"))
		}
	}
	if len(many) > 0 {
		fmt.Fprintln(w, "\nSeat advantages of the scenarios of more than two seats, seats numbered from 1, over seat 1 (the seat's chance to finish ahead of seat 1 between equal bots):")
		swidth := 0
		for _, s := range many {
			swidth = max(swidth, len(s))
		}
		for _, s := range m.Seats {
			if slices.Contains(many, s.Scenario) {
				fmt.Fprintf(w, "  %-*s  seat %d  %+7.1f Elo [%+.1f, %+.1f]  ahead %5.1f%% [%.1f%%, %.1f%%]  %s\n", swidth, s.Scenario, s.Seat+1,
					s.Elo, s.Lo, s.Hi, 100*s.P, 100*s.PLo, 100*s.PHi, plural(s.Games, "game"))
			}
		}
	}

	// The LOS matrix is in m.Bots order (by name); print it in rank order.
	idx := make(map[string]int, len(m.Bots))
	for i, b := range m.Bots {
		idx[b.Name] = i
	}
	los := m.LOS()
	fmt.Fprintln(w, "\nLikelihood of superiority, P(row is stronger than column):")
	cw := max(width, 6)
	fmt.Fprintf(w, "  %-*s", width, "")
	for _, b := range bots {
		fmt.Fprintf(w, "  %*s", cw, b.Name)
	}
	fmt.Fprintln(w)
	for _, r := range bots {
		fmt.Fprintf(w, "  %-*s", width, r.Name)
		for _, c := range bots {
			if r.Name == c.Name {
				fmt.Fprintf(w, "  %*s", cw, "-")
				continue
			}
			fmt.Fprintf(w, "  %*s", cw, fmt.Sprintf("%.1f%%", 100*los.At(idx[r.Name], idx[c.Name])))
		}
		fmt.Fprintln(w)
	}
}

// errorsText names the standard errors behind the intervals: under a prior, the sandwich is
// widened to the posterior's wherever that is larger (rating package doc, "Uncertainty").
func errorsText(c rating.Config) string {
	if c.Prior > 0 && c.Covariance == rating.Sandwich {
		return "sandwich errors, widened to the posterior's where larger"
	}
	return c.Covariance.String() + " errors"
}

// priorText describes the prior of a fit with prior standard deviation tau (Elo; 0: none).
func priorText(tau float64) string {
	if tau == 0 {
		return "no prior (maximum likelihood)"
	}
	return fmt.Sprintf("Gaussian prior τ = %g Elo on ratings and side terms (MAP, not maximum likelihood)", tau)
}

// explainFit rewrites the rating package's refusals for a user: which
// groups of bots cannot be put on one scale, and what to do about it.
func explainFit(err error) error {
	var (
		dis *rating.DisconnectedError
		sep *rating.SeparationError
		b   strings.Builder
	)
	switch {
	case errors.As(err, &dis):
		fmt.Fprintf(&b, "the bots form %d groups that never played each other, so they cannot share one rating scale:", len(dis.Groups))
		for i, g := range dis.Groups {
			fmt.Fprintf(&b, "\n  group %d: %s", i+1, strings.Join(g, ", "))
		}
		b.WriteString("\nrate each group on its own (--bots, --tournament), or play games between the groups")
	case errors.As(err, &sep):
		b.WriteString("the ratings would be infinite (maximum likelihood does not exist):")
		for i, g := range sep.Groups {
			fmt.Fprintf(&b, "\n  group %d: %s", i+1, strings.Join(g, ", "))
		}
		if len(sep.Groups) > 0 {
			b.WriteString("\n  (strongest first: no bot of a later group ever scored a point against an earlier group)")
		}
		for _, s := range sep.Scenarios {
			fmt.Fprintf(&b, "\n  one side scored every point in scenario %s", s)
		}
		if sep.FirstMover {
			b.WriteString("\n  one mover scored every point")
		}
		if len(sep.Diverged) > 0 {
			fmt.Fprintf(&b, "\n  the fit diverges along %s", strings.Join(sep.Diverged, ", "))
		}
		b.WriteString("\nplay more games, or fit with a prior: --prior 400")
	default:
		return err
	}
	return &explainedError{msg: b.String(), err: err}
}

// explainedError is an error with a message written for the user.
type explainedError struct {
	msg string
	err error // the original error
}

// Error returns the user's message.
func (e *explainedError) Error() string { return e.msg }

// Unwrap returns the original error.
func (e *explainedError) Unwrap() error { return e.err }

// plural returns "1 game" or "n games".
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// firstSeat names the first seat of a two-seat scenario as its game does (lawmen, white), or
// "seat 1" when the seats' names are unknown.
func firstSeat(seats map[string][]string, scenario string) string {
	if names := seats[scenario]; len(names) > 0 && names[0] != "" {
		return names[0]
	}
	return "seat 1"
}
