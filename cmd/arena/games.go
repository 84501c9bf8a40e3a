package main

import (
	"fmt"
	"sort"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env"
	gamecatalogue "github.com/flickarena/flickarena/internal/catalogue"
)

// newRegistry returns the games the arena can play: every game of the project's catalogue
// (internal/catalogue), each registered explicitly (never by init side effects), the same
// games as cmd/envserver serves.
func newRegistry() (*env.Registry, error) { return gamecatalogue.Registry() }

// catalogue names the playable scenarios: every registered game of two seats
// or more, by its full id ("flickemup/showdown-v9") and by its short name, the id
// without the game prefix and the version ("showdown"), when no other game
// has the same short name.
type catalogue struct {
	reg *env.Registry
	// short maps a short name to the full ids that have it.
	short map[string][]string
}

// newCatalogue returns the catalogue of the games of reg that have two seats or
// more with their default options.
func newCatalogue(reg *env.Registry) catalogue {
	c := catalogue{reg: reg, short: map[string][]string{}}
	for _, id := range reg.IDs() {
		g, err := reg.New(id, nil)
		if err != nil || g.Spec().NumPlayers < 2 {
			continue
		}
		s := shortName(id)
		c.short[s] = append(c.short[s], id)
	}
	return c
}

// shortName returns id without its game prefix and version suffix:
// "flickemup/showdown-v9" gives "showdown", "race-v1" gives "race".
func shortName(id string) string {
	if i := strings.LastIndex(id, "/"); i >= 0 {
		id = id[i+1:]
	}
	if i := strings.LastIndex(id, "-v"); i > 0 {
		id = id[:i]
	}
	return id
}

// names returns the short names and ids to show to a user, sorted: the
// short name for a game that has a unique one, else the full id.
func (c catalogue) names() []string {
	var out []string
	for s, ids := range c.short {
		if len(ids) == 1 {
			out = append(out, s)
		} else {
			out = append(out, ids...)
		}
	}
	sort.Strings(out)
	return out
}

// resolve maps a scenario as the user names it to the arena's scenario id
// (the short name when it is unique) and its game set-up.
func (c catalogue) resolve(name string) (string, arena.EnvScenario, error) {
	if ids, ok := c.short[name]; ok {
		if len(ids) > 1 {
			return "", arena.EnvScenario{}, fmt.Errorf("scenario %q is ambiguous (%s): give the full id", name, strings.Join(ids, ", "))
		}
		return name, arena.EnvScenario{Game: ids[0]}, nil
	}
	if _, err := c.reg.Lookup(name); err == nil {
		if s := shortName(name); len(c.short[s]) == 1 {
			return s, arena.EnvScenario{Game: name}, nil
		}
		return name, arena.EnvScenario{Game: name}, nil
	}
	return "", arena.EnvScenario{}, fmt.Errorf("unknown scenario %q (playable: %s; see 'arena scenarios')", name, strings.Join(c.names(), ", "))
}

// resolveArg is resolve for a scenario with options: the options go to the
// game's factory, and the scenario id carries them in canonical form, sorted
// by key with each value in its option's canonical form ("race:players=3"
// for players=03 or players=+3, see [env.OptionSpecs.Canonical]), so that a
// scenario with other options is another scenario and one with the same
// options spelt otherwise is the same.
func (c catalogue) resolveArg(a scenarioArg) (string, arena.EnvScenario, error) {
	id, setup, err := c.resolve(a.name)
	if err != nil {
		return "", setup, err
	}
	if len(a.opts) > 0 {
		setup.Options = c.canonicalOptions(setup.Game, a.opts)
		id = scenarioArg{name: id, opts: setup.Options}.canonical()
	}
	return id, setup, nil
}

// canonicalOptions returns opts in the canonical form of game's declared
// options, or as they are when the game declares none (or cannot be made
// with its defaults, an error its factory reports).
func (c catalogue) canonicalOptions(game string, opts env.Options) env.Options {
	g, err := c.reg.New(game, nil)
	if err != nil {
		return opts
	}
	if d, ok := g.(env.OptionDeclarer); ok {
		return d.OptionSpecs().Canonical(opts)
	}
	return opts
}

// canonicalQuery returns a scenario as a reading command's --scenario names
// it (an id, or an id with its version, with options) with its options in
// canonical form, as resolveArg writes them, when the game is known.
func (c catalogue) canonicalQuery(a scenarioArg) string {
	if len(a.opts) == 0 {
		return a.canonical()
	}
	for _, name := range []string{a.name, shortName(a.name)} {
		if _, setup, err := c.resolve(name); err == nil {
			return scenarioArg{name: a.name, opts: c.canonicalOptions(setup.Game, a.opts)}.canonical()
		}
	}
	return a.canonical()
}
