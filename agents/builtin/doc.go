// Package builtin is the catalogue of the Go bots that ship with Flickarena, across games: each
// bot by name, made fresh on demand, with a line of description for help texts.
//
// The arena (`arena run --bots`) and the env server (a single-agent pool's opponent) both take
// their bots from here, so a bot added to the catalogue is at once a tournament entrant and a
// training opponent. A bot that plays several games is one name with one policy per game
// (agents/bygame); a game a bot has no policy for is an error at its first decision.
//
// Adding a bot: write its package under agents/, then one Entry in catalogue.go.
package builtin
