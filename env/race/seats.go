package race

import (
	"fmt"
	"strings"

	"github.com/flickarena/flickarena/env"
)

// SeatNames implements env.SeatNamer: Race's seats have no names of their own, so they are
// "player 1" to "player N", as env.SeatNames would say (a game with named seats, as
// Flickago's "white" and "black", lists them here).
func (e *Env) SeatNames() []string { return e.seats }

// Scores implements env.Scorer: each seat's points now ([Game.Scores]).
func (e *Env) Scores(dst []float64) []float64 { return e.g.Scores(dst) }

// EndKind implements env.Ender: "last turn: one best score" or "last turn: a tie for the
// best score", or "" while the game runs.
func (e *Env) EndKind() string {
	if !e.g.Over() {
		return ""
	}
	if len(e.best()) == 1 {
		return "last turn: one best score"
	}
	return "last turn: a tie for the best score"
}

// EndReason implements env.Ender: the kind with its detail ("last turn: one best score
// (player 2, 7.3 points)"), or "" while the game runs.
func (e *Env) EndReason() string {
	if !e.g.Over() {
		return ""
	}
	best := e.best()
	names := make([]string, len(best))
	for i, s := range best {
		names[i] = e.seats[s]
	}
	return fmt.Sprintf("%s (%s, %.1f points)", e.EndKind(), strings.Join(names, " and "), e.g.scores[best[0]])
}

// best returns the seats with the best score, in seat order.
func (e *Env) best() []int {
	var best []int
	for s, v := range e.g.scores {
		switch {
		case len(best) == 0 || v > e.g.scores[best[0]]:
			best = append(best[:0], s)
		case v == e.g.scores[best[0]]:
			best = append(best, s)
		}
	}
	return best
}

// DescribeAction implements replay.Describer: the native action a of the seat to move in
// words ("gain 0.25", "steal from player 2", "pass"), for a replay's labels. It does not
// change the game.
func (e *Env) DescribeAction(a env.Action) string {
	x := e.decode(a)
	switch x.Move {
	case Gain:
		return fmt.Sprintf("gain %.2f", x.Power)
	case Double:
		return fmt.Sprintf("double %.2f", x.Power)
	case Steal:
		return "steal from " + e.seats[x.Target]
	}
	return x.String()
}
