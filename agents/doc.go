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
//	flickemupbot
//	           the engine-level Bot interface of Flick 'em Up!, its env.Policy adapter for
//	           the arena (name and version), Random, Play, and the property-test helpers
//	           Positions and Check
//	enginebot  the adapter itself, generic over the game: flickemupbot's and flickagobot's
//	           Policy are its instances
//	fliprandobot
//	           Flip' Rando: greedy (best immediate gain by a valuation in points) and
//	           search, search-deep (determinised Monte Carlo search over the hidden cards,
//	           greedy playouts)
//	tactics    a decision's situation: objectives, errands, routes, candidate moves, shots,
//	           throws, exposure
//	geom       outlines, swept-disc line of sight, flick speeds, piece layout
//	racebot    Race (env/race) at any number of seats by plain rules: race-thief,
//	           race-doubler, race-gainer
//
// The catalogue agents/builtin names them for the arena and the env server (`arena help run`;
// TestDoc_NamesEveryEntry keeps this list in step): random, aimer, planner-lite, planner,
// planner-deep, greedy, search, search-deep, race-thief, race-doubler, race-gainer. Any
// AgentService endpoint plays as remote=HOST:PORT.
// Every bot is deterministic given the generator it is handed, never sends an illegal action
// (TestAimer_LegalEverywhere, TestPlanner_LegalEverywhere: thousands of positions of every
// scenario), and its decision time is benchmarked (BenchmarkChoose in agents/planner). How
// the bots compare, and the measurements behind their design, are in README.md and
// docs/decisions/ (the bots-*, flickagobot-* and fliprandobot-* records).
package agents
