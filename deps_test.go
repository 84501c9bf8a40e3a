package flickarena_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const module = "github.com/flickarena/flickarena"

// goPackage is the part of `go list -json` output this test reads.
type goPackage struct {
	ImportPath string
	// ForTest is, for a package compiled for a test ("p [p.test]", "p_test [p.test]"), the
	// package under test.
	ForTest string
	Dir     string
	GoFiles []string
	Deps    []string
}

// listPackages returns every package of the module with its transitive dependencies, and the
// packages of its tests with theirs, as `go list -test` sees them with the extra go list
// arguments args (an -overlay).
func listPackages(t *testing.T, args ...string) []goPackage {
	t.Helper()
	cmd := exec.Command("go", append(append([]string{"list", "-test", "-json"}, args...), "./...")...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.Bytes())
	}
	var pkgs []goPackage
	dec := json.NewDecoder(bytes.NewReader(out))
	for dec.More() {
		var p goPackage
		if err := dec.Decode(&p); err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	return pkgs
}

// A layerRule forbids the packages it covers to depend, directly or not, on some packages.
type layerRule struct {
	// pkgs selects the packages: an import path relative to the module, or a prefix ending
	// in "/" ("env/" is every package under env), "*" for every package.
	pkgs string
	// except lists packages the rule does not cover (relative paths or "/" prefixes).
	except []string
	// forbidden lists the dependencies refused: import paths or prefixes ending in "/",
	// relative to the module when they start with "~/".
	forbidden []string
	// allowed lists forbidden dependencies that are nevertheless allowed (same form).
	allowed []string
	// tests extends the rule to the tests of the packages it covers (their test files and
	// what those import); a rule without it covers the packages' own code only.
	tests bool
	// why is the rule it enforces, as docs/decisions/architecture-layers.md states it.
	why string
}

// layerRules are the one-way dependencies of docs/decisions/architecture-layers.md: cmd ->
// envrpc, arena/store -> arena -> agents -> env/<game> -> env, physics, draw.
var layerRules = []layerRule{
	{pkgs: "physics", forbidden: []string{"~/", "google.golang.org/grpc", "database/sql"},
		why: "physics knows nothing of games: each physics game supplies its own pieces"},
	{pkgs: "physics", tests: true, forbidden: []string{"~/"}, allowed: []string{"~/physics", "~/internal/golden"},
		why: "physics tests build their tables from physics' own types, not from a game's pieces or scenes (internal/golden, the golden-file check, imports nothing of the module)"},
	{pkgs: "internal/golden", forbidden: []string{"~/"},
		why: "the golden-file check imports nothing of the module, so that every package's tests may use it"},
	{pkgs: "internal/enum", forbidden: []string{"~/"},
		why: "the enumeration names import nothing of the module, so that every layer may use them"},
	{pkgs: "env", forbidden: []string{"~/", "google.golang.org/grpc"}, allowed: []string{"~/internal/enum"},
		why: "env knows no concrete game and no gRPC (internal/enum, which imports nothing of the module, names its enumerations)"},
	{pkgs: "draw", forbidden: []string{"~/", "google.golang.org/grpc"},
		why: "a drawing description is plain data that every game can build"},
	{pkgs: "env/", except: []string{"env/envtest"}, forbidden: []string{"~/", "google.golang.org/grpc", "database/sql"},
		allowed: []string{"~/env", "~/physics", "~/draw", "~/internal/regfile", "~/internal/enum"},
		why:     "a game builds on env, physics and draw only (and internal/regfile, to open a scenario file, and internal/enum, to name its enumerations): replay, the bots, the arena and the wire sit above it, and games do not depend on each other"},
	{pkgs: "env/envtest", forbidden: []string{"~/", "google.golang.org/grpc"}, allowed: []string{"~/env", "~/internal/enum"},
		why: "the conformance suite knows no concrete game"},
	{pkgs: "replay/", forbidden: []string{"~/agents/", "~/arena/", "~/envrpc/", "~/cmd/", "~/viewer/", "google.golang.org/grpc"},
		why: "replay sits above the games and below the bots, the arena and the wire"},
	{pkgs: "agents/", forbidden: []string{"~/arena/", "~/envrpc/", "~/cmd/", "~/replay/", "~/viewer/", "~/internal/catalogue", "google.golang.org/grpc"},
		why: "bots play games through env; the arena and the wire sit above them"},
	{pkgs: "viewer/play", forbidden: []string{"~/agents/", "~/arena/", "~/envrpc/", "~/cmd/", "~/viewer", "google.golang.org/grpc"},
		why: "the play mode referees on env and records with replay: the bots are handed to it as env.Policies (cmd/envserver wires them), and the viewer mounts it, never the other way round"},
	{pkgs: "arena/", forbidden: []string{"~/cmd/", "~/envrpc/", "google.golang.org/grpc"},
		why: "the arena is a library under the commands and knows no gRPC"},
	{pkgs: "arena", forbidden: []string{"~/arena/store", "database/sql", "modernc.org/", "github.com/jackc/"},
		why: "the runner records games through arena.RunStore, an interface it owns: persistence and its drivers live in arena/store, which imports arena, never the other way round"},
	{pkgs: "arena/rating", forbidden: []string{"~/", "google.golang.org/grpc", "database/sql"}, allowed: []string{"~/internal/enum"},
		why: "the rating maths is pure (internal/enum, which imports nothing of the module, names its enumerations)"},
	{pkgs: "arena/tune", forbidden: []string{"~/env/", "~/agents/", "~/arena/store/", "~/viewer/"}, allowed: []string{"~/env"},
		why: "the tuning search knows no game, bot or store: it builds on arena's records and arena/report's data, plays through its own Tournaments interface and reads runs through its own RunLister (cmd/arena wires the runner and the store)"},
	{pkgs: "*", except: []string{"envrpc/", "cmd/", "proto/"}, forbidden: []string{"google.golang.org/grpc"},
		why: "only envrpc and the commands speak gRPC"},
}

// matches reports whether path (relative to the module, or absolute) is pattern: a path, a
// prefix ending in "/" (also matching the path without the slash), "*".
func matches(path, pattern string) bool {
	if pattern == "*" || path == pattern {
		return true
	}
	return strings.HasSuffix(pattern, "/") && (strings.HasPrefix(path, pattern) || path == strings.TrimSuffix(pattern, "/"))
}

// expand turns "~/" into the module's path.
func expand(pattern string) string {
	if rest, ok := strings.CutPrefix(pattern, "~/"); ok {
		return module + "/" + rest
	}
	return pattern
}

// underTest returns, for a package go list -test compiled for a test ("p [p.test]",
// "p_test [p.test]", the test binary "p.test"), the package under test and true; for a
// package's own code, its import path and false.
func underTest(p goPackage) (string, bool) {
	switch {
	case p.ForTest != "":
		return p.ForTest, true
	case strings.HasSuffix(p.ImportPath, ".test"):
		return strings.TrimSuffix(p.ImportPath, ".test"), true
	}
	return p.ImportPath, false
}

// layerViolations returns every dependency of pkgs that a layer rule forbids, one line each.
// The packages of a test are held only to the rules that cover tests, which see their
// dependencies without the test suffix and without the package under test itself.
func layerViolations(pkgs []goPackage) []string {
	var out []string
	seen := map[string]bool{} // a test's packages share their dependencies
	for _, p := range pkgs {
		path, test := underTest(p)
		rel := strings.TrimPrefix(strings.TrimPrefix(path, module), "/")
		name := rel
		if test {
			name += " (tests)"
		}
		for _, r := range layerRules {
			covered := matches(rel, r.pkgs) && !slices.ContainsFunc(r.except, func(e string) bool { return matches(rel, e) })
			if !covered || (test && !r.tests) {
				continue
			}
			for _, d := range p.Deps {
				if test {
					d, _, _ = strings.Cut(d, " [")
					if d == path || d == path+"_test" {
						continue
					}
				}
				bad := slices.ContainsFunc(r.forbidden, func(f string) bool { return matches(d, expand(f)) })
				ok := slices.ContainsFunc(r.allowed, func(a string) bool { return matches(d, expand(a)) })
				if v := fmt.Sprintf("%s depends on %s: %s", name, d, r.why); bad && !ok && !seen[v] {
					seen[v] = true
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// TestDependencyRules keeps the architecture's one-way dependencies
// (docs/decisions/architecture-layers.md).
func TestDependencyRules(t *testing.T) {
	for _, v := range layerViolations(listPackages(t)) {
		t.Error(v)
	}
}

// TestDependencyRules_Planted proves that the rules can fail: it plants a bad import in a
// package of each layer (through a go list overlay: no file is written into the tree) and
// expects the rule it breaks to be reported. A case with test set plants it in a test file of
// the package's external test package.
func TestDependencyRules_Planted(t *testing.T) {
	for _, tc := range []struct {
		pkg, imp, want string
		test           bool
	}{
		{"env/flickemup", module + "/replay", "env/flickemup depends on " + module + "/replay", false},
		{"env/flickago", module + "/env/flickemup", "env/flickago depends on " + module + "/env/flickemup", false},
		{"env/race", module + "/agents/random", "env/race depends on " + module + "/agents/random", false},
		{"env", module + "/arena/rating", "env depends on " + module + "/arena/rating", false},
		{"physics", module + "/env", "physics depends on " + module + "/env", false},
		{"internal/enum", module + "/draw", "internal/enum depends on " + module + "/draw", false},
		{"draw", module + "/physics", "draw depends on " + module + "/physics", false},
		{"replay", module + "/arena/rating", "replay depends on " + module + "/arena/rating", false},
		{"agents/random", module + "/arena", "agents/random depends on " + module + "/arena", false},
		{"arena", module + "/envrpc", "arena depends on " + module + "/envrpc", false},
		{"arena", "database/sql", "arena depends on database/sql", false},
		{"arena/rating", "database/sql", "arena/rating depends on database/sql", false},
		{"arena/tune", module + "/env/flickemup", "arena/tune depends on " + module + "/env/flickemup", false},
		{"viewer", "google.golang.org/grpc", "viewer depends on google.golang.org/grpc", false},
		{"physics", module + "/env/flickemup", "physics (tests) depends on " + module + "/env/flickemup", true},
	} {
		name, file := filepath.Base(tc.pkg), "zz_planted.go"
		if tc.test {
			name, file = name+"_test", "zz_planted_test.go"
		}
		t.Run(tc.pkg+"/"+file, func(t *testing.T) {
			dir := t.TempDir()
			planted := filepath.Join(dir, "planted.go")
			if err := os.WriteFile(planted, []byte("package "+name+"\n\nimport _ \""+tc.imp+"\"\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			wd, err := os.Getwd()
			if err != nil {
				t.Fatal(err)
			}
			overlay, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(wd, tc.pkg, file): planted}})
			if err != nil {
				t.Fatal(err)
			}
			ovFile := filepath.Join(dir, "overlay.json")
			if err := os.WriteFile(ovFile, overlay, 0o600); err != nil {
				t.Fatal(err)
			}
			got := layerViolations(listPackages(t, "-overlay="+ovFile))
			if !slices.ContainsFunc(got, func(v string) bool { return strings.HasPrefix(v, tc.want+":") }) {
				t.Errorf("planted %s in %s; violations:\n%s", tc.imp, tc.pkg, strings.Join(got, "\n"))
			}
		})
	}
}

// TestGoModTidy checks that `go mod tidy` would leave go.mod and go.sum as they are. It
// uses the module cache only (GOPROXY=off); with modules missing from the cache it skips.
func TestGoModTidy(t *testing.T) {
	cmd := exec.Command("go", "mod", "tidy", "-diff")
	cmd.Env = append(os.Environ(), "GOPROXY=off", "GOFLAGS=-mod=mod")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &ee) && bytes.HasPrefix(out, []byte("diff ")):
		t.Errorf("go mod tidy would change go.mod or go.sum:\n%s", out)
	default:
		t.Skipf("go mod tidy -diff cannot run from the module cache alone: %v\n%s", err, out)
	}
}

// TestLibrariesDoNotPrint checks that no library package prints or logs: only cmd/ (and the
// benchmark harness, a program) may.
func TestLibrariesDoNotPrint(t *testing.T) {
	fset := token.NewFileSet()
	for _, p := range listPackages(t) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		if _, test := underTest(p); test || strings.HasPrefix(rel, "cmd/") || strings.HasPrefix(rel, "benchmarks") {
			continue
		}
		for _, name := range p.GoFiles {
			f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if path := strings.Trim(imp.Path.Value, `"`); path == "log" || path == "log/slog" {
					t.Errorf("%s/%s imports %s", rel, name, path)
				}
			}
			ast.Inspect(f, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "fmt" && strings.HasPrefix(sel.Sel.Name, "Print") {
					t.Errorf("%s: fmt.%s in a library package", fset.Position(sel.Pos()), sel.Sel.Name)
				}
				return true
			})
		}
	}
}
