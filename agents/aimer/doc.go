// Package aimer is the geometry bot of Flick 'em Up!: it looks, aims and moves by rules,
// and simulates nothing. It is the middle rung of the bots' ladder (random < aimer <
// planner; measured ratings: README.md).
//
// # Rules
//
// For each decision the aimer reads the table ([tactics.Read]) and applies, in order:
//
//   - Select: the available cowboy with the most to do: its best chance of a hit times the
//     target's worth, an errand (1.2 for a carrier, 0.8 for a fetcher whose source is open),
//     or 0.3 times its exposure to enemy fire (to move it out of sight); dead cowboys last,
//     ties to the lowest number.
//   - Errand at its place: drop the tokens it carries where its team must gather them, or
//     take the tokens it was sent for ([tactics.Situation.Errands]: carry, fetch, deny,
//     hide, hunt, fetch a weapon).
//   - Errand on the way: the move that most shortens its route around the scenery
//     ([tactics.Situation.Toward]); a cowboy fetching or hunting takes a shot worth 1.8 hit
//     points (a likely kill) first, a carrier never does.
//   - Dynamite: a throw worth 1.5 hit points (a closed door it must go through, or enemies
//     in the blast and no friend), if no shot is worth more.
//   - Shoot: the shot of highest expected value ([tactics.Situation.Shots]: the best
//     target in line of sight, aimed at its centre or a little aside where the way is
//     clearer, at the speed that reaches it still moving at 120 cm/s), if worth 0.3.
//   - Fighter's move: to the reachable spot with the best [PositionScore] (its best shot,
//     less 0.8 per enemy that can shoot it before it plays again, less the route to its
//     post: the enemy's objective, else the nearest enemy), if better by 0.1.
//   - Otherwise end the turn.
//
// After a move the cowboy faces the nearest enemy, so that a bullet on either side flies
// past it. A drawn token is kept when the team has a use for it ([Reveal]).
//
// The aimer draws nothing from its random generator: it is a deterministic function of the
// position. Its decisions take about 0.1 ms (BenchmarkChoose in agents/planner).
package aimer
