package envrpc

import (
	"fmt"
	"time"

	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Limits bound what clients may ask of a server. A request over a limit fails
// with ResourceExhausted. The zero value of a field means its default; a
// negative value (but IdleTimeout's and MaxCallCPU's) or one over its cap is
// an error ([Limits.Check]).
type Limits struct {
	// MaxEnvsPerPool is the largest num_envs of one pool; default 16384, at
	// most MaxEnvsCap.
	MaxEnvsPerPool int
	// MaxEnvs is the largest number of envs over all open pools; default
	// 65536, at most MaxEnvsCap.
	MaxEnvs int
	// MaxPools is the largest number of open pools; default 64, at most
	// MaxPoolsCap.
	MaxPools int
	// IdleTimeout closes a pool that received no call for this long;
	// default 10 minutes, a negative value means never.
	IdleTimeout time.Duration
	// MaxMessageBytes is the largest message, in bytes, the server receives
	// or sends; default 64 MiB, from MinMessageBytes to MaxMessageBytesCap.
	// A pool whose batch would not fit is refused.
	MaxMessageBytes int
	// MaxCallCPU is the CPU time one Reset or Step call may take (its games and
	// its server-side opponents); default 10 minutes, a negative value means no
	// bound. It is enforced as a wall-clock deadline of MaxCallCPU divided by
	// the pool's parallelism (its Vector's workers, at most GOMAXPROCS: the most
	// CPUs it keeps busy), so a call never burns more, and a loaded server cuts
	// it sooner. A call over it ends with ResourceExhausted and leaves its pool
	// interrupted, as a client's deadline does: Reset every env before the next
	// Step.
	MaxCallCPU time.Duration
}

// Caps of the limits: the largest values [Limits.Check] accepts.
const (
	// MaxEnvsCap caps MaxEnvsPerPool and MaxEnvs: 2^24 envs.
	MaxEnvsCap = 1 << 24
	// MaxPoolsCap caps MaxPools.
	MaxPoolsCap = 1 << 16
	// MaxMessageBytesCap caps MaxMessageBytes: 1 GiB (a protobuf message
	// cannot reach 2 GiB).
	MaxMessageBytesCap = 1 << 30
	// MinMessageBytes is the smallest MaxMessageBytes: room for a pool spec.
	MinMessageBytes = 1024
)

// DefaultLimits returns the default limits.
func DefaultLimits() Limits {
	return Limits{
		MaxEnvsPerPool:  16384,
		MaxEnvs:         65536,
		MaxPools:        64,
		IdleTimeout:     10 * time.Minute,
		MaxMessageBytes: 64 << 20,
		MaxCallCPU:      10 * time.Minute,
	}
}

// Check returns an error naming the first field out of its range: a
// negative count or size, one over its cap, or a message limit under
// MinMessageBytes. Zero fields are fine (defaults).
func (l Limits) Check() error {
	for _, f := range []struct {
		name     string
		v        int
		min, max int
	}{
		{"MaxEnvsPerPool", l.MaxEnvsPerPool, 1, MaxEnvsCap},
		{"MaxEnvs", l.MaxEnvs, 1, MaxEnvsCap},
		{"MaxPools", l.MaxPools, 1, MaxPoolsCap},
		{"MaxMessageBytes", l.MaxMessageBytes, MinMessageBytes, MaxMessageBytesCap},
	} {
		if f.v != 0 && (f.v < f.min || f.v > f.max) {
			return fmt.Errorf("envrpc: limit %s %d: want %d to %d (or 0 for the default)", f.name, f.v, f.min, f.max)
		}
	}
	return nil
}

// withDefaults returns l with every zero field set to its default.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxEnvsPerPool == 0 {
		l.MaxEnvsPerPool = d.MaxEnvsPerPool
	}
	if l.MaxEnvs == 0 {
		l.MaxEnvs = d.MaxEnvs
	}
	if l.MaxPools == 0 {
		l.MaxPools = d.MaxPools
	}
	if l.IdleTimeout == 0 {
		l.IdleTimeout = d.IdleTimeout
	}
	if l.MaxMessageBytes == 0 {
		l.MaxMessageBytes = d.MaxMessageBytes
	}
	if l.MaxCallCPU == 0 {
		l.MaxCallCPU = d.MaxCallCPU
	}
	return l
}

// proto returns the limits as sent in GetServerInfoResponse.
func (l Limits) proto() *flickv1.ServerLimits {
	idle := l.IdleTimeout.Seconds()
	if l.IdleTimeout < 0 {
		idle = 0
	}
	return &flickv1.ServerLimits{
		MaxEnvsPerPool:     int32(l.MaxEnvsPerPool),
		MaxPools:           int32(l.MaxPools),
		IdleTimeoutSeconds: idle,
		MaxMessageBytes:    int32(l.MaxMessageBytes),
	}
}
