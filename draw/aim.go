package draw

// Aim describes the flick that one legal action of a flicking game makes, so that a person
// can aim it by hand (the viewer's play mode): the page draws an arrow from the flicked
// piece, as long as the flick is fast, up to the game's fastest flick, and sends back the
// velocity. It is data, built by the game for the action of the seat to move.
type Aim struct {
	// From is where the flicked piece starts, in view coordinates (cm).
	From [2]float64 `json:"from"`
	// MaxSpeed is the fastest flick, in cm/s: the physics clips a faster one after its
	// execution noise.
	MaxSpeed float64 `json:"max_speed"`
	// Facing says that the action also sets the piece's facing afterwards (a Flick 'em Up!
	// move), in radians of the view's frame.
	Facing bool `json:"facing,omitempty"`
	// Label names the flick without its velocity ("move", "shoot left rifle").
	Label string `json:"label"`
}
