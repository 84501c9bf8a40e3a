// Package race is Race, a tiny N-player game that exercises the whole
// [env.Game] contract: turns, a hybrid action (a discrete move, a relative
// target and a continuous power), a factorised mask plus a joint rule,
// seeded randomness at reset and during steps, outcome rewards and a
// shaping reward. It has no physics, so it is fast: the env package tests
// and benchmarks itself on it.
//
// It is also the template for a new game (docs/adding-a-game.md). Copy
// this package, keep the shape of each method and its comment, and replace
// the rules. A game package holds: this doc.go with the headings below; a
// Config and its DefaultConfig; a Factory parsing [env.Options]; a Register
// function (called explicitly by cmd/, never from init); the rules engine
// [Game] following the engine convention (Current, Over, Legal, Check,
// Apply, Clone, Scores, Validate) with its [Action]; the env adapter [Env]
// with one method per [env.Game] hook, and EncodeAction and DecodeAction;
// a test calling envtest.Run and table tests of the rules.
//
// # Description
//
// Players take turns. On its turn a player chooses a move: Gain adds
// 2 - |power - sweet| points (plus a little noise, never below 0), where
// sweet is a number in [-1, 1] drawn at the start of each episode and
// shown to everyone; Double does the same for twice the points, once per
// game; Steal takes one point from a target player who has at least one;
// Pass does nothing. After Rounds turns each, the best score wins.
//
// # Action Space
//
// Hybrid, two heads and one dim:
//
//	discrete[0] "move"   4 values: 0 gain, 1 double, 2 steal, 3 pass
//	discrete[1] "target" Players-1 values: k is the seat k+1 places after the mover (used by steal only)
//	continuous[0] "power" in [-1, 1] (used by gain and double only)
//
// Mask: gain and pass always; double while the mover has its token; steal
// when some other seat has at least one point; every target. Joint rule
// (Validate): steal needs a target with at least one point. DefaultAction:
// pass.
//
// # Observation Space
//
// 3·Players+2 float32s, from the observer's seat (index 0 of each per-seat
// field is the observer, index k the seat k places after it):
//
//	score    [Players] in [0, 1]: score / ((Rounds+1)·(2+Noise)), the maximum possible score
//	double   [Players] in {0, 1}: the seat still has its Double
//	to_move  [Players] in {0, 1}: one-hot, the seat to move
//	sweet    [1] in [-1, 1]: this episode's sweet spot
//	progress [1] in [0, 1]: turns played / (Players·Rounds)
//
// # Rewards
//
// At the end, +1 for the only best score, 0 for each seat tied for best,
// -1 for the others. Shaping ([env.Shaper]): each seat's score change of
// the move, in units of the maximum possible score.
//
// # Starting State
//
// Scores 0, every Double available; the first player and the sweet spot
// are drawn from the episode's generator, in that order.
//
// # Episode End
//
// Terminated after Players·Rounds turns. The game never truncates itself
// (Spec.MaxEpisodeSteps is 0); a Vector may, with Config.MaxEpisodeSteps.
//
// # Arguments
//
//	players  2 to 5, default 2
//	rounds   turns per player, 1 to 1000, default 5
//	noise    half-width of the uniform noise on each gain, points, 0 to 1, default 0.1
//
// # JSON View
//
//	{"game":"race-v1","turn":3,"turns":10,"current":1,"sweet":0.42,
//	 "scores":[1.9,2.1],"doubles":[true,false],"over":false}
//
// # Version History
//
//   - v1: first version.
package race
