package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/planner"
	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
)

// builtinBots makes the Go bots by name. Each call makes a fresh bot; bots
// must be safe for concurrent use, since one bot plays many games at once.
var builtinBots = map[string]func() arena.Bot{
	random.Name:    func() arena.Bot { return random.New() },
	aimer.Name:     func() arena.Bot { return aimer.NewBot() },
	"planner-lite": func() arena.Bot { return planner.NewBot("planner-lite", planner.Lite) },
	"planner":      func() arena.Bot { return planner.NewBot("planner", planner.Default) },
	"planner-deep": func() arena.Bot { return planner.NewBot("planner-deep", planner.Deep) },
}

// builtinHelp describes the built-in bots for 'arena help run'.
func builtinHelp() string {
	return fmt.Sprintf(`Built-in bots, weakest first (all but random play Flick 'em Up! only):
  random        uniformly random legal actions, in any game
  aimer         geometry rules: shoots the best target in sight with a power that
                reaches it, runs its scenario errand (carry, fetch, deny), else moves
                to a better firing position out of the enemies' sight
  planner-lite  simulates candidate flicks on copies of the game and evaluates the
                positions (hit points, exposure, objective): %v candidates x samples
  planner       the same at %v (decides within 50 ms on one core)
  planner-deep  the same at %v`, planner.Lite, planner.Default, planner.Deep)
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
