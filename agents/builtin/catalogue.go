package builtin

import (
	"fmt"
	"sort"
	"strings"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/bygame"
	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/agents/flickemupbot"
	"github.com/flickarena/flickarena/agents/fliprandobot"
	"github.com/flickarena/flickarena/agents/planner"
	"github.com/flickarena/flickarena/agents/racebot"
	"github.com/flickarena/flickarena/agents/random"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
)

// Bot is a built-in bot: an env.Policy with the name and version the arena records. A Bot is
// safe for concurrent use: one Bot plays many games at once.
type Bot interface {
	env.Policy
	// Name is the bot's catalogue name, e.g. "planner".
	Name() string
	// Version identifies the bot's code and parameters; a change is a new bot for the arena.
	Version() string
}

// Entry is one bot of the catalogue.
type Entry struct {
	// Name is the bot's name, as given to `arena run --bots` and to a pool's opponent.
	Name string
	// Games lists the arena names of the games the bot plays ("flickemup", "flickago", ...),
	// or is empty for a bot that plays any game.
	Games []string
	// Help is one or more lines describing the bot, without its name.
	Help string
	// New makes a fresh bot.
	New func() Bot
}

// entries is the catalogue, weakest first within each game.
var entries = []Entry{
	{
		Name: random.Name,
		Help: "uniformly random legal actions, in any game",
		New:  func() Bot { return random.New() },
	},
	{
		Name:  aimer.Name,
		Games: []string{"flickemup", "flickago"},
		Help: `geometry rules: shoots the best target in sight with a power that
reaches it, runs its scenario errand (carry, fetch, deny), else moves
to a better firing position out of the enemies' sight; in Flickago,
sends a disc to the best sector in reach, knocks the opponent's
scoring discs out, returns a threatened disc`,
		New: func() Bot { return bothGames(aimer.Name, aimer.NewBot(), flickagobot.NewAimerBot()) },
	},
	{
		Name:  "planner-lite",
		Games: []string{"flickemup", "flickago"},
		Help: fmt.Sprintf(`simulates candidate flicks on copies of the game and evaluates the
positions (hit points, exposure, objective; in Flickago the score,
flicks left, threats): %v candidates x samples (Flickago %v)`, planner.Lite, flickagobot.Lite),
		New: func() Bot {
			return bothGames("planner-lite", planner.NewBot("planner-lite", planner.Lite), flickagobot.NewPlannerBot("planner-lite", flickagobot.Lite))
		},
	},
	{
		Name:  "planner",
		Games: []string{"flickemup", "flickago"},
		Help: fmt.Sprintf(`the same at %v, "+r6": then plays the enemy's answer (six decisions)
as the aimer would before evaluating (Flickago %v; decides within
50 ms on one core)`, planner.Default, flickagobot.Default),
		New: func() Bot {
			return bothGames("planner", planner.NewBot("planner", planner.Default), flickagobot.NewPlannerBot("planner", flickagobot.Default))
		},
	},
	{
		Name:  "planner-deep",
		Games: []string{"flickemup", "flickago"},
		Help:  fmt.Sprintf(`the same at %v (Flickago %v)`, planner.Deep, flickagobot.Deep),
		New: func() Bot {
			return bothGames("planner-deep", planner.NewBot("planner-deep", planner.Deep), flickagobot.NewPlannerBot("planner-deep", flickagobot.Deep))
		},
	},
	{
		Name:  fliprandobot.GreedyName,
		Games: []string{"fliprando"},
		Help: `Flip' Rando: the best immediate gain in points (score, obstacle
tracks by their markers, card pairs, multipliers, tiles, hand), its
own follow-up decisions (the legs of a MOVE) one step ahead each`,
		New: func() Bot { return fliprandoOnly(fliprandobot.NewGreedyBot()) },
	},
	{
		Name:  fliprandobot.SearchName,
		Games: []string{"fliprando"},
		Help: fmt.Sprintf(`Flip' Rando: determinised Monte Carlo search over the hidden
cards: the root's actions compared on the same resampled hands and
pile, each followed by greedy play up to its own next turn, %v
(64 playouts of players+1 turns; decides within 50 ms on one core)`, fliprandobot.Default),
		New: func() Bot {
			return fliprandoOnly(fliprandobot.NewSearchBot(fliprandobot.SearchName, fliprandobot.Default))
		},
	},
	{
		Name:  fliprandobot.SearchDeepName,
		Games: []string{"fliprando"},
		Help:  fmt.Sprintf(`the same at %v`, fliprandobot.Deep),
		New: func() Bot {
			return fliprandoOnly(fliprandobot.NewSearchBot(fliprandobot.SearchDeepName, fliprandobot.Deep))
		},
	},
	{
		Name:  racebot.ThiefName,
		Games: []string{"race"},
		Help:  "Race: steals a point from the leader when one has a point, else gains at power 0",
		New:   func() Bot { return mustRace(racebot.ThiefName) },
	},
	{
		Name:  racebot.DoublerName,
		Games: []string{"race"},
		Help:  "Race: doubles at the sweet-spot power on its first turn, then gains there",
		New:   func() Bot { return mustRace(racebot.DoublerName) },
	},
	{
		Name:  racebot.GainerName,
		Games: []string{"race"},
		Help:  "Race: gains at the sweet-spot power every turn",
		New:   func() Bot { return mustRace(racebot.GainerName) },
	},
}

// fliprandoOnly returns p as a bot that plays Flip' Rando and names the game in its version
// ("fliprando=..."), like the bots of several games.
func fliprandoOnly(p *fliprandobot.Policy) Bot {
	return bygame.New(p.Name(), bygame.On[*fliprando.Env]("fliprando", p))
}

// mustRace returns the Race bot called name, one of racebot's names.
func mustRace(name string) Bot {
	b, err := racebot.New(name)
	if err != nil {
		panic(err) // the catalogue names only racebot's bots
	}
	return b
}

// bothGames returns the bot called name that plays Flick 'em Up! with fem and Flickago with
// fago, each unchanged (its version names both: "flickemup=...,flickago=...").
func bothGames(name string, fem *flickemupbot.Policy, fago *flickagobot.Policy) Bot {
	return bygame.New(name, bygame.On[*flickemup.Env]("flickemup", fem), bygame.On[*flickago.Env]("flickago", fago))
}

// Entries returns the catalogue in its documented order (weakest first within each game).
// The slice is a copy.
func Entries() []Entry {
	return append([]Entry(nil), entries...)
}

// Lookup returns the entry called name.
func Lookup(name string) (Entry, bool) {
	for _, e := range entries {
		if e.Name == name {
			return e, true
		}
	}
	return Entry{}, false
}

// New makes a fresh bot called name; an unknown name is an error listing the known ones.
func New(name string) (Bot, error) {
	e, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("unknown built-in bot %q (built-in bots: %s)", name, strings.Join(Names(), ", "))
	}
	return e.New(), nil
}

// Names returns the catalogue's names, sorted.
func Names() []string {
	names := make([]string, len(entries))
	for i, e := range entries {
		names[i] = e.Name
	}
	sort.Strings(names)
	return names
}

// Help describes every bot of the catalogue, one entry per paragraph, in catalogue order:
// the name in a column of width 14, then its help lines indented to match.
func Help() string {
	var b strings.Builder
	for i, e := range entries {
		if i > 0 {
			b.WriteByte('\n')
		}
		games := "any game"
		if len(e.Games) > 0 {
			games = strings.Join(e.Games, ", ")
		}
		lines := strings.Split(e.Help, "\n")
		fmt.Fprintf(&b, "  %-13s %s", e.Name, lines[0])
		for _, l := range lines[1:] {
			fmt.Fprintf(&b, "\n  %-13s %s", "", l)
		}
		if len(e.Games) > 0 {
			fmt.Fprintf(&b, "\n  %-13s (plays %s)", "", games)
		}
	}
	return b.String()
}
