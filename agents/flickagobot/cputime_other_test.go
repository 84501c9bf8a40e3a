//go:build !unix

package flickagobot_test

import "time"

// processCPU returns 0: the process's CPU time is read on unix only (the tests then log no
// time).
func processCPU() time.Duration { return 0 }
