package tactics

import (
	"github.com/flickarena/flickarena/agents/geom"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// NumCowboys is the number of cowboy slots, indexed by [geom.Dense].
const NumCowboys = 2 * flickemup.MaxCowboys

// Situation is a game read for one decision: the table, the cowboys, the scenario's
// objectives, and caches (routes) shared by the situations derived from it. It is not safe for
// concurrent use; a bot reads one per decision.
type Situation struct {
	// G is the game read; a Situation never changes it.
	G *flickemup.Game
	// Sc is its scenario.
	Sc *flickemup.Scenario
	// L is where its cowboys, doors and gallows are among the physics pieces.
	L *geom.Layout
	// St is a copy of the physics table.
	St *physics.State
	// Cfg is the physics configuration bots assume (the default).
	Cfg physics.Config
	// Noise is the flick noise bots assume when they estimate a chance ([physics.DefaultNoise]).
	Noise physics.Noise
	// Cows are the cowboys, by dense index; absent ones have Present false.
	Cows [NumCowboys]flickemup.CowboyInfo
	// Obj are the scenario's victory conditions, by kind.
	Obj *Objectives

	shared *shared
	scene  *geom.Scene // St as outlines, once asked for
}

// Scene returns the table as outlines, for sweeps.
func (s *Situation) Scene() *geom.Scene {
	if s.scene == nil {
		s.scene = geom.NewScene(s.St, flickemup.Pieces)
	}
	return s.scene
}

// shared holds what the situations derived from one root situation share.
type shared struct {
	root    *Situation // the situation read from the game, which the others derive from
	fields  []*Field
	scenery uint64 // sceneryHash of the root table, once computed
}

// Read reads game g for a decision.
func Read(g *flickemup.Game) *Situation {
	s := &Situation{G: g, Sc: g.Scenario(), L: geom.LayoutOf(g), Cfg: flickemup.PhysicsConfig(), Noise: physics.DefaultNoise, shared: &shared{}}
	s.Obj = ObjectivesOf(s.Sc)
	s.fill()
	s.shared.root = s
	return s
}

// Derive reads game g, a position reached from s's game by playing on (a clone), reusing
// what does not change: the layout, the objectives and the route fields (computed on s's
// table, an approximation for g's).
func (s *Situation) Derive(g *flickemup.Game) *Situation {
	d := &Situation{G: g, Sc: s.Sc, L: s.L, Cfg: s.Cfg, Noise: s.Noise, Obj: s.Obj, shared: s.shared}
	d.fill()
	return d
}

// fill reads the table and the cowboys.
func (s *Situation) fill() {
	s.St = s.G.State()
	for i := range s.Cows {
		s.Cows[i] = s.G.Cowboy(geom.ID(i))
	}
}

// OnTable reports whether cowboy i is alive and on the table (not inside a building).
func (s *Situation) OnTable(i int) bool {
	c := &s.Cows[i]
	return c.Present && c.Alive && c.Inside < 0
}

// Hittable reports whether cowboy i can be shot now: alive, on the table and standing.
func (s *Situation) Hittable(i int) bool { return s.OnTable(i) && !s.Cows[i].Fallen }

// Alive reports whether cowboy i is in play.
func (s *Situation) Alive(i int) bool { return s.Cows[i].Present && s.Cows[i].Alive }

// Team returns the team of cowboy i.
func Team(i int) flickemup.Team { return flickemup.Team(i / flickemup.MaxCowboys) }

// Members returns the dense indices of team t's cowboys (0-4 or 5-9).
func Members(t flickemup.Team) []int {
	lo := int(t) * flickemup.MaxCowboys
	return []int{lo, lo + 1, lo + 2, lo + 3, lo + 4}
}

// Piece returns the piece index of cowboy i.
func (s *Situation) Piece(i int) int { return s.L.Cowboy[i] }

// Actor returns the cowboy being played, if any.
func (s *Situation) Actor() (int, bool) {
	id, ok := s.G.Actor()
	if !ok {
		return -1, false
	}
	return geom.Dense(id), true
}

// Carries returns how many tokens of kind k cowboy i carries.
func (s *Situation) Carries(i int, k flickemup.TokenKind) int {
	n := 0
	for _, id := range s.Cows[i].Inventory {
		if id >= 0 && s.G.Token(id).Kind == k {
			n++
		}
	}
	return n
}

// FreeSlots returns how many inventory slots of cowboy i are empty.
func (s *Situation) FreeSlots(i int) int {
	n := 0
	for _, id := range s.Cows[i].Inventory {
		if id < 0 {
			n++
		}
	}
	return n
}

// SoonToAct reports whether cowboy i will act before the round ends: alive, its hat the
// colour of the hour and not played yet (or being played now).
func (s *Situation) SoonToAct(i int) bool {
	c := &s.Cows[i]
	if !c.Present || !c.Alive {
		return false
	}
	if a, ok := s.Actor(); ok && a == i {
		return s.G.ActionsLeft() > 0
	}
	return !c.Played && c.Hat == flickemup.HourHat(s.G.Hour())
}

// IDOf returns the cowboy of dense index i.
func IDOf(i int) flickemup.CowboyID { return geom.ID(i) }

// Dense returns the dense index of cowboy id (see [geom.Dense]).
func Dense(id flickemup.CowboyID) int { return geom.Dense(id) }
