package catalogue_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/internal/catalogue"
)

// idLiteral matches what names a game in the docs and the Python code: a game id
// ("flickemup/showdown-v9", "flickago-v3", "flickemup/file/my-town-v9"), its Gymnasium id
// ("flickarena/flickemup-showdown-v9") or its entry name ("flickemup_showdown_v9"), with a
// placeholder such as <scenario> or <stem> allowed. Group 1 is the id without its version,
// group 2 the version.
var idLiteral = regexp.MustCompile(`\b((?:flickarena/)?(?:flickemup(?:/|-|_)[a-z0-9_<>/-]*?|flickago|fliprando|race))[-_]v([0-9]+|N)\b`)

// historical are the literals of ids not served today that a file may keep, because it tells
// what was measured or trained on them (or tests a file's own version line); each is allowed
// in that file only.
var historical = map[string][]string{
	"agents/flickagobot/doc.go":     {"flickago-v2"},           // a measurement of that version
	"docs/scale-out.md":             {"flickemup/showdown-v2"}, // a measurement of that version
	"python/examples/greedy_bot.py": {"flickemup/showdown-v2"}, // a measurement of that version
	"python/tests/test_ppo.py":      {"flickago-v2"},           // a checkpoint of that version is refused
	// a file that declares its version
	"python/tests/test_scenario_files.py": {"flickemup/file/my-town-v3"},
}

// TestIDLiterals checks every game id written in the repository's Markdown, Python and YAML
// files and in its Go code but the tests against the catalogue, so that the docs cannot drift from the ids: each names a
// registered game (as a game id, a Gymnasium id or an entry name); a served file's id
// (flickemup/file/<stem>-vN) has RulesVersion, the version of a file without a version line;
// flickemup/<scenario>-vN with a number holds only while every scenario of ours has that
// version. A literal of a version no longer served is allowed only where [historical] says so.
// idLiteral must match every id of the catalogue, so that a new game's ids are checked too.
func TestIDLiterals(t *testing.T) {
	reg, err := catalogue.Registry()
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, id := range reg.IDs() {
		for _, lit := range []string{id, "flickarena/" + strings.ReplaceAll(id, "/", "-"), catalogue.EntryName(id)} {
			known[lit] = true
			if idLiteral.FindString(lit) != lit {
				t.Errorf("idLiteral does not match %s, an id of the catalogue: add the game's name to idLiteral in internal/catalogue/ids_test.go", lit)
			}
		}
	}
	versions := map[int]bool{}
	for _, in := range flickemup.List() {
		versions[versionOf(t, in.Name)] = true
	}
	rules := strconv.Itoa(flickemup.RulesVersion)
	root := filepath.Join("..", "..")
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "__pycache__" || name == "_gen") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(name) {
		case ".md", ".py", ".yaml", ".yml":
		case ".go": // the doc comments of the Go code; its tests may name ids not registered
			if strings.HasSuffix(name, "_test.go") || strings.HasSuffix(name, ".pb.go") {
				return nil
			}
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		for i, line := range strings.Split(string(data), "\n") {
			for _, m := range idLiteral.FindAllStringSubmatch(line, -1) {
				lit, base, v := m[0], m[1], m[2]
				checked++
				if msg := checkLiteral(lit, base, v, known, versions, rules); msg != "" && !contains(historical[rel], lit) {
					t.Errorf("%s:%d: %s: %s", rel, i+1, lit, msg)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Errorf("only %d id literals found: is the pattern or the walk broken?", checked)
	}
}

// checkLiteral returns what is wrong with id literal lit (base its id without the version,
// v its version), or "".
func checkLiteral(lit, base, v string, known map[string]bool, versions map[int]bool, rules string) string {
	b := strings.TrimPrefix(base, "flickarena/")
	file := strings.HasPrefix(b, "flickemup/file/") || strings.HasPrefix(b, "flickemup-file-") || strings.HasPrefix(b, "flickemup_file_")
	switch {
	case v == "N" || strings.Contains(b, "<") && !file:
		if v == "N" {
			return ""
		}
		// flickemup/<scenario>-v9: true while every scenario of ours has that version.
		n, _ := strconv.Atoi(v)
		if len(versions) != 1 || !versions[n] {
			return "the scenarios of ours no longer share one version: write -vN, or name the scenario"
		}
		return ""
	case file:
		if v != rules {
			return "a served file without a version line has RulesVersion " + rules
		}
		return ""
	case known[lit]:
		return ""
	}
	return "no game of the catalogue has this id (a version bumped?): write the current one"
}

// versionOf returns the version of our scenario name.
func versionOf(t *testing.T, name string) int {
	t.Helper()
	sc, err := flickemup.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return sc.EnvVersion()
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
