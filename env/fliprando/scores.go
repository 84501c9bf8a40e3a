package fliprando

// Scores implements env.Scorer: each seat's total points now ([Game.Total]), appended to dst.
func (e *Env) Scores(dst []float64) []float64 {
	for p := range e.g.cfg.Players {
		dst = append(dst, float64(e.g.Total(p)))
	}
	return dst
}
