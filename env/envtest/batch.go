package envtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// fieldLen is the actual and expected length of a batch field.
type fieldLen struct {
	name      string
	got, want int
}

// checkBatch checks the invariants every batch of v must satisfy; where
// says which call produced it. With deep, it also checks each running
// game's read-only methods and JSON view.
func checkBatch(t *testing.T, v *env.Vector, b *env.Batch, where string, deep bool) {
	t.Helper()
	spec := v.Spec()
	c := v.Config()
	n, p, o, m := v.NumEnvs(), spec.NumPlayers, spec.ObsSize(), spec.MaskSize()
	lengths := []fieldLen{
		{"EnvID", len(b.EnvID), n},
		{"Obs", len(b.Obs), n * o},
		{"Reward", len(b.Reward), n * p},
		{"Terminated", len(b.Terminated), n},
		{"Truncated", len(b.Truncated), n},
		{"CurrentPlayer", len(b.CurrentPlayer), n},
		{"Mask", len(b.Mask), n * m},
		{"StateHash", len(b.StateHash), n},
		{"Episode", len(b.Episode), n},
		{"Illegal", len(b.Illegal), n},
		{"EpisodeReturn", len(b.EpisodeReturn), n * p},
		{"EpisodeLength", len(b.EpisodeLength), n},
	}
	if c.Autoreset == env.SameStep {
		lengths = append(lengths,
			fieldLen{"FinalObs", len(b.FinalObs), n * o},
			fieldLen{"FinalStateHash", len(b.FinalStateHash), n})
	} else if b.FinalObs != nil || b.FinalStateHash != nil {
		t.Fatalf("%s: FinalObs/FinalStateHash set in %v mode", where, c.Autoreset)
	}
	for _, l := range lengths {
		if l.got != l.want {
			t.Fatalf("%s: len(Batch.%s) = %d, want %d", where, l.name, l.got, l.want)
		}
	}
	if b.NumEnvs != n || b.NumPlayers != p || b.ObsSize != o || b.MaskSize != m {
		t.Fatalf("%s: batch sizes %d/%d/%d/%d, want %d/%d/%d/%d", where, b.NumEnvs, b.NumPlayers, b.ObsSize, b.MaskSize, n, p, o, m)
	}
	low, high := make([]float32, o), make([]float32, o)
	spec.ObsBounds(low, high)
	obs := make([]float32, o)
	for i := range n {
		if b.EnvID[i] != int32(i) {
			t.Errorf("%s: EnvID[%d] = %d", where, i, b.EnvID[i])
		}
		if b.Terminated[i] && b.Truncated[i] {
			t.Errorf("%s: env %d both terminated and truncated", where, i)
		}
		if cp := b.CurrentPlayer[i]; cp < 0 || int(cp) >= p {
			t.Fatalf("%s: env %d: CurrentPlayer %d outside [0, %d)", where, i, cp, p)
		}
		for k, x := range b.ObsAt(i) {
			if !finite(x) || x < low[k] || x > high[k] {
				t.Errorf("%s: env %d: obs[%d] (%s) = %g outside [%g, %g]", where, i, k, obsName(spec, k), x, low[k], high[k])
			}
		}
		for k, x := range b.RewardAt(i) {
			if !finite(x) {
				t.Errorf("%s: env %d: reward[%d] = %g", where, i, k, x)
			}
		}
		if !b.Done(i) && (b.EpisodeLength[i] != 0 || slices.ContainsFunc(b.EpisodeReturn[i*p:(i+1)*p], func(x float32) bool { return x != 0 })) {
			t.Errorf("%s: env %d: episode statistics on a row that did not end", where, i)
		}
		if b.Done(i) && b.EpisodeLength[i] < 0 {
			t.Errorf("%s: env %d: EpisodeLength %d", where, i, b.EpisodeLength[i])
		}
		g := v.Game(i)
		if h := g.Hash(); h != b.StateHash[i] {
			t.Errorf("%s: env %d: StateHash %#x, game hash %#x", where, i, b.StateHash[i], h)
		}
		viewer := int(b.CurrentPlayer[i])
		if c.View == env.SingleAgent {
			viewer = 0
		}
		g.Observe(obs, viewer)
		if !bitsEqual(obs, b.ObsAt(i)) {
			t.Errorf("%s: env %d: batch obs differs from Observe(%d)", where, i, viewer)
		}
		if ignored(b, c.Autoreset, i) {
			continue
		}
		// The env runs: its mask must offer a legal move.
		mask := b.MaskAt(i)
		for h, hd := range spec.Heads {
			off := spec.MaskOffset(h)
			if !slices.Contains(mask[off:off+hd.N], true) {
				t.Fatalf("%s: env %d: head %q has no legal value", where, i, hd.Name)
			}
		}
		if c.View == env.SingleAgent && viewer != int(b.CurrentPlayer[i]) {
			t.Errorf("%s: env %d: single-agent view returned with seat %d to move", where, i, b.CurrentPlayer[i])
		}
		def := spec.NewAction()
		g.DefaultAction(def)
		if err := spec.Check(def, mask); err != nil {
			t.Fatalf("%s: env %d: DefaultAction %v not allowed: %v", where, i, def, err)
		}
		if err := g.Validate(def); err != nil {
			t.Fatalf("%s: env %d: DefaultAction %v rejected by Validate: %v", where, i, def, err)
		}
		if deep {
			checkReadOnly(t, g, spec, where, i)
		}
	}
}

// checkReadOnly checks that the read-only methods of a running game leave
// its state (hash) unchanged, are repeatable, and that its JSON view is a
// valid JSON object.
func checkReadOnly(t *testing.T, g env.Game, spec *env.Spec, where string, i int) {
	t.Helper()
	before := g.Hash()
	o1, o2 := make([]float32, spec.ObsSize()), make([]float32, spec.ObsSize())
	for p := range spec.NumPlayers {
		g.Observe(o1, p)
		g.Observe(o2, p)
		if !bitsEqual(o1, o2) {
			t.Errorf("%s: env %d: two Observe(%d) calls differ", where, i, p)
		}
	}
	m1, m2 := make([]bool, spec.MaskSize()), make([]bool, spec.MaskSize())
	for k := range m2 {
		m2[k] = k%2 == 0 // garbage: Mask must write every entry
	}
	g.Mask(m1)
	g.Mask(m2)
	if !slices.Equal(m1, m2) {
		t.Errorf("%s: env %d: Mask does not write every entry or is not repeatable", where, i)
	}
	_ = g.Validate(spec.NewAction())
	js, err := g.MarshalJSON()
	if err != nil {
		t.Errorf("%s: env %d: MarshalJSON: %v", where, i, err)
	} else if !json.Valid(js) || !bytes.HasPrefix(bytes.TrimSpace(js), []byte("{")) {
		t.Errorf("%s: env %d: MarshalJSON is not a JSON object: %.200s", where, i, js)
	}
	if after := g.Hash(); after != before {
		t.Errorf("%s: env %d: read-only methods changed the hash %#x -> %#x", where, i, before, after)
	}
}

// digest hashes every field of a batch, bit for bit.
func digest(b *env.Batch) uint64 {
	var h env.Hasher
	for _, x := range b.Obs {
		h.Float32(x)
	}
	for _, x := range b.Reward {
		h.Float32(x)
	}
	for i := range b.NumEnvs {
		h.Bool(b.Terminated[i])
		h.Bool(b.Truncated[i])
		h.Int(int(b.CurrentPlayer[i]))
		h.Uint64(b.StateHash[i])
		h.Uint64(b.Episode[i])
		h.Bool(b.Illegal[i])
		h.Int(int(b.EpisodeLength[i]))
	}
	for _, x := range b.Mask {
		h.Bool(x)
	}
	for _, x := range b.EpisodeReturn {
		h.Float32(x)
	}
	for _, x := range b.FinalObs {
		h.Float32(x)
	}
	for _, x := range b.FinalStateHash {
		h.Uint64(x)
	}
	return h.Sum()
}

// diffRow returns a description of the first difference between row i of
// a and row j of b in the fields that describe a state (obs, mask, player,
// hash, episode), or "" if they are equal.
func diffRow(a *env.Batch, i int, b *env.Batch, j int) string {
	switch {
	case !bitsEqual(a.ObsAt(i), b.ObsAt(j)):
		return fmt.Sprintf("obs %v vs %v", a.ObsAt(i), b.ObsAt(j))
	case !slices.Equal(a.MaskAt(i), b.MaskAt(j)):
		return fmt.Sprintf("mask %v vs %v", a.MaskAt(i), b.MaskAt(j))
	case a.CurrentPlayer[i] != b.CurrentPlayer[j]:
		return fmt.Sprintf("current player %d vs %d", a.CurrentPlayer[i], b.CurrentPlayer[j])
	case a.StateHash[i] != b.StateHash[j]:
		return fmt.Sprintf("state hash %#x vs %#x", a.StateHash[i], b.StateHash[j])
	case a.Episode[i] != b.Episode[j]:
		return fmt.Sprintf("episode %d vs %d", a.Episode[i], b.Episode[j])
	}
	return ""
}

// diffOutcome returns a description of the first difference between row i
// of a and row j of b in the fields that describe a transition (reward,
// flags, episode statistics), or "".
func diffOutcome(a *env.Batch, i int, b *env.Batch, j int) string {
	p := a.NumPlayers
	switch {
	case !bitsEqual(a.RewardAt(i), b.RewardAt(j)):
		return fmt.Sprintf("reward %v vs %v", a.RewardAt(i), b.RewardAt(j))
	case a.Terminated[i] != b.Terminated[j] || a.Truncated[i] != b.Truncated[j]:
		return fmt.Sprintf("terminated/truncated %v/%v vs %v/%v", a.Terminated[i], a.Truncated[i], b.Terminated[j], b.Truncated[j])
	case a.EpisodeLength[i] != b.EpisodeLength[j]:
		return fmt.Sprintf("episode length %d vs %d", a.EpisodeLength[i], b.EpisodeLength[j])
	case !bitsEqual(a.EpisodeReturn[i*p:(i+1)*p], b.EpisodeReturn[j*p:(j+1)*p]):
		return fmt.Sprintf("episode return %v vs %v", a.EpisodeReturn[i*p:(i+1)*p], b.EpisodeReturn[j*p:(j+1)*p])
	}
	return ""
}

// obsName names observation entry k: "field[j]".
func obsName(spec *env.Spec, k int) string {
	for _, f := range spec.Obs {
		if k < f.Size {
			return fmt.Sprintf("%s[%d]", f.Name, k)
		}
		k -= f.Size
	}
	return "?"
}

// bitsEqual reports whether a and b hold the same float32 bits.
func bitsEqual(a, b []float32) bool {
	return slices.EqualFunc(a, b, func(x, y float32) bool { return math.Float32bits(x) == math.Float32bits(y) })
}

// finite reports whether x is neither NaN nor infinite.
func finite(x float32) bool { return !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) }
