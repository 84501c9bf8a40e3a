package envtest

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// Engine is the engine convention (docs/adding-a-game.md, "The engine convention") as
// [RunEngine] checks it: the methods every rules engine has, G being the engine's own
// pointer type (*mygame.Game) and A its action. Apply is not in the interface, because a
// game may give it more arguments (see [EngineConfig].Apply).
type Engine[G any, A any] interface {
	// Current returns the seat to act.
	Current() int
	// Over reports whether the game is over.
	Over() bool
	// Legal appends the legal actions (physics games: their discrete skeletons) to dst.
	Legal(dst []A) []A
	// Check returns nil if a is legal now, else an error wrapping env.ErrIllegalAction.
	Check(a A) error
	// Clone returns a deep copy.
	Clone() G
	// Scores appends each seat's score now, in points, to dst.
	Scores(dst []float64) []float64
	// Validate checks the state's invariants.
	Validate() error
	// Hash returns a hash of the whole state.
	Hash() uint64
}

// EngineEnv is the env adapter's side of the engine convention: an [env.Game] that serves
// its engine to bots and translates engine actions of the seat to act to native actions and
// back.
type EngineEnv[G any, A any] interface {
	env.Game
	// Engine returns the rules engine, read only.
	Engine() G
	// EncodeAction writes engine action a of the seat to act into dst.
	EncodeAction(dst env.Action, a A) error
	// DecodeAction returns the engine action of native action src.
	DecodeAction(src env.Action) (A, error)
}

// EngineConfig says how [RunEngine] drives one game's engine.
type EngineConfig[G Engine[G, A], A any] struct {
	// NewEnv returns a new env adapter, not yet reset (RunEngine resets it). Required.
	NewEnv func() (EngineEnv[G, A], error)
	// Illegal returns an action that is illegal now (and, once the game is over, still
	// illegal). Required.
	Illegal func(g G) A
	// Play returns the action to play now, given the legal ones (never empty); a physics
	// game completes a skeleton with a random flick. Nil picks a legal action at random.
	Play func(g G, legal []A, rng *rand.Rand) A
	// Apply plays a on g. Nil calls g's own Apply(A) error (a game whose Apply takes more
	// arguments supplies it).
	Apply func(g G, a A) error
	// Seat returns the env seat of g's Current (a game with more players than seats maps
	// them). Nil means Current itself.
	Seat func(g G) int
	// Sentinel, if not nil, is the game's own illegal-action error, which every refusal
	// wraps besides env.ErrIllegalAction.
	Sentinel error
	// Probe, if not nil, returns more actions to try at each decision (legal or not): each
	// is accepted by Apply exactly when Check accepts it, and when refused it changes
	// nothing and is refused by EncodeAction too.
	Probe func(g G) []A
	// Final, if not nil, checks the game once it is over (or cut by MaxDecisions).
	Final func(g G) error
	// Seeds is the number of games played, from seeds 0, 1, ...; 0 means 4.
	Seeds int
	// MaxDecisions cuts a game after this many decisions; 0 means no cut.
	MaxDecisions int
}

// RunEngine plays cfg.Seeds random games of the engine behind cfg.NewEnv and checks the
// engine convention at every decision: Validate holds; the env's current player is the
// engine's seat; every legal action passes Check, encodes to a native action that decodes
// to an action passing Check and encoding back to the same discrete values; an illegal
// action is refused by Check, Apply and EncodeAction with an error wrapping
// env.ErrIllegalAction (and cfg.Sentinel), changing nothing; Clone is deep both ways;
// Scores has one score per seat. Once the game is over Legal is empty and an illegal action
// is still refused.
func RunEngine[G Engine[G, A], A any](t *testing.T, cfg EngineConfig[G, A]) {
	t.Helper()
	if cfg.NewEnv == nil || cfg.Illegal == nil {
		t.Fatal("envtest: RunEngine needs NewEnv and Illegal")
	}
	apply := cfg.Apply
	if apply == nil {
		apply = func(g G, a A) error {
			p, ok := any(g).(interface{ Apply(A) error })
			if !ok {
				return fmt.Errorf("envtest: %T has no Apply(%T) error: set EngineConfig.Apply", g, a)
			}
			return p.Apply(a)
		}
	}
	seat := cfg.Seat
	if seat == nil {
		seat = func(g G) int { return g.Current() }
	}
	play := cfg.Play
	if play == nil {
		play = func(_ G, legal []A, rng *rand.Rand) A { return legal[rng.IntN(len(legal))] }
	}
	seeds := cfg.Seeds
	if seeds == 0 {
		seeds = 4
	}
	refused := func(err error) bool {
		return errors.Is(err, env.ErrIllegalAction) && (cfg.Sentinel == nil || errors.Is(err, cfg.Sentinel))
	}
	for seed := range uint64(seeds) {
		e, err := cfg.NewEnv()
		if err != nil {
			t.Fatal(err)
		}
		if err := e.Reset(env.EpisodeRand(seed, 0)); err != nil {
			t.Fatalf("seed %d: Reset: %v", seed, err)
		}
		g := e.Engine()
		spec := e.Spec()
		rng := rand.New(rand.NewPCG(seed, 5))
		dst, back := spec.NewAction(), spec.NewAction()
		var legal []A
		n := 0
		for ; !g.Over() && (cfg.MaxDecisions == 0 || n < cfg.MaxDecisions); n++ {
			if err := g.Validate(); err != nil {
				t.Fatalf("seed %d, decision %d: Validate: %v", seed, n, err)
			}
			if got, want := seat(g), e.CurrentPlayer(); got != want {
				t.Fatalf("seed %d, decision %d: engine seat %d (player %d), env seat %d", seed, n, got, g.Current(), want)
			}
			if s := g.Scores(nil); len(s) != spec.NumPlayers {
				t.Fatalf("seed %d, decision %d: %d scores %v, want %d", seed, n, len(s), s, spec.NumPlayers)
			}
			legal = g.Legal(legal[:0])
			if len(legal) == 0 {
				t.Fatalf("seed %d, decision %d: no legal action while the game runs", seed, n)
			}
			before := g.Hash()
			for _, a := range legal {
				checkLegal(t, e, g, a, dst, back, seed, n)
			}
			bad := cfg.Illegal(g)
			c := g.Clone()
			for name, err := range map[string]error{"Check": g.Check(bad), "Apply": apply(c, bad), "EncodeAction": e.EncodeAction(dst, bad)} {
				if !refused(err) {
					t.Fatalf("seed %d, decision %d: %s(%v) = %v, want an error wrapping env.ErrIllegalAction and %v", seed, n, name, bad, err, cfg.Sentinel)
				}
			}
			if g.Hash() != before || c.Hash() != before {
				t.Fatalf("seed %d, decision %d: a refused action changed the game", seed, n)
			}
			if cfg.Probe != nil {
				for _, a := range cfg.Probe(g) {
					probe(t, e, g, a, apply, refused, dst, seed, n)
				}
			}
			a := play(g, slices.Clone(legal), rng)
			c = g.Clone()
			if err := apply(c, a); err != nil {
				t.Fatalf("seed %d, decision %d: Apply(%v) on a clone: %v", seed, n, a, err)
			}
			if g.Hash() != before {
				t.Fatalf("seed %d, decision %d: Apply on a clone changed the game", seed, n)
			}
			c = g.Clone()
			if err := apply(g, a); err != nil {
				t.Fatalf("seed %d, decision %d: Apply(%v): %v", seed, n, a, err)
			}
			if c.Hash() != before {
				t.Fatalf("seed %d, decision %d: Apply on the game changed its clone", seed, n)
			}
		}
		if g.Over() {
			if l := g.Legal(nil); len(l) != 0 {
				t.Fatalf("seed %d: after the end, legal actions %v", seed, l)
			}
			bad := cfg.Illegal(g)
			if err := apply(g, bad); !refused(err) {
				t.Fatalf("seed %d: after the end, Apply(%v) = %v, want an illegal action", seed, bad, err)
			}
			if err := g.Validate(); err != nil {
				t.Fatalf("seed %d: after the end, Validate: %v", seed, err)
			}
		}
		if s := g.Scores(nil); len(s) != spec.NumPlayers {
			t.Fatalf("seed %d: %d final scores %v, want %d", seed, len(s), s, spec.NumPlayers)
		}
		if cfg.Final != nil {
			if err := cfg.Final(g); err != nil {
				t.Errorf("seed %d: after %d decisions: %v", seed, n, err)
			}
		}
	}
}

// checkLegal checks that legal action a passes Check and that it encodes to a native action
// that decodes to an action passing Check and encoding to the same discrete values (the
// continuous ones may differ by rounding, or by a turn of an angle).
func checkLegal[G Engine[G, A], A any](t *testing.T, e EngineEnv[G, A], g G, a A, dst, back env.Action, seed uint64, n int) {
	t.Helper()
	if err := g.Check(a); err != nil {
		t.Fatalf("seed %d, decision %d: legal %v refused by Check: %v", seed, n, a, err)
	}
	if err := e.EncodeAction(dst, a); err != nil {
		t.Fatalf("seed %d, decision %d: EncodeAction(%v): %v", seed, n, a, err)
	}
	d, err := e.DecodeAction(dst)
	if err != nil {
		t.Fatalf("seed %d, decision %d: %v encodes to %v, which does not decode: %v", seed, n, a, dst, err)
	}
	if err := g.Check(d); err != nil {
		t.Fatalf("seed %d, decision %d: %v encodes to %v, which decodes to %v, refused: %v", seed, n, a, dst, d, err)
	}
	if err := e.EncodeAction(back, d); err != nil {
		t.Fatalf("seed %d, decision %d: EncodeAction(%v) (decoded from %v): %v", seed, n, d, dst, err)
	}
	if !slices.Equal(dst.Discrete, back.Discrete) {
		t.Fatalf("seed %d, decision %d: %v encodes to %v, decodes to %v, which encodes to %v", seed, n, a, dst, d, back)
	}
}

// probe checks that Apply accepts a exactly when Check does, on a clone, and that a refused
// action changes nothing and is refused by EncodeAction.
func probe[G Engine[G, A], A any](t *testing.T, e EngineEnv[G, A], g G, a A, apply func(G, A) error, refused func(error) bool, dst env.Action, seed uint64, n int) {
	t.Helper()
	before := g.Hash()
	checkErr := g.Check(a)
	c := g.Clone()
	applyErr := apply(c, a)
	switch {
	case (checkErr == nil) != (applyErr == nil):
		t.Fatalf("seed %d, decision %d: %v: Check says %v, Apply says %v", seed, n, a, checkErr, applyErr)
	case checkErr != nil && !refused(checkErr):
		t.Fatalf("seed %d, decision %d: %v refused with %v, want an illegal action", seed, n, a, checkErr)
	case checkErr != nil && c.Hash() != before:
		t.Fatalf("seed %d, decision %d: refused %v changed the game", seed, n, a)
	case checkErr != nil && !refused(e.EncodeAction(dst, a)):
		t.Fatalf("seed %d, decision %d: EncodeAction accepted illegal %v", seed, n, a)
	case g.Hash() != before:
		t.Fatalf("seed %d, decision %d: Apply(%v) on a clone changed the game", seed, n, a)
	}
}
