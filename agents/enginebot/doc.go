// Package enginebot enters an engine-level bot of one game into the arena and the env's
// single-agent view: a [Policy] is an env.Policy with a name and a version (what arena.Bot
// asks) that hands the bot the game's engine behind its env adapter and encodes the bot's
// choice. It reaches any game through two small interfaces, [Env] (Engine, EncodeAction) and
// [Engine] (Over), which every game's adapter and engine satisfy by the engine convention
// (docs/adding-a-game.md); a [Game] only names the game in errors. agents/flickemupbot and
// agents/flickagobot enter the bots of Flick 'em Up! and Flickago this way.
package enginebot
