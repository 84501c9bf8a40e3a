package flickbench_test

import (
	"math"
	"testing"

	"github.com/flickarena/flickarena/benchmarks/flickbench"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestStream checks that two streams draw the same flicks, alternating bullets and movement
// discs placed beside a lawman, aimed within 45° of north at 50 to 300 cm/s.
func TestStream(t *testing.T) {
	a, b := flickbench.NewStream(), flickbench.NewStream()
	sa, sb := flickbench.Scene(), flickbench.Scene()
	town, _ := flickemup.Town()
	for i := range 200 {
		fa, fb := a.Next(sa), b.Next(sb)
		if fa != fb || sa.Pieces[fa.Piece] != sb.Pieces[fb.Piece] {
			t.Fatalf("flick %d: streams differ: %+v at %+v, %+v at %+v", i, fa, sa.Pieces[fa.Piece], fb, sb.Pieces[fb.Piece])
		}
		if fa.Piece != len(town.Pieces) {
			t.Fatalf("flick %d flicks piece %d, want the extra slot %d", i, fa.Piece, len(town.Pieces))
		}
		d := sa.Pieces[fa.Piece]
		want := flickemup.KindBullet
		if i%2 == 1 {
			want = flickemup.KindMovementDisc
		}
		speed, off := fa.Velocity.Len(), math.Abs(fa.Velocity.Angle()-math.Pi/2)
		if d.Kind != want || d.Off || speed < 50 || speed > 300 || off > math.Pi/4 || d.Pos.Y != 8 {
			t.Errorf("flick %d: %v at %v, velocity %v (%.1f cm/s, %.2f rad off north)", i, d.Kind, d.Pos, fa.Velocity, speed, off)
		}
	}
}
