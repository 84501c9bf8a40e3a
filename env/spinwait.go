package env

// SetSpinWait sets whether the Vector's workers poll instead of sleeping: its helpers, for
// up to a millisecond after a call ends when the caller called again within that time before,
// and the caller's goroutine, for up to half a millisecond at the end of a call while the
// helpers finish. It changes no result, only the time a call takes. It is for callers that
// enter Go from a C thread and call again soon (the in-process library: a cgo callback runs
// locked to its thread, and each sleep and wake of such a thread costs the OS tens to
// hundreds of microseconds); the price is up to a millisecond of a core after each call
// while calls come that fast. Off by default. Call it before or between calls, not during one.
func (v *Vector) SetSpinWait(on bool) { v.pool.spin.Store(on) }
