// Package fliprandobot holds the Go bots of Flip' Rando (env/fliprando): [Random], the
// floor; [Greedy], the best immediate gain by a valuation in points; and [Search], a
// determinised Monte Carlo search over the hidden cards, at two budgets. They implement
// [Bot] on the rules engine; [Policy] enters one into the arena and the env's single-agent
// view (an env.Policy with a name and a version, playing *fliprando.Env games through
// Env.Engine and Env.EncodeAction). agents/builtin lists them as greedy, search and
// search-deep for the game fliprando (`arena run --scenarios fliprando:players=4`).
//
// # Hidden information
//
// A bot never reads what its seat cannot see. Every bot but Random plans on copies of the
// game determinised for the deciding seat (Game.Determinize: the other seats' hand fronts,
// their pending Wind gifts, the draw pile below its top card and the game's own generator
// resampled consistently with the seat's information: backs, the discard pile, the played
// cards, its own hand). The guess is a function of that information and the generator
// alone, so two games the seat cannot tell apart get the same action for the same generator
// (TestBots_NoPeeking). The valuation counts another seat's hand by its size only.
//
// # Valuation
//
// [Value] is a seat's worth in points: the total the game would score now (score track,
// obstacle tracks times their markers' values, card pairs), plus each multiplier level
// above 1 at [MultWorth] (MOVE 6, DRAW 2, the others 1 point over a whole game) times the
// share of the game left, plus [TileWorth] per active tile (MOVE 2, JOKER 1.5, the others
// 0.5; half for a blocked tile), plus 0.7 ([HandDiscount]) of the cards in hand: its own by
// [CardWorth] (points, obstacle marker value, [ActionCardWorth], plus the pair points the
// card's half would add), another seat's at 2 points each ([UnseenCardWorth]). [Lead] is
// the seat's value less the best other seat's.
//
// # Greedy
//
// For each legal action, Greedy applies it to a determinised copy, plays its own
// follow-up decisions (the legs of a MOVE, the targets of an action, the discards of a
// DRAW) one step ahead each by Lead, and keeps the action whose outcome leads by most
// (lowest index on ties: it passes Phase 1 unless the exchange gains at once).
//
// # Search
//
// The default search (Budget.Flat) plays the root's legal actions by sequential halving:
// each round draws new determinisations of the game for the deciding seat, plays every
// action still in on the same ones (common random numbers: the actions are compared on
// the same guesses of the hidden cards and the same future shuffles), each followed by a
// playout of Budget.Horizon turns in which every seat plays as Greedy, and keeps the better
// half by the mean reward. A playout stops after Budget.Horizon turn changes (plus the
// player count with Budget.HorizonPerSeat): the rest of the current turn, then Horizon−1
// whole turns. A playout that reaches the end scores the env's rank reward
// (1 − 2r/(N−1), ties shared); one cut at the horizon scores a soft rank of the seats'
// Values (each pair of seats by tanh(difference/σ), σ = 3 + 10·(share of the game left)
// points). Budgets: [Default] 64 playouts of players+1 turns (up to the deciding seat's own
// next turn: 4 turns at 3 players, 5 at 4), [Deep] 256 of 5.
//
// With Budget.Flat false, the search is a single-observer information-set MCTS (one tree
// over the determinisations, UCB1 with availability counts, each seat maximising its own
// reward, Budget.OwnTree to keep nodes for the deciding seat only). It is kept as an option
// because it played worse here: with random or cheap greedy playouts it did not beat
// Greedy at 3 players (−0.75 to +0.13 in mean rank value, intervals ±0.7 to ±1.0, over 6
// to 16 games, 200 to 600 iterations), with Greedy playouts at 60 iterations +0.38 ± 0.55,
// where the flat search with common determinisations made +1.31 ± 0.25 at the same cost
// (docs/decisions/fliprandobot-flat-search.md).
//
// # Strength and speed
//
// random < greedy < search at 3 and 4 players: TestLadder (the stronger bot on alternate
// seats, each deal played with the seats swapped) measures search less greedy at +1.13 ±
// 0.32 in mean rank value at 3 players and +1.13 ± 0.16 at 4 (24 games each, 95%
// intervals; +0.57 ± 0.32 at 4 with the previous default of 4-turn playouts, which
// played as today's at 3 players). In the arena's 4-player table (random, greedy, the old and the new search) the new
// default's players+1 turns beat greedy by +0.47 ± 0.31 per game and the old 4 turns by
// +0.25 ± 0.30 (BenchmarkMixedTable, 32 games); the arena's Plackett-Luce ratings are in
// README.md. BenchmarkDecide measures the decision time on 200 positions of
// 4-player games (every fifth decision with a real choice, of greedy play with a fifth of
// random decisions), on one core:
//
//	go test -run '^$' -bench Decide -benchtime 200x -cpu 1 ./agents/fliprandobot
//
// Intel Xeon (lscpu "Intel(R) Xeon(R) Processor", 2 cores shared with other jobs: load
// average 21 to 24 during the run), go1.26.8, GOGC default, -cpu 1. The machine was
// oversubscribed about tenfold, so the wall-clock figures are inflated; cpu-ms is the
// process's CPU time per decision, the cost on one core:
//
//	bot           cpu-ms   wall ms   p99 ms   max ms
//	random         0.001     0.001     0.007     0.02
//	greedy         0.008     0.025     0.30      3.2
//	search        15.3      61       384       572
//	search-deep   85       559      2008      2117
//
// The default search then played out 4 turns; with players+1 turns it takes 18.7 ms of CPU
// per decision on the same positions (4 players: 5 turns; `-bench 'Decide/search$'`, load
// average about 10). So the default search decides in about 19 ms of CPU on average,
// within 50 ms on one core; search-deep stays far inside the arena's default deadline (2 s of CPU).
//
// # Determinism
//
// Every bot draws its randomness from the generator it is handed, in a fixed order, and
// keeps no state between decisions: the same game and the same generator give the same
// action, and one bot serves any number of games at once.
package fliprandobot
