package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/flickarena/flickarena/agents/bygame"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
)

// dialRemote connects to the remote bot at addr (envrpc.DialRemoteBot) and checks what it
// says of itself before the arena stores or prints any of it: a valid name
// (arena.CheckBotName: at most 64 letters, digits, '_', '.', '+', '-') and a printable version
// of at most 128 bytes. The errors quote the bad text escaped and shortened, never raw. Close
// the bot when done.
func dialRemote(ctx context.Context, addr string) (*envrpc.RemoteBot, error) {
	b, err := envrpc.DialRemoteBot(ctx, addr)
	if err != nil {
		return nil, err
	}
	if err := arena.CheckBotName(b.Name()); err != nil {
		b.Close()
		return nil, fmt.Errorf("remote bot at %s: its name is refused: %w", addr, err)
	}
	if err := arena.CheckBotVersion(b.Version()); err != nil {
		b.Close()
		return nil, fmt.Errorf("remote bot at %s: bot %s: its version is refused: %w", addr, b.Name(), err)
	}
	return b, nil
}

// checkRemoteGames fails if a remote bot does not play the game of one of
// the scenarios.
func checkRemoteGames(bots []arena.Player, setups map[string]arena.EnvScenario) error {
	ids := make([]string, 0, len(setups))
	for id := range setups {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var errs []error
	for _, p := range bots {
		rb, ok := p.(*envrpc.RemoteBot)
		if !ok {
			continue
		}
		for _, id := range ids {
			if g := setups[id].Game; !rb.Plays(g) {
				errs = append(errs, fmt.Errorf("remote bot %s at %s does not play %s (scenario %s); it plays %s",
					rb.Name(), rb.Addr(), g, id, strings.Join(rb.Games(), ", ")))
			}
		}
	}
	return errors.Join(errs...)
}

// router is a built-in bot made of one policy per game (agents/bygame): it
// says which games it plays.
type router interface {
	Policy(g env.Game) bygame.Policy
	Games() []string
}

// checkBuiltinGames fails if a built-in bot that plays only some games
// (a router) does not play the game of one of the scenarios: every game it
// played there would be lost as a crash.
func checkBuiltinGames(bots []arena.Player, setups map[string]arena.EnvScenario, reg *env.Registry) error {
	ids := make([]string, 0, len(setups))
	for id := range setups {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var errs []error
	for _, p := range bots {
		r, ok := p.(router)
		if !ok {
			continue
		}
		for _, id := range ids {
			g, err := reg.New(setups[id].Game, setups[id].Options)
			if err != nil {
				continue // the referee reports it
			}
			if r.Policy(g) == nil {
				errs = append(errs, fmt.Errorf("bot %s does not play %s (scenario %s); it plays %s",
					p.Name(), setups[id].Game, id, strings.Join(r.Games(), ", ")))
			}
		}
	}
	return errors.Join(errs...)
}
