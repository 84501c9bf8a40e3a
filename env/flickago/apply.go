package flickago

import (
	"fmt"

	"github.com/flickarena/flickarena/internal/enum"
	"github.com/flickarena/flickarena/physics"
)

// Cause is why a disc was eliminated.
type Cause uint8

// The causes of elimination.
const (
	// CauseOffBoard: the disc ended the turn wholly off the board.
	CauseOffBoard Cause = iota + 1
	// CauseEnemyHQ: the disc's centre ended the turn inside the opponent's headquarters.
	CauseEnemyHQ
	// CauseCaptured: an inspector touched the return zone the disc was touching.
	CauseCaptured
)

// String returns "off-board", "enemy-hq" or "captured".
func (c Cause) String() string {
	return enum.Name(c, "cause", "", "off-board", "enemy-hq", "captured")
}

// Elimination is one disc removed from the game.
type Elimination struct {
	// Player and Disc identify the disc.
	Player, Disc int
	// Cause is why.
	Cause Cause
}

// Result is what one action did.
type Result struct {
	// Player is who acted.
	Player int
	// Type is the action's type.
	Type ActionType
	// Returned is the disc sent back to the reserve, or NoDisc.
	Returned int
	// Flicked is the disc flicked, or NoDisc for a placement.
	Flicked int
	// FromPoint is the start point the flicked disc was placed on, or -1 for a disc flicked
	// where it lay.
	FromPoint int
	// Flipped reports that the flick was the family disc's second and turned it over.
	Flipped bool
	// Velocity is the velocity the disc actually received, after noise and clipping, in cm/s.
	Velocity physics.Vec
	// Eliminated lists the discs removed at the end of the turn, in order of cause
	// (off the board, enemy headquarters, captured), then player, then id.
	Eliminated []Elimination
	// Expelled lists the inspectors that ended the turn wholly off the board.
	Expelled []int
	// Captors lists the inspectors that captured discs in a return zone.
	Captors []int
	// Inspector is the inspector placed (ActPlace), or -1.
	Inspector int
	// PlacedAt is where it was put, in board coordinates (cm): its star, or the nearest free
	// spot when a piece lay on the star.
	PlacedAt physics.Vec
	// Steps and Time are the physics steps and simulated seconds of the flick; Capped reports
	// that the physics time cap ended it.
	Steps  int
	Time   float64
	Capped bool
}

// Apply plays action a for the current player and, if res is not nil, stores what happened
// in *res. An illegal action returns an *[ActionError] (see [Game.Check]) and changes
// nothing. A flick draws its execution noise from the game's generator. Any other error is a
// failure of the simulation (a bug); the game is then left as it was before the action.
func (g *Game) Apply(a Action, res *Result) error {
	if err := g.Check(a); err != nil {
		return err
	}
	var r Result
	if a.Type == ActPlace {
		r = g.place(a.Star)
	} else {
		saved := g.st
		var err error
		if r, err = g.flick(a); err != nil {
			g.st = saved
			return err
		}
	}
	if res != nil {
		*res = r
	}
	return nil
}

// place puts the lowest-numbered waiting inspector on star k (or the nearest free spot).
func (g *Game) place(k int) Result {
	st := &g.st
	res := Result{Player: st.Current, Type: ActPlace, Returned: NoDisc, Flicked: NoDisc, FromPoint: -1, Inspector: -1}
	for i := range st.Inspectors {
		if st.Inspectors[i].Waiting {
			pos := g.freeSpot(k)
			st.Inspectors[i] = Inspector{Pos: pos}
			res.Inspector, res.PlacedAt = i, pos
			break
		}
	}
	g.advance()
	return res
}

// flick plays a legal ActFlick.
func (g *Game) flick(a Action) (Result, error) {
	st := &g.st
	p := st.Current
	res := Result{Player: p, Type: ActFlick, Returned: a.Return, Flicked: a.Disc, FromPoint: -1, Inspector: -1}
	if a.Return != NoDisc {
		st.Discs[p][a.Return] = Disc{Place: InReserve}
	}
	d := a.Disc
	if d == NoDisc {
		pt := g.board.Points[p][a.Point]
		d = st.reserveDisc(p, pt.Kind)
		st.Discs[p][d] = Disc{Place: OnBoard, Pos: pt.Pos}
		res.Flicked, res.FromPoint = d, a.Point
	} else {
		st.Discs[p][d].Flipped = true
		res.Flipped = true
	}

	g.toPhysics()
	out, err := g.sim.Flick(&g.phys, physics.Flick{Piece: p*NumDiscs + d, Velocity: a.Velocity}, g.rng)
	if err != nil {
		return Result{}, fmt.Errorf("flickago: flick %v: %w", a, err)
	}
	g.fromPhysics()
	res.Velocity, res.Steps, res.Time, res.Capped = out.Velocity, out.Steps, out.Time, out.Capped

	st.Turns++
	st.LastFlicker = p
	g.endOfTurn(&res)
	g.advance()
	return res, nil
}

// toPhysics writes the pieces on the board into the physics scratch state, in table
// coordinates: disc d of player p is piece p·12+d, inspector i is piece 24+i.
func (g *Game) toPhysics() {
	m := physics.Vec{X: g.board.Margin, Y: g.board.Margin}
	for p := range NumPlayers {
		for d, dc := range g.st.Discs[p] {
			g.phys.Pieces[p*NumDiscs+d] = physics.Piece{Kind: KindGangDisc, Pos: dc.Pos.Add(m), Angle: dc.Angle, Off: dc.Place != OnBoard}
		}
	}
	for i, in := range g.st.Inspectors {
		g.phys.Pieces[NumPlayers*NumDiscs+i] = physics.Piece{Kind: KindInspector, Pos: in.Pos.Add(m), Angle: in.Angle, Off: in.Waiting}
	}
}

// offTable marks a piece that slid off the physics table: it is far off the board.
var offTable = physics.Vec{X: -1e6, Y: -1e6}

// fromPhysics reads the resting pieces back. A piece that left the physics table gets a
// position far off the board, so that the board's rules see it wholly off.
func (g *Game) fromPhysics() {
	m := physics.Vec{X: g.board.Margin, Y: g.board.Margin}
	read := func(i int, pos *physics.Vec, angle *float64) {
		pc := g.phys.Pieces[i]
		if pc.Off {
			*pos, *angle = offTable, 0
			return
		}
		*pos, *angle = pc.Pos.Sub(m), pc.Angle
	}
	for p := range NumPlayers {
		for d := range g.st.Discs[p] {
			if dc := &g.st.Discs[p][d]; dc.Place == OnBoard {
				read(p*NumDiscs+d, &dc.Pos, &dc.Angle)
			}
		}
	}
	for i := range g.st.Inspectors {
		if in := &g.st.Inspectors[i]; !in.Waiting {
			read(NumPlayers*NumDiscs+i, &in.Pos, &in.Angle)
		}
	}
}

// endOfTurn applies the rules of a finished turn, in order: discs wholly off the board or in
// the enemy headquarters are eliminated; inspectors wholly off the board wait to be replaced;
// an inspector touching a return zone captures every disc touching that zone and, if there
// was one, waits to be replaced.
func (g *Game) endOfTurn(res *Result) {
	b, r, st := g.board, g.rad, &g.st
	for _, cause := range [2]Cause{CauseOffBoard, CauseEnemyHQ} {
		for p := range NumPlayers {
			for d := range st.Discs[p] {
				dc := &st.Discs[p][d]
				if dc.Place != OnBoard {
					continue
				}
				if (cause == CauseOffBoard && b.OffBoard(dc.Pos, r)) || (cause == CauseEnemyHQ && b.HQ[1-p].Contains(dc.Pos)) {
					g.eliminate(res, p, d, cause)
				}
			}
		}
	}
	for i := range st.Inspectors {
		if in := &st.Inspectors[i]; !in.Waiting && b.OffBoard(in.Pos, r) {
			in.Waiting = true
			res.Expelled = append(res.Expelled, i)
		}
	}
	// Which zones hold an inspector and which hold discs are decided before any removal, so
	// two inspectors in one zone both count as captors.
	var guarded, occupied [NumPlayers]bool
	for z := range NumPlayers {
		guarded[z] = inspectorIn(b, r, st, z)
		for p := range NumPlayers {
			for _, dc := range st.Discs[p] {
				occupied[z] = occupied[z] || (dc.Place == OnBoard && b.Return[z].Touches(dc.Pos, r))
			}
		}
	}
	for z := range NumPlayers {
		if !guarded[z] || !occupied[z] {
			continue
		}
		for p := range NumPlayers {
			for d := range st.Discs[p] {
				if dc := &st.Discs[p][d]; dc.Place == OnBoard && b.Return[z].Touches(dc.Pos, r) {
					g.eliminate(res, p, d, CauseCaptured)
				}
			}
		}
		for i := range st.Inspectors {
			if in := &st.Inspectors[i]; !in.Waiting && b.Return[z].Touches(in.Pos, r) {
				in.Waiting = true
				res.Captors = append(res.Captors, i)
			}
		}
	}
}

// eliminate removes disc d of player p from the game.
func (g *Game) eliminate(res *Result, p, d int, c Cause) {
	g.st.Discs[p][d] = Disc{Place: Eliminated}
	res.Eliminated = append(res.Eliminated, Elimination{Player: p, Disc: d, Cause: c})
}

// advance decides who acts next after a flick or a placement: the player who did not flick
// places any waiting inspector; then the opponent of the last flicker flicks if they can,
// otherwise the last flicker again if they can, otherwise the game is over. A game that
// reaches Config.MaxTurns flicks ends truncated.
func (g *Game) advance() {
	st := &g.st
	last := st.LastFlicker
	for _, in := range st.Inspectors {
		if in.Waiting {
			st.Phase, st.Current = PhasePlace, 1-last
			return
		}
	}
	st.Phase = PhaseFlick
	switch o := 1 - last; {
	case g.CanFlick(o):
		st.Current = o
	case g.CanFlick(last):
		st.Current = last
	default:
		st.Phase, st.Current = PhaseOver, o
		return
	}
	if st.Turns >= g.cfg.MaxTurns {
		st.Phase, st.Truncated = PhaseOver, true
	}
}
