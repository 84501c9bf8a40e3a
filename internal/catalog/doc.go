// Package catalog is the one list of the games Flickarena's programs serve:
// Registry registers each of them explicitly (no init side effects), so
// that cmd/envserver, the arena and the tests agree on the ids.
package catalog
