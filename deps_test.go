package flickarena_test

import (
	"bytes"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/flickarena/flickarena"

// goPackage is the part of `go list -json` output this test reads.
type goPackage struct {
	ImportPath string
	Dir        string
	GoFiles    []string
	Deps       []string
}

// listPackages returns every package of the module with its transitive dependencies.
func listPackages(t *testing.T) []goPackage {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps=false", "-json", "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
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

// TestDependencyRules keeps the architecture's one-way dependencies: physics knows no game,
// env knows no concrete game and no gRPC, the rating maths is pure, and only the server and
// the commands speak gRPC.
func TestDependencyRules(t *testing.T) {
	rules := []struct {
		pkg       string // import path relative to the module, or a prefix ending in "/"
		forbidden []string
	}{
		{"physics", []string{module + "/", "google.golang.org/grpc"}},
		{"arena/rating", []string{module + "/", "google.golang.org/grpc", "database/sql"}},
		{"env", []string{module + "/env/", module + "/agents", module + "/arena", module + "/server", "google.golang.org/grpc"}},
		{"env/", []string{module + "/server", module + "/cmd", "google.golang.org/grpc"}},
		{"agents/", []string{module + "/arena", module + "/cmd"}},
		{"arena", []string{module + "/cmd", module + "/server"}},
	}
	for _, p := range listPackages(t) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		for _, r := range rules {
			if rel != r.pkg && !(strings.HasSuffix(r.pkg, "/") && strings.HasPrefix(rel, r.pkg)) {
				continue
			}
			for _, d := range p.Deps {
				for _, f := range r.forbidden {
					if d == strings.TrimSuffix(f, "/") || strings.HasPrefix(d, f) {
						if rel == "env" && strings.HasPrefix(d, module+"/physics") {
							continue
						}
						t.Errorf("%s depends on %s (forbidden: %s)", rel, d, f)
					}
				}
			}
		}
	}
}

// TestLibrariesDoNotPrint checks that no library package prints or logs: only cmd/ and the
// server's logger may.
func TestLibrariesDoNotPrint(t *testing.T) {
	fset := token.NewFileSet()
	for _, p := range listPackages(t) {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		if strings.HasPrefix(rel, "cmd/") || strings.HasPrefix(rel, "server") || strings.HasPrefix(rel, "benchmarks") {
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
