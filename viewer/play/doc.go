// Package play is the viewer's play mode: people play any served game in the browser against
// the bots, the server refereeing.
//
// A [Server] holds sessions. A session is one game of the registry (a designer's scenario
// file registered in it included) with a person ("human", or "human:NAME") or a bot on each
// seat; several people share one screen in turn (hot seat). Its goroutine plays the game as the
// arena's referee does: it reads the seat to move, asks that seat's bot, or offers the turn to
// the page and waits, checks the action with the Spec's mask check and the game's Validate, and
// steps the game through a replay recorder. The game's randomness (its execution noise
// included) comes from env.EpisodeRand(seed, 0) and each bot's from its own stream, as in the
// arena, so the replay of a person's game verifies like any other (replay.Verify).
//
// On a person's turn the server lists the legal actions ([Choice]): the combinations of the
// values the mask allows that Validate accepts, each with a label, and, for a flick in a game
// that is an [Aimer] (Flickago, Flick 'em Up!), where the flicked piece starts and the fastest
// flick ([draw.Aim]). The page sends the index of a choice, with the flick's velocity in the
// view's coordinates when it is one; the game writes the velocity into the action in its own
// frame and flick format. A refused action is answered with its reason and changes nothing.
//
// The page (the viewer's, served at play/ by viewer.Handler) shows the game from the replay's
// records, as it shows a live game, and reads the API of [Server.ServeHTTP] under play/api/.
// The server bounds the games at once, closes a game whose page stopped asking ([Limits]), and
// saves every game that ends as a replay ([Config].Save).
package play
