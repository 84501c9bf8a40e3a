package main

import (
	"context"
	"fmt"
	"io"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// tuneValue is one value of the knob being tuned: its variant's game and referee, and a
// tournament per pair of bots.
type tuneValue struct {
	value string // as the file writes it
	id    string // the variant's game id
	ref   *arena.EnvReferee
	// runs are the value's pairs of bots, in the order of the --bots flags.
	runs []*tuneRun
}

// tuneRun is one pair of bots at one value: its tournament and the runner that plays it.
type tuneRun struct {
	pair   tunePair
	sched  arena.Schedule
	runner *arena.Runner // its runs labelled with the search, knob, value and pair (tune.Labels)
}

// valueTournaments returns the ids of the values' tournaments, value by value and, within a
// value, pair by pair (tune.SearchID).
func valueTournaments(values []*tuneValue) [][]string {
	ids := make([][]string, len(values))
	for i, c := range values {
		for _, r := range c.runs {
			ids[i] = append(ids[i], r.sched.Info.ID)
		}
	}
	return ids
}

// tuneGames plays a search's tournaments with the arena's runners into the store: the
// tune.Tournaments of 'arena tune'.
type tuneGames struct {
	knob   string
	values []*tuneValue
	store  *store.Store
	warn   io.Writer // the games a run repaired and the malformed games a read left out
}

// Play implements tune.Tournaments: it plays the first n fixtures of the tournament of value
// v and pair p (resuming: the games recorded are not played again) and returns their games
// as recorded.
func (g *tuneGames) Play(ctx context.Context, v, p, n int) ([]arena.GameRecord, bool, error) {
	c := g.values[v]
	r := c.runs[p]
	sched := r.sched
	sched.Fixtures = sched.Fixtures[:n]
	sum, err := r.runner.Run(ctx, sched)
	warnRepaired(g.warn, sched.Info.ID, sum.Repaired)
	if err != nil {
		return nil, false, fmt.Errorf("tune: %s=%s, %s: %w (run the same command again to resume)", g.knob, c.value, r.pair.name(), err)
	}
	played, err := g.played(ctx, r, sched)
	if err != nil {
		return nil, false, fmt.Errorf("tune: %w", err)
	}
	return played, true, nil
}

// played returns the recorded games of the schedule's fixtures, the tournament of pair run
// r. A malformed game is left out with a warning.
func (g *tuneGames) played(ctx context.Context, r *tuneRun, sched arena.Schedule) ([]arena.GameRecord, error) {
	list, err := g.store.ReadGames(ctx, arena.GameFilter{TournamentID: sched.Info.ID})
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", r.pair.name(), err)
	}
	warnSkipped(g.warn, list.Skipped)
	want := map[string]bool{}
	for _, f := range sched.Fixtures {
		want[f.Key] = true
	}
	var played []arena.GameRecord
	for _, game := range list.Games {
		if want[game.Key] {
			played = append(played, game)
		}
	}
	return played, nil
}
