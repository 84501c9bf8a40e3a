package env

import "fmt"

// FlickFormat is the form a flicking game's native action gives its flick in: the creation
// option "flick" ([FlickOptionSpec]) of flickago-v3 and flickemup/* chooses it.
type FlickFormat uint8

// The flick formats.
const (
	// FlickVelocity, the default, gives the flick as its velocity: dims "vx", "vy" in cm/s,
	// egocentric.
	FlickVelocity FlickFormat = iota
	// FlickAim gives the flick as where it should stop: dims "x", "y", the target point in
	// the observation's normalised egocentric coordinates, and "push" in [0, 1]. The game
	// flicks the piece towards the target at the speed that the table's friction brings to
	// rest there (sqrt(2·μ·g·d) for a target d cm away), plus push times the speed left up
	// to the maximum: push 0 stops on the target (on a free table, before noise), push 1
	// flicks at the maximum speed.
	FlickAim
)

// FlickKey is the key of the creation option that chooses the flick format.
const FlickKey = "flick"

// flickNames are the option's values, by format.
var flickNames = [...]string{FlickVelocity: "velocity", FlickAim: "aim"}

// String returns the format's option value: "velocity" or "aim".
func (f FlickFormat) String() string {
	if int(f) < len(flickNames) {
		return flickNames[f]
	}
	return fmt.Sprintf("FlickFormat(%d)", uint8(f))
}

// FlickOptionSpec returns the spec of the option "flick": "velocity" (the default) or "aim".
func FlickOptionSpec() OptionSpec {
	return OptionSpec{
		Key: FlickKey, Type: OptionString, Choices: []string{flickNames[FlickVelocity], flickNames[FlickAim]}, Default: FlickVelocity.String(),
		Doc: "the flick's form in the action: velocity (dims vx, vy in cm/s) or aim (dims x, y: the egocentric target point where the flicked piece stops, in the observation's normalised coordinates; push in [0, 1]: the share of the speed beyond stopping there, up to the maximum)",
	}
}

// ParseFlickFormat returns the format named s ("velocity" or "aim").
func ParseFlickFormat(s string) (FlickFormat, error) {
	for f, name := range flickNames {
		if s == name {
			return FlickFormat(f), nil
		}
	}
	return 0, fmt.Errorf("env: flick format %q: want velocity or aim", s)
}
