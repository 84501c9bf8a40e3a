// Package enginebot enters an engine-level bot of one game into the arena and the env's
// single-agent view: a [Policy] is an env.Policy with a name and a version (what arena.Bot
// asks) that hands the bot the game's engine behind its env adapter and encodes the bot's
// choice. Each game says once, in a [Game], how to reach its engine and encode an action;
// agents/flickbot and agents/flickagobot do so for Flick 'em Up! and Flickago.
package enginebot
