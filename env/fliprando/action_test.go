package fliprando

import (
	"errors"
	"testing"

	"github.com/flickarena/flickarena/env"
)

func TestActionBlocks(t *testing.T) {
	seen := map[Action]string{}
	add := func(a Action, name string) {
		if prev, ok := seen[a]; ok {
			t.Errorf("%s and %s share index %d", prev, name, a)
		}
		seen[a] = name
	}
	add(Pass, "pass")
	for i := range NumTiles {
		add(TileAction(i), "tile")
	}
	for i := range NumTracks {
		add(JokerAction(i), "joker")
		add(OwnTrackAction(i), "own")
		for rel := 1; rel <= 4; rel++ {
			add(OppTrackAction(rel, i), "opp")
		}
	}
	for i := range NumDirs {
		add(DirAction(i), "dir")
	}
	for i := range 3 {
		add(PairAction(i), "pair")
	}
	for i := range NumCards {
		add(CardAction(i), "card")
	}
	if len(seen) != NumActions {
		t.Errorf("%d distinct actions, want %d", len(seen), NumActions)
	}
	for a := range seen {
		if int(a) >= NumActions {
			t.Errorf("index %d out of range", a)
		}
	}
}

// FuzzDecodeAction: decoding any input either fails with an error wrapping
// env.ErrIllegalAction, or gives an action in range that encodes back to
// the same input.
func FuzzDecodeAction(f *testing.F) {
	for _, v := range []int32{0, 1, 45, 111, 112, -1, 1 << 30} {
		f.Add(v, uint8(1), uint8(0))
	}
	f.Add(int32(3), uint8(2), uint8(0))
	f.Add(int32(3), uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, v int32, nd, nc uint8) {
		src := env.Action{Discrete: make([]int32, nd%4), Continuous: make([]float32, nc%3)}
		if len(src.Discrete) > 0 {
			src.Discrete[0] = v
		}
		a, err := DecodeAction(src)
		valid := len(src.Discrete) == 1 && len(src.Continuous) == 0 && v >= 0 && v < NumActions
		if !valid {
			if err == nil || !errors.Is(err, env.ErrIllegalAction) {
				t.Fatalf("decode %v: error %v, want ErrIllegalAction", src, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("decode %v: %v", src, err)
		}
		dst := env.Action{Discrete: make([]int32, 1)}
		if err := EncodeAction(dst, a); err != nil || dst.Discrete[0] != v {
			t.Fatalf("round trip %d -> %v -> %v (%v)", v, a, dst.Discrete, err)
		}
		// Whatever it decodes to, a game's Check never panics on it.
		g, _ := New(playersConfig(3))
		_ = g.Check(a)
	})
}

// FuzzApply: any sequence of action bytes, applied to a dealt game, is
// either rejected without a change or applied, and the state always
// passes Validate.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(3), []byte{1, 1, 1, 0, 1, 12, 13, 14})
	f.Add(uint64(7), uint8(5), []byte{6, 6, 6, 6, 6, 0, 5, 7, 12, 15, 12})
	f.Fuzz(func(t *testing.T, seed uint64, n uint8, as []byte) {
		g, err := New(Config{Players: 2 + int(n%4), Seed: seed, FirstPlayer: -1})
		if err != nil {
			t.Fatal(err)
		}
		for _, b := range as {
			before := *g
			if err := g.Apply(Action(b)); err != nil {
				if !errors.Is(err, env.ErrIllegalAction) || *g != before {
					t.Fatalf("%v: error %v, or the state changed", Action(b), err)
				}
				// Fall back on a legal action so that games progress.
				if l := g.Legal(nil); len(l) > 0 {
					if err := g.Apply(l[int(b)%len(l)]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if err := g.Validate(); err != nil {
				t.Fatal(err)
			}
		}
	})
}
