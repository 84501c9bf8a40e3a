//go:build !linux

package main

import "time"

// start is when the program started.
var start = time.Now()

// cpuNow falls back on the wall clock where the process CPU time is not read.
func cpuNow() time.Duration { return time.Since(start) }

// cpuClock names the clock cpuNow reads.
const cpuClock = "wall clock (no CPU clock on this OS)"
