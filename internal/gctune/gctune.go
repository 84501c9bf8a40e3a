// Package gctune sets the garbage collector's target for Flickarena's commands.
//
// The physics builds a fresh Box2D world for every flick and the port allocates
// per step, about 170 kB per flick, while the live heap of a pool of games is
// small (15 kB per game). With Go's default GOGC=100 the collector then runs
// every few dozen flicks and, on two cores, takes CPU from the workers: the
// 1 → 2 core scaling bound measured 1.66x to 1.84x with the default and 1.90x
// to 1.96x with GOGC=400 (docs/decisions/physics-rebuild-world-per-flick.md, docs/results/performance.md). The commands therefore default
// to 400; a GOGC set in the environment always wins.
package gctune

import (
	"os"
	"runtime/debug"
)

// Percent is the GOGC value the commands use when the environment sets none.
const Percent = 400

// Default sets the collector's target to Percent unless the GOGC environment
// variable is set, and returns the value in force.
func Default() string {
	if v, ok := os.LookupEnv("GOGC"); ok {
		return v
	}
	debug.SetGCPercent(Percent)
	return "400"
}
