package aimer

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/agents/geom"
	"github.com/flickarena/flickarena/agents/tactics"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Name is the bot's name in tournaments.
const Name = "aimer"

// Version is the bot's version. Bump it whenever its play changes, so that a tournament with
// the new bot does not resume one with the old.
const Version = "2"

// Thresholds of the rules, in hit points of expected value.
const (
	// shootAt is the least expected value of a shot worth an action.
	shootAt = 0.3
	// urgentShot is the value of a shot worth delaying an errand for (a likely kill).
	urgentShot = 1.8
	// throwAt is the least value of a dynamite throw.
	throwAt = 1.5
)

// Aimer is the geometry bot. It keeps no state, so one Aimer serves any number of games at
// once.
type Aimer struct{}

// New returns the aimer.
func New() *Aimer { return &Aimer{} }

// Choose implements flickemupbot.Bot: it reads the table and applies the rules of the package doc.
// It draws nothing from rng: the aimer is a deterministic function of the position.
func (a *Aimer) Choose(g *flickemup.Game, rng *rand.Rand) flickemup.Action {
	return tactics.Legal(g, Decide(tactics.Read(g)))
}

// Decide applies the rules to the situation s of the game s.G and returns the aimer's action,
// not yet checked against the rules' fine print (see tactics.Legal). A simulating bot calls it
// on situations derived from its root (tactics.Situation.Derive), which share their route
// fields, to play the aimer's moves for either team.
func Decide(s *tactics.Situation) flickemup.Action {
	switch s.G.Phase() {
	case flickemup.PhaseSelect:
		return Select(s)
	case flickemup.PhaseReveal:
		return Reveal(s)
	case flickemup.PhaseSecondShot:
		if sh, ok := bestShot(s.Shots(actor(s))); ok {
			return sh.Action
		}
		return flickemup.Action{Kind: flickemup.ActShoot} // a bullet left where it lies
	case flickemup.PhaseAct:
		return act(s)
	}
	return flickemup.Action{Kind: flickemup.ActEndTurn}
}

// actor returns the cowboy being played.
func actor(s *tactics.Situation) int {
	i, _ := s.Actor()
	return i
}

// Select chooses the cowboy to play: the one with the most to do (a shot, an errand, a
// threat to escape), dead cowboys last; ties go to the lowest number.
func Select(s *tactics.Situation) flickemup.Action {
	errands := s.Errands(s.G.CurrentTeam())
	best, bestScore := flickemup.Action{}, math.Inf(-1)
	for _, a := range s.G.Legal(nil) {
		i := geom.Dense(flickemup.CowboyID{Team: s.G.CurrentTeam(), Number: a.Cowboy})
		if sc := selectScore(s, i, errands); sc > bestScore {
			best, bestScore = a, sc
		}
	}
	return best
}

// selectScore rates playing cowboy i now.
func selectScore(s *tactics.Situation, i int, errands []tactics.Errand) float64 {
	if !s.Alive(i) {
		return -1
	}
	score := 0.0
	for _, j := range tactics.Members(tactics.Team(i).Other()) {
		score = math.Max(score, s.Chance(i, j)*s.TargetValue(j))
	}
	if e, ok := tactics.ErrandOf(errands, i); ok {
		switch {
		case e.Drop != 0:
			score = math.Max(score, 1.2)
		case e.Take != 0 && !s.Closed(e.Place):
			score = math.Max(score, 0.8)
		}
	}
	if s.OnTable(i) {
		score = math.Max(score, 0.3*s.Exposure(i))
	}
	return score
}

// Reveal keeps a drawn token the team has a use for (in a free slot, or in place of a useless
// one) and leaves the others.
func Reveal(s *tactics.Situation) flickemup.Action {
	id, ok := s.G.Revealed()
	i := actor(s)
	if !ok {
		return flickemup.Action{Kind: flickemup.ActLeave}
	}
	k := s.KindOf(id)
	if !s.Useful(tactics.Team(i), k) {
		return flickemup.Action{Kind: flickemup.ActLeave}
	}
	sl := s.SlotFor(i, k)
	if sl < 0 {
		return flickemup.Action{Kind: flickemup.ActLeave}
	}
	return flickemup.Action{Kind: flickemup.ActKeep, Slot: sl}
}

// act chooses the played cowboy's next action.
func act(s *tactics.Situation) flickemup.Action {
	i := actor(s)
	end := flickemup.Action{Kind: flickemup.ActEndTurn}
	errand, hasErrand := tactics.ErrandOf(s.Errands(tactics.Team(i)), i)
	if hasErrand && s.At(i, errand.Place) {
		if a, ok := TokenAction(s, i, errand); ok {
			return a
		}
	}
	shot, hasShot := bestShot(s.Shots(i))
	if hasErrand && !errand.Hide && !s.At(i, errand.Place) && !s.Closed(errand.Place) {
		// A carrier carries; another errand waits for a likely kill.
		if m, ok := s.Toward(i, errand.Place); ok && (errand.Drop != 0 || !(hasShot && shot.Value >= urgentShot)) {
			return MoveAction(s, i, m)
		}
	}
	if th, ok := bestThrow(s.Throws(i)); ok && th.Value >= throwAt && (!hasShot || th.Value > shot.Value) {
		return th.Action
	}
	if hasShot && shot.Value >= shootAt {
		return shot.Action
	}
	if hasErrand && errand.Hide && !s.At(i, errand.Place) {
		if m, ok := s.Toward(i, errand.Place); ok {
			return MoveAction(s, i, m)
		}
	}
	if m, ok := fighterMove(s, i); ok {
		return MoveAction(s, i, m)
	}
	return end
}

// TokenAction returns the take or drop that errand e asks of cowboy i, at its place, if
// the rules allow it.
func TokenAction(s *tactics.Situation, i int, e tactics.Errand) (flickemup.Action, bool) {
	var a flickemup.Action
	switch {
	case e.Drop != 0:
		for sl, id := range s.Cows[i].Inventory {
			if id >= 0 && s.KindOf(id) == e.Drop {
				a = flickemup.Action{Kind: flickemup.ActDrop, Slot: sl}
				break
			}
		}
	case e.Take != 0:
		a = flickemup.Action{Kind: flickemup.ActTake, Token: e.Token}
		if s.FreeSlots(i) == 0 && s.G.Token(e.Token).FaceUp {
			sl := s.SlotFor(i, e.Take)
			if sl < 0 {
				return a, false
			}
			a = flickemup.Action{Kind: flickemup.ActExchange, Token: e.Token, Slot: sl}
		}
	default:
		return a, false
	}
	return a, s.G.Check(a) == nil
}

// MoveAction returns move m of cowboy i as an action, facing the nearest living enemy from
// where it should stop.
func MoveAction(s *tactics.Situation, i int, m tactics.Move) flickemup.Action {
	return flickemup.Action{Kind: flickemup.ActMove, Velocity: m.Velocity, Facing: FaceFrom(s, i, m.To)}
}

// FaceFrom returns the facing, in radians, of cowboy i standing at p: towards the nearest
// enemy on the table (then either side's bullet flies past the shooter), else its facing now.
func FaceFrom(s *tactics.Situation, i int, p physics.Vec) float64 {
	best, facing := math.Inf(1), s.Cows[i].Facing
	for _, j := range tactics.Members(tactics.Team(i).Other()) {
		if !s.OnTable(j) {
			continue
		}
		if d := s.Cows[j].Pos.Sub(p); d.Len() < best && d.Len() > 0 {
			best, facing = d.Len(), d.Angle()
		}
	}
	return facing
}

// bestShot returns the shot of highest value.
func bestShot(shots []tactics.Shot) (tactics.Shot, bool) {
	best, ok := tactics.Shot{}, false
	for _, sh := range shots {
		if !ok || sh.Value > best.Value {
			best, ok = sh, true
		}
	}
	return best, ok && best.Value > 0
}

// bestThrow returns the throw of highest value.
func bestThrow(ths []tactics.Throw) (tactics.Throw, bool) {
	best, ok := tactics.Throw{}, false
	for _, th := range ths {
		if !ok || th.Value > best.Value {
			best, ok = th, true
		}
	}
	return best, ok
}
