package bygame

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/flickarena/flickarena/env"
)

// Policy is what a [Bot] delegates to: an env.Policy for one game, with a version.
type Policy interface {
	env.Policy
	// Version identifies the policy's code or model; it must be cheap and stable.
	Version() string
}

// Route sends the turns of one concrete game type to a policy. Make it with [On].
type Route struct {
	// label names the game in versions and errors, e.g. "flickago".
	label string
	// plays reports whether the route serves game g.
	plays func(g env.Game) bool
	// policy plays the game.
	policy Policy
}

// On returns the route that sends the turns of games of dynamic type G (e.g. *flickago.Env) to
// p, a wrapped game ([env.Unwrapper], such as a replay recorder) by the type of the game it
// wraps. label names the game in the bot's version and errors; it must be non-empty and contain
// none of "=", "," (the version's separators).
func On[G env.Game](label string, p Policy) Route {
	return Route{label: label, plays: func(g env.Game) bool { _, ok := env.Unwrap(g).(G); return ok }, policy: p}
}

// ErrUnsupported is wrapped by the error of a Bot asked to play a game it has no policy for.
var ErrUnsupported = errors.New("bygame: unsupported game")

// Bot is a bot for several games: one policy per concrete game type, chosen at each decision
// from the type of env.Turn.Game. It is safe for concurrent use when its policies are.
type Bot struct {
	name    string
	version string
	routes  []Route
}

// New returns the bot called name that plays each game of routes with its policy. The first
// route serving a game wins. It panics on an empty name, no route, a bad label or a nil
// policy: programmer errors in the wiring of built-in bots.
func New(name string, routes ...Route) *Bot {
	if name == "" || len(routes) == 0 {
		panic("bygame: a bot needs a name and at least one route")
	}
	parts := make([]string, len(routes))
	for i, r := range routes {
		if r.label == "" || strings.ContainsAny(r.label, "=,") || r.policy == nil || r.plays == nil {
			panic(fmt.Sprintf("bygame: bot %s: bad route %d (label %q)", name, i, r.label))
		}
		parts[i] = r.label + "=" + r.policy.Version()
	}
	return &Bot{name: name, version: strings.Join(parts, ","), routes: append([]Route(nil), routes...)}
}

// Name returns the bot's name.
func (b *Bot) Name() string { return b.name }

// Version returns the versions of the bot's policies, "label=version" joined by commas in the
// order of the routes.
func (b *Bot) Version() string { return b.version }

// Games returns the labels of the games the bot plays, in the order of its routes.
func (b *Bot) Games() []string {
	out := make([]string, len(b.routes))
	for i, r := range b.routes {
		out[i] = r.label
	}
	return out
}

// Policy returns the policy that plays game g, or nil if the bot does not play it.
func (b *Bot) Policy(g env.Game) Policy {
	for _, r := range b.routes {
		if r.plays(g) {
			return r.policy
		}
	}
	return nil
}

// Act implements [env.Policy]: it hands the turn to the policy of t.Game's type, unchanged
// but for a wrapped game ([env.Unwrapper]), which the policy receives unwrapped, or returns an
// error wrapping [ErrUnsupported] when there is none.
func (b *Bot) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	if p := b.Policy(t.Game); p != nil {
		t.Game = env.Unwrap(t.Game)
		return p.Act(dst, t, rng)
	}
	id := fmt.Sprintf("%T", t.Game)
	if t.Spec != nil && t.Spec.ID != "" {
		id = t.Spec.ID
	}
	return fmt.Errorf("%w: %s cannot play %s (it plays %s)", ErrUnsupported, b.name, id, strings.Join(b.Games(), ", "))
}
