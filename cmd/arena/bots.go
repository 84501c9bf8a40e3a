package main

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/bygame"
	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/agents/flickbot"
	"github.com/flickarena/flickarena/agents/planner"
	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
)

// builtinBots makes the Go bots by name. Each call makes a fresh bot; bots
// must be safe for concurrent use, since one bot plays many games at once.
var builtinBots = map[string]func() arena.Bot{
	random.Name: func() arena.Bot { return random.New() },
	aimer.Name:  func() arena.Bot { return bothGames(aimer.Name, aimer.NewBot(), flickagobot.NewAimerBot()) },
	"planner-lite": func() arena.Bot {
		return bothGames("planner-lite", planner.NewBot("planner-lite", planner.Lite), flickagobot.NewPlannerBot("planner-lite", flickagobot.Lite))
	},
	"planner": func() arena.Bot {
		return bothGames("planner", planner.NewBot("planner", planner.Default), flickagobot.NewPlannerBot("planner", flickagobot.Default))
	},
	"planner-deep": func() arena.Bot {
		return bothGames("planner-deep", planner.NewBot("planner-deep", planner.Deep), flickagobot.NewPlannerBot("planner-deep", flickagobot.Deep))
	},
}

// bothGames returns the bot called name that plays Flick 'em Up! with fem and Flickago with
// fago, each unchanged (its version names both: "flickemup=...,flickago=...").
func bothGames(name string, fem *flickbot.Policy, fago *flickagobot.Policy) arena.Bot {
	return bygame.New(name, bygame.On[*flickemup.Env]("flickemup", fem), bygame.On[*flickago.Env]("flickago", fago))
}

// builtinHelp describes the built-in bots for 'arena help run'.
func builtinHelp() string {
	return fmt.Sprintf(`Built-in bots, weakest first (random plays any game, the others Flick 'em Up!
and Flickago):
  random        uniformly random legal actions, in any game
  aimer         geometry rules: shoots the best target in sight with a power that
                reaches it, runs its scenario errand (carry, fetch, deny), else moves
                to a better firing position out of the enemies' sight; in Flickago,
                sends a disc to the best sector in reach, knocks the opponent's
                scoring discs out, returns a threatened disc
  planner-lite  simulates candidate flicks on copies of the game and evaluates the
                positions (hit points, exposure, objective; in Flickago the score,
                flicks left, threats): %v candidates x samples (Flickago %v)
  planner       the same at %v, "+r6": then plays the enemy's answer (six decisions)
                as the aimer would before evaluating (Flickago %v; decides within
                50 ms on one core)
  planner-deep  the same at %v (Flickago %v)`, planner.Lite, flickagobot.Lite, planner.Default, flickagobot.Default, planner.Deep, flickagobot.Deep)
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
