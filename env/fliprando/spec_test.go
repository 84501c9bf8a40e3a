package fliprando

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// moveCase is one hiker-movement case (T3–T12): a position,
// the pile's top colours, the MOVE multiplier, the chosen legs, and the
// outcome.
type moveCase struct {
	setup     func(t *testing.T, g *Game) // changes to layout L0
	top       []int                       // back colours of the pile's top cards
	mult      int                         // MOVE multiplier
	legs      []int                       // chosen directions
	stops     []Vertex                    // where each leg's hiker stopped
	score     int                         // seat 0's score track after
	obst      [NumKinds]int               // seat 0's obstacle tracks after
	hikers    map[int]Vertex              // hiker positions after
	values    map[Vertex]bool             // token faces after (true: value face)
	discarded int                         // cards discarded
}

var moveCases = map[string]moveCase{
	"T3": {
		setup: func(t *testing.T, g *Game) {
			g.hiker[Red], g.hiker[Blue] = int16(vx(-4, 1)), int16(vx(0, 3))
			g.tokColour[slot(t, -4, 4)] = Green
			g.tokColour[slot(t, 4, 0)] = Blue // keep six colours per level
			g.tokColour[slot(t, 6, -3)] = Blue
			g.tokColour[slot(t, -3, -3)] = Red
		},
		top: []int{Red}, mult: 1, legs: []int{S, SE, NE},
		stops: []Vertex{{-4, 3}, {-1, 3}, {5, -2}},
		score: 1, obst: [3]int{Rock: 2},
		hikers:    map[int]Vertex{Red: {-1, 3}, Blue: {5, -2}},
		values:    map[Vertex]bool{{-4, 4}: false, {6, -3}: true},
		discarded: 1,
	},
	"T4": {
		top: []int{Red}, mult: 1, legs: []int{N, SE, SW},
		stops: []Vertex{{0, -3}, {5, -3}, {2, 0}},
		score: 2, obst: [3]int{Rock: 2, Log: 1},
		hikers:    map[int]Vertex{Red: {2, 0}},
		values:    map[Vertex]bool{{0, -4}: false, {6, -3}: true, {1, 1}: true},
		discarded: 1,
	},
	"T5": {
		top: []int{Violet}, mult: 1, legs: []int{N, SE, N},
		stops: []Vertex{{1, -1}, {1, -1}, {1, -1}},
		score: 3, obst: [3]int{Log: 3},
		hikers:    map[int]Vertex{Violet: {1, -1}},
		values:    map[Vertex]bool{{1, -2}: false, {2, -1}: true},
		discarded: 1,
	},
	"T6": {
		top: []int{Red}, mult: 1, legs: []int{S, S, SE},
		stops: []Vertex{{0, 0}, {0, 3}, {2, 3}},
		score: 2, obst: [3]int{Rock: 1},
		hikers:    map[int]Vertex{Red: {0, 0}, Grey: {2, 3}},
		values:    map[Vertex]bool{{0, 4}: false, {3, 3}: true},
		discarded: 1,
	},
	"T7": {
		top: []int{Red}, mult: 1, legs: []int{S, NE, N},
		stops:     []Vertex{{0, 0}, {0, 1}, {1, 0}},
		hikers:    map[int]Vertex{Red: {0, 0}, Grey: {0, 1}, Green: {1, 0}, Violet: {1, -1}},
		discarded: 1,
	},
	"T10": {
		setup: func(t *testing.T, g *Game) { g.hiker[Red] = int16(vx(2, -5)) },
		top:   []int{Red}, mult: 1, legs: []int{N, SW, S},
		stops:     []Vertex{{2, -7}, {-7, 2}, {-7, 7}},
		hikers:    map[int]Vertex{Red: {-7, 7}},
		discarded: 1,
	},
	"T11": {
		top: []int{Yellow}, mult: 1, legs: []int{NW, S, SE},
		stops: []Vertex{{-3, 0}, {-3, 5}, {2, 5}},
		score: 2, obst: [3]int{Rock: 1},
		hikers:    map[int]Vertex{Yellow: {2, 5}},
		values:    map[Vertex]bool{{-4, 0}: false, {-3, 6}: true},
		discarded: 1,
	},
	"T12": {
		top: []int{Blue, Blue}, mult: 2, legs: []int{SW, N, S, NE, SE, S},
		stops: []Vertex{{-3, 3}, {-3, -2}, {-3, 5}, {0, 2}, {5, 2}, {5, 2}},
		score: 2, obst: [3]int{Rock: 3, Log: 1},
		hikers:    map[int]Vertex{Blue: {5, 2}},
		values:    map[Vertex]bool{{-4, 4}: false, {-3, -3}: true, {-3, 6}: true, {1, 1}: true},
		discarded: 2,
	},
}

// runMove plays case c from layout L0 (at most stopAfter legs if it is
// not negative) and returns the game and where each leg's hiker stopped.
func runMove(t *testing.T, c moveCase, stopAfter int) (*Game, []Vertex) {
	t.Helper()
	g := ready(t, 3)
	layoutL0(t, g)
	if c.setup != nil {
		c.setup(t, g)
	}
	g.players[0].mult[Move] = int8(c.mult)
	setTop(t, g, c.top...)
	mustApply(t, g, TileAction(Move))
	var stops []Vertex
	for i, d := range c.legs {
		if i == stopAfter {
			break
		}
		if g.Pending() != DecMoveDir {
			t.Fatalf("leg %d: pending %v", i, g.Pending())
		}
		mover := g.Mover()
		mustApply(t, g, DirAction(d))
		stops = append(stops, VertexAt(g.Hiker(mover)))
	}
	return g, stops
}

func checkMove(t *testing.T, c moveCase) {
	g, stops := runMove(t, c, -1)
	if !slices.Equal(stops, c.stops) {
		t.Errorf("legs stopped at %v, want %v", stops, c.stops)
	}
	if g.Pending() == DecMoveDir {
		t.Fatalf("still moving after %d legs", len(c.legs))
	}
	if got := g.Track(0); got != c.score {
		t.Errorf("score %d, want %d", got, c.score)
	}
	for k := range NumKinds {
		if got := g.Obstacles(0, k); got != c.obst[k] {
			t.Errorf("%s track %d, want %d", KindNames[k], got, c.obst[k])
		}
	}
	for col, v := range c.hikers {
		if got := VertexAt(g.Hiker(col)); got != v {
			t.Errorf("%s hiker on %v, want %v", ColourNames[col], got, v)
		}
	}
	for v, want := range c.values {
		if _, got := g.Token(slot(t, v.C, v.R)); got != want {
			t.Errorf("token %v shows value %v, want %v", v, got, want)
		}
	}
	if got := len(g.Discards(nil)); got != c.discarded {
		t.Errorf("%d cards discarded, want %d", got, c.discarded)
	}
}

// TestSpecCases runs the rules' worked cases T1–T34, one subtest each.
func TestSpecCases(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"T1", testGeometry},
		{"T2", testSetup},
		{"T3", func(t *testing.T) { checkMove(t, moveCases["T3"]) }},
		{"T4", func(t *testing.T) { checkMove(t, moveCases["T4"]) }},
		{"T5", func(t *testing.T) { checkMove(t, moveCases["T5"]) }},
		{"T6", func(t *testing.T) { checkMove(t, moveCases["T6"]) }},
		{"T7", func(t *testing.T) { checkMove(t, moveCases["T7"]) }},
		{"T8", testBackMasked},
		{"T9", testRepeatMasked},
		{"T10", func(t *testing.T) { checkMove(t, moveCases["T10"]) }},
		{"T11", func(t *testing.T) { checkMove(t, moveCases["T11"]) }},
		{"T12", func(t *testing.T) { checkMove(t, moveCases["T12"]) }},
		{"T13", testFlipCycle},
		{"T14", testActivationColour},
		{"T15", testDraw},
		{"T16", testReshuffle},
		{"T17", testIncLimits},
		{"T18", testDec},
		{"T19", testSwapScoring},
		{"T20", testJoker},
		{"T21", testToggleExample},
		{"T22", testPhase1},
		{"T23", testNoActiveTile},
		{"T24", testActionCard},
		{"T25", testObstacleAndPointCards},
		{"T26", testWind},
		{"T27", testRain},
		{"T28", testEndOfRound5},
		{"T29", testGameLength},
		{"T30", testObstacleScoring},
		{"T31", testPairs},
		{"T32", testFinalTies},
		{"T33", testRemovedTile},
		{"T34", testTwoPlayers},
	}
	for _, c := range cases {
		t.Run(c.name, c.run)
	}
}

func testGeometry(t *testing.T) {
	ring7, walk := 0, 0
	nb := map[int]int{}
	for v := range NumVertices {
		if VertexIndex(VertexAt(v)) != v {
			t.Fatalf("vertex %d round trip", v)
		}
		if VertexAt(v).Ring() == Radius {
			ring7++
		}
		k := 0
		for d := range NumDirs {
			if Neighbour(v, d) != NoVertex {
				k++
			}
		}
		nb[k]++
		if SlotAt(v) < 0 {
			walk++
		}
	}
	if ring7 != 42 || nb[6] != 127 || nb[4] != 36 || nb[3] != 6 || len(nb) != 3 {
		t.Errorf("ring 7 %d, neighbour counts %v", ring7, nb)
	}
	if walk != 151 {
		t.Errorf("%d walkable vertices, want 151", walk)
	}
	var around []Vertex
	for d := range NumDirs {
		around = append(around, VertexAt(Neighbour(vx(0, 0), d)))
	}
	if !slices.Equal(around, startVertices[:]) {
		t.Errorf("neighbours of the centre %v, want %v", around, startVertices)
	}
	for s, want := range []int{Log, Log, Log, Log, Log, Log, Tree, Tree, Tree, Tree, Tree, Tree, Rock, Rock, Rock, Rock, Rock, Rock} {
		if SlotKind(s) != want || VertexAt(SlotVertex(s)).Ring() != 2+2*(s/6) {
			t.Errorf("slot %d kind %d ring %d", s, SlotKind(s), VertexAt(SlotVertex(s)).Ring())
		}
	}
	// The first and last vertices in vector order.
	if VertexAt(0) != (Vertex{-7, 0}) || VertexAt(NumVertices-1) != (Vertex{7, 0}) {
		t.Errorf("vector order: %v ... %v", VertexAt(0), VertexAt(NumVertices-1))
	}
}

func testSetup(t *testing.T) {
	for n := 2; n <= MaxPlayers; n++ {
		for seed := range uint64(50) {
			g, err := New(Config{Players: n, Seed: seed, FirstPlayer: -1})
			if err != nil {
				t.Fatal(err)
			}
			for lvl := range 3 {
				var cols uint8
				for i := range NumColours {
					s := lvl*NumColours + i
					c, val := g.Token(s)
					cols |= 1 << c
					if val != (SlotKind(s) == Tree) {
						t.Errorf("n %d seed %d: slot %d shows value %v", n, seed, s, val)
					}
				}
				if cols != 63 {
					t.Errorf("level %d colours %b", lvl, cols)
				}
			}
			tokens := map[Weather]int{}
			for i := range NumSlotsWeather {
				w := g.WeatherAt(i)
				if IsTokenSlot(i) {
					tokens[w]++
					if w < Sun {
						t.Errorf("token slot %d holds %v", i, w)
					}
				} else if w != printedWeather[i] {
					t.Errorf("printed slot %d is %v", i, w)
				}
			}
			if tokens[Sun]+tokens[Wind]+tokens[Rain] != 10 || tokens[Sun] > 5 || tokens[Wind] > 5 || tokens[Rain] > 5 {
				t.Errorf("weather tokens %v", tokens)
			}
			if g.PileSize() != NumCards-3*n {
				t.Errorf("pile %d, want %d", g.PileSize(), NumCards-3*n)
			}
			if g.Counter() != 0 || g.Pending() != DecSetupBlock || g.Current() != g.First() {
				t.Errorf("counter %d pending %v", g.Counter(), g.Pending())
			}
			var kinds uint8
			for x := range 3 {
				kinds |= 1 << g.Marker(x)
			}
			if kinds != 7 {
				t.Errorf("markers %b", kinds)
			}
			// Each player blocks one tile of their choice, in turn order.
			for i := range n {
				p := g.Current()
				if p != (g.First()+i)%n {
					t.Fatalf("set-up seat %d at step %d", p, i)
				}
				mustApply(t, g, TileAction(i%NumTiles))
			}
			for p := range n {
				if g.HandSize(p) != 3 {
					t.Errorf("hand %d", g.HandSize(p))
				}
				a, b := g.countTiles(p)
				if a != 5 || b != 1 {
					t.Errorf("seat %d tiles %d active %d blocked", p, a, b)
				}
				for k := range NumTracks {
					if g.Mult(p, k) != 1 {
						t.Errorf("multiplier %d", g.Mult(p, k))
					}
				}
			}
			if g.Round() != 1 || g.Current() != g.First() || g.Pending() != DecP1First {
				t.Errorf("after set-up: round %d seat %d %v", g.Round(), g.Current(), g.Pending())
			}
		}
	}
}

func legalDirs(g *Game) []int {
	var ds []int
	for _, a := range legalSet(g) {
		if d, ok := a.in(dirBase, NumDirs); ok {
			ds = append(ds, d)
		}
	}
	return ds
}

func testBackMasked(t *testing.T) {
	g, _ := runMove(t, moveCases["T6"], 1)
	if g.Mover() != Grey {
		t.Fatalf("mover %d, want grey", g.Mover())
	}
	if got := legalDirs(g); !slices.Equal(got, []int{NE, SE, S, SW, NW}) {
		t.Errorf("legal directions %v, want all but N", got)
	}
	if g.Check(DirAction(N)) == nil {
		t.Error("N accepted")
	}
}

func testRepeatMasked(t *testing.T) {
	g, _ := runMove(t, moveCases["T4"], 1)
	if got := legalDirs(g); !slices.Equal(got, []int{NE, SE, S, SW, NW}) {
		t.Errorf("legal directions %v, want all but N", got)
	}
	before := *g
	if g.Apply(DirAction(N)) == nil || *g != before {
		t.Error("N accepted or state changed")
	}
}

func testFlipCycle(t *testing.T) {
	for _, second := range []struct {
		colour, points int
	}{{Green, 6}, {Red, 3}} {
		g := ready(t, 2)
		layoutL0(t, g)
		s := slot(t, 1, 1) // the green log
		g.hitToken(0, s, Green)
		if g.Obstacles(0, Log) != 2 || !g.tokValue[s] {
			t.Errorf("first hit: log %d, value face %v", g.Obstacles(0, Log), g.tokValue[s])
		}
		g.hitToken(0, s, second.colour)
		if g.Track(0) != second.points || g.tokValue[s] {
			t.Errorf("second hit by %s: %d points, value face %v; want %d", ColourNames[second.colour], g.Track(0), g.tokValue[s], second.points)
		}
	}
}

func testActivationColour(t *testing.T) {
	g := ready(t, 2)
	g.players[0].mult[Move] = 2
	setTop(t, g, Blue, Red)
	blueCard := g.pile[g.pileN-1]
	mustApply(t, g, TileAction(Move))
	if g.Mover() != Blue {
		t.Fatalf("first mover %d", g.Mover())
	}
	anyLegs(t, g, 3)
	if d := g.Discards(nil); !slices.Equal(d, []int{int(blueCard)}) {
		t.Errorf("discards %v, want the blue card %d", d, blueCard)
	}
	if g.Mover() != Red || g.Pending() != DecMoveDir {
		t.Errorf("second mover %d (%v), want red", g.Mover(), g.Pending())
	}
}

func testDraw(t *testing.T) {
	g := ready(t, 2)
	g.players[0].mult[Draw] = 3
	h := g.Hand(0, nil)
	g.players[0].hand.remove(h[0])
	g.discardCard(h[0])
	mustApply(t, g, TileAction(Draw))
	if g.HandSize(0) != 5 || g.Pending() != DecDiscard || g.Current() != 0 {
		t.Fatalf("hand %d, pending %v", g.HandSize(0), g.Pending())
	}
	h = g.Hand(0, nil)
	mustApply(t, g, CardAction(h[0]))
	if g.Pending() != DecDiscard {
		t.Fatalf("pending %v after one discard", g.Pending())
	}
	mustApply(t, g, CardAction(h[4]))
	if g.HandSize(0) != 3 || g.Pending() != DecToggleOther {
		t.Errorf("hand %d, pending %v", g.HandSize(0), g.Pending())
	}
	if g.TopColour() != deck[g.pile[g.pileN-1]].Back {
		t.Error("top colour")
	}
}

// pileAndDiscard leaves n1 cards in the pile and n2 in the discard pile,
// putting the others in seat 1's played area.
func pileAndDiscard(g *Game, n1, n2 int) {
	for g.pileN > int8(n1+n2) {
		g.pileN--
		g.players[1].played.add(int(g.pile[g.pileN]))
	}
	for g.pileN > int8(n1) {
		g.pileN--
		g.discard.add(int(g.pile[g.pileN]))
	}
}

func testReshuffle(t *testing.T) {
	g := ready(t, 2)
	pileAndDiscard(g, 1, 10)
	c := g.Clone()
	c.draw1(0)
	if c.PileSize() != 10 || len(c.Discards(nil)) != 0 {
		t.Errorf("after the first draw: pile %d discard %d", c.PileSize(), len(c.Discards(nil)))
	}
	g.players[0].mult[Draw] = 2
	mustApply(t, g, TileAction(Draw))
	if g.PileSize() != 9 || len(g.Discards(nil)) != 0 || g.HandSize(0) != 5 {
		t.Errorf("after DRAW 2: pile %d discard %d hand %d", g.PileSize(), len(g.Discards(nil)), g.HandSize(0))
	}
}

func testIncLimits(t *testing.T) {
	g := ready(t, 2)
	g.players[0].mult[Inc] = 3
	mustApply(t, g, TileAction(Inc), OwnTrackAction(Swap))
	if g.Check(OwnTrackAction(Swap)) == nil {
		t.Error("SWAP at its limit not masked")
	}
	mustApply(t, g, OwnTrackAction(Move), OwnTrackAction(Draw))
	if g.Mult(0, Swap) != 2 || g.Mult(0, Move) != 2 || g.Mult(0, Draw) != 2 || g.Pending() != DecToggleOther {
		t.Errorf("multipliers %v, pending %v", g.players[0].mult, g.Pending())
	}
	// Every track at its limit: the units are lost.
	g = ready(t, 2)
	g.players[0].mult = [NumTracks]int8{3, 2, 3, 3, 3}
	mustApply(t, g, TileAction(Inc))
	if g.Pending() != DecToggleOther {
		t.Errorf("pending %v, want the toggles", g.Pending())
	}
}

func testDec(t *testing.T) {
	g := ready(t, 3)
	g.players[0].mult[Dec] = 2
	g.players[2].mult[Move] = 3
	mustApply(t, g, TileAction(Dec))
	if got := legalSet(g); !slices.Equal(got, []Action{OppTrackAction(2, Move)}) {
		t.Errorf("legal %v, want only B's MOVE", got)
	}
	mustApply(t, g, OppTrackAction(2, Move), OppTrackAction(2, Move))
	if g.Mult(2, Move) != 1 || g.Pending() != DecToggleOther {
		t.Errorf("B's MOVE %d, pending %v", g.Mult(2, Move), g.Pending())
	}
}

func testSwapScoring(t *testing.T) {
	g := ready(t, 2)
	g.markers = [3]int8{Log, Tree, Rock}
	g.players[0].obst = [3]int8{Tree: 5, Log: 8, Rock: 4}
	if g.ObstaclePoints(0) != 13 {
		t.Errorf("before: %d", g.ObstaclePoints(0))
	}
	mustApply(t, g, TileAction(Swap), PairAction(1)) // slots ×0 and ×2
	if g.markers != [3]int8{Rock, Tree, Log} || g.ObstaclePoints(0) != 21 {
		t.Errorf("markers %v, points %d", g.markers, g.ObstaclePoints(0))
	}
}

func testJoker(t *testing.T) {
	g, err := New(Config{Players: 3, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, g, TileAction(Move), TileAction(Move), TileAction(Move), Pass) // everyone blocks MOVE
	g.players[0].mult[Move] = 3
	mustApply(t, g, TileAction(Joker), JokerAction(Move))
	anyLegs(t, g, 3)
	if g.Pending() != DecToggleOther || len(g.Discards(nil)) != 1 {
		t.Fatalf("pending %v, discards %d: want one activation", g.Pending(), len(g.Discards(nil)))
	}
	for p := 1; p <= 2; p++ {
		mustApply(t, g, TileAction(Swap))
		if g.Tile(p, Joker) != Blocked || g.Tile(p, Swap) != Blocked || g.Tile(p, Move) != Blocked {
			t.Errorf("seat %d tiles %v", p, g.players[p].tiles)
		}
	}
	if g.Pending() != DecPlayCard {
		t.Errorf("pending %v", g.Pending())
	}
}

func testToggleExample(t *testing.T) {
	g := ready(t, 2)
	const A, B = Active, Blocked
	g.players[0].tiles = [NumTiles]TileState{Move: A, Draw: A, Inc: B, Joker: A, Dec: B, Swap: B}
	g.players[1].tiles = [NumTiles]TileState{Move: B, Inc: A, Joker: A, Draw: B, Swap: B, Dec: A}
	mustApply(t, g, TileAction(Move))
	anyLegs(t, g, 3)
	if g.Tile(0, Move) != Blocked || g.Pending() != DecToggleOther || g.Current() != 1 {
		t.Fatalf("Earth's MOVE %v, pending %v seat %d", g.Tile(0, Move), g.Pending(), g.Current())
	}
	if g.Check(TileAction(Move)) == nil {
		t.Error("the played tile offered as the other tile")
	}
	mustApply(t, g, TileAction(Inc))
	want := [NumTiles]TileState{Move: A, Inc: B, Joker: A, Draw: B, Swap: B, Dec: A}
	if g.players[1].tiles != want {
		t.Errorf("Nature's tiles %v, want %v", g.players[1].tiles, want)
	}
}

func testPhase1(t *testing.T) {
	for _, literal := range []bool{false, true} {
		g, _ := New(Config{Players: 2, Seed: 3, LiteralPhase1: literal})
		mustApply(t, g, TileAction(Joker), TileAction(Joker))
		g.players[0].tiles = [NumTiles]TileState{Active, Active, Active, Active, Blocked, Blocked}
		g.startTurn()
		mustApply(t, g, TileAction(0), TileAction(1))
		ok := []Action{TileAction(0), TileAction(1), TileAction(4), TileAction(5)}
		if !literal {
			ok = ok[2:]
		}
		if got := legalSet(g); !slices.Equal(got, ok) {
			t.Errorf("literal %v: reactivation %v, want %v", literal, got, ok)
		}
		mustApply(t, g, TileAction(4))
		want := [NumTiles]TileState{Blocked, Blocked, Active, Active, Active, Blocked}
		if g.players[0].tiles != want || g.Pending() != DecPlayTile {
			t.Errorf("tiles %v, pending %v", g.players[0].tiles, g.Pending())
		}
	}
	g := ready(t, 2)
	for _, tiles := range [][NumTiles]TileState{
		{Active, Active, Active, Active, Active, Active},
		{Active, Blocked, Blocked, Blocked, Blocked, Blocked},
		{Removed, Removed, Removed, Active, Blocked, Blocked},
	} {
		g.players[0].tiles = tiles
		g.startTurn()
		if got := legalSet(g); !slices.Equal(got, []Action{Pass}) {
			t.Errorf("tiles %v: legal %v, want only pass", tiles, got)
		}
	}
}

func testNoActiveTile(t *testing.T) {
	g := ready(t, 2)
	g.players[0].tiles = [NumTiles]TileState{Blocked, Blocked, Blocked, Blocked, Blocked, Blocked}
	g.startTurn()
	other := g.players[1].tiles
	mustApply(t, g, Pass)
	if g.Pending() != DecPlayCard || g.Current() != 0 || g.players[1].tiles != other {
		t.Errorf("pending %v seat %d", g.Pending(), g.Current())
	}
}

func testActionCard(t *testing.T) {
	g := ready(t, 2)
	g.players[0].mult[Draw] = 2
	h := g.Hand(0, nil)
	g.players[0].hand.remove(h[0])
	g.discardCard(h[0])
	id := takeCard(t, g, func(c Card) bool { return c.Effect == Draw })
	g.players[0].hand.add(id)
	mustApply(t, g, TileAction(Swap), PairAction(0), TileAction(Move)) // seat 1 toggles
	other := g.players[1].tiles
	mustApply(t, g, CardAction(id))
	if g.HandSize(0) != 4 || g.Pending() != DecDiscard {
		t.Fatalf("hand %d, pending %v", g.HandSize(0), g.Pending())
	}
	mustApply(t, g, CardAction(g.Hand(0, nil)[0]))
	if g.HandSize(0) != 3 || !g.players[0].played.has(id) || g.players[1].tiles != other {
		t.Errorf("hand %d, played %v", g.HandSize(0), g.PlayedCards(0, nil))
	}
	if g.Pending() != DecP1First || g.Current() != 1 {
		t.Errorf("pending %v seat %d: want seat 1's turn", g.Pending(), g.Current())
	}
}

func testObstacleAndPointCards(t *testing.T) {
	g := ready(t, 2)
	r1 := takeCard(t, g, func(c Card) bool { return c.Effect == EffRock })
	r2 := takeCard(t, g, func(c Card) bool { return c.Effect == EffRock })
	five := takeCard(t, g, func(c Card) bool { return c.Effect == EffFive })
	g.players[0].obst[Rock] = 19
	// Seat 0 plays the rocks and the +5 in three turns (the hand may hold
	// up to 6 here: the test gives them directly).
	for _, id := range []int{r1, r2, five} {
		g.players[0].hand.add(id)
		g.setDec(DecPlayCard, 0)
		g.active = 0
		g.turns = 0
		before := g.Track(0)
		if err := g.Apply(CardAction(id)); err != nil {
			t.Fatal(err)
		}
		switch deck[id].Effect {
		case EffRock:
			if g.Obstacles(0, Rock) != 20 {
				t.Errorf("rock %d, want 20", g.Obstacles(0, Rock))
			}
		case EffFive:
			if g.Track(0)-before != 5 {
				t.Errorf("+5 card gave %d", g.Track(0)-before)
			}
		}
	}
}

// startWind starts a Wind end-of-round effect with 3 players whose hands
// hold 0, 3 and 3 cards, seat 0 with 2 points.
func startWind(t *testing.T) *Game {
	g := ready(t, 3)
	for _, id := range g.Hand(0, nil) {
		g.players[0].hand.remove(id)
		g.players[1].played.add(id)
	}
	g.players[0].score = 2
	g.startEffect(Wind)
	if g.Pending() != DecWind || g.Current() != 0 {
		t.Fatalf("pending %v seat %d", g.Pending(), g.Current())
	}
	if got := legalSet(g); !slices.Equal(got, []Action{Pass}) {
		t.Fatalf("seat 0 legal %v, want only pass", got)
	}
	return g
}

func testWind(t *testing.T) {
	g := startWind(t)
	mustApply(t, g, Pass)
	c1, c2 := g.Hand(1, nil)[0], g.Hand(2, nil)[0]
	mustApply(t, g, CardAction(c1), CardAction(c2))
	if g.Track(0) != 0 || g.HandSize(0) != 1 || g.HandSize(1) != 2 || g.HandSize(2) != 3 {
		t.Errorf("score %d, hands %d %d %d", g.Track(0), g.HandSize(0), g.HandSize(1), g.HandSize(2))
	}
	if !g.players[2].hand.has(c1) || !g.players[0].hand.has(c2) {
		t.Error("gifts not to the left neighbour")
	}
	// Variant: P2 loses 3 instead, holds 4 and discards 1.
	g = startWind(t)
	mustApply(t, g, Pass, CardAction(g.Hand(1, nil)[0]), Pass)
	if g.Pending() != DecDiscard || g.Current() != 2 || g.HandSize(2) != 4 {
		t.Fatalf("pending %v seat %d hand %d", g.Pending(), g.Current(), g.HandSize(2))
	}
	mustApply(t, g, CardAction(g.Hand(2, nil)[0]))
	if g.HandSize(2) != 3 || g.Pending() != DecP1First {
		t.Errorf("hand %d pending %v", g.HandSize(2), g.Pending())
	}
}

func testRain(t *testing.T) {
	g := ready(t, 2)
	g.players[1].mult[Move] = 2
	g.players[1].score = 5
	g.startEffect(Rain)
	if got := legalSet(g); !slices.Equal(got, []Action{Pass}) {
		t.Errorf("all at 1: legal %v, want only pass", got)
	}
	mustApply(t, g, Pass)
	if got := legalSet(g); !slices.Equal(got, []Action{Pass, OwnTrackAction(Move)}) {
		t.Errorf("MOVE 2: legal %v", got)
	}
	c := g.Clone()
	mustApply(t, c, OwnTrackAction(Move))
	mustApply(t, g, Pass)
	if c.Mult(1, Move) != 1 || c.Track(1) != 5 || g.Mult(1, Move) != 2 || g.Track(1) != 2 {
		t.Errorf("rain outcomes: %d %d / %d %d", c.Mult(1, Move), c.Track(1), g.Mult(1, Move), g.Track(1))
	}
}

// anyLegs plays k legs, each in the first legal direction.
func anyLegs(t *testing.T, g *Game, k int) {
	t.Helper()
	for range k {
		if g.Pending() != DecMoveDir {
			t.Fatalf("pending %v, want a leg", g.Pending())
		}
		mustApply(t, g, legalSet(g)[0])
	}
}

// playUntil plays random legal actions until stop reports true or the
// game ends.
func playUntil(t *testing.T, g *Game, r *rand.Rand, stop func() bool) {
	t.Helper()
	for !g.Over() && !stop() {
		l := legalSet(g)
		mustApply(t, g, l[r.IntN(len(l))])
	}
}

func testEndOfRound5(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 5))
	g, _ := New(Config{Players: 3, Seed: 9})
	playUntil(t, g, r, func() bool { return g.Pending() == DecThunderRemove })
	if g.Round() != 5 || g.Counter() != 5 || g.Current() != 0 {
		t.Fatalf("thunder at round %d slot %d seat %d", g.Round(), g.Counter()+1, g.Current())
	}
	mustApply(t, g, TileAction(0), TileAction(1), TileAction(2))
	if g.Pending() != DecLightningBlock || g.Counter() != 6 {
		t.Fatalf("pending %v slot %d", g.Pending(), g.Counter()+1)
	}
	mustApply(t, g, TileAction(1), TileAction(2), TileAction(3))
	for p := range 3 {
		a, b := g.countTiles(p)
		if a != 4 || b != 1 || g.Tile(p, p) != Removed || g.Tile(p, p+1) != Blocked {
			t.Errorf("seat %d: %v", p, g.players[p].tiles)
		}
	}
	if g.Round() != 6 || g.Counter() != 6 || g.Pending() != DecP1First {
		t.Errorf("round %d slot %d pending %v", g.Round(), g.Counter()+1, g.Pending())
	}
}

func testGameLength(t *testing.T) {
	for n := 2; n <= MaxPlayers; n++ {
		r := rand.New(rand.NewPCG(uint64(n), 29))
		g, _ := New(Config{Players: n, Seed: uint64(n)})
		var starts []int // counter at each round's first decision
		var thunders, lightnings int
		round := 0
		for !g.Over() {
			if g.Round() != round {
				round = g.Round()
				starts = append(starts, g.Counter())
			}
			if g.Pending() == DecThunderRemove && g.eorIdx == 0 {
				thunders++
			}
			if g.Pending() == DecLightningBlock && g.eorIdx == 0 {
				lightnings++
			}
			l := legalSet(g)
			mustApply(t, g, l[r.IntN(len(l))])
		}
		want := []int{0, 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 15, 16, 18}
		if !slices.Equal(starts, want) || g.Round() != 15 || g.Counter() != 19 {
			t.Errorf("n %d: round starts at slots %v, want %v; round %d", n, starts, want, g.Round())
		}
		if thunders != 4 || lightnings != 4 {
			t.Errorf("n %d: %d thunders, %d lightnings", n, thunders, lightnings)
		}
		for p := range n {
			a, b := g.countTiles(p)
			if a+b != 2 {
				t.Errorf("seat %d ends with %d tiles", p, a+b)
			}
		}
	}
}

func testObstacleScoring(t *testing.T) {
	g := ready(t, 2)
	g.markers = [3]int8{Log, Tree, Rock}
	g.players[0].obst = [3]int8{Tree: 5, Log: 8, Rock: 4}
	if got := g.ObstaclePoints(0); got != 13 {
		t.Errorf("%d, want 13", got)
	}
}

func testPairs(t *testing.T) {
	for _, c := range []struct{ top, bottom, want int }{
		{3, 2, 3}, {4, 0, 0}, {1, 1, 1}, {4, 4, 10}, {7, 6, 20}, {9, 12, 20},
	} {
		if got := PairPoints(c.top, c.bottom); got != c.want {
			t.Errorf("%d TOP, %d BOTTOM: %d, want %d", c.top, c.bottom, got, c.want)
		}
	}
	// Through played cards.
	g := ready(t, 2)
	for i := range 5 {
		top := i < 3
		g.players[0].played.add(takeCard(t, g, func(c Card) bool { return c.Top == top }))
	}
	if g.CardPoints(0) != 3 {
		t.Errorf("3 TOP + 2 BOTTOM played: %d", g.CardPoints(0))
	}
}

func testFinalTies(t *testing.T) {
	g := ready(t, 3)
	g.markers = [3]int8{Log, Tree, Rock}
	g.players[0].score = 40
	g.players[0].obst = [3]int8{Tree: 5, Log: 8, Rock: 4}
	for i := range 5 {
		top := i < 3
		g.players[0].played.add(takeCard(t, g, func(c Card) bool { return c.Top == top }))
	}
	g.players[1].score = 56
	g.players[2].score = 30
	if g.Total(0) != 56 || g.Total(1) != 56 {
		t.Errorf("totals %d %d", g.Total(0), g.Total(1))
	}
	if w := g.Winners(); !slices.Equal(w, []int{0, 1}) {
		t.Errorf("winners %v", w)
	}
	if s := g.Scores(nil); !slices.Equal(s, []float64{56, 56, 30}) {
		t.Errorf("scores %v", s)
	}
}

func testRemovedTile(t *testing.T) {
	g := ready(t, 2)
	// As after the first Thunder: seat 0 removed JOKER, seat 1 DRAW.
	g.counter = 6
	g.players[0].tiles[Joker] = Removed
	g.players[1].tiles[Draw] = Removed
	mustApply(t, g, TileAction(Draw))
	for g.Pending() == DecDiscard {
		mustApply(t, g, CardAction(g.Hand(0, nil)[0]))
	}
	if g.Check(TileAction(Draw)) == nil {
		t.Error("removed tile offered")
	}
	before := g.players[1].tiles
	mustApply(t, g, TileAction(Swap))
	before[Swap] = toggled(before[Swap])
	if g.players[1].tiles != before {
		t.Errorf("tiles %v, want %v", g.players[1].tiles, before)
	}
}

func testTwoPlayers(t *testing.T) {
	g := ready(t, 2)
	g.players[0].mult[Dec] = 1
	g.players[1].mult[Inc] = 3
	mustApply(t, g, TileAction(Dec))
	if got := legalSet(g); !slices.Equal(got, []Action{OppTrackAction(1, Inc)}) {
		t.Errorf("DEC targets %v", got)
	}
	if g.Check(OppTrackAction(2, Inc)) == nil {
		t.Error("absent seat accepted")
	}
	g = ready(t, 2)
	g.startEffect(Wind)
	c0, c1 := g.Hand(0, nil)[0], g.Hand(1, nil)[0]
	mustApply(t, g, CardAction(c0), CardAction(c1))
	if !g.players[1].hand.has(c0) || !g.players[0].hand.has(c1) {
		t.Error("gifts not to the opponent")
	}
	// The first player starts every round.
	r := rand.New(rand.NewPCG(2, 2))
	g, _ = New(Config{Players: 2, Seed: 4, FirstPlayer: 1})
	round := 0
	for !g.Over() {
		if g.Round() != round {
			round = g.Round()
			if g.Current() != 1 || g.Pending() != DecP1First {
				t.Fatalf("round %d starts with seat %d (%v)", round, g.Current(), g.Pending())
			}
		}
		l := legalSet(g)
		mustApply(t, g, l[r.IntN(len(l))])
	}
}
