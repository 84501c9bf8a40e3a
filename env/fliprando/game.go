package fliprando

import (
	"math/rand/v2"
)

// TileState is the face of an action tile.
type TileState uint8

// Tile states.
const (
	Active TileState = iota
	Blocked
	Removed
)

// Weather is the effect of a weather-track slot.
type Weather uint8

// Weather effects: Lightning and Thunder are printed on the track; the
// other three are tokens.
const (
	Lightning Weather = iota
	Thunder
	Sun
	Wind
	Rain
	NumWeathers
)

// WeatherNames names the weather effects.
var WeatherNames = [NumWeathers]string{"lightning", "thunder", "sun", "wind", "rain"}

// Weather-track geometry: 20 slots, L x x x x T | L x x x T | L x x T |
// L x T | L T, the x slots holding the 10 drawn tokens.
const (
	NumSlotsWeather = 20
	NumWeatherToks  = 10
)

// printedWeather is the printed track; Sun marks the token slots.
var printedWeather = [NumSlotsWeather]Weather{
	Lightning, Sun, Sun, Sun, Sun, Thunder,
	Lightning, Sun, Sun, Sun, Thunder,
	Lightning, Sun, Sun, Thunder,
	Lightning, Sun, Thunder,
	Lightning, Thunder,
}

// IsTokenSlot reports whether weather-track slot i holds a token.
func IsTokenSlot(i int) bool {
	return printedWeather[i] == Sun
}

// Decision is the kind of choice the game waits for (package doc, "Action Space").
type Decision uint8

// The 17 decision types, and DecNone once the game is over.
const (
	DecSetupBlock Decision = iota
	DecP1First
	DecP1Second
	DecP1Reactivate
	DecPlayTile
	DecJokerChoice
	DecMoveDir
	DecIncTarget
	DecDecTarget
	DecSwapPair
	DecToggleOther
	DecPlayCard
	DecDiscard
	DecWind
	DecRain
	DecThunderRemove
	DecLightningBlock
	DecNone
	NumDecisions = int(DecNone)
)

// DecisionNames names the decision types.
var DecisionNames = [NumDecisions + 1]string{
	"setup_block", "p1_first", "p1_second", "p1_reactivate", "play_tile", "joker_choice",
	"move_dir", "inc_target", "dec_target", "swap_pair", "toggle_other", "play_card",
	"discard", "wind", "rain", "thunder_remove", "lightning_block", "none",
}

// String names the decision.
func (d Decision) String() string {
	if int(d) < len(DecisionNames) {
		return DecisionNames[d]
	}
	return "Decision(?)"
}

// MaxTrack is the top of each obstacle track.
const MaxTrack = 20

// player is one seat's private board.
type player struct {
	score  int                 // score track, points
	obst   [NumKinds]int8      // obstacle-track counters, 0..MaxTrack
	mult   [NumTracks]int8     // multipliers, 1..MaxMult
	tiles  [NumTiles]TileState // action tiles
	hand   cardSet             // cards in hand (fronts private)
	played cardSet             // cards played, face up
}

// source of the action being performed.
const (
	srcTile = iota // a tile in Phase 2: the other players toggle afterwards
	srcCard        // a card in Phase 3: the turn ends afterwards
)

// continuation after hand-limit discards.
const (
	contAction = iota // back to the action (DRAW)
	contWind          // back to the end of the Wind
)

// Game is the state of one game of Flip' Rando: the pure rules, no RL
// concepts. It holds no pointers, so a copy of the struct is a deep copy.
type Game struct {
	cfg Config
	pcg rand.PCG // the game's generator: deal and reshuffles

	// Central board.
	weather   [NumSlotsWeather]Weather // printed slots and drawn tokens
	counter   int8                     // round-counter slot, 0..19
	markers   [NumKinds]int8           // markers[slot] = kind on marker slot ×slot
	hiker     [NumColours]int16        // vertex of each hiker
	tokColour [NumSlots]int8           // colour of the token in each slot
	tokValue  [NumSlots]bool           // the token shows its value face
	pile      [NumCards]int8           // draw pile, pile[pileN−1] on top
	pileN     int8
	discard   cardSet // face up, public
	players   [MaxPlayers]player

	// Turn structure.
	first  int8 // first player of every round
	round  int8 // current round, 1..Rounds (0 during set-up)
	active int8 // player whose turn it is
	turns  int8 // turns finished in this round
	over   bool

	// Pending decision.
	dec   Decision
	actor int8 // seat that decides

	// Phase 1.
	p1Start uint8 // tiles blocked when Phase 1 began (bitmask)
	p1First int8  // first tile blocked in Phase 1, or −1

	// Action in progress.
	played  int8 // tile played in Phase 2 this turn, or −1
	act     int8 // action being performed, or −1
	src     int8 // srcTile or srcCard
	joker   int8 // the JOKER's choice this action, or −1
	units   int8 // units left, including the current one
	mover   int8 // colour of the moving hiker, or −1 between activations
	legs    int8 // legs done in this activation
	legsMax int8 // legs per activation
	excl    int8 // excluded direction for the next leg, or −1
	tog     int8 // toggles: relative seat of the next toggler
	cont    int8 // continuation after discards

	// End of round.
	eor    Weather // effect being resolved
	eorIdx int8    // players done, in turn order from the first player
	gift   [MaxPlayers]int8
}

// New returns a new game, dealt from a generator seeded with cfg.Seed, and
// waiting for the first set-up decision.
func New(cfg Config) (*Game, error) {
	if err := cfg.check(); err != nil {
		return nil, err
	}
	g := &Game{cfg: cfg}
	g.deal(cfg.Seed, cfg.Seed^0x9e3779b97f4a7c15)
	return g, nil
}

// Reset restarts the game with its config, reseeding its generator from
// rng (two draws), and deals.
func (g *Game) Reset(rng *rand.Rand) {
	s1, s2 := rng.Uint64(), rng.Uint64()
	g.deal(s1, s2)
}

// deal sets up a new game (package doc, "Set-up") from a generator seeded with s1, s2.
// The order of draws is part of the version: weather, markers, tokens,
// hikers, cards, first player.
func (g *Game) deal(s1, s2 uint64) {
	cfg := g.cfg
	*g = Game{cfg: cfg}
	g.pcg.Seed(s1, s2)
	r := rand.New(&g.pcg)

	// 1. Weather: 5 Sun, 5 Wind, 5 Rain; the first 10 drawn fill the x
	// slots in order.
	var bag [15]Weather
	for i := range bag {
		bag[i] = Sun + Weather(i/5)
	}
	r.Shuffle(len(bag), func(i, j int) { bag[i], bag[j] = bag[j], bag[i] })
	g.weather = printedWeather
	k := 0
	for i := range g.weather {
		if IsTokenSlot(i) {
			g.weather[i] = bag[k]
			k++
		}
	}
	// 2. Markers.
	g.markers = [NumKinds]int8{Tree, Log, Rock}
	r.Shuffle(NumKinds, func(i, j int) { g.markers[i], g.markers[j] = g.markers[j], g.markers[i] })
	// 3. Tokens: each level a permutation of the colours; logs show the
	// log, trees their value, rocks the rock.
	for lvl := range 3 {
		perm := r.Perm(NumColours)
		for i := range NumColours {
			s := lvl*NumColours + i
			g.tokColour[s] = int8(perm[i])
			g.tokValue[s] = SlotKind(s) == Tree
		}
	}
	// 4. Hikers on the start vertices in random order.
	perm := r.Perm(NumColours)
	for i, c := range perm {
		g.hiker[c] = int16(VertexIndex(startVertices[i]))
	}
	// 5. Cards.
	for i := range NumCards {
		g.pile[i] = int8(i)
	}
	g.pileN = NumCards
	r.Shuffle(NumCards, func(i, j int) { g.pile[i], g.pile[j] = g.pile[j], g.pile[i] })
	for p := range cfg.Players {
		for range HandLimit {
			g.draw1(p)
		}
	}
	// 6. Players.
	for p := range cfg.Players {
		pl := &g.players[p]
		pl.mult = [NumTracks]int8{1, 1, 1, 1, 1}
	}
	// First player.
	g.first = int8(cfg.FirstPlayer)
	if cfg.FirstPlayer < 0 {
		g.first = int8(r.IntN(cfg.Players))
	}
	for i := range g.gift {
		g.gift[i] = -1
	}
	g.active, g.played, g.act, g.joker, g.mover, g.excl, g.p1First = g.first, -1, -1, -1, -1, -1, -1
	// 7. The counter is on slot 1, the first Lightning: its effect is each
	// player's choice of a blocked tile.
	g.counter = 0
	g.eor = Lightning
	g.eorIdx = 0
	g.setDec(DecSetupBlock, int(g.first))
}

// Config returns the game's config.
func (g *Game) Config() Config { return g.cfg }

// Players returns the number of seats.
func (g *Game) Players() int { return g.cfg.Players }

// Current returns the seat that decides next; after the end, the first
// player.
func (g *Game) Current() int {
	if g.over {
		return int(g.first)
	}
	return int(g.actor)
}

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.over }

// Clone returns a deep copy of g (its generator included).
func (g *Game) Clone() *Game {
	c := *g
	return &c
}

// Pending returns the pending decision (DecNone once over).
func (g *Game) Pending() Decision { return g.dec }

// Round returns the current round, 1..Rounds (0 during set-up).
func (g *Game) Round() int { return int(g.round) }

// Counter returns the round counter's weather-track slot, 0..19.
func (g *Game) Counter() int { return int(g.counter) }

// WeatherAt returns the effect of weather-track slot i (the token drawn
// there for a token slot).
func (g *Game) WeatherAt(i int) Weather { return g.weather[i] }

// First returns the first player.
func (g *Game) First() int { return int(g.first) }

// Active returns the player whose turn it is.
func (g *Game) Active() int { return int(g.active) }

// Hiker returns the vertex index of the hiker of colour c.
func (g *Game) Hiker(c int) int { return int(g.hiker[c]) }

// Token returns the colour of slot s's token and whether it shows its
// value face (else its obstacle face).
func (g *Game) Token(s int) (colour int, value bool) {
	return int(g.tokColour[s]), g.tokValue[s]
}

// Marker returns the obstacle kind whose marker is on marker slot ×x.
func (g *Game) Marker(x int) int { return int(g.markers[x]) }

// MarkerValue returns the multiplier (0, 1 or 2) of obstacle kind k.
func (g *Game) MarkerValue(k int) int {
	for x, m := range g.markers {
		if int(m) == k {
			return x
		}
	}
	return 0
}

// PileSize returns the number of cards in the draw pile.
func (g *Game) PileSize() int { return int(g.pileN) }

// TopColour returns the back colour of the draw pile's top card, the hiker
// the next MOVE unit moves, or −1 if the pile is empty.
func (g *Game) TopColour() int {
	if g.pileN == 0 {
		return -1
	}
	return deck[g.pile[g.pileN-1]].Back
}

// Discards appends the ids of the (public) discard pile to dst.
func (g *Game) Discards(dst []int) []int { return g.discard.ids(dst) }

// Hand appends the ids of seat p's hand to dst (private to p).
func (g *Game) Hand(p int, dst []int) []int { return g.players[p].hand.ids(dst) }

// HandSize returns the number of cards in seat p's hand.
func (g *Game) HandSize(p int) int { return g.players[p].hand.count() }

// PlayedCards appends the ids of seat p's played cards to dst.
func (g *Game) PlayedCards(p int, dst []int) []int { return g.players[p].played.ids(dst) }

// Track returns seat p's score track, in points.
func (g *Game) Track(p int) int { return g.players[p].score }

// Obstacles returns seat p's counter on obstacle track k.
func (g *Game) Obstacles(p, k int) int { return int(g.players[p].obst[k]) }

// Mult returns seat p's multiplier for action k in [Move, Draw].
func (g *Game) Mult(p, k int) int { return int(g.players[p].mult[k]) }

// Tile returns the state of seat p's tile t.
func (g *Game) Tile(p, t int) TileState { return g.players[p].tiles[t] }

// PlayedTile returns the tile played in Phase 2 this turn, or −1.
func (g *Game) PlayedTile() int { return int(g.played) }

// Mover returns the colour of the hiker taking the next leg, or −1.
func (g *Game) Mover() int { return int(g.mover) }

// LegsDone returns the legs done in the current activation.
func (g *Game) LegsDone() int { return int(g.legs) }

// Excluded returns the direction the next leg may not take, or −1.
func (g *Game) Excluded() int { return int(g.excl) }

// UnitsLeft returns the units left of the action in progress, including
// the current one.
func (g *Game) UnitsLeft() int { return int(g.units) }

// JokerChoice returns the action chosen by the JOKER in progress, or −1.
func (g *Game) JokerChoice() int { return int(g.joker) }

// Phase1Selected returns the tiles blocked so far in this Phase 1, as a
// bitmask over the tiles.
func (g *Game) Phase1Selected() uint8 {
	if g.p1First < 0 || (g.dec != DecP1Second && g.dec != DecP1Reactivate) {
		return 0
	}
	m := uint8(1) << g.p1First
	if g.dec == DecP1Reactivate {
		for t := range NumTiles {
			if g.players[g.active].tiles[t] == Blocked && g.p1Start&(1<<t) == 0 {
				m |= 1 << t
			}
		}
	}
	return m
}

// ObstaclePoints returns seat p's final obstacle points: each track's
// counter times its marker's value.
func (g *Game) ObstaclePoints(p int) int {
	s := 0
	for x, k := range g.markers {
		s += int(g.players[p].obst[k]) * x
	}
	return s
}

// Halves returns the numbers of TOP and BOTTOM cards seat p has played.
func (g *Game) Halves(p int) (top, bottom int) {
	pl := g.players[p].played
	top = cardSet{pl[0] & topCards[0], pl[1] & topCards[1]}.count()
	return top, pl.count() - top
}

// CardPoints returns seat p's card-pair points.
func (g *Game) CardPoints(p int) int { return PairPoints(g.Halves(p)) }

// Total returns seat p's total: score track + obstacle points + card
// points. After the end it is the final score.
func (g *Game) Total(p int) int { return g.players[p].score + g.ObstaclePoints(p) + g.CardPoints(p) }

// Scores appends each seat's total (points) to dst[:0] and returns it.
func (g *Game) Scores(dst []float64) []float64 {
	dst = dst[:0]
	for p := range g.cfg.Players {
		dst = append(dst, float64(g.Total(p)))
	}
	return dst
}

// Winners returns the seats with the highest total (ties are shared).
func (g *Game) Winners() []int {
	best, w := -1<<31, []int(nil)
	for p := range g.cfg.Players {
		switch t := g.Total(p); {
		case t > best:
			best, w = t, append(w[:0], p)
		case t == best:
			w = append(w, p)
		}
	}
	return w
}
