package pgtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// Environment variables read by this package; see the package documentation.
const (
	// EnvBin names the directory of initdb and postgres.
	EnvBin = "FLICKARENA_PG_BIN"
	// EnvRequire, when set, turns missing binaries into a test failure.
	EnvRequire = "FLICKARENA_REQUIRE_POSTGRES"
	// EnvCI, when set, turns missing binaries into a test failure too.
	EnvCI = "CI"
)

// installHint says how to get the binaries.
const installHint = "run scripts/install-postgres (make deps), or set " + EnvBin + " to the directory of initdb and postgres"

// debianRoot is where Debian's postgresql package installs each version's
// binaries, as <debianRoot>/<version>/bin.
const debianRoot = "/usr/lib/postgresql"

// findBin returns the directory holding initdb and postgres: $EnvBin, the
// directory of initdb on PATH, or the newest <root>/<version>/bin.
func findBin(getenv func(string) string, root string) (string, error) {
	if dir := getenv(EnvBin); dir != "" {
		if err := hasBinaries(dir); err != nil {
			return "", fmt.Errorf("pgtest: %s=%q: %w", EnvBin, dir, err)
		}
		return dir, nil
	}
	if p, err := exec.LookPath("initdb"); err == nil {
		if dir := filepath.Dir(p); hasBinaries(dir) == nil {
			return dir, nil
		}
	}
	entries, _ := os.ReadDir(root) // a missing root is "not found" below
	var versions []string
	for _, e := range entries {
		if hasBinaries(filepath.Join(root, e.Name(), "bin")) == nil {
			versions = append(versions, e.Name())
		}
	}
	if len(versions) == 0 {
		return "", errors.New("pgtest: no PostgreSQL server binaries (initdb, postgres) on PATH or in " + root + "/*/bin")
	}
	slices.SortFunc(versions, compareVersions)
	return filepath.Join(root, versions[len(versions)-1], "bin"), nil
}

// compareVersions orders version directory names numerically where they
// are numbers ("9.6" < "15"), else as text.
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := range min(len(pa), len(pb)) {
		na, ea := strconv.Atoi(pa[i])
		nb, eb := strconv.Atoi(pb[i])
		switch {
		case ea == nil && eb == nil && na != nb:
			return na - nb
		case (ea != nil || eb != nil) && pa[i] != pb[i]:
			return strings.Compare(pa[i], pb[i])
		}
	}
	return len(pa) - len(pb)
}

// hasBinaries reports whether dir holds executable initdb and postgres.
func hasBinaries(dir string) error {
	for _, name := range []string{"initdb", "postgres"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			return err
		}
		if fi.IsDir() || fi.Mode()&0o111 == 0 {
			return fmt.Errorf("%s is not an executable file", filepath.Join(dir, name))
		}
	}
	return nil
}

// unavailable reports whether a missing server fails the test (fail) rather
// than skipping it, and the message saying why and how to install one.
func unavailable(err error, getenv func(string) string) (fail bool, msg string) {
	fail = getenv(EnvRequire) != "" || getenv(EnvCI) != ""
	return fail, fmt.Sprintf("%v; %s", err, installHint)
}
