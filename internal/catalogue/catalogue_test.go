package catalogue_test

import (
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/fliprando"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/internal/catalogue"
)

// TestRegistry checks that every game registers, that a second registry is
// independent, and that each game can be made with default options.
func TestRegistry(t *testing.T) {
	reg, err := catalogue.Registry()
	if err != nil {
		t.Fatal(err)
	}
	ids := reg.IDs()
	wants := []string{race.ID, flickago.ID, fliprando.ID}
	for _, in := range flickemup.List() {
		wants = append(wants, flickemup.ScenarioID(in.Name))
	}
	for _, want := range wants {
		if !slices.Contains(ids, want) {
			t.Errorf("ids %v lack %s", ids, want)
		}
	}
	for _, id := range ids {
		g, err := reg.New(id, nil)
		if err != nil {
			t.Errorf("%s with default options: %v", id, err)
			continue
		}
		if got := g.Spec().ID; got != id {
			t.Errorf("game registered as %s has spec id %s", id, got)
		}
	}
	again, err := catalogue.Registry()
	if err != nil {
		t.Fatalf("second Registry: %v", err)
	}
	if !slices.Equal(again.IDs(), ids) {
		t.Errorf("second registry has %v, first %v", again.IDs(), ids)
	}
}
