// Package agents holds the Go bots of Flickarena, one package each, and what they share:
//
//	random     uniformly random legal actions in any env game (env.RandomPolicy): the floor
//	aimer      Flick 'em Up! by geometry and rules: shoot the best target in sight, run the
//	           scenario's errands (carry, fetch, deny, hunt), move to better cover
//	planner    simulates candidate flicks on reseeded copies of the game, then the enemy's
//	           answer as the aimer would play it, and keeps the best by an evaluation of the
//	           position (hit points, exposure, objective); its budget (candidates × samples,
//	           reply) is a parameter: planner-lite 4×2 without a reply, planner 8×3 and
//	           planner-deep 12×6 with a reply of six decisions
//	flickbot   the engine-level Bot interface, its env.Policy adapter for the arena (name and
//	           version), Random, Play, and the property-test helpers Positions and Check
//	enginebot  the adapter itself, generic over the game: flickbot's and flickagobot's
//	           Policy are its instances
//	tactics    a decision's situation: objectives, errands, routes, candidate moves, shots,
//	           throws, exposure
//	geom       outlines, swept-disc line of sight, flick speeds, piece layout
//
// The arena knows them by name (cmd/arena: random, aimer, planner-lite, planner,
// planner-deep; `arena help run`); any AgentService endpoint plays as remote=HOST:PORT.
// Every bot is deterministic given the generator it is handed, never sends an illegal action
// (TestAimer_LegalEverywhere, TestPlanner_LegalEverywhere: thousands of positions of every
// scenario), and its decision time is benchmarked (BenchmarkChoose in agents/planner: the
// default planner decides in 17 ms on average, 47 ms at most, on one core).
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
//	planner-deep    +164 [+129, +199]     +109 [+59, +159]     +34 [-23, +90]       +16 [-32, +63]
//	planner         +120 [ +89, +151]      +18 [-31,  +66]     +34 [-14, +82]       -47 [-93,  -0]
//	aimer            +86 [ +55, +117]      -79 [-127, -30]      -7 [-56, +42]       +47 [ -5, +99]
//	planner-lite     +72 [ +40, +104]      -48 [-97,   -0]     -61 [-121, -0]       -16 [-73, +41]
//	random          -443 [-491, -394]     (never scored a point on the showdown)
//
//	* the four non-random bots among themselves (random scored 37 points in 480 games, 36 of
//	  them on the bank job, none on the showdown, so it is left out of the per-scenario fits)
//
// (1,200 games, 19 minutes on 2 cores; planner version 4.) What holds and what does not:
//
//   - random < aimer holds everywhere, by far (random scores 7.7% overall).
//   - Over the three scenarios planner-deep is clear of the aimer; the default planner leads
//     the aimer by 34 Elo, likelihood of superiority 93%, but their intervals overlap.
//   - On the showdown the ladder is ordered: aimer < planner-lite < planner < planner-deep,
//     planner-deep clear of the aimer, the default planner's interval touching the aimer's
//     (likelihood of superiority 99%).
//   - On the two objective scenarios the bots are level within the noise (here the planners
//     lead on bank-job and trail on pardon). Both are decided mostly by the side (bank-job:
//     the lawmen score 87%; pardon: the outlaws 80%), and the planners play their errands
//     (carry, fetch, deny, hunt) as the aimer does: in 20 games per side (version 2, 8×5),
//     every errand decision of the default planner was the aimer's, while it departed from
//     the aimer on half the decisions of cowboys without an errand and on 11% to 37% of the
//     selections. Measured and not enough (planner against aimer, 160 to 320 paired games on
//     bank-job and pardon, the planner scoring 44.7% before the reply and 48.4% with it):
//     following its own evaluation on errands (34% to 40%: a carrier kept in safety, a
//     pardon left in an outlaw's hands), a tempo term that rates the actions each delivery
//     still needs against the actions left before noon, full-game rollouts of the aimer to
//     choose the cowboy to play (4 or 10 per cowboy: 50% and 43% in 40 games), and weights of
//     exposure, shots, watch and objective from half to twice their values (41% to 50%, all
//     within the noise). A larger budget did not help either (version 3: planner-deep against
//     the aimer 52% on bank-job and 49% on pardon in 100 games each, the default planner 50.5%
//     on both in 200 each). What helped a little: a logistic fit of the evaluation's terms to
//     game results weighed objective progress 7 to 30 times material, and raising its weight
//     eightfold (version 4) took the default planner to 55% against the aimer on the two
//     scenarios (320 paired games), though not in this ladder. The requirement "planner
//     beats aimer on two objective scenarios" is not met; the next step is an evaluation
//     learned from game results as a whole.
package agents
