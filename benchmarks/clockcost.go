package main

import (
	"slices"
	"time"
)

// clockCost returns the median, over n tries, of the CPU time that an empty region between
// two cpuNow calls reads: the end of one call and the start of the next, which every region
// timed by a pair of calls reads on top of its own work. Reading the process CPU clock is a
// system call (0.3 to 1 µs on a shared 2-core virtual machine, as much as an env step's own
// work), so the comparison's step-by-step pass, which times each env step and each raw flick
// alone, subtracts it from every region it times on either side.
func clockCost(n int) time.Duration {
	d := make([]time.Duration, n)
	for i := range d {
		c0 := cpuNow()
		d[i] = cpuNow() - c0
	}
	slices.Sort(d)
	return d[n/2]
}
