package env

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/internal/enum"
)

// WeightedPolicy is one opponent of a mixture ([Config.OpponentMix]): a
// Policy and its weight, the relative chance (any positive number) that an
// episode is played against it.
type WeightedPolicy struct {
	// Policy plays the opponents' seats of the episodes that draw it.
	Policy Policy
	// Weight is the relative chance of drawing Policy, > 0 and finite.
	Weight float64
}

// SeatMode says which seat the agent plays in the [SingleAgent] view.
type SeatMode uint8

const (
	// SeatZero (the default): the agent always plays seat 0.
	SeatZero SeatMode = iota
	// SeatAlternate means episode e of an env with key k plays seat
	// (e + k) mod P, P the number of seats: each env goes round the seats
	// in turn, and the envs of a pool start on different seats.
	SeatAlternate
	// SeatRandom means each episode draws its seat uniformly from the episode's
	// league stream.
	SeatRandom
)

// String returns "zero", "alternate" or "random".
func (m SeatMode) String() string {
	return enum.Name(m, "SeatMode", "zero", "alternate", "random")
}

// league is a Vector's choice of opponent and seat per episode in the
// SingleAgent view.
type league struct {
	single  Policy    // the opponent when there is no mixture
	mix     []Policy  // the mixture's policies, in Config order
	cum     []float64 // cumulative weights of mix, normalised to end at 1
	seat    SeatMode
	players int
}

// newLeague checks the SingleAgent fields of cfg and returns the league of
// a game of players seats.
func newLeague(cfg Config, players int) (*league, error) {
	if cfg.View != SingleAgent {
		switch {
		case cfg.Opponent != nil:
			return nil, fmt.Errorf("Config.Opponent is only used in the SingleAgent view")
		case len(cfg.OpponentMix) > 0:
			return nil, fmt.Errorf("Config.OpponentMix is only used in the SingleAgent view")
		case cfg.Seat != SeatZero:
			return nil, fmt.Errorf("Config.Seat %v is only used in the SingleAgent view", cfg.Seat)
		}
		return nil, nil
	}
	if cfg.Seat > SeatRandom {
		return nil, fmt.Errorf("bad Seat %v", cfg.Seat)
	}
	l := &league{single: cfg.Opponent, seat: cfg.Seat, players: players}
	if len(cfg.OpponentMix) == 0 {
		if l.single == nil {
			l.single = RandomPolicy{}
		}
		return l, nil
	}
	if cfg.Opponent != nil {
		return nil, fmt.Errorf("both Opponent and OpponentMix set")
	}
	total := 0.0
	for k, w := range cfg.OpponentMix {
		if w.Policy == nil {
			return nil, fmt.Errorf("OpponentMix[%d]: nil Policy", k)
		}
		if !(w.Weight > 0) || math.IsInf(w.Weight, 0) {
			return nil, fmt.Errorf("OpponentMix[%d]: weight %v, want a finite number > 0", k, w.Weight)
		}
		total += w.Weight
		l.mix = append(l.mix, w.Policy)
		l.cum = append(l.cum, total)
	}
	for k := range l.cum {
		l.cum[k] /= total
	}
	return l, nil
}

// draws reports whether an episode's choice draws from the league stream.
func (l *league) draws() bool { return len(l.mix) > 1 || l.seat == SeatRandom }

// choose returns the opponent and the agent's seat of episode e of an env
// with key, drawing from rng (the episode's league stream) only when
// l.draws(): first the opponent (one Float64, when the mixture has more
// than one entry), then the seat (one IntN, with SeatRandom).
func (l *league) choose(key, e uint64, rng *rand.Rand) (Policy, int) {
	opp := l.single
	if len(l.mix) > 0 {
		opp = l.mix[0]
		if len(l.mix) > 1 {
			x := rng.Float64()
			opp = l.mix[len(l.mix)-1]
			for k, c := range l.cum {
				if x < c {
					opp = l.mix[k]
					break
				}
			}
		}
	}
	seat := 0
	switch l.seat {
	case SeatAlternate:
		seat = int((e + key%uint64(l.players)) % uint64(l.players))
	case SeatRandom:
		seat = rng.IntN(l.players)
	}
	return opp, seat
}
