package builtin_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/agents/builtin"
)

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
