package envrpc

import (
	"time"

	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Limits bound what clients may ask of a server. A request over a limit fails
// with ResourceExhausted. The zero value of a field means its default.
type Limits struct {
	// MaxEnvsPerPool is the largest num_envs of one pool; default 16384.
	MaxEnvsPerPool int
	// MaxEnvs is the largest number of envs over all open pools; default
	// 65536.
	MaxEnvs int
	// MaxPools is the largest number of open pools; default 64.
	MaxPools int
	// IdleTimeout closes a pool that received no call for this long;
	// default 10 minutes, a negative value means never.
	IdleTimeout time.Duration
	// MaxMessageBytes is the largest message, in bytes, the server receives
	// or sends; default 64 MiB. A pool whose batch would not fit is refused.
	MaxMessageBytes int
}

// DefaultLimits returns the default limits.
func DefaultLimits() Limits {
	return Limits{
		MaxEnvsPerPool:  16384,
		MaxEnvs:         65536,
		MaxPools:        64,
		IdleTimeout:     10 * time.Minute,
		MaxMessageBytes: 64 << 20,
	}
}

// withDefaults returns l with every zero field set to its default.
func (l Limits) withDefaults() Limits {
	d := DefaultLimits()
	if l.MaxEnvsPerPool <= 0 {
		l.MaxEnvsPerPool = d.MaxEnvsPerPool
	}
	if l.MaxEnvs <= 0 {
		l.MaxEnvs = d.MaxEnvs
	}
	if l.MaxPools <= 0 {
		l.MaxPools = d.MaxPools
	}
	if l.IdleTimeout == 0 {
		l.IdleTimeout = d.IdleTimeout
	}
	if l.MaxMessageBytes <= 0 {
		l.MaxMessageBytes = d.MaxMessageBytes
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
