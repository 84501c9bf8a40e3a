//go:build !unix

package envrpc_test

import "time"

// processCPU returns 0: this platform's process CPU time is not read, and
// the benchmarks report no CPU figure.
func processCPU() time.Duration { return 0 }
