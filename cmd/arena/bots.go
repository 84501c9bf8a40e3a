package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/envrpc"
)

// newBuiltin makes a built-in bot by name (agents/builtin); tests replace it to enter fakes.
var newBuiltin = func(name string) (arena.Bot, error) { return builtin.New(name) }

// builtinHelp describes the built-in bots for 'arena help run'.
func builtinHelp() string {
	return "Built-in bots (agents/builtin), weakest first:\n" + builtin.Help()
}

// parseBots turns the --bots list into players: built-in bots by name and
// remote bots as remote=HOST:PORT, which it connects to (they name
// themselves). Call closeAll when done with them, whatever the error.
func parseBots(ctx context.Context, list string) (bots []arena.Player, closeAll func(), err error) {
	var remotes []*envrpc.RemoteBot
	closeAll = func() {
		for _, r := range remotes {
			r.Close()
		}
	}
	seen := map[string]string{} // name -> spec that gave it
	for _, spec := range splitList(list) {
		var b arena.Player
		if addr, ok := strings.CutPrefix(spec, "remote="); ok {
			r, err := dialRemote(ctx, addr)
			if err != nil {
				return nil, closeAll, err
			}
			remotes = append(remotes, r)
			b = r
		} else {
			bot, err := newBuiltin(spec)
			if err != nil {
				return nil, closeAll, fmt.Errorf("%w; remote bots: remote=HOST:PORT", err)
			}
			b = bot
		}
		if prev, dup := seen[b.Name()]; dup {
			if prev == spec {
				return nil, closeAll, fmt.Errorf("bot %q listed twice", spec)
			}
			return nil, closeAll, fmt.Errorf("two bots are named %q (%s and %s)", b.Name(), prev, spec)
		}
		seen[b.Name()] = spec
		bots = append(bots, b)
	}
	return bots, closeAll, nil
}

// splitList splits a comma-separated flag value, dropping blanks.
func splitList(s string) []string {
	var out []string
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" {
			out = append(out, f)
		}
	}
	return out
}
