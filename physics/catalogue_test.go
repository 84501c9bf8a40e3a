package physics_test

import (
	"testing"

	"github.com/flickarena/flickarena/physics"
)

func TestShapeKind_String(t *testing.T) {
	for k, want := range map[physics.ShapeKind]string{physics.ShapeCircle: "circle", physics.ShapeBox: "box", physics.ShapeOctagon: "octagon", 0: "", 9: ""} {
		if got := k.String(); got != want {
			t.Errorf("ShapeKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}
