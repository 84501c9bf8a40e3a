package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// Sink receives a replay while it is recorded, one line at a time: the header at each reset,
// then each step, then the end. A live viewer is a Sink. Line is called on the goroutine
// that steps the game, so it must return quickly (never wait for a network client); line
// is the record's JSON encoding without the newline, and the Sink may keep it (it is never
// modified afterwards).
type Sink interface {
	Line(line []byte)
}

// Config says what a [Recorder] writes besides what it reads from the game.
type Config struct {
	// Options are the game's creation options, written in the header so that a player can
	// create the same game again.
	Options env.Options
	// Seed says how the game is seeded; nil when unknown. [Recorder.SetSeed] changes it
	// between episodes.
	Seed *Seed
	// Players names the bot of each seat, when known.
	Players []string
	// Title is a free caption for the header.
	Title string
	// Sink, if not nil, receives every line as it is recorded.
	Sink Sink
}

// Recorder is an [env.Game] that plays the game it wraps and records it: each Reset starts a
// new replay (the header, with the view after the reset), each Step adds the action, the
// change of the view, the state hash and, when the game is [Traceable] and records, the
// trajectories of the flicks it made. Rules-ended episodes get their end line at once;
// [Recorder.Finish] ends one that was stopped from outside.
//
// The Recorder passes every call through; give bots the wrapped game (Recorder.Game), not the
// Recorder, when they may type-assert it. Like any Game it is used from one goroutine at a
// time; [Recorder.Replay] may be called from another.
type Recorder struct {
	g    env.Game
	spec *env.Spec

	mu     sync.Mutex // guards cfg and rec below (Replay and SetSeed read them from elsewhere)
	cfg    Config
	rec    *Replay         // the replay being recorded, nil before the first Reset
	view   json.RawMessage // the view after the last step, to diff the next one against
	table  table           // the table at the end of the last flick
	result []float32       // the outcome of a terminated episode
}

// NewRecorder returns a Recorder of game g.
func NewRecorder(g env.Game, cfg Config) *Recorder {
	return &Recorder{g: g, spec: g.Spec(), cfg: cfg}
}

// Wrap returns a recorder of g as an [env.Game] for a Vector: a *Recorder, or one that also
// passes [env.Shaper] through when g implements it.
func Wrap(g env.Game, cfg Config) env.Game {
	r := NewRecorder(g, cfg)
	if _, ok := g.(env.Shaper); ok {
		return shapedRecorder{r}
	}
	return r
}

// shapedRecorder is a Recorder of a game with a shaping reward.
type shapedRecorder struct{ *Recorder }

// Shaping passes the call to the wrapped game.
func (s shapedRecorder) Shaping(dst []float32) { s.g.(env.Shaper).Shaping(dst) }

// Game returns the wrapped game.
func (r *Recorder) Game() env.Game { return r.g }

// Unwrap implements [env.Unwrapper]: it returns the recorded game, so that a bot that reads
// the concrete game (through env.Unwrap) plays a recorded game as it plays the bare one.
func (r *Recorder) Unwrap() env.Game { return r.g }

// SetSeed sets the seed written in the header of the next replay (at the next Reset).
func (r *Recorder) SetSeed(s *Seed) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cfg.Seed = s
}

// Replay returns a copy of the replay being recorded (or just finished), or nil before the
// first Reset.
func (r *Recorder) Replay() *Replay {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.rec == nil {
		return nil
	}
	c := *r.rec
	c.Steps = slices.Clone(r.rec.Steps)
	if r.rec.End != nil {
		e := *r.rec.End
		c.End = &e
	}
	return &c
}

// Spec passes the call through.
func (r *Recorder) Spec() *env.Spec { return r.spec }

// CurrentPlayer passes the call through.
func (r *Recorder) CurrentPlayer() int { return r.g.CurrentPlayer() }

// Mask passes the call through.
func (r *Recorder) Mask(dst []bool) { r.g.Mask(dst) }

// Validate passes the call through.
func (r *Recorder) Validate(a env.Action) error { return r.g.Validate(a) }

// DefaultAction passes the call through.
func (r *Recorder) DefaultAction(dst env.Action) { r.g.DefaultAction(dst) }

// Observe passes the call through.
func (r *Recorder) Observe(dst []float32, player int) { r.g.Observe(dst, player) }

// Hash passes the call through.
func (r *Recorder) Hash() uint64 { return r.g.Hash() }

// MarshalJSON passes the call through.
func (r *Recorder) MarshalJSON() ([]byte, error) { return r.g.MarshalJSON() }

// Outcome writes the outcome of the episode that the last Step terminated.
func (r *Recorder) Outcome(dst []float32) { copy(dst, r.result) }

// pieces returns the game's piece catalogue, or nil if it names none.
func (r *Recorder) pieces() *physics.Catalogue {
	if c, ok := r.g.(Catalogued); ok {
		return c.Pieces()
	}
	return nil
}

// tracer returns the game's tracer, or nil.
func (r *Recorder) tracer() *physics.Tracer {
	if t, ok := r.g.(Traceable); ok {
		return t.Tracer()
	}
	return nil
}

// Reset resets the game and starts a new replay.
func (r *Recorder) Reset(rng *rand.Rand) error {
	tr := r.tracer()
	if tr != nil {
		tr.Begin()
	}
	err := r.g.Reset(rng)
	if tr != nil {
		tr.Take()
	}
	if err != nil {
		return err
	}
	view, err := r.g.MarshalJSON()
	if err != nil {
		return fmt.Errorf("replay: view after reset: %w", err)
	}
	view = compact(view)
	r.mu.Lock()
	cfg := r.cfg
	h := Header{
		Type: TypeHeader, Format: Format, Game: r.spec.ID, Options: cfg.Options, Players: cfg.Players,
		Title: cfg.Title, FrameInterval: FrameInterval, Pieces: pieceShapes(r.pieces()), View: view, Hash: Hash(r.g.Hash()),
		Heads: []Head{}, Dims: []Dim{},
	}
	if cfg.Seed != nil {
		s := *cfg.Seed
		h.Seed = &s
	}
	if tr != nil {
		t := tr.Table()
		h.Table = &Size{Width: t.Width, Height: t.Height}
	}
	if d, ok := r.g.(Drawer); ok {
		dr := d.Drawing()
		h.Drawing = &dr
	}
	for _, hd := range r.spec.Heads {
		h.Heads = append(h.Heads, Head{Name: hd.Name, Values: hd.Values})
	}
	for _, d := range r.spec.Dims {
		h.Dims = append(h.Dims, Dim{Name: d.Name, Unit: d.Unit})
	}
	r.rec = &Replay{Header: h}
	r.view = view
	r.table.reset()
	r.result = nil
	r.mu.Unlock()
	r.emit(h)
	return nil
}

// Step applies a and records it.
func (r *Recorder) Step(a env.Action) (env.Status, error) {
	if r.rec == nil {
		return 0, errors.New("replay: step before reset")
	}
	st := Step{
		Type: TypeStep, Index: len(r.rec.Steps), Player: r.g.CurrentPlayer(),
		Action: Action{Discrete: slices.Clone(a.Discrete), Continuous: slices.Clone(a.Continuous)},
	}
	if st.Action.Discrete == nil {
		st.Action.Discrete = []int32{}
	}
	if st.Action.Continuous == nil {
		st.Action.Continuous = []float32{}
	}
	if d, ok := r.g.(Describer); ok {
		st.Label = d.DescribeAction(a)
	}
	tr := r.tracer()
	if tr != nil {
		tr.Begin()
	}
	status, err := r.g.Step(a)
	var traced []physics.Traced
	if tr != nil {
		traced = tr.Take()
	}
	if err != nil {
		return status, err
	}
	st.Status = status.String()
	st.Hash = Hash(r.g.Hash())
	view, verr := r.g.MarshalJSON()
	if verr != nil {
		return status, fmt.Errorf("replay: view after step %d: %w", st.Index, verr)
	}
	view = compact(view)
	patch, derr := Diff(r.view, view)
	if derr != nil {
		return status, derr
	}
	st.View = patch
	for i := range traced {
		st.Flicks = append(st.Flicks, r.table.encode(&traced[i]))
	}
	var end *End
	switch status {
	case env.Terminated:
		r.result = make([]float32, r.spec.NumPlayers)
		r.g.Outcome(r.result)
		end = &End{Type: TypeEnd, Status: st.Status, Outcome: slices.Clone(r.result), Steps: st.Index + 1, Hash: st.Hash}
	case env.Truncated:
		end = &End{Type: TypeEnd, Status: st.Status, Steps: st.Index + 1, Hash: st.Hash}
	}
	r.mu.Lock()
	r.view = view
	r.rec.Steps = append(r.rec.Steps, st)
	if end != nil {
		r.rec.End = end
	}
	r.mu.Unlock()
	r.emit(st)
	if end != nil {
		r.emit(end)
	}
	return status, nil
}

// Finish ends a replay that was stopped from outside (a turn limit, a bot's fault), with a
// note saying why, or adds the note to the end of a finished one. It does nothing before the
// first Reset.
func (r *Recorder) Finish(note string) {
	r.mu.Lock()
	if r.rec == nil {
		r.mu.Unlock()
		return
	}
	if r.rec.End != nil {
		r.rec.End.Note = note
		r.mu.Unlock()
		return
	}
	end := &End{Type: TypeEnd, Status: "stopped", Note: note, Steps: len(r.rec.Steps), Hash: Hash(r.g.Hash())}
	r.rec.End = end
	r.mu.Unlock()
	r.emit(end)
}

// emit sends one record to the sink.
func (r *Recorder) emit(v any) {
	if r.cfg.Sink == nil {
		return
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return // the records are plain data: they always encode
	}
	r.cfg.Sink.Line(bytes.TrimSuffix(buf.Bytes(), []byte("\n")))
}

// compact returns data without insignificant white space (data is valid JSON).
func compact(data []byte) json.RawMessage {
	var buf bytes.Buffer
	if err := json.Compact(&buf, data); err != nil {
		return data
	}
	return buf.Bytes()
}
