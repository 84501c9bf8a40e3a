//go:build !linux

package arena

import (
	"errors"
	"time"
)

// threadClock reads the CPU time of one OS thread; not on this platform,
// where in-process bots have wall-clock deadlines.
type threadClock struct{}

// threadClocks reports whether this platform measures a thread's CPU time.
const threadClocks = false

// lockThreadClock is never called on this platform.
func lockThreadClock() threadClock { return threadClock{} }

// now fails: no thread CPU clock on this platform.
func (threadClock) now() (time.Duration, error) {
	return 0, errors.New("arena: no thread CPU clock on this platform")
}
