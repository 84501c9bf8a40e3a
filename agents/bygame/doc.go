// Package bygame makes one bot out of several game-specific ones: a [Bot] holds one policy per
// concrete game type and, at each decision, hands the turn to the policy of the game it is
// asked to play, chosen by the dynamic type of env.Turn.Game (a *flickemup.Env goes to the
// Flick 'em Up! policy, a *flickago.Env to the Flickago one). A game it has no policy for is
// an error wrapping [ErrUnsupported] that names the bot, the game and the games it plays.
//
// A Bot has its own name and a version combining those of its policies, in the order given:
// "flickemup=1/8x5,flickago=1/12x6". A change of any policy's version is thus a new bot for
// the arena, which hashes versions into a tournament's identity.
//
// The package knows no concrete game: the routes are built by the program with [On], whose
// type parameter names the game type.
package bygame
