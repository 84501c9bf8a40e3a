package tactics

import (
	"github.com/flickarena/flickarena/agents/geom"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Place is where tokens lie and cowboys go to take or drop them: a building (Index in
// Scenario.Buildings), the gallows, or a spot on the ground (Pos, rule take-outside).
type Place struct {
	Kind  flickemup.PlaceKind
	Index int
	Pos   physics.Vec
}

// Delivery is a victory condition that asks a team to gather tokens somewhere.
type Delivery struct {
	// Team wins when Count tokens of kind Token lie at To.
	Team  flickemup.Team
	Token flickemup.TokenKind
	Count int
	To    Place
}

// Kill is a victory condition that asks Team to kill Target.
type Kill struct {
	Team   flickemup.Team
	Target int // dense index
}

// Objectives are a scenario's victory conditions, sorted by what they ask of the players.
type Objectives struct {
	// Deliveries are the token conditions, in scenario order.
	Deliveries []Delivery
	// Kills are the kill conditions.
	Kills []Kill
	// Noon[t] reports that team t wins when the clock strikes noon.
	Noon [2]bool
	// NoonHP reports that at noon the team with more hit points wins.
	NoonHP bool
}

// ObjectivesOf reads the victory conditions of sc.
func ObjectivesOf(sc *flickemup.Scenario) *Objectives {
	o := &Objectives{}
	for _, v := range sc.Victories {
		switch v.Kind {
		case flickemup.VictoryTokens:
			o.Deliveries = append(o.Deliveries, Delivery{Team: v.Team, Token: v.Token, Count: v.Count, To: Place{Kind: v.Place, Index: v.Index}})
		case flickemup.VictoryKill:
			o.Kills = append(o.Kills, Kill{Team: v.Team, Target: geom.Dense(v.Target)})
		case flickemup.VictoryNoon:
			o.Noon[v.Team] = true
		case flickemup.VictoryNoonHP:
			o.NoonHP = true
		}
	}
	return o
}

// KillTarget reports whether cowboy i is the target of a kill condition of its enemies.
func (o *Objectives) KillTarget(i int) bool {
	for _, k := range o.Kills {
		if k.Target == i {
			return true
		}
	}
	return false
}

// Wanted reports whether tokens of kind k are what some delivery asks for, and of which team.
func (o *Objectives) Wanted(k flickemup.TokenKind) (flickemup.Team, bool) {
	for _, d := range o.Deliveries {
		if d.Token == k {
			return d.Team, true
		}
	}
	return flickemup.NoTeam, false
}

// Same reports whether p and q are the same place (ground spots within 0.5 cm).
func (p Place) Same(q Place) bool {
	if p.Kind != q.Kind {
		return false
	}
	switch p.Kind {
	case flickemup.PlaceBuilding:
		return p.Index == q.Index
	case flickemup.PlaceGround:
		return p.Pos.Sub(q.Pos).Len() < 0.5
	}
	return true
}

// TokenPlace returns where token id lies, if it lies somewhere a cowboy can take it.
func (s *Situation) TokenPlace(id int) (Place, bool) {
	t := s.G.Token(id)
	switch t.Place {
	case flickemup.PlaceBuilding, flickemup.PlaceGallows, flickemup.PlaceGround:
		return Place{Kind: t.Place, Index: t.Index, Pos: t.Pos}, true
	}
	return Place{}, false
}

// KindOf returns the kind of token id as far as the players know: its face if it is face up
// or carried, else the kind the scenario put in its face-down pile (every player can read the
// scenario; which token of the pile a cowboy draws is left to chance).
func (s *Situation) KindOf(id int) flickemup.TokenKind {
	if k := s.G.Token(id).Kind; k != flickemup.TokenInvalid {
		return k
	}
	return s.Sc.Tokens[id].Kind
}

// Count returns how many tokens of kind k lie at place p.
func (s *Situation) Count(k flickemup.TokenKind, p Place) int {
	n := 0
	for id := range s.G.NumTokens() {
		if q, ok := s.TokenPlace(id); ok && q.Same(p) && s.KindOf(id) == k {
			n++
		}
	}
	return n
}

// Source is a place holding tokens of a wanted kind.
type Source struct {
	Place Place
	// Token is the id to take: a face-up token, or the head of a face-down pile.
	Token int
	// FaceDown reports that the pile is face down (taking draws at random from it).
	FaceDown bool
	// N is how many tokens of the kind lie there.
	N int
}

// Sources returns the places other than except holding tokens of kind k, in token order.
func (s *Situation) Sources(k flickemup.TokenKind, except Place) []Source {
	var out []Source
	for id := range s.G.NumTokens() {
		p, ok := s.TokenPlace(id)
		if !ok || p.Same(except) || s.KindOf(id) != k {
			continue
		}
		t := s.G.Token(id)
		found := false
		for j := range out {
			if out[j].Place.Same(p) {
				out[j].N++
				found = true
				if out[j].FaceDown && t.FaceUp {
					out[j].Token, out[j].FaceDown = id, false // prefer a sure face-up token
				}
			}
		}
		if !found {
			out = append(out, Source{Place: p, Token: s.pileHead(id), FaceDown: !t.FaceUp, N: 1})
		}
	}
	return out
}

// pileHead returns the lowest id of the face-down tokens lying with face-down token id (the id
// the engine lists for the pile), or id itself for a face-up token.
func (s *Situation) pileHead(id int) int {
	t := s.G.Token(id)
	if t.FaceUp {
		return id
	}
	p, _ := s.TokenPlace(id)
	for j := range id {
		u := s.G.Token(j)
		if q, ok := s.TokenPlace(j); ok && !u.FaceUp && q.Same(p) {
			return j
		}
	}
	return id
}

// Closed reports whether place p is a building closed by a "not allowed" token.
func (s *Situation) Closed(p Place) bool {
	return p.Kind == flickemup.PlaceBuilding && s.G.Closed(p.Index)
}

// At reports whether cowboy i is at place p: inside the building, within reach of the gallows
// or of the ground spot.
func (s *Situation) At(i int, p Place) bool {
	c := &s.Cows[i]
	if !c.Present || !c.Alive {
		return false
	}
	switch p.Kind {
	case flickemup.PlaceBuilding:
		return c.Inside == p.Index
	case flickemup.PlaceGallows:
		return c.Inside < 0 && s.L.Gallows >= 0 && !s.St.Pieces[s.L.Gallows].Off &&
			flickemup.Pieces.Outline(s.St.Pieces[s.L.Gallows]).Dist(c.Pos) <= flickemup.Reach-reachMargin
	case flickemup.PlaceGround:
		return c.Inside < 0 && s.Sc.Rules.TakeOutside && c.Pos.Sub(p.Pos).Len() <= flickemup.Reach-reachMargin
	}
	return false
}

// reachMargin keeps At strictly inside the rules' reach, against rounding.
const reachMargin = 1e-6
