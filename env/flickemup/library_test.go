package flickemup_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

func TestLibrary(t *testing.T) {
	files, err := filepath.Glob("scenarios/*" + flickemup.Ext)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		// Every file on disk is valid on its own, not only once embedded.
		if errs := flickemup.ValidateFile(f); errs != nil {
			t.Errorf("%s: %v", f, errs)
		}
		names = append(names, strings.TrimSuffix(filepath.Base(f), flickemup.Ext))
	}
	var listed []string
	for _, in := range flickemup.List() {
		listed = append(listed, in.Name)
		if in.Title == "" || len(in.Description) < 40 {
			t.Errorf("%s: title %q, description %q: want both, with a story", in.Name, in.Title, in.Description)
		}
	}
	if !slices.Equal(names, listed) {
		t.Errorf("List() = %v, files %v", listed, names)
	}
	if len(listed) < 6 {
		t.Errorf("%d scenarios, want at least 6", len(listed))
	}
	for _, want := range []string{flickemup.DefaultScenario, "showdown", "bank-job"} {
		if !slices.Contains(listed, want) {
			t.Errorf("no scenario %q", want)
		}
	}
	if _, err := flickemup.Load("no-such"); err == nil {
		t.Error("Load(no-such) succeeded")
	}
}

func TestLibrary_UsesEveryTokenKind(t *testing.T) {
	used := map[string]bool{}
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		for _, tok := range sc.Tokens {
			used[tok.Kind.String()] = true
		}
		if sc.Gallows != nil {
			used["gallows"] = true
		}
	}
	for _, k := range flickemup.TokenKinds() {
		if !used[k.String()] {
			t.Errorf("no scenario uses %s tokens", k)
		}
	}
	if !used["gallows"] {
		t.Error("no scenario uses the gallows")
	}
}

func TestLibrary_Showdown(t *testing.T) {
	// The default scenario is a showdown: one Colt face up in the saloon, last team standing,
	// noon hit points.
	sc, err := flickemup.Load(flickemup.DefaultScenario)
	if err != nil {
		t.Fatal(err)
	}
	if len(sc.Tokens) != 1 || sc.Tokens[0].Kind != flickemup.TokenColt || !sc.Tokens[0].FaceUp || len(sc.Cowboys) != 10 {
		t.Errorf("tokens %+v, %d cowboys; want one Colt face up and 10", sc.Tokens, len(sc.Cowboys))
	}
	var kinds []flickemup.VictoryKind
	for _, v := range sc.Victories {
		kinds = append(kinds, v.Kind)
	}
	if !slices.Equal(kinds, []flickemup.VictoryKind{flickemup.VictoryLastTeamStanding, flickemup.VictoryNoonHP}) {
		t.Errorf("victories %v", kinds)
	}
}
