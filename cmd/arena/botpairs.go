package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/flickarena/flickarena/arena"
)

// botPairs is the repeatable --bots flag of 'arena tune': each occurrence names one pair of
// bots, one bot (which plays itself) or two, comma-separated ("--bots aimer --bots planner"
// is the aimer's mirror pair and the planner's). A single --bots is the one pair of older
// commands.
type botPairs []string

// String implements flag.Value: the pairs as given, separated by spaces.
func (p *botPairs) String() string {
	if p == nil {
		return ""
	}
	return strings.Join(*p, " ")
}

// Set implements flag.Value: it appends a pair.
func (p *botPairs) Set(v string) error {
	if strings.TrimSpace(v) == "" {
		return fmt.Errorf("empty pair of bots")
	}
	*p = append(*p, v)
	return nil
}

// tunePair is one pair of bots a tune plays at each value: seat 0's bot first.
type tunePair struct {
	bots [2]arena.Player
}

// name is the pair's label, "aimer against aimer-mirror".
func (p tunePair) name() string { return p.bots[0].Name() + " against " + p.bots[1].Name() }

// players returns the pair as the bots of a tournament.
func (p tunePair) players() []arena.Player { return []arena.Player{p.bots[0], p.bots[1]} }

// parseTunePairs makes the pairs of bots of the --bots values: one bot plays its mirror
// copy (NAME-mirror), two bots play each other. A pair given twice is refused. closeAll
// closes every remote bot dialled, also after an error.
func parseTunePairs(ctx context.Context, specs []string) (pairs []tunePair, closeAll func(), err error) {
	var closers []func()
	closeAll = func() {
		for _, c := range closers {
			c()
		}
	}
	seen := map[string]bool{}
	for _, spec := range specs {
		bots, closeBots, err := parseBots(ctx, spec)
		closers = append(closers, closeBots)
		if err != nil {
			return nil, closeAll, fmt.Errorf("--bots %s: %w", spec, err)
		}
		var p tunePair
		switch len(bots) {
		case 1:
			b, ok := bots[0].(arena.Bot)
			if !ok {
				return nil, closeAll, fmt.Errorf("bot %s cannot play itself here (not an arena.Bot)", bots[0].Name())
			}
			p.bots = [2]arena.Player{b, mirrorOf(b)}
		case 2:
			p.bots = [2]arena.Player{bots[0], bots[1]}
		default:
			return nil, closeAll, fmt.Errorf("--bots %s names %d bots, want one (playing itself) or two", spec, len(bots))
		}
		if seen[p.name()] {
			return nil, closeAll, fmt.Errorf("the pair %s is given twice", p.name())
		}
		seen[p.name()] = true
		pairs = append(pairs, p)
	}
	if len(pairs) == 0 {
		return nil, closeAll, fmt.Errorf("--bots is required: a bot that plays itself, or two")
	}
	return pairs, closeAll, nil
}
