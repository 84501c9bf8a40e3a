// Package agents holds the Go bots of Flickarena, one package each, and what they share:
//
//	random     uniformly random legal actions in any env game (env.RandomPolicy): the floor
//	aimer      Flick 'em Up! by geometry and rules: shoot the best target in sight, run the
//	           scenario's errands (carry, fetch, deny, hunt), move to better cover
//	planner    simulates candidate flicks on reseeded copies of the game and keeps the best by
//	           an evaluation of the position (hit points, exposure, objective); its budget
//	           (candidates × samples) is a parameter: planner-lite 4×2, planner 8×5,
//	           planner-deep 16×12
//	flickbot   the engine-level Bot interface, its env.Policy adapter for the arena (name and
//	           version), Random, Play, and the property-test helpers Positions and Check
//	tactics    a decision's situation: objectives, errands, routes, candidate moves, shots,
//	           throws, exposure
//	geom       outlines, swept-disc line of sight, flick speeds, piece layout
//
// The arena knows them by name (cmd/arena: random, aimer, planner-lite, planner,
// planner-deep; `arena help run`); any AgentService endpoint plays as remote=HOST:PORT.
// Every bot is deterministic given the generator it is handed, never sends an illegal action
// (TestAimer_LegalEverywhere, TestPlanner_LegalEverywhere: thousands of positions of every
// scenario), and its decision time is benchmarked (BenchmarkChoose in agents/planner: the
// default planner decides in 7.4 ms on average, 27 ms at most, on one core).
//
// # The ladder, measured
//
// A round-robin of the five bots, 40 games per pairing on each of three scenarios (1,200
// games, sides swapped in pairs), then the joint maximum-likelihood Elo with 95% sandwich
// intervals:
//
//	go run ./cmd/arena run --bots random,aimer,planner-lite,planner,planner-deep \
//	    --scenarios showdown,bank-job,pardon --games 40 --seed 1 --concurrency 2 --db ladder.db
//	go run ./cmd/arena ratings --db ladder.db [--scenario S --bots aimer,planner-lite,planner,planner-deep]
//
//	bot             all 3 scenarios       showdown*            bank-job*            pardon*
//	planner-deep    +120 [+92, +148]      +85 [+44, +125]      -21 [-65, +24]       +16 [-19, +51]
//	planner         +110 [+85, +135]      +27 [-13, +68]       +21 [-24, +64]       -16 [-45, +12]
//	planner-lite     +80 [+53, +106]      -27 [-74, +20]       -41 [-80,  -2]       +11 [-26, +48]
//	aimer            +76 [+49, +103]      -85 [-130, -40]      +41 [ -1, +83]       -11 [-50, +29]
//	random          -385 [-429, -342]     (never scored a point against any other bot)
//
//	* the four non-random bots among themselves (random scored 38 points in 480 games, none
//	  against the aimer or a planner on the showdown, so it is left out of the per-scenario fits)
//
// What holds and what does not:
//
//   - random < aimer holds everywhere, by far (random scores 7.9% overall).
//   - On the showdown the ladder is clean and separated: aimer < planner-lite < planner <
//     planner-deep, the default planner's interval clear of the aimer's.
//   - On the two objective scenarios the planners and the aimer are level: the intervals
//     overlap and the order shifts with the budget. Both scenarios are decided mostly by the
//     side (bank-job: the lawmen score 78%; pardon: the outlaws 70%), so only the rare
//     upsets separate bots, and the planner plays its errands (carry, fetch, deny) as the
//     aimer does (see package planner: its own evaluation kept carriers in safety and lost
//     more attacks). Over all three scenarios the planner leads the aimer by 34 Elo, with a
//     likelihood of superiority of 96%, but the intervals overlap: the requirement "planner
//     beats aimer on two objective scenarios" is not met.
package agents
