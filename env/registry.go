package env

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Registry maps versioned game ids to factories. Games are registered
// explicitly, by the program that wants them (each game package exports a
// Register(*env.Registry) function, called from cmd/), never by init side
// effects. A Registry is safe for concurrent use.
type Registry struct {
	mu    sync.RWMutex       // protects games
	games map[string]Factory // by id
}

// NewRegistry returns an empty registry.
func NewRegistry() *Registry {
	return &Registry{games: make(map[string]Factory)}
}

// idPattern is the grammar of game ids: lower-case path segments separated
// by "/", the last one ending in a version "-vN".
var idPattern = regexp.MustCompile(`^[a-z0-9][a-z0-9_]*(/[a-z0-9][a-z0-9_-]*)*-v[0-9]+$`)

// ValidID reports whether id is a well-formed game id: lower-case letters,
// digits, "_", "-" and "/" separating a game from its variant, ending in a
// version suffix "-vN": "race-v1", "flickemup/showdown-v9",
// "fliprando-v1". Any change to a game's dynamics or rewards bumps N.
func ValidID(id string) bool { return idPattern.MatchString(id) }

// Register adds a game under id. It returns an error if id is not a
// [ValidID], f is nil, or id is already registered.
func (r *Registry) Register(id string, f Factory) error {
	if !ValidID(id) {
		return fmt.Errorf("env: register %q: malformed id, want e.g. \"game/variant-v1\"", id)
	}
	if f == nil {
		return fmt.Errorf("env: register %q: nil factory", id)
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, dup := r.games[id]; dup {
		return fmt.Errorf("env: register %q: already registered", id)
	}
	r.games[id] = f
	return nil
}

// Lookup returns the factory registered under id, or an error wrapping
// [ErrUnknownGame] that lists the known ids.
func (r *Registry) Lookup(id string) (Factory, error) {
	r.mu.RLock()
	f, ok := r.games[id]
	r.mu.RUnlock()
	if !ok {
		known := r.IDs()
		if len(known) == 0 {
			return nil, fmt.Errorf("%w %q (the registry is empty: call the game package's Register)", ErrUnknownGame, id)
		}
		return nil, fmt.Errorf("%w %q (known: %s)", ErrUnknownGame, id, strings.Join(known, ", "))
	}
	return f, nil
}

// New creates one game registered under id with opts.
func (r *Registry) New(id string, opts Options) (Game, error) {
	f, err := r.Lookup(id)
	if err != nil {
		return nil, err
	}
	g, err := f(opts)
	if err != nil {
		return nil, fmt.Errorf("env: new %q: %w", id, err)
	}
	return g, nil
}

// IDs returns the registered ids in sorted order.
func (r *Registry) IDs() []string {
	r.mu.RLock()
	defer r.mu.RUnlock()
	ids := make([]string, 0, len(r.games))
	for id := range r.games {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}
