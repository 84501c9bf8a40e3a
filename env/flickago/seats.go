package flickago

// SeatNames implements env.SeatNamer: seat 0 is White (headquarters in half 0), seat 1 Black.
func (e *Env) SeatNames() []string { return seatNames }

// seatNames are the players' colours, by seat.
var seatNames = []string{"white", "black"}

// Scores implements env.Scorer: each seat's points in the current position ([Game.Scores]).
func (e *Env) Scores(dst []float64) []float64 { return e.g.Scores(dst) }
