package replay

import (
	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// Traceable is implemented by a game that runs its flicks through a [physics.Tracer]: the
// Flick 'em Up! env game created with option record ([RecordOption]). Tracer returns nil when
// the game does not record.
type Traceable interface {
	Tracer() *physics.Tracer
}

// Catalogued is implemented by a physics game that names its piece catalogue: a replay's
// header lists the shapes of its pieces, by name, for the viewer.
type Catalogued interface {
	Pieces() *physics.Catalogue
}

// Drawer is a game that says how a viewer draws it: a [Recorder] writes its [draw.Drawing] in
// each replay's header, and the viewer draws the game from it and from the game's view.
type Drawer interface {
	// Drawing returns the game's drawing description, as it stands after a reset.
	Drawing() draw.Drawing
}

// Describer is implemented by a game that can describe an action in words, for the labels of
// a replay ("shoot right at 240 cm/s"). DescribeAction is called before the action is
// applied, must not change the game, and does not keep a.
type Describer interface {
	DescribeAction(a env.Action) string
}
