package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidate_Knobs: validate checks every value of every knob as tune does, so a knob
// whose values the file's rules refuse (hours out of range, negative hit points, an unknown
// cowboy) or two of whose values play the same game is a problem of the file, named by line.
func TestValidate_Knobs(t *testing.T) {
	dir := t.TempDir()
	good := writeScenario(t, dir, "good.scn", "showdown", func(s string) string { return s + "tune start hour=6..7\n" })
	out, _ := mustRun(t, "validate", good)
	wantLines(t, "validate good", out, good+": ok, scenario showdown")
	bad := writeScenario(t, dir, "bad.scn", "showdown", func(s string) string {
		return s + "tune start hour=0..2\n" +
			"tune cowboy id=lawmen:1 hp=-1..1\n" +
			"tune initiative cowboy=lawmen:1|lawmen:9\n" +
			"tune cowboy id=lawmen:2 facing=90..450:360\n"
	})
	at := func(prefix string) int { return lineOf(t, bad, prefix) }
	hour, hp, initiative, facing := at("tune start"), at("tune cowboy id=lawmen:1"), at("tune initiative"), at("tune cowboy id=lawmen:2")
	start, lawman1, init := at("start "), at("cowboy id=lawmen:1 "), at("initiative ")
	out, _, err := run(t, "validate", bad)
	if err == nil || !strings.Contains(err.Error(), "1 of 1 files have problems") {
		t.Errorf("validate: err %v", err)
	}
	wantLines(t, "validate bad", out,
		fmt.Sprintf("%s:%d: start.hour: 0 is out of range 1 to 11 (with the value 0 of knob start.hour, line %d)", bad, start, hour),
		fmt.Sprintf("%s:%d: cowboy.hp: -1 is out of range 1 to 38 (with the value -1 of knob cowboy.hp[id=lawmen:1], line %d)", bad, lawman1, hp),
		fmt.Sprintf("%s:%d: cowboy.hp: 0 is out of range 1 to 38 (with the value 0 of knob cowboy.hp[id=lawmen:1], line %d)", bad, lawman1, hp),
		fmt.Sprintf("%s:%d: initiative.cowboy:", bad, init), fmt.Sprintf("(with the value lawmen:9 of knob initiative.cowboy, line %d)", initiative),
		fmt.Sprintf("%s:%d: tune.facing: knob cowboy.facing[id=lawmen:2]: the values 90 and 450 make the same game", bad, facing))
	for _, refusedWrongly := range []string{"value 1 of", "value 2 of", "value lawmen:1 of", ": ok"} {
		if strings.Contains(out, refusedWrongly) {
			t.Errorf("validate bad says %q:\n%s", refusedWrongly, out)
		}
	}
}

// TestTune_ValuesExact: tune lists and names a range's values as plain decimals and refuses
// two choices that make the same game.
func TestTune_ValuesExact(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "my-town.scn", "showdown", func(s string) string {
		return s + "tune cowboy id=lawmen:1 x=1000000..3000000:1000000\ntune cowboy id=lawmen:2 hp=3|03\n"
	})
	out, _, err := run(t, "tune", "--scenario", file)
	if err != nil || !strings.Contains(out, "[1000000 2000000 3000000]") {
		t.Errorf("knob listing: %v\n%s", err, out)
	}
	_, _, err = run(t, "tune", "--scenario", file, "--knob", "cowboy.hp[id=lawmen:2]", "--bots", "random",
		"--look", "2", "--max-games", "2", "--max-turns", "4", "--db", filepath.Join(dir, "t.db"))
	if err == nil || !strings.Contains(err.Error(), "the values 3 and 03 make the same game") {
		t.Errorf("hp=3|03: %v, want the same game refused", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "t.db")); err == nil {
		t.Error("a refused knob created its database")
	}
}

// TestValidate_KnobBudget: past its budget of variants' text, validate names the knobs it
// did not check instead of parsing on.
func TestValidate_KnobBudget(t *testing.T) {
	dir := t.TempDir()
	file := writeScenario(t, dir, "many.scn", "showdown", func(s string) string {
		return s + "tune start hour=6..7\ntune cowboy id=lawmen:1 hp=-1..1\ntune cowboy id=lawmen:2 hp=-1..1\n"
	})
	size := len(must(os.ReadFile(file)))
	defer func(b int) { maxKnobCheckBytes = b }(maxKnobCheckBytes)
	maxKnobCheckBytes = 2*size + 3*size // the first two knobs' values
	out, _, err := run(t, "validate", file)
	if err == nil {
		t.Error("validate: no error, want lawmen:1's values refused")
	}
	hp1, hp2 := lineOf(t, file, "tune cowboy id=lawmen:1"), lineOf(t, file, "tune cowboy id=lawmen:2")
	wantLines(t, "validate", out, file+": the values of 1 knob not checked", "checks each): cowboy.hp[id=lawmen:2]",
		fmt.Sprintf("knob cowboy.hp[id=lawmen:1], line %d)", hp1))
	if strings.Contains(out, fmt.Sprintf("lawmen:2], line %d", hp2)) {
		t.Errorf("the knob past the budget was checked:\n%s", out)
	}
}

// lineOf returns the number of the first line of file that starts with prefix.
func lineOf(t *testing.T, file, prefix string) int {
	t.Helper()
	for i, l := range strings.Split(string(must(os.ReadFile(file))), "\n") {
		if strings.HasPrefix(l, prefix) {
			return i + 1
		}
	}
	t.Fatalf("%s: no line starts with %q", file, prefix)
	return 0
}
