package replay

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// Format is the version tag of the replay format this package writes and reads. A change that
// an older reader could misread bumps the number.
const Format = "flickarena-replay/1"

// FrameInterval is the interval between recorded trajectory frames, in s of simulated time:
// 60 frames per simulated second, enough to animate a flick smoothly at normal speed (the
// default of physics.Tracer).
const FrameInterval = physics.TraceInterval

// Fixed-point scales of the compact trajectory encoding: a position x in cm is written as the
// integer round(x·PosScale), an angle in radians as round(a·AngleScale), a time in s as
// round(t·TimeScale). So positions are kept to 0.1 mm, angles to 1 mrad and times to 0.1 ms;
// the exact values are covered by [Flick].Digest.
const (
	PosScale   = 100
	AngleScale = 1000
	TimeScale  = 10000
)

// Record types: the "type" field of each line of a replay file.
const (
	TypeHeader = "header"
	TypeStep   = "step"
	TypeEnd    = "end"
)

// ErrFormat is wrapped by the errors of [Read] for input that is not a replay this package
// can read: another format version, a missing header, a malformed line.
var ErrFormat = errors.New("replay: bad format")

// ErrTooLarge is wrapped by the errors of [Read] for a replay larger than [MaxBytes] or with a
// line longer than [MaxLineBytes] (after decompression). It wraps [ErrFormat].
var ErrTooLarge = fmt.Errorf("%w: too large", ErrFormat)

// MaxBytes is the largest replay [Read] accepts, in bytes of JSON lines after decompression.
// A showdown between aiming bots takes about 155 kB (see the package doc); a gzip bomb stops
// here instead of filling the memory.
const MaxBytes = 64 << 20

// MaxLineBytes is the longest line [Read] accepts, in bytes (a step of a showdown takes a
// few kB).
const MaxLineBytes = 4 << 20

// Replay is one recorded game: how it was set up, its opening position, and every action
// with what it did. It is plain data, encoded as JSON lines by [Write].
type Replay struct {
	// Header is the set-up and the opening position.
	Header Header
	// Steps are the actions applied, in order.
	Steps []Step
	// End is how the game ended, or nil when the recording stopped before its end.
	End *End
}

// Header is the first line of a replay.
type Header struct {
	// Type is TypeHeader.
	Type string `json:"type"`
	// Format is [Format].
	Format string `json:"format"`
	// Game is the versioned game id, e.g. "flickemup/showdown-v9".
	Game string `json:"game"`
	// Options are the game's creation options, as passed to its factory (the recording
	// option included).
	Options env.Options `json:"options,omitempty"`
	// Seed says how the game's random stream was seeded, or nil when the recorder was not
	// told (such a replay can be watched but not verified).
	Seed *Seed `json:"seed,omitempty"`
	// Players names who played each seat (bot names), when known.
	Players []string `json:"players,omitempty"`
	// Title is a free caption, such as the tournament game's key.
	Title string `json:"title,omitempty"`
	// Heads and Dims describe the action space, for labels: see [env.Spec].
	Heads []Head `json:"heads"`
	Dims  []Dim  `json:"dims"`
	// FrameInterval is the interval between recorded frames, in s of simulated time.
	FrameInterval float64 `json:"frame_interval"`
	// Table is the size of the play area, in cm, when the game plays on a physics table
	// ([physics.Tracer]).
	Table *Size `json:"table,omitempty"`
	// Pieces describes the outline of every piece kind of the game's catalogue
	// ([Catalogued]), by kind name, so that a viewer draws the table to scale; null for a
	// game without pieces.
	Pieces map[string]draw.PieceShape `json:"pieces"`
	// Drawing says how a viewer draws the game, when the game says ([Drawer]).
	Drawing *draw.Drawing `json:"drawing,omitempty"`
	// View is the game's structured view right after the reset ([env.Game] MarshalJSON).
	View json.RawMessage `json:"view"`
	// Hash is the game's state hash right after the reset.
	Hash Hash `json:"hash"`
}

// Seed rebuilds the game's random stream: [env.EpisodeRand](Key, Episode) is the generator
// the game was reset with.
type Seed struct {
	// Key is the env key (an arena game's seed, or [env.EnvKey] of a pool's seed and index).
	Key uint64 `json:"key,string"`
	// Episode is the episode number under that key, from 0.
	Episode uint64 `json:"episode"`
}

// Size is the size of the play area, in cm: it spans (0,0) to (Width,Height).
type Size struct {
	Width  float64 `json:"width"`
	Height float64 `json:"height"`
}

// Head is one discrete part of the action space: its name and the names of its values.
type Head struct {
	Name   string   `json:"name"`
	Values []string `json:"values,omitempty"`
}

// Dim is one continuous part of the action space: its name and unit.
type Dim struct {
	Name string `json:"name"`
	Unit string `json:"unit,omitempty"`
}

// Step is one applied action: a line of type TypeStep.
type Step struct {
	// Type is TypeStep.
	Type string `json:"type"`
	// Index is the step's number, from 0.
	Index int `json:"i"`
	// Player is the seat that acted.
	Player int `json:"player"`
	// Action is the action, in the game's native action space.
	Action Action `json:"action"`
	// Label describes the action in words, when the game can ([Describer]).
	Label string `json:"label,omitempty"`
	// Status is the episode status after the step: "running", "terminated" or "truncated".
	Status string `json:"status"`
	// Hash is the game's state hash after the step.
	Hash Hash `json:"hash"`
	// View is the change of the game's view made by the step, as a patch of the previous
	// view (see [Diff]); null when nothing visible changed.
	View json.RawMessage `json:"view"`
	// Flicks are the flicks the step simulated, in order (none for a discrete action).
	Flicks []Flick `json:"flicks,omitempty"`
}

// Action is an [env.Action] as data.
type Action struct {
	// Discrete holds one value per head.
	Discrete []int32 `json:"d"`
	// Continuous holds one value per dim, in the dim's unit.
	Continuous []float32 `json:"c"`
}

// Flick is one flick of a step, from its start to rest, in the fixed-point units of
// PosScale, AngleScale and TimeScale.
//
// The table before the flick is the table after the previous flick of the replay (every
// piece off the table before the first) changed by Start and Hide; then each frame moves the
// pieces it lists. A frame lists only the pieces whose fixed-point position or angle changed
// since the frame before, so that a piece at rest costs nothing.
type Flick struct {
	// Piece is the index of the flicked piece.
	Piece int `json:"piece"`
	// Asked is the velocity asked for, and Velocity the one given after the execution noise
	// and the speed limit, in cm/s·PosScale.
	Asked    [2]int64 `json:"asked"`
	Velocity [2]int64 `json:"v"`
	// Start lists [piece, x, y, angle] for every piece on the table at the start of the
	// flick whose place differs from the end of the previous flick (or that was off).
	Start [][4]int64 `json:"start"`
	// Hide lists the pieces on the table at the end of the previous flick and off it at the
	// start of this one.
	Hide []int `json:"hide,omitempty"`
	// Frames are the sampled instants after the start: [t, piece, x, y, angle, piece, x, y,
	// angle, …].
	Frames [][]int64 `json:"frames"`
	// Contacts lists the first touch of each pair: [a, b, t, x, y].
	Contacts [][5]int64 `json:"contacts,omitempty"`
	// Falls lists the figures knocked over: [piece, by, t].
	Falls [][3]int64 `json:"falls,omitempty"`
	// Off lists the pieces that left the table: [piece, t] (t is the first frame without it).
	Off [][2]int64 `json:"off,omitempty"`
	// Time is the simulated time until rest, and Steps the number of physics steps.
	Time  int64 `json:"t"`
	Steps int   `json:"steps"`
	// Capped reports that the simulated time cap ended the flick.
	Capped bool `json:"capped,omitempty"`
	// Digest is the FNV-1a hash of every recorded frame's exact values (time, then each
	// piece's x, y and angle, as IEEE-754 bits): it proves that a replayed trajectory is
	// identical bit for bit, not only to the fixed-point precision.
	Digest Hash `json:"digest"`
}

// End is the last line of a replay of a finished game.
type End struct {
	// Type is TypeEnd.
	Type string `json:"type"`
	// Status is the status of the last step: "terminated", "truncated", or "stopped" when
	// the game was ended from outside (a turn limit, a bot's fault).
	Status string `json:"status"`
	// Outcome is each seat's final result (+1 win, -1 loss, 0 draw with two seats; with
	// more, the game's terminal reward, such as Flip' Rando's by rank), when the rules ended
	// the game.
	Outcome []float32 `json:"outcome,omitempty"`
	// Note says in words how the game ended, when the recorder was told.
	Note string `json:"note,omitempty"`
	// Steps is the number of steps recorded.
	Steps int `json:"steps"`
	// Hash is the game's final state hash.
	Hash Hash `json:"hash"`
}

// Hash is a 64-bit hash, written in JSON as 16 hexadecimal digits (JavaScript numbers cannot
// hold 64 bits).
type Hash uint64

// MarshalJSON writes h as a quoted 16-digit hexadecimal string.
func (h Hash) MarshalJSON() ([]byte, error) {
	return []byte(fmt.Sprintf(`"%016x"`, uint64(h))), nil
}

// UnmarshalJSON reads a quoted hexadecimal string.
func (h *Hash) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return fmt.Errorf("replay: hash: %w", err)
	}
	v, err := strconv.ParseUint(s, 16, 64)
	if err != nil {
		return fmt.Errorf("replay: hash %q: %w", s, err)
	}
	*h = Hash(v)
	return nil
}

// String returns the 16-digit hexadecimal form.
func (h Hash) String() string { return fmt.Sprintf("%016x", uint64(h)) }

// pieceShapes returns the outline of every piece kind of catalogue c, by name (nil for nil).
func pieceShapes(c *physics.Catalogue) map[string]draw.PieceShape {
	if c == nil {
		return nil
	}
	m := make(map[string]draw.PieceShape)
	for _, k := range c.Kinds() {
		s := c.Spec(k)
		ps := draw.PieceShape{Shape: s.Shape.String(), Radius: s.Radius, HalfLength: s.HalfLength, HalfWidth: s.HalfWidth, Height: s.Height, Topples: s.Topples}
		m[c.Name(k)] = ps
	}
	return m
}
