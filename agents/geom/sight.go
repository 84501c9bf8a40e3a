package geom

import "github.com/flickarena/flickarena/physics"

// Sweep returns the first piece of st (whose kinds are those of catalogue pieces) that a disc of radius r meets when it slides from
// `from` in a straight line towards `to` and, beyond `to`, up to `past` cm further, and the
// distance it travels before touching it, in cm. Pieces that are off the table, and those for
// which skip returns true (nil skips none), are ignored. It returns -1 and the whole length
// when nothing is in the way.
func Sweep(st *physics.State, pieces *physics.Catalogue, from, to physics.Vec, past, r float64, skip func(i int) bool) (piece int, dist float64) {
	return NewScene(st, pieces).Sweep(from, to, past, r, skip)
}

// Clear reports whether a disc of radius r slides from `from` to `to` (and `past` cm beyond)
// keeping at least margin cm from every piece of st not skipped.
func Clear(st *physics.State, pieces *physics.Catalogue, from, to physics.Vec, past, r, margin float64, skip func(i int) bool) bool {
	p, _ := Sweep(st, pieces, from, to, past, r+margin, skip)
	return p < 0
}

// Free reports whether a disc of radius r at p lies wholly on the table of st with at least
// margin cm to its edges and to every piece not skipped.
func Free(st *physics.State, pieces *physics.Catalogue, p physics.Vec, r, margin float64, skip func(i int) bool) bool {
	return NewScene(st, pieces).Free(p, r, margin, skip)
}
