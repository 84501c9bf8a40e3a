package catalogue_test

import (
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/internal/catalogue"
	"github.com/flickarena/flickarena/replay"
)

// TestGames_Hooks checks that every registered game, with default options, implements the
// optional hooks that the viewer and the arena's reports need: a drawing (replay.Drawer,
// valid, one seat per seat of the game) so that the viewer draws it, seat names
// (env.SeatNamer) and scores (env.Scorer) so that `arena balance` names and scores its seats,
// and its declared options (env.OptionDeclarer).
func TestGames_Hooks(t *testing.T) {
	reg, err := catalogue.Registry()
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range reg.IDs() {
		g, err := reg.New(id, nil)
		if err != nil {
			t.Errorf("%s: %v", id, err)
			continue
		}
		d, ok := g.(replay.Drawer)
		if !ok {
			t.Errorf("%s (%T) is not a replay.Drawer: the viewer cannot draw it", id, g)
		} else {
			dr := d.Drawing()
			if err := dr.Validate(); err != nil {
				t.Errorf("%s: drawing: %v", id, err)
			}
			if len(dr.Seats) != g.Spec().NumPlayers {
				t.Errorf("%s: drawing has %d seats, game %d", id, len(dr.Seats), g.Spec().NumPlayers)
			}
		}
		if s, ok := g.(env.SeatNamer); !ok {
			t.Errorf("%s (%T) is not an env.SeatNamer", id, g)
		} else if len(s.SeatNames()) != g.Spec().NumPlayers {
			t.Errorf("%s: seat names %v for %d seats", id, s.SeatNames(), g.Spec().NumPlayers)
		}
		if _, ok := g.(env.Scorer); !ok {
			t.Errorf("%s (%T) is not an env.Scorer", id, g)
		}
		if _, ok := g.(env.OptionDeclarer); !ok {
			t.Errorf("%s (%T) is not an env.OptionDeclarer", id, g)
		}
	}
}
