package flickemup_test

import (
	"math"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// slideDecel is how fast the table slows a sliding disc, in cm/s²: μ·g with the movement
// disc's and the bullet's table friction (0.3) and g = 981 cm/s².
const slideDecel = 0.3 * 981

// speedFor returns the flick speed that slides a disc d cm before it stops, in cm/s.
func speedFor(d float64) float64 { return math.Sqrt(2 * slideDecel * math.Max(d, 0)) }

// randomAction picks a legal action: first a kind, uniformly among the legal kinds, then one
// of its templates; it fills in the flick. Most flicks aim at something useful (an opposing
// cowboy for a shot, a door, a token or a random spot for a move) with the speed needed to get
// there; the rest go anywhere.
func randomAction(g *flickemup.Game, rng *rand.Rand, buf []flickemup.Action) flickemup.Action {
	legal := g.Legal(buf[:0])
	var kinds []flickemup.ActionKind
	for _, a := range legal {
		if len(kinds) == 0 || kinds[len(kinds)-1] != a.Kind {
			kinds = append(kinds, a.Kind)
		}
	}
	k := kinds[rng.IntN(len(kinds))]
	if k == flickemup.ActEndTurn && len(kinds) > 1 && rng.IntN(2) == 0 {
		k = kinds[rng.IntN(len(kinds))] // end turns early less often
	}
	var pick []flickemup.Action
	for _, a := range legal {
		if a.Kind == k {
			pick = append(pick, a)
		}
	}
	a := pick[rng.IntN(len(pick))]
	switch a.Kind {
	case flickemup.ActMove, flickemup.ActShoot, flickemup.ActDuel, flickemup.ActThrow:
	default:
		return a
	}
	a.Facing = rng.Float64()*2*math.Pi - math.Pi
	a.Velocity = physics.Polar(20+rng.Float64()*200, rng.Float64()*2*math.Pi)
	if rng.IntN(4) == 0 {
		return a
	}
	v := g.View()
	var from physics.Vec
	inside := ""
	me := flickemup.Lawmen
	for _, c := range v.Cowboys {
		if c.ID == v.Actor {
			from, inside = physics.Vec{X: c.X, Y: c.Y}, c.Inside
			me, _ = flickemup.PlayerTeam(v.Player)
		}
	}
	var home *flickemup.BuildingView
	for i := range v.Buildings {
		if v.Buildings[i].Kind == inside {
			home = &v.Buildings[i]
		}
	}
	if home != nil {
		// From inside, everything leaves through the door: start from behind it.
		front := physics.Polar(1, home.Facing*math.Pi/180)
		from = physics.Vec{X: home.DoorX, Y: home.DoorY}.Sub(front.Scale(home.Depth - 1.5))
	}
	var targets []physics.Vec
	extra := 0.0
	switch a.Kind {
	case flickemup.ActMove:
		if home != nil {
			front := physics.Polar(1, home.Facing*math.Pi/180)
			targets = append(targets, physics.Vec{X: home.DoorX, Y: home.DoorY}.Add(front.Scale(4+rng.Float64()*20)))
			break
		}
		for _, b := range v.Buildings {
			front := physics.Polar(1, b.Facing*math.Pi/180)
			targets = append(targets, physics.Vec{X: b.DoorX, Y: b.DoorY}.Sub(front.Scale(2)))
		}
		for _, tv := range v.Tokens {
			if tv.Place == "ground" {
				targets = append(targets, physics.Vec{X: tv.X, Y: tv.Y}.Add(physics.Polar(2.5, rng.Float64()*2*math.Pi)))
			}
		}
		for _, p := range v.Pieces {
			if p.Kind == "gallows" {
				targets = append(targets, physics.Vec{X: p.X, Y: p.Y}.Add(physics.Polar(4.5, rng.Float64()*2*math.Pi)))
			}
		}
		targets = append(targets, physics.Vec{X: 5 + rng.Float64()*80, Y: 5 + rng.Float64()*80})
	default:
		for _, c := range v.Cowboys {
			id, _ := flickemup.ParseCowboyID(c.ID)
			if c.Alive && c.Inside == "" && id.Team != me {
				targets = append(targets, physics.Vec{X: c.X, Y: c.Y})
			}
		}
		if a.Kind != flickemup.ActThrow {
			extra = 15 // a bullet must still be fast when it arrives
		}
	}
	if len(targets) == 0 {
		return a
	}
	to := targets[rng.IntN(len(targets))]
	d := to.Sub(from)
	if d.Len() == 0 {
		return a
	}
	a.Velocity = physics.Polar(speedFor(d.Len()+extra), d.Angle())
	return a
}
