package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"

	"github.com/flickarena/flickarena/env"
)

// RecordOption is the creation option by which a game runs its flicks through a
// [physics.Tracer] ("record": "true"), so that its replays carry the flicks' trajectories.
// Games without flicks do not know it.
const RecordOption = "record"

// ErrNoSeed is returned by [Verify] and [Rebuild] for a replay whose header has no seed.
var ErrNoSeed = errors.New("replay: the replay does not say how the game was seeded")

// MismatchError reports a replayed game that does not reproduce its replay.
type MismatchError struct {
	// Step is the index of the first step that differs, or -1 for the opening position.
	Step int
	// Field names what differs: "hash", "status", "view", "flicks[k].digest", …
	Field string
	// Want is the recorded value and Got the replayed one, as JSON (possibly shortened).
	Want, Got string
}

// Error describes the mismatch.
func (e *MismatchError) Error() string {
	where := "the opening"
	if e.Step >= 0 {
		where = fmt.Sprintf("step %d", e.Step)
	}
	return fmt.Sprintf("replay: %s: %s differs: recorded %s, replayed %s", where, e.Field, e.Want, e.Got)
}

// Verify re-runs the actions of r through a fresh game created by reg with the header's game
// id, options and seed, and checks that it reproduces r exactly: the opening view and hash,
// then at every step the status, the state hash, the view and every flick (its fixed-point
// frames, contacts, falls and exits, and the digest of the exact values, so trajectories
// agree bit for bit), and the end. It returns nil, a *[MismatchError], or the error that
// stopped the game.
func Verify(reg *env.Registry, r *Replay) error {
	_, err := rerun(reg, r, r.Header.Options, true)
	return err
}

// Rebuild re-runs the actions of r through a fresh game created by reg with the header's
// options changed by set (nil changes nothing; an empty value removes an option), and returns
// the new recording. It checks that the state hash agrees with r's at every step, so the
// rebuilt replay is the same game: with set = {RecordOption: "true"} it adds the flicks'
// trajectories to a replay recorded without them.
func Rebuild(reg *env.Registry, r *Replay, set env.Options) (*Replay, error) {
	opts := maps.Clone(r.Header.Options)
	if opts == nil {
		opts = env.Options{}
	}
	for k, v := range set {
		if v == "" {
			delete(opts, k)
		} else {
			opts[k] = v
		}
	}
	if len(opts) == 0 {
		opts = nil
	}
	return rerun(reg, r, opts, false)
}

// rerun plays r's actions on a new game with options opts, recording it, and compares the
// new recording with r: everything when strict, the hashes only otherwise.
func rerun(reg *env.Registry, r *Replay, opts env.Options, strict bool) (*Replay, error) {
	h := &r.Header
	if h.Seed == nil {
		return nil, ErrNoSeed
	}
	g, err := reg.New(h.Game, opts)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	rec := NewRecorder(g, Config{Options: opts, Seed: h.Seed, Players: h.Players, Title: h.Title})
	if err := rec.Reset(env.EpisodeRand(h.Seed.Key, h.Seed.Episode)); err != nil {
		return nil, fmt.Errorf("replay: reset: %w", err)
	}
	got := rec.rec
	if got.Header.Hash != h.Hash {
		return nil, mismatch(-1, "hash", h.Hash, got.Header.Hash)
	}
	if strict && !bytes.Equal(got.Header.View, h.View) {
		return nil, mismatch(-1, "view", h.View, got.Header.View)
	}
	spec := g.Spec()
	mask := make([]bool, spec.MaskSize())
	for i := range r.Steps {
		want := &r.Steps[i]
		if got.End != nil {
			return nil, &MismatchError{Step: i, Field: "status", Want: `"running"`, Got: fmt.Sprintf("%q", got.End.Status)}
		}
		if p := g.CurrentPlayer(); p != want.Player {
			return nil, mismatch(i, "player", want.Player, p)
		}
		a := env.Action{Discrete: want.Action.Discrete, Continuous: want.Action.Continuous}
		g.Mask(mask)
		if err := spec.Check(a, mask); err != nil {
			return nil, fmt.Errorf("replay: step %d: %w", i, err)
		}
		if err := g.Validate(a); err != nil {
			return nil, fmt.Errorf("replay: step %d: %w", i, err)
		}
		if _, err := rec.Step(a); err != nil {
			return nil, fmt.Errorf("replay: step %d: %w", i, err)
		}
		if err := compareStep(want, &got.Steps[i], strict); err != nil {
			return nil, err
		}
	}
	if r.End != nil {
		if got.End == nil {
			// The game was stopped from outside; the replayed one is in the same state.
			rec.Finish(r.End.Note)
		} else {
			got.End.Note = r.End.Note
		}
		if strict {
			if err := equalJSON(-1, "end", r.End, got.End); err != nil {
				return nil, err
			}
		} else if got.End.Hash != r.End.Hash {
			return nil, mismatch(len(r.Steps), "hash", r.End.Hash, got.End.Hash)
		}
	}
	return rec.Replay(), nil
}

// compareStep compares a recorded step with its replay.
func compareStep(want, got *Step, strict bool) error {
	i := want.Index
	if want.Hash != got.Hash {
		return mismatch(i, "hash", want.Hash, got.Hash)
	}
	if want.Status != got.Status {
		return mismatch(i, "status", want.Status, got.Status)
	}
	if !strict {
		return nil
	}
	if !bytes.Equal(want.View, got.View) {
		return mismatch(i, "view", want.View, got.View)
	}
	if len(want.Flicks) != len(got.Flicks) {
		return mismatch(i, "number of flicks", len(want.Flicks), len(got.Flicks))
	}
	for k := range want.Flicks {
		w, g := &want.Flicks[k], &got.Flicks[k]
		if w.Digest != g.Digest {
			return mismatch(i, fmt.Sprintf("flicks[%d].digest", k), w.Digest, g.Digest)
		}
		if err := equalJSON(i, fmt.Sprintf("flicks[%d]", k), w, g); err != nil {
			return err
		}
	}
	return equalJSON(i, "step", want, got)
}

// equalJSON compares two records by their encodings.
func equalJSON(step int, field string, want, got any) error {
	w, err1 := json.Marshal(want)
	g, err2 := json.Marshal(got)
	if err := errors.Join(err1, err2); err != nil {
		return fmt.Errorf("replay: compare %s: %w", field, err)
	}
	if !bytes.Equal(w, g) {
		return &MismatchError{Step: step, Field: field, Want: shorten(w), Got: shorten(g)}
	}
	return nil
}

// mismatch builds a MismatchError from two values.
func mismatch(step int, field string, want, got any) *MismatchError {
	w, _ := json.Marshal(want)
	g, _ := json.Marshal(got)
	return &MismatchError{Step: step, Field: field, Want: shorten(w), Got: shorten(g)}
}

// shorten cuts long JSON for an error message.
func shorten(b []byte) string {
	const limit = 200
	if len(b) > limit {
		return string(b[:limit]) + "…"
	}
	return string(b)
}
