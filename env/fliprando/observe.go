package fliprando

// Observation layout sizes.
const (
	seatSize     = 56
	decisionSize = 58
	// ObsSize is the length of an observation.
	ObsSize = NumColours*NumVertices + NumSlots*NumColours + NumSlots + 9 + NumSlotsWeather*6 +
		NumSlotsWeather + 15 + 8 + 3*NumCards + MaxPlayers*seatSize + decisionSize + MaxPlayers
)

// obsWriter writes an observation field by field.
type obsWriter struct {
	dst []float32
	i   int
}

// hot sets entry k of the next n entries and moves past them; k outside
// [0, n) sets nothing.
func (w *obsWriter) hot(n, k int) {
	if k >= 0 && k < n {
		w.dst[w.i+k] = 1
	}
	w.i += n
}

func (w *obsWriter) val(x float32) {
	w.dst[w.i] = x
	w.i++
}

func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// Observe implements env.Game: the state as seen by seat player (see the
// package doc, "Observation Space"). Hidden information (other hands'
// fronts, the draw-pile order below its top back, hidden weather) is
// never written.
func (e *Env) Observe(dst []float32, player int) {
	clear(dst)
	g := &e.g
	n := g.cfg.Players
	w := obsWriter{dst: dst}
	for c := range NumColours {
		w.hot(NumVertices, int(g.hiker[c]))
	}
	for s := range NumSlots {
		w.hot(NumColours, int(g.tokColour[s]))
	}
	for s := range NumSlots {
		w.val(b2f(g.tokValue[s]))
	}
	for x := range NumKinds {
		w.hot(NumKinds, int(g.markers[x]))
	}
	for i, wt := range g.weather {
		k := int(wt)
		if g.cfg.HiddenWeather && IsTokenSlot(i) && i > int(g.counter) {
			k = 5
		}
		w.hot(6, k)
	}
	w.hot(NumSlotsWeather, int(g.counter))
	w.hot(15, min(int(g.round), 15)-1)
	top := g.TopColour()
	if top < 0 {
		top = NumColours
	}
	w.hot(NumColours+1, top)
	w.val(float32(g.pileN) / NumCards)
	var all cardSet
	for p := range n {
		all[0] |= g.players[p].played[0]
		all[1] |= g.players[p].played[1]
	}
	for _, set := range []cardSet{g.discard, g.players[player].hand, all} {
		for id := range NumCards {
			if set.has(id) {
				w.dst[w.i+id] = 1
			}
		}
		w.i += NumCards
	}
	for rel := range MaxPlayers {
		if rel >= n {
			w.i += seatSize
			continue
		}
		p := (player + rel) % n
		pl := &g.players[p]
		w.val(1)
		w.val(b2f(p == int(g.first)))
		w.val(b2f(p == int(g.active) && !g.over))
		w.val(max(-1, min(2, float32(pl.score)/100)))
		for _, o := range pl.obst {
			w.val(float32(o) / MaxTrack)
		}
		for _, m := range pl.mult {
			w.hot(3, int(m)-1)
		}
		for _, t := range pl.tiles {
			w.hot(3, int(t))
		}
		w.hot(7, min(pl.hand.count(), 6))
		var backs [NumColours]int
		var buf [NumCards]int
		for _, id := range pl.hand.ids(buf[:0]) {
			backs[deck[id].Back]++
		}
		for _, b := range backs {
			w.val(min(2, float32(b)/3))
		}
		top, bottom := g.Halves(p)
		w.val(float32(top) / 33)
		w.val(float32(bottom) / 33)
		w.val(float32(PairPoints(top, bottom)) / 20)
	}
	// Decision context.
	w.hot(NumDecisions, int(g.dec))
	mover := int(g.mover)
	if mover < 0 {
		mover = NumColours
	}
	w.hot(NumColours+1, mover)
	w.hot(4, min(int(g.legs), 3))
	excl := int(g.excl)
	if excl < 0 {
		excl = NumDirs
	}
	w.hot(NumDirs+1, excl)
	w.hot(4, max(0, min(int(g.units), 3)))
	played := int(g.played)
	if played < 0 {
		played = NumTiles
	}
	w.hot(NumTiles+1, played)
	sel := g.Phase1Selected()
	for t := range NumTiles {
		w.val(b2f(sel&(1<<t) != 0))
	}
	joker := int(g.joker)
	if joker < 0 {
		joker = NumTracks
	}
	w.hot(NumTracks+1, joker)
	if !g.over {
		w.hot(MaxPlayers, (int(g.actor)-player+n)%n)
	} else {
		w.i += MaxPlayers
	}
}
