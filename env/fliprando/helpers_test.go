package fliprando

import (
	"slices"
	"testing"
)

// vx returns the index of vertex (c, r).
func vx(c, r int) int { return VertexIndex(Vertex{c, r}) }

// slot returns the token slot at (c, r).
func slot(t *testing.T, c, r int) int {
	t.Helper()
	s := SlotAt(vx(c, r))
	if s < 0 {
		t.Fatalf("no slot at (%d,%d)", c, r)
	}
	return s
}

// ready returns an n-player game (seat 0 first, seed 1) after set-up
// (everyone blocked JOKER) and seat 0's Phase 1 pass: seat 0 must play a
// tile.
func ready(t *testing.T, n int) *Game {
	t.Helper()
	cfg := playersConfig(n)
	cfg.Seed = 1
	return readyCfg(t, cfg)
}

func readyCfg(t *testing.T, cfg Config) *Game {
	t.Helper()
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for range cfg.Players {
		mustApply(t, g, TileAction(Joker))
	}
	mustApply(t, g, Pass)
	if g.Pending() != DecPlayTile || g.Current() != 0 {
		t.Fatalf("ready: pending %v seat %d", g.Pending(), g.Current())
	}
	return g
}

func mustApply(t *testing.T, g *Game, as ...Action) {
	t.Helper()
	for _, a := range as {
		if err := g.Apply(a); err != nil {
			t.Fatalf("apply %v (decision %v, seat %d): %v", a, g.Pending(), g.Current(), err)
		}
	}
	if err := g.Validate(); err != nil {
		t.Fatalf("after %v: %v", as, err)
	}
}

// layoutL0 places the hikers and tokens of layout L0, with the
// set-up faces.
func layoutL0(t *testing.T, g *Game) {
	t.Helper()
	hikers := map[int]Vertex{Red: {0, -1}, Violet: {1, -1}, Green: {1, 0}, Grey: {0, 1}, Blue: {-1, 1}, Yellow: {-1, 0}}
	for c, v := range hikers {
		g.hiker[c] = int16(VertexIndex(v))
	}
	tokens := []struct {
		v Vertex
		c int
	}{
		{Vertex{1, -2}, Red}, {Vertex{2, -1}, Violet}, {Vertex{1, 1}, Green}, {Vertex{-1, 2}, Grey}, {Vertex{-2, 1}, Blue}, {Vertex{-1, -1}, Yellow},
		{Vertex{0, -4}, Red}, {Vertex{4, -4}, Violet}, {Vertex{4, 0}, Green}, {Vertex{0, 4}, Grey}, {Vertex{-4, 4}, Blue}, {Vertex{-4, 0}, Yellow},
		{Vertex{6, -3}, Red}, {Vertex{3, 3}, Violet}, {Vertex{-3, 6}, Green}, {Vertex{-6, 3}, Grey}, {Vertex{-3, -3}, Blue}, {Vertex{3, -6}, Yellow},
	}
	for _, tk := range tokens {
		s := slot(t, tk.v.C, tk.v.R)
		g.tokColour[s] = int8(tk.c)
		g.tokValue[s] = SlotKind(s) == Tree
	}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
}

// setTop reorders the draw pile so that its top cards have the back
// colours cols, cols[0] on top.
func setTop(t *testing.T, g *Game, cols ...int) {
	t.Helper()
	rest := slices.Clone(g.pile[:g.pileN])
	var picked []int8
	for _, c := range cols {
		i := slices.IndexFunc(rest, func(id int8) bool { return deck[id].Back == c })
		if i < 0 {
			t.Fatalf("no %s card in the pile", ColourNames[c])
		}
		picked = append(picked, rest[i])
		rest = slices.Delete(rest, i, i+1)
	}
	slices.Reverse(picked)
	n := copy(g.pile[:], rest)
	copy(g.pile[n:], picked)
	if g.TopColour() != cols[0] {
		t.Fatalf("top colour %d, want %d", g.TopColour(), cols[0])
	}
}

// takeCard removes from the draw pile the first card (from the top) that
// satisfies ok, and returns its id.
func takeCard(t *testing.T, g *Game, ok func(Card) bool) int {
	t.Helper()
	for i := int(g.pileN) - 1; i >= 0; i-- {
		id := g.pile[i]
		if ok(deck[id]) {
			copy(g.pile[i:], g.pile[i+1:g.pileN])
			g.pileN--
			return int(id)
		}
	}
	t.Fatal("no such card in the pile")
	return -1
}

// legalSet returns the legal actions as a slice.
func legalSet(g *Game) []Action { return g.Legal(nil) }

// playersConfig returns [DefaultConfig] for n players.
func playersConfig(n int) Config {
	cfg := DefaultConfig()
	cfg.Players = n
	return cfg
}
