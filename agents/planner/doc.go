// Package planner is the simulating bot of Flick 'em Up!: for each decision it plays
// candidate actions on copies of the game, with the same physics and noise model, several
// times each, and keeps the one whose resulting positions evaluate best. Its search budget
// ([Budget]: candidates and samples) is a parameter, so planners at several budgets form a
// strength ladder above the aimer (measured ratings: README.md).
//
// # Search
//
// A decision of the act phase (or a second bullet) lists candidates ([tactics]): ending the
// turn, every take, exchange and drop of a token the team has a use for (exact, simulated
// once, or per sample for a face-down draw), then flicks up to Budget.Candidates: the shots
// of highest expected value (half the budget at most), dynamite throws, the moves into
// buildings, the moves of best prior (route saved towards the cowboy's errand, plus the
// aimer's PositionScore where it ends, less the move's risk), and always the aimer's own
// choice.
//
// A sample clones the game ([flickemup.Game.Clone]), reseeds its random stream from the
// planner's generator ([flickemup.Game.Reseed]), applies the candidate, plays the rest of the
// cowboy's turn greedily (the aimer's keep-or-leave, then the best quick shot worth 0.3 hit
// points, else end the turn), then, with a Reply budget, the enemy's answer: up to
// Budget.Reply decisions of the other team's next turn as the aimer would play them (its
// selection, a reveal, the actions of the cowboy it plays), and evaluates the position
// reached. Without a reply it evaluates the position the other team faces. The
// Candidates × Samples flicks are spent by sequential halving (every flick candidate gets a
// few samples, the better half as many more, and so on), with the same noise seeds for every
// candidate (common random numbers). A shot's mean is post-stratified on the hit: the share of
// hits among its samples is replaced by the chance estimated by geometry
// (tactics.Shot.PHit), which removes most of the luck of a few draws.
//
// A cowboy on an errand (carry, fetch, deny, hunt; not hiding denied tokens), or about to
// throw dynamite, plays the aimer's choice without a search (why:
// docs/decisions/bots-planner-errands-by-aimer-rules.md). The defending team's evaluation also counts
// its best chance of hitting an enemy at the place the enemy must deliver to (3 hit points
// for a sure shot).
//
// Selecting the cowboy to play keeps the aimer's pick when it sends a cowboy on an errand or
// to throw dynamite; otherwise each living cowboy available is rated, those with an errand or
// a throw first (by the value of the aimer's action), the others by the same search at a
// third of the candidates and half the samples, and the best is kept. A drawn token is kept
// or left as the aimer would.
//
// # Evaluation
//
// [Evaluate] rates a position for a team, in hit points, as its share less the other team's:
// a won game is worth 100; otherwise each living cowboy is worth 1.5 plus its hit points
// (plus 0.8 for a Colt, 0.4 for a Winchester or dynamite), each hit point of a kill
// condition's target counts once more, a cowboy without an errand loses 0.012 per cm between
// it and its post, and a delivery's tokens are worth twice a won game in all: 40% of a
// token's share once delivered, 22% while carried (less on a long route, more so as noon
// nears), 8% while lying where the team can fetch it (nothing while the enemy carries it).
// That scale comes from fitting the evaluation's terms to game results, which weighed
// objective progress far above material (docs/decisions/bots-planner-evaluation-weights.md). To this is added the shooting
// balance: the damage the team can expect to deal before its cowboys play again (weight 0.4)
// less the damage it can expect to take (weight 0.8), each estimated from the chances of
// every shooter against every target, the cowboys who act again this round first, a target
// counting less once it may already have been hit (a hit cowboy falls and cannot be hit
// again until it plays).
//
// # Budgets and speed
//
// [Lite] (4 × 2, no reply), [Default] (8 × 3, reply of 6 decisions) and [Deep] (12 × 6,
// reply of 6). The default budget is sized for 50 ms per decision on one core
// (BenchmarkChoose; the measurements that chose the budgets are in
// docs/decisions/bots-planner-budgets.md).
//
// # Determinism
//
// The planner draws every seed from the generator it is handed, in a fixed order, and keeps
// no state between decisions: the same position and the same generator give the same
// action. One Planner serves any number of games at once.
package planner
