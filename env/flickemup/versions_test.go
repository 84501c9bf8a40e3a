package flickemup_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

// versionsGolden is the golden file of the versions: the rules version, then for each
// scenario of ours its version, its content digest and the summary of one seeded game.
var versionsGolden = filepath.Join("testdata", "versions.golden")

// updateCommand is the command that records the versions in versionsGolden.
const updateCommand = "go test ./env/flickemup -run TestVersions -update"

// scenarioRecord is what versionsGolden records of one scenario.
type scenarioRecord struct {
	version int    // its version line
	digest  string // its Digest: the SHA-256 of the file without the version line
	game    string // the summary of one seeded game, one "  ..." line per line
}

// versions is the content of versionsGolden.
type versions struct {
	rules     int
	scenarios map[string]scenarioRecord
}

// TestVersions is the guard of the versions (see "# Versions" in the package doc). It plays
// one game of each scenario of ours on the real physics with seeded random legal actions,
// summarises it (the state hash every 25 actions, the end) and compares the summary, the
// scenario's version and its content digest with testdata/versions.golden, with the rules
// version. An edited scenario file must bump its version line; a game that changed although
// its file did not is a change of the rules, encodings, rewards or physics, which bumps
// [flickemup.RulesVersion] and every scenario's version line. A missing bump fails, even with
// -update, saying which line to bump; once bumped, -update records the new versions (a
// refactor leaves the file byte-identical).
func TestVersions(t *testing.T) {
	cur := currentVersions(t)
	data, err := os.ReadFile(versionsGolden)
	if os.IsNotExist(err) && *update {
		writeVersions(t, cur)
		return
	}
	if err != nil {
		t.Fatalf("%v (run %s to create it)", err, updateCommand)
	}
	old, err := parseVersions(data)
	if err != nil {
		t.Fatalf("%s: %v", versionsGolden, err)
	}
	problems, changes := checkVersions(old, cur)
	if len(problems) > 0 {
		t.Fatalf("a version bump is missing (%s records nothing until it is made):\n  %s", versionsGolden, strings.Join(problems, "\n  "))
	}
	switch {
	case *update:
		writeVersions(t, cur)
	case len(changes) > 0:
		t.Errorf("the versions changed, with their bumps: run %s to record them:\n  %s", updateCommand, strings.Join(changes, "\n  "))
	case !bytes.Equal(data, formatVersions(cur)):
		t.Errorf("%s is not as %s writes it: run it\ngot:\n%s", versionsGolden, updateCommand, formatVersions(cur))
	}
}

// TestCheckVersions shows that each rule of checkVersions can fail, and that a bump passes.
func TestCheckVersions(t *testing.T) {
	rec := func(v int, digest, game string) scenarioRecord { return scenarioRecord{v, digest, "  " + game + "\n"} }
	base := versions{rules: 9, scenarios: map[string]scenarioRecord{"a": rec(9, "d1", "g1"), "b": rec(12, "d2", "g2")}}
	with := func(rules int, a, b scenarioRecord) versions {
		return versions{rules: rules, scenarios: map[string]scenarioRecord{"a": a, "b": b}}
	}
	for _, c := range []struct {
		name          string
		cur           versions
		problem, diff string // in the problems, the changes; problem "" for none
	}{
		{"unchanged", base, "", ""},
		{"file edited, no bump", with(9, rec(9, "d1x", "g1x"), rec(12, "d2", "g2")), "scenarios/a.scn changed", ""},
		{"file edited, bumped", with(9, rec(10, "d1x", "g1x"), rec(12, "d2", "g2")), "", "a: version 9 -> 10"},
		{"comment edited, no bump", with(9, rec(9, "d1x", "g1"), rec(12, "d2", "g2")), "bump its line `version 9` to `version 10`", ""},
		{"rules changed, no bump", with(9, rec(9, "d1", "g1x"), rec(12, "d2", "g2x")), "bumps RulesVersion", ""},
		{"rules bumped, one scenario not", with(10, rec(10, "d1", "g1x"), rec(12, "d2", "g2x")), "bump the version line of scenarios/b.scn from 12", ""},
		{"rules bumped, every scenario", with(10, rec(10, "d1", "g1x"), rec(13, "d2", "g2x")), "", "rules: version 9 -> 10"},
		{"rules down", with(8, rec(10, "d1", "g1"), rec(13, "d2", "g2")), "RulesVersion went down", ""},
		{"scenario down", with(9, rec(8, "d1x", "g1"), rec(12, "d2", "g2")), "went down from 9 to 8", ""},
		{"no version line", with(9, rec(0, "d1", "g1"), rec(12, "d2", "g2")), "has no version line", ""},
		{"new scenario", versions{rules: 9, scenarios: map[string]scenarioRecord{"a": rec(9, "d1", "g1"), "b": rec(12, "d2", "g2"), "c": rec(9, "d3", "g3")}}, "", "c: new"},
		{"scenario removed", versions{rules: 9, scenarios: map[string]scenarioRecord{"a": rec(9, "d1", "g1")}}, "", "b: removed"},
	} {
		problems, changes := checkVersions(base, c.cur)
		p, d := strings.Join(problems, "\n"), strings.Join(changes, "\n")
		if (c.problem == "") != (p == "") || !strings.Contains(p, c.problem) {
			t.Errorf("%s: problems %q, want one with %q", c.name, p, c.problem)
		}
		if !strings.Contains(d, c.diff) || (c.problem == "" && c.diff == "" && d != "") {
			t.Errorf("%s: changes %q, want one with %q", c.name, d, c.diff)
		}
	}
	// The file round-trips.
	got, err := parseVersions(formatVersions(base))
	if err != nil || got.rules != base.rules || len(got.scenarios) != 2 || got.scenarios["b"] != base.scenarios["b"] {
		t.Errorf("round trip: %+v, %v", got, err)
	}
}

// checkVersions compares the versions recorded (old) with the current ones (cur): problems
// are the missing bumps, which -update must not record; changes are the bumps made and the
// scenarios added or removed, which -update records.
func checkVersions(old, cur versions) (problems, changes []string) {
	rulesBumped := cur.rules > old.rules
	switch {
	case cur.rules < old.rules:
		problems = append(problems, fmt.Sprintf("RulesVersion went down from %d to %d: versions only go up", old.rules, cur.rules))
	case rulesBumped:
		changes = append(changes, fmt.Sprintf("rules: version %d -> %d", old.rules, cur.rules))
	}
	var gameOnly []string // the scenarios whose game changed although their file did not
	for _, name := range sortedNames(cur.scenarios) {
		c := cur.scenarios[name]
		file := "scenarios/" + name + flickemup.Ext
		o, ok := old.scenarios[name]
		switch {
		case c.version == 0:
			problems = append(problems, fmt.Sprintf("%s has no version line: a scenario of ours declares its version (add `version %d` after its scenario line)", file, cur.rules))
		case !ok:
			changes = append(changes, fmt.Sprintf("%s: new, version %d", name, c.version))
		case c.version < o.version:
			problems = append(problems, fmt.Sprintf("%s: its version went down from %d to %d: versions only go up", file, o.version, c.version))
		case c.version > o.version:
			changes = append(changes, fmt.Sprintf("%s: version %d -> %d", name, o.version, c.version))
		case rulesBumped:
			problems = append(problems, fmt.Sprintf("RulesVersion went from %d to %d, and a rules change bumps every scenario: bump the version line of %s from %d to %d, then run %s",
				old.rules, cur.rules, file, c.version, c.version+1, updateCommand))
		case c.digest != o.digest:
			problems = append(problems, fmt.Sprintf("%s changed (SHA-256 %.12s..., was %.12s...) but its version is still %d: bump its line `version %d` to `version %d`, then run %s",
				file, c.digest, o.digest, c.version, c.version, c.version+1, updateCommand))
		case c.game != o.game:
			gameOnly = append(gameOnly, name)
		}
	}
	if len(gameOnly) > 0 && !rulesBumped {
		problems = append(problems, fmt.Sprintf("the seeded game of %s changed although its file did not: a change of the rules, encodings, rewards or physics bumps RulesVersion (env/flickemup/version.go, now %d) and the version line of every scenario of ours; then run %s",
			strings.Join(gameOnly, ", "), cur.rules, updateCommand))
	}
	for _, name := range sortedNames(old.scenarios) {
		if _, ok := cur.scenarios[name]; !ok {
			changes = append(changes, fmt.Sprintf("%s: removed", name))
		}
	}
	return problems, changes
}

// currentVersions returns the versions of the scenarios of ours as they are.
func currentVersions(t *testing.T) versions {
	t.Helper()
	v := versions{rules: flickemup.RulesVersion, scenarios: map[string]scenarioRecord{}}
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		v.scenarios[in.Name] = scenarioRecord{version: sc.Version, digest: sc.Digest, game: seededGame(t, in.Name)}
	}
	return v
}

// seededGame plays one game of scenario name on the real physics with seeded random legal
// actions and returns its summary: the state hash every 25 actions, the end.
func seededGame(t *testing.T, name string) string {
	var out strings.Builder
	g := newReal(t, name, 2026)
	rng := rand.New(rand.NewPCG(7, 11))
	var buf []flickemup.Action
	n := 0
	for ; !g.Over(); n++ {
		if n%25 == 0 {
			fmt.Fprintf(&out, "  action %d hash %016x\n", n, g.Hash())
		}
		if err := g.Apply(randomAction(g, rng, buf)); err != nil {
			t.Fatal(err)
		}
	}
	r := g.Result()
	fmt.Fprintf(&out, "  end after %d actions, hash %016x, winner %v, %q, hit points %v\n", n, g.Hash(), r.Winner, r.Reason, g.HitPointsByTeam())
	return out.String()
}

// sortedNames returns the scenario names of m, sorted.
func sortedNames(m map[string]scenarioRecord) []string {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// formatVersions returns the text of versionsGolden for v.
func formatVersions(v versions) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `# The versions of Flick 'em Up! (TestVersions in versions_test.go; "# Versions" in the package
# doc): the rules version (RulesVersion), then for each scenario of ours its version line, the
# SHA-256 of its file without the version line, and the summary of one seeded game of random
# legal actions (the state hash every 25 actions, the end). Written by
#   %s
# which refuses a change without its bump. Do not edit.
`, updateCommand)
	fmt.Fprintf(&b, "rules %d\n", v.rules)
	for _, name := range sortedNames(v.scenarios) {
		s := v.scenarios[name]
		fmt.Fprintf(&b, "scenario %s version %d sha256 %s\n%s", name, s.version, s.digest, s.game)
	}
	return b.Bytes()
}

// parseVersions reads the text of versionsGolden.
func parseVersions(data []byte) (versions, error) {
	v := versions{scenarios: map[string]scenarioRecord{}}
	name := ""
	for i, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "  ") && name != "":
			s := v.scenarios[name]
			s.game += line + "\n"
			v.scenarios[name] = s
		case len(f) == 2 && f[0] == "rules":
			n, err := strconv.Atoi(f[1])
			if err != nil {
				return v, fmt.Errorf("line %d: %q: bad rules version", i+1, line)
			}
			v.rules = n
		case len(f) == 6 && f[0] == "scenario" && f[2] == "version" && f[4] == "sha256":
			n, err := strconv.Atoi(f[3])
			if err != nil {
				return v, fmt.Errorf("line %d: %q: bad version", i+1, line)
			}
			name = f[1]
			v.scenarios[name] = scenarioRecord{version: n, digest: f[5]}
		default:
			return v, fmt.Errorf("line %d: %q: want a comment, \"rules N\", \"scenario NAME version N sha256 HEX\" or a game's line", i+1, line)
		}
	}
	if v.rules == 0 {
		return v, fmt.Errorf("no rules line")
	}
	return v, nil
}

// writeVersions writes versionsGolden for v.
func writeVersions(t *testing.T, v versions) {
	t.Helper()
	if err := os.WriteFile(versionsGolden, formatVersions(v), 0o644); err != nil {
		t.Fatal(err)
	}
}
