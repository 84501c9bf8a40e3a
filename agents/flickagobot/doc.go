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
// That is the aimer's version 4 ([AimerVersion]). Version 3 laid its spots every 8 cm and
// tried every flick after every return (most of a decision's starts against an agent that
// leaves many discs in its return zone, though the return it chose was almost always of a
// kind its reserve lacked, flicked from a start point of that kind): about 1.7 times the CPU
// per agent step of a training pool against a random agent, for no more strength
// (docs/decisions/flickagobot-aimer-search.md). Version 2 knocked each piece in three directions (the line of fire and
// 0.5 rad either side of it) pushing it 6, 15 or 35 cm: 9 knocks per piece and start instead
// of 2, about twice the CPU of a decision, for no more strength ("The Flickago aimer's version
// 3").
//
// A waiting inspector is put on the star whose resulting position evaluates best: away from
// the player's return zone when one of its discs scores there, near the opponent's.
//
// # Planner
//
// The planner ranks flicks with the aimer's version 2 knocks (three directions, pushing 6, 15
// or 35 cm) and 3 × 3 execution errors, but its version 4 landing spots (a 12 cm grid) and
// fewer flicks after a return (as the aimer's, above), rating more of them over the execution
// errors (the best max(24, 6 × Budget.Candidates)), and simulates the first Budget.Candidates
// of them on a clone of the game that flicks on the planner's own model of the table
// (Game.CloneWith, Game.SetState, Game.Apply; the model steps and solves contacts as the
// game's physics does for equal discs, without Box2D, at about a seventh of the cost), each
// reseeded from the planner's own generator (Game.SetRand), so that it never peeks at the
// game's noise. The Candidates × Samples simulations are spent by sequential halving: each
// round spends an equal share on the candidates still in and keeps the better half, until two
// remain; sample k of every candidate uses the same seed (common random numbers). The flick of
// best mean evaluation ([Evaluate]) is played. Budgets: [Lite] (3 × 2), [Default] (10 × 3),
// [Deep] (48 × 10). On the game's physics the simulations cost most of a decision, and the
// breadth of the cheap noisy rating matters as
// much as their number: version 1 (a 4 cm grid, five directions, 5 × 5 errors, the best max(24,
// 2 × Candidates) rated; 8 × 2 and 20 × 4) costs about twice the CPU and is no stronger
// (docs/decisions/flickagobot-planner-ranking-and-budgets.md). Version 2 (PlannerVersion) laid its
// spots every 8 cm and tried every flick after every return: in a training pool against a
// random agent about 1.4 times version 3's CPU for planner-lite and 1.3 times for the planner,
// for no more strength; ranking with the aimer's version 4 search itself (knocks straight
// only), or fewer simulations (7 × 3, 8 × 2), lost the planner about 10 points against version
// 2 ("The Flickago planners' version 3"). With version 1's ranking, more candidates helped more
// than more samples (40-game matches: 24 × 4 beat 10 × 8 by 25 wins to 13), and halving beat
// uniform sampling at 24 × 4 by 32 wins to 26 in 60 games, within the noise.
// Versions 1 to 3 simulated on copies of the game's physics: version 4's model cut the
// planner's CPU in a training pool to about a third and planner-lite's to 0.57, as strong head
// to head ("The Flickago planners' version 4").
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
// planner-deep > planner > planner-lite ≈ aimer > random on flickago-v2 with the planners'
// version 1; at version 2, planner > planner-lite > aimer (the aimer at its version 2), and
// the default planner decided in about 4 ms on one core on average (BenchmarkChoose, then);
// at version 3 (the aimer at its version 4), planner-lite beat the aimer 65.0% and the
// planner beat planner-lite 65.5% (200 games each); at version 4, 71.8% and 68.8%, and
// BenchmarkChoose's positions (on flickago-v3) take the planner 1.7 ms a decision on average,
// planner-lite 0.76 ms and the aimer 0.37 ms (version 3: 5.9 and 1.4 ms). The measurements
// behind the current versions are in docs/decisions/flickagobot-aimer-search.md,
// flickagobot-planner-ranking-and-budgets.md and flickagobot-planner-table-model.md.
//
// # Determinism
//
// The aimer draws no random numbers; the planner draws every seed from the generator it is
// handed, in a fixed order. Neither keeps state between decisions: the same position and the
// same generator give the same action, and one bot serves any number of games at once.
package flickagobot
