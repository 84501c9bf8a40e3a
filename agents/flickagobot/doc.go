// Package flickagobot holds the Go bots of Flickago (env/flickago): the geometric [Aimer] and
// the simulating [Planner], the [Bot] interface they implement on the rules engine, [Policy],
// which enters a Bot into the arena and the env's single-agent view (an env.Policy with a name
// and a version, playing *flickago.Env games through Env.Engine and Env.EncodeAction), and [Random],
// the engine-level floor. cmd/arena pairs them with the Flick 'em Up! bots of the same names
// (aimer, planner-lite, planner, planner-deep) through package agents/bygame.
//
// Bots decide on the engine, not on the flattened observation: they read the position, predict
// or simulate flicks, and return an engine action, which is always one of Game.Legal's with a
// finite velocity no faster than the physics' maximum.
//
// # Aimer
//
// The aimer decides by geometry alone. For each legal way to start a flick (a reserve disc on
// a free start point, a face-up family disc, either after sending a disc back from the
// return zone; after a return only a flick from a start point of the returned disc's kind,
// returning the first disc of that kind that can be, and, while the reserve still holds a
// disc of that kind, only when an inspector threatens the return zone) it considers:
//
//   - placing: a flick to every spot of a 12 cm grid over the half it attacks (less the enemy
//     headquarters) and to its return zone, with the speed that stops the disc there,
//     v = sqrt(2μg·d) (μ the table friction of flickago.KindGangDisc, g the gravity of the
//     physics config; geom.StopSpeed, calibrated on the simulated table);
//   - knocking: shots straight at every other piece in play (pushing it along the line from
//     the flicked disc's start to it) 8 or 30 cm, and cut shots that push it to a goal: an
//     opponent's disc off the nearest edge or into the player's own headquarters (either
//     eliminates it), an inspector into the opponent's return zone (capturing what lies there)
//     or away from the player's own, one of its own discs into its return zone.
//
// A flick is predicted by a simple model: the disc slides straight, decelerating at μg, until
// it stops or meets a piece (geom.Scene sweeps), which is pushed along the line of centres as
// by an impact of restitution e between equal masses; each then slides until it stops or
// meets another piece. The end-of-turn rules are then applied (off the board, enemy
// headquarters, captures by an inspector in a return zone) and the position evaluated (see
// Evaluation). Every flick is rated without noise; the best 12 (at most 3 per start and
// target) are rated again as the mean over 3 × 3 fixed execution errors standing for the
// game's noise, which keeps discs out of the enemy headquarters, away from the edges and out
// of a zone an inspector guards. The best mean is played. So the aimer's rules (score in the
// best sector in reach, knock an opponent's disc out of a scoring place or off the board,
// save a threatened disc in the return zone by sending it back or knocking the inspector
// away, avoid the enemy headquarters) all come out of one comparison. It draws no random
// numbers.
//
// That is the aimer's version 4 ([AimerVersion]); docs/decisions/flickagobot-aimer-search.md
// holds the measurements that chose its grid, knocks and returns.
//
// A waiting inspector is put on the star whose resulting position evaluates best: away from
// the player's return zone when one of its discs scores there, near the opponent's.
//
// # Planner
//
// The planner ranks flicks as the aimer does, with the aimer's grid and fewer flicks after a
// return but broader knocks (three directions: the line of fire and 0.5 rad either side of
// it, pushing 6, 15 or 35 cm), rating more of them over the 3 × 3 execution errors (the best
// max(24, 6 × Budget.Candidates)), and simulates the first Budget.Candidates of them on a
// clone of the game that flicks on the planner's own model of the table (Game.CloneWith,
// Game.SetState, Game.Apply; the model steps and solves contacts as the game's physics does
// for equal discs, without Box2D, at about a seventh of the cost), each reseeded from the
// planner's own generator (Game.SetRand), so that it never peeks at the game's noise. The
// Candidates × Samples simulations are spent by sequential halving: each round spends an
// equal share on the candidates still in and keeps the better half, until two remain; sample
// k of every candidate uses the same seed (common random numbers). The flick of best mean
// evaluation ([Evaluate]) is played. Budgets: [Lite] (3 × 2), [Default] (10 × 3), [Deep] (48
// × 10). The breadth of the cheap noisy rating matters as much as the number of simulations
// (docs/decisions/flickagobot-planner-ranking-and-budgets.md); the model of the table is as
// strong as the game's physics at about a third of the planner's CPU
// (docs/decisions/flickagobot-planner-table-model.md). That is the planner's version 4
// ([PlannerVersion]).
//
// # Evaluation
//
// [Evaluate] reads a position as a lead for the player: the score margin by the game's
// scoring, plus 1.5 per playable reserve disc and 0.5 per face-up family disc on the board
// (the flicks to come), less the threat of an inspector next to the player's return zone to
// the discs scoring 5 there, less 0.7 times the opponent's best knock (the worth of the
// player's scoring piece in the line of fire of one of its shooters, times the chance of
// hitting it under the angle noise), plus a little of the player's own. The lead becomes a
// chance of winning, 50·(2Φ(x/(3·√(n+1))) - 1) with n flicks to come, plus a tenth of the
// lead; a finished game, or one where neither gang can flick, is worth ±50 plus a tenth of
// the margin, and 2 more for a win, so that a winning player ends the game instead of sending
// a disc back from its return zone again and again (a loop our rules allow: the game ends
// only when nobody can flick, and the turn cap then makes it a draw).
//
// # Strength and speed
//
// planner > planner-lite > aimer > random: planner-lite beats the aimer 71.8%
// and the planner beats planner-lite 68.8% (200 games each), and BenchmarkChoose's positions
// (on flickago-v3) take the planner 1.7 ms a decision on average, planner-lite 0.76 ms and
// the aimer 0.37 ms. The measurements behind the current versions are in
// docs/decisions/flickagobot-aimer-search.md, flickagobot-planner-ranking-and-budgets.md and
// flickagobot-planner-table-model.md; docs/comparing-versions.md says how to play a bot
// against an earlier version of itself.
//
// # Determinism
//
// The aimer draws no random numbers; the planner draws every seed from the generator it is
// handed, in a fixed order. Neither keeps state between decisions: the same position and the
// same generator give the same action, and one bot serves any number of games at once.
package flickagobot
