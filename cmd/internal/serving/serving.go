// Package serving is what the commands that serve games (cmd/envserver, cmd/libflickarena)
// share beside the games of internal/catalogue: the opponents they offer, every bot of the
// built-in catalogue (agents/builtin) played in process, and the build version they report,
// so that a pool has the same opponents, teachers and content digest through gRPC and in
// a Python process.
package serving

import (
	"runtime/debug"

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

// Opponents returns every bot of the built-in catalogue as a server-side
// opponent (and teacher), played in process: one bot per name, shared by all
// pools (the catalogue's bots are safe for concurrent use), with its help
// text, its version and, for a bot that plays some games only, which.
func Opponents() []envrpc.Option {
	var opts []envrpc.Option
	for _, e := range builtin.Entries() {
		bot := e.New()
		o := envrpc.Opponent{Policy: bot, Help: e.Help, Version: bot.Version(), Plays: Plays(bot)}
		opts = append(opts, envrpc.WithOpponentSpec(e.Name, o))
	}
	return opts
}

// Plays returns whether bot plays a game, for a bot with one policy per game (bygame.Bot),
// or nil for a bot that plays any game.
func Plays(bot env.Policy) func(env.Game) bool {
	if mg, ok := bot.(multiGame); ok {
		return func(g env.Game) bool { return mg.Policy(g) != nil }
	}
	return nil
}

// Version returns the module version the binary was built from, "dev" for a build of a
// work tree: the server version of envrpc.WithVersion.
func Version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "dev"
}
