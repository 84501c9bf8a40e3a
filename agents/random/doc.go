// Package random is the random bot: it plays uniformly random legal actions
// in any [env.Game], through [env.RandomPolicy]. It is the baseline every
// other bot must beat, and the bot the arena's own tests play with.
//
// A *Bot is an [env.Policy] with a name ("random") and a version, which is
// what the arena needs to enter it in a tournament. It keeps no state, so
// one Bot serves any number of games at once.
package random
