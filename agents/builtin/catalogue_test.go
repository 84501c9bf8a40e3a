package builtin_test

import (
	"math/rand/v2"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/builtin"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/env/race"
)

// TestCatalogue: every entry makes a fresh bot under its own name with a version, the names are
// unique and sorted by Names, and Help mentions each.
func TestCatalogue(t *testing.T) {
	seen := map[string]bool{}
	for _, e := range builtin.Entries() {
		if seen[e.Name] {
			t.Errorf("%q listed twice", e.Name)
		}
		seen[e.Name] = true
		b, err := builtin.New(e.Name)
		if err != nil {
			t.Fatalf("New(%q): %v", e.Name, err)
		}
		if b.Name() != e.Name || b.Version() == "" {
			t.Errorf("New(%q) = name %q version %q", e.Name, b.Name(), b.Version())
		}
		if !strings.Contains(builtin.Help(), e.Name+" ") {
			t.Errorf("Help does not mention %q", e.Name)
		}
	}
	names := builtin.Names()
	if len(names) != len(seen) {
		t.Errorf("Names() = %v, want the %d entries", names, len(seen))
	}
	for i := 1; i < len(names); i++ {
		if names[i-1] >= names[i] {
			t.Errorf("Names() not sorted: %v", names)
		}
	}
}

func TestNew_Unknown(t *testing.T) {
	_, err := builtin.New("alphago")
	if err == nil || !strings.Contains(err.Error(), `unknown built-in bot "alphago"`) || !strings.Contains(err.Error(), "random") {
		t.Fatalf("New(alphago) = %v, want an error listing the known bots", err)
	}
}

// games are the factories of the games the catalogue's bots are entered in, by the label
// their entries' Games name them by (bygame.On's label). A new game's bots need its factory
// here: TestBots_PlayTheirGames fails on a label this table lacks.
var games = map[string]env.Factory{
	"flickemup": flickemup.Factory,
	"flickago":  flickago.Factory,
	"race":      race.Factory,
	"fliprando": fliprando.Factory,
}

// TestBots_PlayTheirGames: every bot plays legal actions for the first decisions of every game
// its entry says it plays (a bot for any game: every game of the table above).
func TestBots_PlayTheirGames(t *testing.T) {
	for _, e := range builtin.Entries() {
		for _, name := range e.Games {
			if games[name] == nil {
				t.Errorf("%s plays %s, a game the table games of agents/builtin/catalogue_test.go lacks: add its factory there", e.Name, name)
			}
		}
		for name, factory := range games {
			if len(e.Games) > 0 && !slices.Contains(e.Games, name) {
				continue
			}
			t.Run(e.Name+"/"+name, func(t *testing.T) {
				b, err := builtin.New(e.Name)
				if err != nil {
					t.Fatal(err)
				}
				g, err := factory(nil)
				if err != nil {
					t.Fatal(err)
				}
				if err := g.Reset(env.EpisodeRand(11, 0)); err != nil {
					t.Fatal(err)
				}
				spec := g.Spec()
				act := spec.NewAction()
				obs, mask := make([]float32, spec.ObsSize()), make([]bool, spec.MaskSize())
				for i := range 6 {
					p := g.CurrentPlayer()
					g.Observe(obs, p)
					g.Mask(mask)
					if err := b.Act(act, env.Turn{Spec: spec, Player: p, Obs: obs, Mask: mask, Game: g}, rand.New(rand.NewPCG(uint64(i), 9))); err != nil {
						t.Fatalf("decision %d: %v", i, err)
					}
					st, err := g.Step(act)
					if err != nil {
						t.Fatalf("decision %d: %v refused: %v", i, act, err)
					}
					if st != env.Running {
						break
					}
				}
			})
		}
	}
}

// TestDoc_NamesEveryEntry checks that the list of the catalogue's bots in agents/doc.go (the
// sentence "The catalogue agents/builtin names them ...: a, b, c.") is the catalogue's, so
// that the hand-written list cannot drift from it when a game adds its bots.
func TestDoc_NamesEveryEntry(t *testing.T) {
	src, err := os.ReadFile("../doc.go")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(string(src), "\n// ", " ")
	m := regexp.MustCompile(`The catalogue agents/builtin names them[^:]*: ([a-z0-9, -]+)\.`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("agents/doc.go has no sentence \"The catalogue agents/builtin names them ...: a, b.\"")
	}
	var listed []string
	for _, n := range strings.Split(m[1], ",") {
		listed = append(listed, strings.TrimSpace(n))
	}
	slices.Sort(listed)
	if want := builtin.Names(); !slices.Equal(listed, want) {
		t.Errorf("agents/doc.go lists %v, the catalogue has %v", listed, want)
	}
}
