package bygame_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/bygame"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
)

// other is a second concrete game type: a Race under another name.
type other struct{ *race.Env }

// fake is a policy that writes its mark into the first head and counts its calls.
type fake struct {
	version string
	mark    int32
	calls   int
	players []int
}

func (f *fake) Version() string { return f.version }

func (f *fake) Act(dst env.Action, t env.Turn, _ *rand.Rand) error {
	f.calls++
	f.players = append(f.players, t.Player)
	dst.Discrete[0] = f.mark
	return nil
}

func newRace(t *testing.T) *race.Env {
	t.Helper()
	g, err := race.NewEnv(race.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Reset(env.EpisodeRand(1, 0)); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestBot_Act(t *testing.T) {
	raceEnv := newRace(t)
	tests := []struct {
		name      string
		game      env.Game
		wantMark  int32
		wantRace  int // calls of the race policy
		wantOther int
	}{
		{"Race", raceEnv, 1, 1, 0},
		{"Other", other{raceEnv}, 2, 0, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			pr, po := &fake{version: "3", mark: 1}, &fake{version: "7/4x2", mark: 2}
			b := bygame.New("mixed", bygame.On[*race.Env]("race", pr), bygame.On[other]("other", po))
			spec := raceEnv.Spec()
			a := spec.NewAction()
			turn := env.Turn{Spec: spec, Player: 1, Game: tc.game}
			if err := b.Act(a, turn, rand.New(rand.NewPCG(1, 2))); err != nil {
				t.Fatal(err)
			}
			if a.Discrete[0] != tc.wantMark || pr.calls != tc.wantRace || po.calls != tc.wantOther {
				t.Errorf("mark %d, calls race %d other %d; want %d, %d, %d", a.Discrete[0], pr.calls, po.calls, tc.wantMark, tc.wantRace, tc.wantOther)
			}
			for _, f := range []*fake{pr, po} {
				for _, p := range f.players {
					if p != 1 {
						t.Errorf("the policy saw player %d, want 1 (the turn unchanged)", p)
					}
				}
			}
		})
	}
}

func TestBot_Unsupported(t *testing.T) {
	raceEnv := newRace(t)
	b := bygame.New("solo", bygame.On[other]("other", &fake{version: "1"}))
	spec := raceEnv.Spec()
	err := b.Act(spec.NewAction(), env.Turn{Spec: spec, Game: raceEnv}, rand.New(rand.NewPCG(1, 2)))
	if !errors.Is(err, bygame.ErrUnsupported) {
		t.Fatalf("error %v, want ErrUnsupported", err)
	}
	want := "solo cannot play " + spec.ID + " (it plays other)"
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error %q does not say %q", err, want)
	}
	if p := b.Policy(raceEnv); p != nil {
		t.Errorf("Policy(race) = %v, want nil", p)
	}
}

func TestBot_Identity(t *testing.T) {
	b := bygame.New("aimer", bygame.On[*race.Env]("race", &fake{version: "1"}), bygame.On[other]("other", &fake{version: "2/8x5"}))
	if b.Name() != "aimer" {
		t.Errorf("Name = %q", b.Name())
	}
	if got, want := b.Version(), "race=1,other=2/8x5"; got != want {
		t.Errorf("Version = %q, want %q", got, want)
	}
	if got := strings.Join(b.Games(), " "); got != "race other" {
		t.Errorf("Games = %q", got)
	}
}

func TestNew_Panics(t *testing.T) {
	ok := bygame.On[*race.Env]("race", &fake{version: "1"})
	tests := []struct {
		name   string
		bot    string
		routes []bygame.Route
	}{
		{"NoName", "", []bygame.Route{ok}},
		{"NoRoute", "x", nil},
		{"BadLabel", "x", []bygame.Route{bygame.On[*race.Env]("a,b", &fake{})}},
		{"EmptyLabel", "x", []bygame.Route{bygame.On[*race.Env]("", &fake{})}},
		{"NilPolicy", "x", []bygame.Route{bygame.On[*race.Env]("race", nil)}},
		{"ZeroRoute", "x", []bygame.Route{{}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			bygame.New(tc.bot, tc.routes...)
		})
	}
}

// wrapped is a game wrapping another, as a replay recorder does: an env.Unwrapper.
type wrapped struct{ env.Game }

func (w wrapped) Unwrap() env.Game { return w.Game }

// TestBot_ActWrapped: a wrapped game (a recorded one) is routed by the type of the game it
// wraps, and the policy receives the bare game, twice wrapped or not.
func TestBot_ActWrapped(t *testing.T) {
	raceEnv := newRace(t)
	var seen env.Game
	pr := &fake{version: "3", mark: 1}
	b := bygame.New("both", bygame.On[*race.Env]("race", recordGame{pr, &seen}))
	for _, g := range []env.Game{wrapped{raceEnv}, wrapped{wrapped{raceEnv}}} {
		if b.Policy(g) == nil {
			t.Fatalf("Policy(%T) = nil, want the race policy", g)
		}
		dst := raceEnv.Spec().NewAction()
		if err := b.Act(dst, env.Turn{Spec: raceEnv.Spec(), Player: 0, Game: g}, rand.New(rand.NewPCG(1, 2))); err != nil {
			t.Fatalf("Act on %T: %v", g, err)
		}
		if seen != env.Game(raceEnv) {
			t.Errorf("the policy saw %T, want the bare *race.Env", seen)
		}
	}
}

// recordGame is a policy that records the game of the turn it is given.
type recordGame struct {
	*fake
	seen *env.Game
}

func (r recordGame) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	*r.seen = t.Game
	return r.fake.Act(dst, t, rng)
}
