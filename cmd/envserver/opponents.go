package main

import (
	"fmt"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/agents/bygame"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
)

// multiGame is a built-in bot with one policy per game (bygame.Bot): it
// plays a game if it has a policy for it.
type multiGame interface {
	Policy(g env.Game) bygame.Policy
}

// builtinOpponents returns every bot of the built-in catalogue as a
// server-side opponent, played in process: one bot per name, shared by all
// pools (the catalogue's bots are safe for concurrent use).
func builtinOpponents() []envrpc.Option {
	var opts []envrpc.Option
	for _, e := range builtin.Entries() {
		bot := e.New()
		o := envrpc.Opponent{Policy: bot, Help: e.Help, Version: bot.Version()}
		if mg, ok := bot.(multiGame); ok {
			o.Plays = func(g env.Game) bool { return mg.Policy(g) != nil }
		}
		opts = append(opts, envrpc.WithOpponentSpec(e.Name, o))
	}
	return opts
}

// checkOpponentNames refuses a remote opponent (--opponent) named as a
// built-in bot.
func checkOpponentNames(remote map[string]string) error {
	for name := range remote {
		if _, ok := builtin.Lookup(name); ok {
			return fmt.Errorf("--opponent %s: a built-in bot has that name (built-in: %v)", name, builtin.Names())
		}
	}
	return nil
}
