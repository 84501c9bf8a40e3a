//go:build linux

package arena

import (
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// threadClock reads the CPU time of one OS thread, the thread a goroutine
// locked itself to (Linux: clock_gettime on the thread's CPU clock, which
// any thread of the process may read).
type threadClock struct {
	id int32 // the clockid_t of the thread's CPU clock
}

// threadClocks reports whether this platform measures a thread's CPU time.
const threadClocks = true

// lockThreadClock locks the calling goroutine to its OS thread, so that the
// thread's CPU time is the goroutine's, and returns the thread's clock. The
// caller must call runtime.UnlockOSThread when done.
func lockThreadClock() threadClock {
	runtime.LockOSThread()
	tid := int32(syscall.Gettid())
	// The kernel's MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED): (~tid << 3) |
	// CPUCLOCK_PERTHREAD_MASK (4) | CPUCLOCK_SCHED (2).
	return threadClock{id: ^tid<<3 | 6}
}

// now returns the thread's CPU time so far.
func (c threadClock) now() (time.Duration, error) {
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, uintptr(c.id), uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, e
	}
	return time.Duration(ts.Nano()), nil
}
