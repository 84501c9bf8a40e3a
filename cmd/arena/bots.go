package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
)

// builtinBots makes the Go bots by name. Each call makes a fresh bot; bots
// must be safe for concurrent use, since one bot plays many games at once.
var builtinBots = map[string]func() arena.Bot{
	random.Name: func() arena.Bot { return random.New() },
}

// builtinNames returns the names of the built-in bots, sorted.
func builtinNames() []string {
	names := make([]string, 0, len(builtinBots))
	for n := range builtinBots {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// parseBots turns the --bots list into players: built-in bots by name and
// remote bots as remote=HOST:PORT, which it connects to (they name
// themselves). Call closeAll when done with them, whatever the error.
func parseBots(ctx context.Context, list string) (bots []arena.Player, closeAll func(), err error) {
	var remotes []*remoteBot
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
			mk, ok := builtinBots[spec]
			if !ok {
				return nil, closeAll, fmt.Errorf("unknown bot %q (built-in bots: %s; remote bots: remote=HOST:PORT)", spec, strings.Join(builtinNames(), ", "))
			}
			b = mk()
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
