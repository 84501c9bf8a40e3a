package flickemup_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// baseTown is a small test scenario: a saloon on the west side facing east (door middle at
// (20,45)), an undertaker on the east side facing west (door middle at (70,45)), one lawman
// and one outlaw. Tests append lines to it.
const baseTown = `scenario test
title Test town
story A town for tests.
start hour=6
initiative cowboy=lawmen:1
building kind=saloon x=20 y=45 facing=0 door=6 depth=10
building kind=undertaker x=70 y=45 facing=180 door=6 depth=10
`

// baseCowboys are the default cowboys of baseTown.
const baseCowboys = `cowboy id=lawmen:1 x=40 y=20 facing=90 hp=3
cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3
`

// baseVictory are the default victory conditions of baseTown.
const baseVictory = `victory last-team-standing
victory noon-hp
`

// mustParse parses scenario text or fails the test.
func mustParse(t testing.TB, text string) *flickemup.Scenario {
	t.Helper()
	sc, err := flickemup.Parse("test.scn", []byte(text))
	if err != nil {
		t.Fatalf("Parse:\n%v\n--- text:\n%s", err, text)
	}
	return sc
}

// town returns baseTown with extra lines, the default cowboys unless cowboys is non-empty,
// and the default victory conditions unless the extra lines give some.
func town(cowboys string, extra ...string) string {
	if cowboys == "" {
		cowboys = baseCowboys
	}
	x := strings.Join(extra, "\n") + "\n"
	v := baseVictory
	if strings.Contains(x, "victory ") {
		v = ""
	}
	return baseTown + cowboys + x + v
}

// touch is one contact of a scripted flick with piece Piece, at At (the rest point if zero).
type touch struct {
	Piece int
	At    physics.Vec
}

// script is one scripted flick outcome. A flick with a Stopper runs in a straight line from
// its start to To, and stops where the Stopper says.
type script struct {
	To    physics.Vec         // where the flicked piece comes to rest
	Off   bool                // the flicked piece leaves the table
	Touch []touch             // contacts of the flicked piece, in order
	Falls []physics.Fall      // figures knocked over; By -1 means the flicked piece
	Push  map[int]physics.Vec // other pieces displaced to these positions
	Offs  []int               // other pieces sent off the table
}

// scripted is a Table that plays scripted outcomes in order and records the flicks.
type scripted struct {
	t      testing.TB
	steps  []script
	flicks []physics.Flick
	starts []physics.Vec // where each flicked piece lay when flicked
	states []*physics.State
}

var errNoScript = errors.New("test: no scripted outcome left")

// Flick implements flickemup.Table.
func (s *scripted) Flick(st *physics.State, f physics.Flick, _ *rand.Rand) (physics.Outcome, error) {
	s.flicks = append(s.flicks, f)
	s.starts = append(s.starts, st.Pieces[f.Piece].Pos)
	s.states = append(s.states, st.Clone())
	if err := st.Validate(flickemup.Pieces); err != nil {
		s.t.Errorf("flick on an invalid state: %v", err)
	}
	if len(s.steps) == 0 {
		return physics.Outcome{}, errNoScript
	}
	sc := s.steps[0]
	s.steps = s.steps[1:]
	out := physics.Outcome{Velocity: f.Velocity}
	p := f.Piece
	from := st.Pieces[p].Pos
	st.Pieces[p].Pos = sc.To
	if f.Stop != nil && !sc.Off {
		// The piece runs in a straight line to sc.To; the Stopper sees it every 0.1 cm.
		d := sc.To.Sub(from)
		n := int(d.Len()/0.1) + 1
		for k := 1; k <= n; k++ {
			at := from.Add(d.Scale(float64(k) / float64(n)))
			if f.Stop.Stop(at) {
				out.Stopped = true
				st.Pieces[p].Pos, st.Pieces[p].Off = at, true
				break
			}
		}
	}
	if sc.Off {
		st.Pieces[p].Off = true
		out.Off = append(out.Off, p)
	}
	for _, tc := range sc.Touch {
		at := tc.At
		if at == (physics.Vec{}) {
			at = sc.To
		}
		a, b := p, tc.Piece
		if a > b {
			a, b = b, a
		}
		out.Contacts = append(out.Contacts, physics.Contact{A: a, B: b, Point: at})
	}
	for _, fl := range sc.Falls {
		if fl.By < 0 {
			fl.By = p
		}
		st.Pieces[fl.Piece].Fallen = true
		out.Falls = append(out.Falls, fl)
	}
	for i, to := range sc.Push {
		st.Pieces[i].Pos = to
	}
	for _, i := range sc.Offs {
		st.Pieces[i].Off = true
		st.Pieces[i].Pos = physics.Vec{X: -5, Y: st.Pieces[i].Pos.Y}
		out.Off = append(out.Off, i)
	}
	return out, nil
}

// newScripted starts a game of scenario text on a scripted table with the given outcomes.
func newScripted(t testing.TB, text string, players int, steps ...script) (*flickemup.Game, *scripted) {
	t.Helper()
	tab := &scripted{t: t, steps: steps}
	o := flickemup.DefaultOptions()
	o.Players = players
	o.Table = tab
	g, err := flickemup.New(flickemup.GameConfig{Scenario: mustParse(t, text), Options: o})
	if err != nil {
		t.Fatal(err)
	}
	return g, tab
}

// apply applies a or fails the test; it also checks the invariants.
func apply(t testing.TB, g *flickemup.Game, a flickemup.Action) {
	t.Helper()
	if err := g.Apply(a); err != nil {
		t.Fatalf("Apply(%v): %v", a, err)
	}
	if err := g.Validate(); err != nil {
		t.Fatalf("after %v: %v", a, err)
	}
}

// sel selects cowboy n of the current team.
func sel(t testing.TB, g *flickemup.Game, n int) {
	t.Helper()
	apply(t, g, flickemup.Action{Kind: flickemup.ActSelect, Cowboy: n})
}

// cowboyView returns the view of cowboy id.
func cowboyView(t testing.TB, g *flickemup.Game, id string) flickemup.CowboyView {
	t.Helper()
	for _, c := range g.View().Cowboys {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no cowboy %s", id)
	return flickemup.CowboyView{}
}

// piece returns the piece index of cowboy id.
func piece(t testing.TB, g *flickemup.Game, id string) int {
	t.Helper()
	return cowboyView(t, g, id).Piece
}

// pieceOf returns the index of the k-th piece (0-based) of kind k.
func pieceOf(t testing.TB, g *flickemup.Game, kind physics.Kind, k int) int {
	t.Helper()
	for i, p := range g.State().Pieces {
		if p.Kind == kind {
			if k == 0 {
				return i
			}
			k--
		}
	}
	t.Fatalf("no piece %v #%d", kind, k)
	return -1
}

// pos returns the position of piece i.
func pos(g *flickemup.Game, i int) physics.Vec { return g.State().Pieces[i].Pos }

// building returns the view of building kind.
func building(t testing.TB, g *flickemup.Game, kind string) flickemup.BuildingView {
	t.Helper()
	for _, b := range g.View().Buildings {
		if b.Kind == kind {
			return b
		}
	}
	t.Fatalf("no building %s", kind)
	return flickemup.BuildingView{}
}

// v is shorthand for a vector.
func v(x, y float64) physics.Vec { return physics.Vec{X: x, Y: y} }

// defaultEnv returns the env of the default configuration.
func defaultEnv(t testing.TB) *flickemup.Env {
	t.Helper()
	e, err := flickemup.NewEnv(flickemup.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	return e
}
