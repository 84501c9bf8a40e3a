// Package catalogue is the one list of the games Flickarena's programs serve:
// Registry registers each of them explicitly (no init side effects), so
// that cmd/envserver, the arena and the tests agree on the ids. Python's list of the games,
// python/flickarena/_catalogue.py, is generated from it ([Python], go run
// ./internal/catalogue/pycatalogue), and a test checks every game id written in the docs and the
// Python code against it.
package catalogue
