package flickemup

import (
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/internal/enum"
	"github.com/flickarena/flickarena/physics"
)

// Phase is the kind of decision the current player faces.
type Phase uint8

// The phases.
const (
	// PhaseSelect: choose which available cowboy of the current team to play ([ActSelect]);
	// at the start of a round the initiative cowboy is forced.
	PhaseSelect Phase = iota
	// PhaseAct: the played cowboy takes an action or ends its turn.
	PhaseAct
	// PhaseReveal: a face-down token was just drawn and revealed: keep it or leave it.
	PhaseReveal
	// PhaseSecondShot: a cowboy with two pistols flicks its second bullet.
	PhaseSecondShot
	// PhaseOver: the game has ended.
	PhaseOver
)

// String returns the phase's name.
func (p Phase) String() string {
	return enum.Name(p, "phase", "select", "act", "reveal", "second-shot", "over")
}

// Result is how the game ended.
type Result struct {
	// Over reports that the game has ended.
	Over bool
	// Winner is the winning team, or NoTeam for a draw or a game not over.
	Winner Team
	// Draw reports a game over with no winner.
	Draw bool
	// Reason says, in words, why the game ended.
	Reason string
	// Kind is Reason without its figures, the same for every game that ended the same
	// way: "noon: the lawmen have more hit points" for "... (3 to 1)" and "... (2 to 1)".
	Kind string
}

// Fixed piece indices of the physics state; the scenario's pieces follow from firstPiece.
const (
	pieceDisc     = 0
	pieceBullet   = 1 // the first bullet; the second is pieceBullet+1
	pieceDynamite = 3
	firstPiece    = 4
)

// layout is what a game derives once from its scenario and never changes; clones share it.
type layout struct {
	sc          *Scenario
	doors       []physics.Door      // doors[b] is building b's door
	cowboyPiece [2 * MaxCowboys]int // piece index of each cowboy (dense index), -1 if absent
	gallows     int                 // the gallows' piece index, or -1
	pieceCowboy []int               // cowboy dense index of each piece, or -1
	start       *physics.State      // the pieces at the start
	nPlayers    [2]int
	cfg         physics.Config
}

// cowboy is the game data of one cowboy.
type cowboy struct {
	present bool
	alive   bool
	hp, max int
	hat     Hat
	inside  int     // building index, or -1
	inv     [2]int  // token ids, -1 for an empty slot
	played  bool    // has played this round
	facing  float64 // the facing it had when it was hit and fell, radians: it stands up so
}

// token is the game data of one token; its index in Game.tokens is its id.
type token struct {
	kind     TokenKind
	faceUp   bool
	poisoned bool
	until    int
	place    PlaceKind
	index    int
	pos      physics.Vec
}

// Game is one game of Flick 'em Up!: the rules engine over a physics table. It is not safe
// for concurrent use; [Game.Clone] gives an independent copy for another goroutine or a search.
type Game struct {
	lay   *layout
	opts  Options
	table Table // nil until the first flick when the game runs its own simulator
	pcg   rand.PCG
	rng   *rand.Rand

	st     *physics.State
	snap   *physics.State // scratch: the pieces before the flick in progress
	gate   gate           // scratch: the walls of the flick in progress
	frames doorFrames     // the door frames last computed

	cowboys [2 * MaxCowboys]cowboy
	tokens  []token

	hour        int
	round       int
	phase       Phase
	team        Team // the team whose player decides
	player      int  // the player who decides
	next        [2]int
	lastTeam    Team
	actor       int  // dense index of the cowboy being played, or -1
	forced      bool // the select must be the initiative cowboy (round opening)
	actionsLeft int
	moves       int // moves taken by the actor this turn
	pending     int // PhaseReveal: the revealed token's id
	waiting     int // PhaseSecondShot: the second bullet's piece
	ignore      [2]int
	initiative  int
	result      Result
	turns       int
}

// seedStream is the PCG stream constant of every game ("flickemu").
const seedStream = 0x666c69636b656d75

// GameConfig is what a game is created from.
type GameConfig struct {
	// Scenario is the scenario played (see [Load], [Parse]). It is shared, not copied: do not
	// modify it.
	Scenario *Scenario
	// Options are the engine's options (see [DefaultOptions]).
	Options Options
}

// New starts a game of cfg.Scenario with cfg.Options.
func New(cfg GameConfig) (*Game, error) {
	sc, o := cfg.Scenario, cfg.Options
	if sc == nil {
		return nil, fmt.Errorf("flickemup: nil scenario")
	}
	pcfg, err := o.config()
	if err != nil {
		return nil, err
	}
	lay := newLayout(sc)
	lay.cfg = pcfg
	lay.nPlayers = SplitPlayers(o.Players)
	if err := lay.start.Validate(Pieces); err != nil {
		return nil, fmt.Errorf("flickemup: scenario %s: %w", sc.Name, err)
	}
	g := &Game{lay: lay, opts: o, table: o.Table}
	g.ResetSeed(o.Seed)
	return g, nil
}

// newLayout builds the starting physics state of sc and the piece bookkeeping.
func newLayout(sc *Scenario) *layout {
	lay := &layout{sc: sc, gallows: -1}
	st := &physics.State{Table: sc.Table}
	add := func(p physics.Piece) int {
		st.Pieces = append(st.Pieces, p)
		return len(st.Pieces) - 1
	}
	add(physics.Piece{Kind: KindMovementDisc, Off: true})
	add(physics.Piece{Kind: KindBullet, Off: true})
	add(physics.Piece{Kind: KindBullet, Off: true})
	add(physics.Piece{Kind: KindDynamite, Off: true})
	for i := range lay.cowboyPiece {
		lay.cowboyPiece[i] = -1
	}
	for _, c := range sc.Cowboys {
		p := physics.Piece{Kind: KindCowboy, Pos: c.Pos, Angle: c.Facing, Off: c.Inside >= 0}
		if c.Inside >= 0 {
			p.Pos = sc.Buildings[c.Inside].Door
		}
		lay.cowboyPiece[c.ID.index()] = add(p)
	}
	for _, n := range sc.Neutrals {
		add(physics.Piece{Kind: KindNeutral, Pos: n.Pos, Angle: n.Facing})
	}
	for _, b := range sc.Buildings {
		l, r := b.blocks()
		d := physics.Door{Depth: b.Depth, Block: Pieces.Spec(KindSupportBlock)}
		d.Left = add(physics.Piece{Kind: KindSupportBlock, Pos: l, Angle: b.Facing})
		d.Right = add(physics.Piece{Kind: KindSupportBlock, Pos: r, Angle: b.Facing})
		lay.doors = append(lay.doors, d)
	}
	if g := sc.Gallows; g != nil {
		lay.gallows = add(physics.Piece{Kind: KindGallows, Pos: g.Pos, Angle: g.Angle})
	}
	for _, pr := range sc.Props {
		add(physics.Piece{Kind: pr.Kind, Pos: pr.Pos, Angle: pr.Angle})
	}
	lay.pieceCowboy = make([]int, len(st.Pieces))
	for i := range lay.pieceCowboy {
		lay.pieceCowboy[i] = -1
	}
	for c, p := range lay.cowboyPiece {
		if p >= 0 {
			lay.pieceCowboy[p] = c
		}
	}
	lay.start = st
	return lay
}

// Reset starts the game again from the scenario's opening with a seed drawn from rng (one
// draw): [Game.ResetSeed](rng.Uint64()).
func (g *Game) Reset(rng *rand.Rand) { g.ResetSeed(rng.Uint64()) }

// ResetSeed starts the game again from the scenario's opening, varied by seed if [Options].Vary
// asks, with a random stream seeded by seed.
func (g *Game) ResetSeed(seed uint64) {
	lay := g.lay
	sc := lay.sc
	g.pcg = *rand.NewPCG(seed, seedStream)
	g.rng = rand.New(&g.pcg)
	g.st = lay.start.Clone()
	g.snap = lay.start.Clone()
	g.cowboys = [2 * MaxCowboys]cowboy{}
	for i := range g.cowboys {
		g.cowboys[i].inside = -1
		g.cowboys[i].inv = [2]int{-1, -1}
	}
	for _, c := range sc.Cowboys {
		cb := &g.cowboys[c.ID.index()]
		cb.present, cb.alive = true, true
		cb.hp, cb.max = c.HP, c.Max
		cb.hat = c.Hat
		cb.inside = c.Inside
	}
	g.tokens = g.tokens[:0]
	for _, t := range sc.Tokens {
		id := len(g.tokens)
		g.tokens = append(g.tokens, token{kind: t.Kind, faceUp: t.FaceUp, poisoned: t.Poisoned, until: t.Until, place: t.Place, index: t.Index, pos: t.Pos})
		if t.Place == PlaceCowboy {
			cb := &g.cowboys[t.Index]
			if cb.inv[0] < 0 {
				cb.inv[0] = id
			} else {
				cb.inv[1] = id
			}
		}
	}
	g.hour = sc.StartHour
	g.round = 0
	g.next = [2]int{}
	g.lastTeam = NoTeam
	g.actor = -1
	g.forced = false
	g.actionsLeft = 0
	g.moves = 0
	g.pending = -1
	g.waiting = -1
	g.ignore = [2]int{-1, -1}
	g.initiative = sc.Initiative.index()
	g.result = Result{Winner: NoTeam}
	g.turns = 0
	if !g.opts.Vary.IsZero() {
		g.vary(seed)
	}
	g.startRound()
}

// Clone returns an independent copy of the game, random stream included: the copy replays
// exactly what the original would. A game running its own simulator gives the copy its own,
// so the copy may be used on another goroutine; a custom [Options.Table] is shared.
func (g *Game) Clone() *Game {
	c := *g
	c.rng = rand.New(&c.pcg)
	c.st = g.st.Clone()
	c.snap = g.snap.Clone()
	c.gate = gate{}
	c.tokens = append([]token(nil), g.tokens...)
	if g.opts.Table == nil {
		c.table = nil
	}
	return &c
}

// flick runs one flick on the game's table.
func (g *Game) flick(piece int, v physics.Vec, stop physics.Stopper) (physics.Outcome, error) {
	if g.table == nil {
		sim, err := physics.New(g.lay.cfg)
		if err != nil {
			return physics.Outcome{}, fmt.Errorf("flickemup: %w", err)
		}
		g.table = sim
	}
	out, err := g.table.Flick(g.st, physics.Flick{Piece: piece, Velocity: v, Stop: stop}, g.rng)
	if err != nil {
		return out, fmt.Errorf("flickemup: flick: %w", err)
	}
	return out, nil
}

// Scenario returns the game's scenario.
func (g *Game) Scenario() *Scenario { return g.lay.sc }

// Players returns the number of players.
func (g *Game) Players() int { return g.opts.Players }

// Phase returns the kind of decision to take now.
func (g *Game) Phase() Phase { return g.phase }

// CurrentTeam returns the team whose player decides now (NoTeam once the game is over).
func (g *Game) CurrentTeam() Team {
	if g.phase == PhaseOver {
		return NoTeam
	}
	return g.team
}

// Current returns the player who decides now (see [PlayerTeam]), or -1 once the game is over.
func (g *Game) Current() int {
	if g.phase == PhaseOver {
		return -1
	}
	return g.player
}

// Actor returns the cowboy being played, if any.
func (g *Game) Actor() (CowboyID, bool) {
	if g.actor < 0 {
		return CowboyID{}, false
	}
	return cowboyID(g.actor), true
}

// ActionsLeft returns how many actions the cowboy being played may still take (0 to 2).
func (g *Game) ActionsLeft() int { return g.actionsLeft }

// Hour returns the hour on the clock (12 once the game has run to noon).
func (g *Game) Hour() int { return g.hour }

// Round returns the number of the round in progress, 1 for the first.
func (g *Game) Round() int { return g.round }

// Turns returns the number of turns completed (cowboys played, dead ones included).
func (g *Game) Turns() int { return g.turns }

// Initiative returns the cowboy holding the initiative token.
func (g *Game) Initiative() CowboyID { return cowboyID(g.initiative) }

// Over reports whether the game is over.
func (g *Game) Over() bool { return g.result.Over }

// Result returns how the game ended (the zero Result, with Winner NoTeam, while it runs).
func (g *Game) Result() Result { return g.result }

// HitPoints returns the hit points of cowboy id (0 when dead or absent).
func (g *Game) HitPoints(id CowboyID) int {
	if !id.Valid() {
		return 0
	}
	return g.cowboys[id.index()].hp
}

// HitPointsByTeam returns each team's hit points in play, indexed by Team.
func (g *Game) HitPointsByTeam() [2]int {
	var s [2]int
	for i, c := range g.cowboys {
		if c.alive {
			s[cowboyID(i).Team] += c.hp
		}
	}
	return s
}

// Scores appends each player's score now to dst and returns it: the hit points in play of
// the player's team (see [PlayerTeam], [Game.HitPointsByTeam]).
func (g *Game) Scores(dst []float64) []float64 {
	hp := g.HitPointsByTeam()
	for p := range g.opts.Players {
		t, _ := PlayerTeam(p)
		dst = append(dst, float64(hp[t]))
	}
	return dst
}

// State returns a copy of the physics table (pieces indexed as in [View]).
func (g *Game) State() *physics.State { return g.st.Clone() }

// available reports whether cowboy c may be played this round.
func (g *Game) available(c int) bool {
	cb := &g.cowboys[c]
	return cb.present && cb.hat == HourHat(g.hour)
}

// teamAvailable reports whether team t has a cowboy available.
func (g *Game) teamAvailable(t Team) bool {
	for n := range MaxCowboys {
		if g.available(int(t)*MaxCowboys + n) {
			return true
		}
	}
	return false
}

// piece returns the physics piece of cowboy c.
func (g *Game) piece(c int) *physics.Piece { return &g.st.Pieces[g.lay.cowboyPiece[c]] }

// onTable reports whether cowboy c stands or lies on the table (alive and not inside).
func (g *Game) onTable(c int) bool {
	cb := &g.cowboys[c]
	return cb.alive && cb.inside < 0
}
