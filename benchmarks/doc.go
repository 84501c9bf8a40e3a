// Command benchmarks is Flickarena's end-to-end throughput harness. It prints one table, with
// the machine line (and GOGC): the raw physics' flicks per second on its reference workload
// (the flicks of BenchmarkFlick, package flickbench, on one core); for every Flick 'em Up!
// scenario, the env's time against the raw physics of the same flicks (the physics' share of
// the env's time), with the showdown's flicks per second on the raw physics; then, playing the
// showdown (flickemup.ID) in process, env steps per second for pools of 1, 64, 1,024 and 4,096
// games, the heap per game, the scaling from one core to two, and the arena's games/s against
// the bare env on the same bots and games. See README.md for the method and the figures.
//
// Usage:
//
//	go run ./benchmarks [-scale 1] [-seed 1] [-only physics,compare,pools,scaling,arena]
//
// -scale multiplies the work of every measurement (0.2 for a quick look).
package main
