package replay_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/replay"
)

// lines is a Sink that keeps what it receives.
type lines struct{ got [][]byte }

func (l *lines) Line(b []byte) { l.got = append(l.got, b) }

func TestRecorder_Race(t *testing.T) {
	g, err := race.Factory(nil)
	if err != nil {
		t.Fatal(err)
	}
	sink := &lines{}
	rec := replay.NewRecorder(g, replay.Config{Seed: &replay.Seed{Key: 9, Episode: 2}, Players: []string{"a", "b"}, Title: "race", Sink: sink})
	if rec.Replay() != nil {
		t.Error("Replay before Reset is not nil")
	}
	if _, err := rec.Step(g.Spec().NewAction()); err == nil {
		t.Error("Step before Reset succeeded")
	}
	if err := rec.Reset(env.EpisodeRand(9, 2)); err != nil {
		t.Fatal(err)
	}
	spec := rec.Spec()
	act := spec.NewAction()
	mask := make([]bool, spec.MaskSize())
	obs := make([]float32, spec.ObsSize())
	rng := rand.New(rand.NewPCG(1, 2))
	var status env.Status
	for status == env.Running {
		p := rec.CurrentPlayer()
		rec.Mask(mask)
		rec.Observe(obs, p)
		if err := (env.RandomPolicy{}).Act(act, env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: rec.Game()}, rng); err != nil {
			t.Fatal(err)
		}
		if status, err = rec.Step(act); err != nil {
			t.Fatal(err)
		}
	}
	r := rec.Replay()
	h := r.Header
	if h.Game != race.ID || h.Format != replay.Format || h.Title != "race" || h.Seed.Key != 9 || h.Seed.Episode != 2 || len(h.Heads) != len(spec.Heads) || len(h.Dims) != len(spec.Dims) {
		t.Errorf("header %+v", h)
	}
	if r.End == nil || r.End.Status != "terminated" || r.End.Steps != len(r.Steps) || r.End.Hash != replay.Hash(g.Hash()) {
		t.Fatalf("end %+v, want terminated after %d steps with the game's hash", r.End, len(r.Steps))
	}
	out := make([]float32, spec.NumPlayers)
	g.Outcome(out)
	got := make([]float32, spec.NumPlayers)
	rec.Outcome(got)
	for p := range out {
		if out[p] != r.End.Outcome[p] || out[p] != got[p] {
			t.Errorf("outcome of seat %d: game %v, recorder %v, end line %v", p, out[p], got[p], r.End.Outcome[p])
		}
	}
	// Every view rebuilt from the patches is the game's view at that point: check the last.
	view := h.View
	for _, s := range r.Steps {
		if view, err = replay.Patch(view, s.View); err != nil {
			t.Fatal(err)
		}
	}
	final, _ := g.MarshalJSON()
	if normal(t, string(view)) != normal(t, string(final)) {
		t.Errorf("the patched views end at %s, the game's view is %s", view, final)
	}
	// The live lines are the file's lines.
	data, err := replay.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if want := bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")); len(want) != len(sink.got) {
		t.Errorf("the sink got %d lines, the file has %d", len(sink.got), len(want))
	} else {
		for i := range want {
			if !bytes.Equal(want[i], sink.got[i]) {
				t.Errorf("line %d: sink %s, file %s", i, sink.got[i], want[i])
				break
			}
		}
	}
	// Finish after the end keeps the end and adds the note.
	rec.Finish("a note")
	if r := rec.Replay(); r.End.Status != "terminated" || r.End.Note != "a note" {
		t.Errorf("after Finish: %+v", r.End)
	}
	// A new Reset starts a new replay, with a new header on the sink.
	if err := rec.Reset(env.EpisodeRand(9, 3)); err != nil {
		t.Fatal(err)
	}
	if r := rec.Replay(); len(r.Steps) != 0 || r.End != nil {
		t.Errorf("after a new Reset: %d steps, end %v", len(r.Steps), r.End)
	}
	var last struct{ Type string }
	json.Unmarshal(sink.got[len(sink.got)-1], &last)
	if last.Type != replay.TypeHeader {
		t.Errorf("the sink's last line is a %q, want a header", last.Type)
	}
}

func TestRecorder_Finish(t *testing.T) {
	g, _ := race.Factory(nil)
	rec := replay.NewRecorder(g, replay.Config{})
	rec.Finish("nothing") // before Reset: nothing happens
	if err := rec.Reset(env.EpisodeRand(1, 0)); err != nil {
		t.Fatal(err)
	}
	act := g.Spec().NewAction()
	g.DefaultAction(act)
	if _, err := rec.Step(act); err != nil {
		t.Fatal(err)
	}
	rec.Finish("turn limit")
	r := rec.Replay()
	if r.End == nil || r.End.Status != "stopped" || r.End.Note != "turn limit" || r.End.Steps != 1 {
		t.Errorf("end %+v, want stopped after 1 step with the note", r.End)
	}
	if r.Header.Seed != nil {
		t.Errorf("seed %+v, want none", r.Header.Seed)
	}
}

func TestWrap(t *testing.T) {
	g, _ := race.Factory(nil)
	if _, ok := replay.Wrap(g, replay.Config{}).(env.Shaper); !ok {
		t.Error("Wrap of a Shaper is not a Shaper")
	}
	if _, ok := replay.Wrap(noShaping{g}, replay.Config{}).(env.Shaper); ok {
		t.Error("Wrap of a game without shaping is a Shaper")
	}
	// A Vector whose env 0 records runs, shaping included, and env 0's replay follows it.
	sink := &lines{}
	first := true
	f := func(opts env.Options) (env.Game, error) {
		g, err := race.Factory(opts)
		if err == nil && first {
			first = false
			g = replay.Wrap(g, replay.Config{Sink: sink})
		}
		return g, err
	}
	vec, err := env.NewVector(f, env.Config{NumEnvs: 3, Shaping: 0.5, Workers: 1, Illegal: env.ReplaceIllegal})
	if err != nil {
		t.Fatal(err)
	}
	defer vec.Close()
	b, err := vec.Reset(7)
	if err != nil {
		t.Fatal(err)
	}
	acts := vec.Spec().NewActions(3)
	rng := rand.New(rand.NewPCG(3, 4))
	steps := 0
	for !b.Done(0) {
		spec := vec.Spec()
		for i := range 3 {
			// a random value allowed by the mask for each head; a joint rule it breaks is
			// replaced by the Vector
			a, mask := acts.At(spec, i), b.MaskAt(i)
			for h, hd := range spec.Heads {
				off := spec.MaskOffset(h)
				for {
					if v := rng.IntN(hd.N); mask[off+v] {
						a.Discrete[h] = int32(v)
						break
					}
				}
			}
			for d, dim := range spec.Dims {
				a.Continuous[d] = dim.Low + rng.Float32()*(dim.High-dim.Low)
			}
		}
		if b, err = vec.Step(acts); err != nil {
			t.Fatal(err)
		}
		steps++
	}
	if want := 1 + steps + 1; len(sink.got) != want {
		t.Errorf("env 0 sent %d lines for %d steps, want %d (header, steps, end)", len(sink.got), steps, want)
	}
}

// noShaping hides the shaping reward of a game.
type noShaping struct{ env.Game }

// The Flick 'em Up! env game records its flicks and describes its actions.
var (
	_ replay.Traceable  = (*flickemup.Env)(nil)
	_ replay.Describer  = (*flickemup.Env)(nil)
	_ replay.Catalogued = (*flickemup.Env)(nil)
)
