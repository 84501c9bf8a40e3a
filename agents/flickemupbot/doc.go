// Package flickemupbot is the common ground of the Go bots of Flick 'em Up!: the [Bot]
// interface they implement on the rules engine (env/flickemup), [Policy], which enters a Bot
// into the arena and the env's single-agent view (an env.Policy with a name and a version,
// playing *flickemup.Env games through their Engine and EncodeAction), [Random] (uniformly
// random legal actions, the engine-level floor), [Play] (one game between two bots on the
// engine), and the property-test helpers [Positions] (many positions of a scenario, from
// mixed random and guided play) and [Check] (a bot's choice there is legal, leaves the game
// untouched and depends only on the seed).
//
// Bots decide on the engine, not on the flattened observation: they read the table, simulate
// on clones, and return an engine action.
package flickemupbot
