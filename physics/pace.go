package physics

import "math"

// Pace returns a moving piece's part in the plan of the next step, by the rules of c: rest,
// the speed that decides whether it rests, in cm/s (its centre's speed, plus its rim's when
// it turns faster than RestSpin), and step, the longest step in s, at most dt, in which no
// point of it moves farther than its allowed travel (see [Config.StepTravel] and
// [Config.OpenTravel]). speed is its centre's speed in cm/s, spin its angular speed in rad/s
// and reach the distance of its farthest point from its centre in cm. far returns its
// centre's distance to the table's edge and its clearance to every other piece, in cm; it is
// called only when the open travel may apply. [Simulator] plans its steps with Pace, and so
// may a cheaper model of the same table.
func (c *Config) Pace(speed, spin, reach, dt float64, far func() (edge, clearance float64)) (rest, step float64) {
	rim := math.Abs(spin) * reach
	rest = speed
	if math.Abs(spin) > c.RestSpin {
		rest += rim
	}
	move := speed + rim
	if move == 0 {
		return rest, dt
	}
	travel := c.StepTravel
	if c.OpenTravel > travel && move*dt > travel {
		edge, clearance := far()
		travel = max(travel, min(c.OpenTravel, edge, clearance/2))
	}
	return rest, min(dt, travel/move)
}

// Ends reports whether a flick's run ends before the next step, and whether by the time cap:
// it ends once RestSteps consecutive steps have had a largest speed vmax below RestSpeed (quiet
// counts them: start it at 0, and call Ends once before each step), or else once now, the
// time simulated in s, reaches MaxTime.
func (c *Config) Ends(vmax, now float64, quiet *int) (end, capped bool) {
	if vmax < c.RestSpeed {
		*quiet++
	} else {
		*quiet = 0
	}
	if *quiet >= c.RestSteps {
		return true, false
	}
	if now >= c.MaxTime {
		return true, true
	}
	return false, false
}
