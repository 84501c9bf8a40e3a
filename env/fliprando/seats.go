package fliprando

import "github.com/flickarena/flickarena/env"

// SeatNames implements env.SeatNamer: the seats have no names of their own (the spirits are
// the hikers' colours, not the seats'), so they are "player 1" to "player N", as
// env.SeatNames would say.
func (e *Env) SeatNames() []string { return env.DefaultSeatNames(e.g.cfg.Players) }
