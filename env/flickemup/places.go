package flickemup

import (
	"math"

	"github.com/flickarena/flickarena/physics"
)

// doorGeom returns building b's door as it stands now (see physics.Door.Frame).
func (g *Game) doorGeom(b int) (mid, u, front physics.Vec, width float64) {
	return g.doorFrame(b, g.st)
}

// footprint returns the ground building b covers now.
func (g *Game) footprint(b int) physics.Outline {
	mid, u, _, w := g.doorGeom(b)
	return footprintShape(mid, u, w, g.lay.doors[b].Depth)
}

// free reports whether outline s lies wholly on the table and overlaps no piece on it.
func (g *Game) free(s physics.Outline) bool {
	if !s.OnTable(g.st.Table) {
		return false
	}
	sr := outlineReach(s)
	for i := range g.st.Pieces {
		p := &g.st.Pieces[i]
		if !p.Off && !apart(s.C, sr, p) && s.Intersects(Pieces.Outline(*p)) {
			return false
		}
	}
	return true
}

// freeAmong is free for an outline that only the pieces idx can overlap (as [Game.near]
// lists them): it tests those alone.
func (g *Game) freeAmong(s physics.Outline, idx []int) bool {
	if !s.OnTable(g.st.Table) {
		return false
	}
	sr := outlineReach(s)
	for _, i := range idx {
		p := &g.st.Pieces[i]
		if !apart(s.C, sr, p) && s.Intersects(Pieces.Outline(*p)) {
			return false
		}
	}
	return true
}

// freeNear is free for an outline at a launch spot of the actor: among the pieces around
// lists ([Game.launchBlockers]) if not nil, else among all.
func (g *Game) freeNear(s physics.Outline, around []int) bool {
	if around != nil {
		return g.freeAmong(s, around)
	}
	return g.free(s)
}

// near appends to dst the index of every piece on the table that may reach within dist cm
// of point c, and returns it: an outline that lies within dist of c can overlap no other.
func (g *Game) near(dst []int, c physics.Vec, dist float64) []int {
	ps := g.st.Pieces
	for i := range ps {
		if p := &ps[i]; !p.Off && !apart(c, dist, p) {
			dst = append(dst, i)
		}
	}
	return dst
}

// behind returns where a disc of radius r is placed behind building b, at the back of its
// floor, offset sideways by lateral cm along the door (positive towards the Left block... as
// seen from inside, the cowboy's left).
func (g *Game) behind(b int, r, lateral float64) physics.Vec {
	mid, u, front, _ := g.doorGeom(b)
	return mid.Sub(front.Scale(g.lay.doors[b].Depth - r)).Add(u.Scale(lateral))
}

// sideSpot returns where a disc of radius r is placed on side s of cowboy c to be flicked:
// one bullet's width from its base, square to its left or right; from inside a building,
// behind the building, left or right of the middle. When that spot is taken (by a piece, or
// by avoid if not nil) or off the table, it is the nearest free spot on the same side at the
// same distance, turned towards the front or the back in steps of [sideStep] up to 80°
// (front first); when the whole side is blocked, the square spot (which [Game.Check] refuses).
func (g *Game) sideSpot(c int, s Side, r float64, avoid *physics.Outline) physics.Vec {
	if b := g.cowboys[c].inside; b >= 0 {
		return g.behind(b, r, sideSign(s)*(r+0.1))
	}
	q, _ := g.streetSpot(c, s, r, avoid, nil)
	return q
}

// sideFree reports whether the spot sideSpot returns is free: on the table, overlapping no
// piece, nor avoid if not nil. It is what [Game.Check] asks of a shot, a throw or a duel's
// bullet. around, if not nil, is [Game.launchBlockers] of c.
func (g *Game) sideFree(c int, s Side, r float64, avoid *physics.Outline, around []int) bool {
	if g.cowboys[c].inside >= 0 {
		o := physics.Circle(g.sideSpot(c, s, r, avoid), r)
		return g.free(o) && (avoid == nil || !o.Intersects(*avoid))
	}
	_, ok := g.streetSpot(c, s, r, avoid, around)
	return ok
}

// sideDistance returns how far from a cowboy's base the centre of a side spot of radius r
// lies, in cm: one bullet's width beyond the cowboy's edge.
func sideDistance(r float64) float64 { return cowboyRadius + 2*bulletRadius + r }

// maxSideRadius is the largest radius of a piece placed on a cowboy's side, in cm.
var maxSideRadius = max(bulletRadius, octRadius)

// rifleDistance returns how far from a cowboy's base the Winchester's bullet starts, in cm:
// at the tip of the barrel gauge.
func rifleDistance() float64 { return cowboyRadius + winchesterLength + bulletRadius }

// launchBlockers appends to dst the pieces that can block a spot where cowboy c on the
// street launches a piece, on its sides for any piece placed there or at the Winchester's
// tip ([Game.near] of the farthest reach), and returns it; nil for a cowboy off the street.
// The checks of one decision share it.
func (g *Game) launchBlockers(dst []int, c int) []int {
	if g.cowboys[c].inside >= 0 || !g.onTable(c) {
		return nil
	}
	return g.near(dst, g.piece(c).Pos, max(sideDistance(maxSideRadius)+maxSideRadius, rifleDistance()+bulletRadius))
}

// streetSpot returns sideSpot of cowboy c on the street, and whether it is free (else it is
// the square spot of a blocked side). around, if not nil, is [Game.launchBlockers] of c: a
// superset of the pieces the search must test, which gives the same answer.
func (g *Game) streetSpot(c int, s Side, r float64, avoid *physics.Outline, around []int) (physics.Vec, bool) {
	sign := sideSign(s)
	p := g.piece(c)
	d := sideDistance(r)
	// Every candidate lies d from the cowboy's base: only the pieces that reach within d+r
	// of it can block one.
	near := around
	if near == nil {
		var buf [64]int
		near = g.near(buf[:0], p.Pos, d+r)
	}
	square := p.Pos.Add(physics.Polar(d, p.Angle+sign*halfPi))
	for k := 0; k <= 2*sideSteps; k++ {
		// 0, then towards the front, then the back, one step further each time.
		turn := float64((k+1)/2) * sideStep
		if k%2 == 1 {
			turn = -turn
		}
		q := square
		if k > 0 {
			q = p.Pos.Add(physics.Polar(d, p.Angle+sign*(halfPi+turn)))
		}
		o := physics.Circle(q, r)
		if g.freeAmong(o, near) && (avoid == nil || !o.Intersects(*avoid)) {
			return q, true
		}
	}
	return square, false
}

// sideSign returns +1 for the left side, -1 for the right.
func sideSign(s Side) float64 {
	if s == SideRight {
		return -1
	}
	return 1
}

// sideStep is the angle by which a blocked side spot is turned around the cowboy, and
// sideSteps how many steps each way (8 × 10° = 80°).
const (
	sideStep  = math.Pi / 18
	sideSteps = 8
)

// rifleSpot returns where the Winchester's bullet starts: at the tip of the barrel gauge laid
// in front of the cowboy; from inside a building, in the middle of the door line.
func (g *Game) rifleSpot(c int) physics.Vec {
	if b := g.cowboys[c].inside; b >= 0 {
		mid, _, _, _ := g.doorGeom(b)
		return mid
	}
	p := g.piece(c)
	return p.Pos.Add(physics.Polar(rifleDistance(), p.Angle))
}

// duelSpot returns where a called-out cowboy stands: in building b's doorway, its base just in
// front of the middle of the door line.
func (g *Game) duelSpot(b int) physics.Vec {
	mid, _, front, _ := g.doorGeom(b)
	return mid.Add(front.Scale(cowboyRadius))
}

// nearGallows reports whether cowboy c stands on the table within Reach of the gallows.
func (g *Game) nearGallows(c int) bool {
	if g.lay.gallows < 0 || !g.onTable(c) {
		return false
	}
	gp := g.st.Pieces[g.lay.gallows]
	if gp.Off {
		return false
	}
	return Pieces.Outline(gp).Dist(g.piece(c).Pos) <= Reach
}

// reaches reports whether cowboy c can take token t where it lies.
func (g *Game) reaches(c int, t *token) bool {
	cb := &g.cowboys[c]
	switch t.place {
	case PlaceBuilding:
		return cb.inside == t.index
	case PlaceGallows:
		return g.nearGallows(c)
	case PlaceGround:
		return g.lay.sc.Rules.TakeOutside && g.onTable(c) && g.piece(c).Pos.Sub(t.pos).Len() <= Reach
	}
	return false
}

// dropPlace returns where cowboy c would drop a token: the building it is in; else the
// gallows within reach; else, with rule take-outside, the ground where it stands.
func (g *Game) dropPlace(c int) (place PlaceKind, index int, pos physics.Vec, ok bool) {
	cb := &g.cowboys[c]
	switch {
	case cb.inside >= 0:
		return PlaceBuilding, cb.inside, physics.Vec{}, true
	case g.nearGallows(c):
		return PlaceGallows, 0, physics.Vec{}, true
	case g.lay.sc.Rules.TakeOutside && g.onTable(c):
		return PlaceGround, 0, g.piece(c).Pos, true
	}
	return 0, 0, physics.Vec{}, false
}

// samePile reports whether tokens a and b lie in the same place (a face-down pile).
func samePile(a, b *token) bool {
	if a.place != b.place {
		return false
	}
	switch a.place {
	case PlaceBuilding:
		return a.index == b.index
	case PlaceGround:
		return a.pos == b.pos
	}
	return true
}

// closedBuildings returns the set of buildings that carry a "not allowed" token, building b
// as bit b: closed for every building at once.
func (g *Game) closedBuildings() uint64 {
	var m uint64
	for _, t := range g.tokens {
		if t.kind == TokenNotAllowed && t.place == PlaceBuilding {
			m |= 1 << uint(t.index)
		}
	}
	return m
}

// closed reports whether building b carries a "not allowed" token.
func (g *Game) closed(b int) bool {
	for _, t := range g.tokens {
		if t.kind == TokenNotAllowed && t.place == PlaceBuilding && t.index == b {
			return true
		}
	}
	return false
}

// carries returns how many tokens of kind k cowboy c carries.
func (g *Game) carries(c int, k TokenKind) int {
	n := 0
	for _, id := range g.cowboys[c].inv {
		if id >= 0 && g.tokens[id].kind == k {
			n++
		}
	}
	return n
}

// pistols returns how many pistols cowboy c has: its own Colt and each Colt token.
func (g *Game) pistols(c int) int { return 1 + g.carries(c, TokenColt) }

// invFull reports whether cowboy c's two slots are taken.
func (g *Game) invFull(c int) bool {
	inv := g.cowboys[c].inv
	return inv[0] >= 0 && inv[1] >= 0
}
