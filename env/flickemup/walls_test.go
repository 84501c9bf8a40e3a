package flickemup_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// TestLeavesByDoor: for a bullet shot from behind the saloon at a cowboy in each direction of
// a fan, LeavesByDoor says whether the shot gets out of the building, and the rules agree: the
// cowboy is hit exactly when it does (without noise, nothing else in the way). Left out:
// directions within 1° of where the answer changes (the rules judge the run in steps), and
// runs that leave over a support block, which the physics deflects by contact.
func TestLeavesByDoor(t *testing.T) {
	from := v(10.9, 46) // the left bullet spot behind the saloon
	out, walled := 0, 0
	for deg := -85; deg <= 85; deg += 5 {
		dir := physics.Polar(1, float64(deg)*math.Pi/180)
		target := from.Add(dir.Scale(25))
		cowboys := "cowboy id=lawmen:1 in=saloon hp=3\n" +
			fmt.Sprintf("cowboy id=outlaws:1 x=%.3f y=%.3f hp=3\n", target.X, target.Y)
		g := newPerfect(t, town(cowboys))
		b := building(t, g, "saloon")
		door := flickemup.NewDoor(b.Left, b.Right, 10)
		st := g.State()
		leaves := flickemup.LeavesByDoor(door, st, from, dir, 0.9)
		near := false
		for _, d := range []float64{-1, 1} {
			turned := physics.Polar(1, float64(deg+int(d))*math.Pi/180)
			near = near || flickemup.LeavesByDoor(door, st, from, turned, 0.9) != leaves
		}
		mid, along, front, width := door.Frame(st)
		rel := from.Sub(mid)
		exit := rel.Dot(along) + dir.Dot(along)*(0.9-rel.Dot(front))/dir.Dot(front)
		if near || (leaves && math.Abs(exit)+0.9 > width/2) {
			continue
		}
		sel(t, g, 1)
		apply(t, g, flickemup.Action{Kind: flickemup.ActShoot, Side: flickemup.SideLeft, Velocity: dir.Scale(250)})
		hit := g.HitPoints(mustID(t, "outlaws:1")) < 3
		if hit != leaves {
			t.Errorf("shot at %d°: LeavesByDoor %v, hit %v", deg, leaves, hit)
		}
		if leaves {
			out++
		} else {
			walled++
		}
	}
	if out < 3 || walled < 3 {
		t.Errorf("the fan has %d shots out and %d into the walls: want both kinds", out, walled)
	}
}
