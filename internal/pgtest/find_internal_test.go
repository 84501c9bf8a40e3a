package pgtest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeBin makes dir/initdb and dir/postgres executables.
func fakeBin(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"initdb", "postgres"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

func TestFindBin(t *testing.T) {
	t.Setenv("PATH", t.TempDir()) // nothing on PATH
	root := t.TempDir()
	env := map[string]string{}
	getenv := func(k string) string { return env[k] }
	if _, err := findBin(getenv, root); err == nil {
		t.Error("findBin in an empty root succeeded")
	}
	fakeBin(t, filepath.Join(root, "9.6", "bin"))
	fakeBin(t, filepath.Join(root, "15", "bin"))
	if err := os.MkdirAll(filepath.Join(root, "16", "bin"), 0o755); err != nil { // no binaries: ignored
		t.Fatal(err)
	}
	if got, err := findBin(getenv, root); err != nil || got != filepath.Join(root, "15", "bin") {
		t.Errorf("findBin = %q, %v; want the newest version with binaries, 15", got, err)
	}
	env[EnvBin] = filepath.Join(root, "9.6", "bin")
	if got, err := findBin(getenv, root); err != nil || got != env[EnvBin] {
		t.Errorf("findBin with %s = %q, %v", EnvBin, got, err)
	}
	env[EnvBin] = filepath.Join(root, "16", "bin")
	if _, err := findBin(getenv, root); err == nil || !strings.Contains(err.Error(), EnvBin) {
		t.Errorf("findBin with %s naming an empty directory: %v, want an error naming it", EnvBin, err)
	}
}

func TestCompareVersions(t *testing.T) {
	got := []string{"15", "9.6", "10", "beta", "9.10"}
	slices.SortFunc(got, compareVersions)
	if want := []string{"9.6", "9.10", "10", "15", "beta"}; !slices.Equal(got, want) {
		t.Errorf("sorted %v, want %v", got, want)
	}
}

func TestUnavailable(t *testing.T) {
	for _, tc := range []struct {
		env  map[string]string
		fail bool
	}{
		{map[string]string{}, false},
		{map[string]string{EnvRequire: "1"}, true},
		{map[string]string{EnvCI: "true"}, true},
	} {
		fail, msg := unavailable(os.ErrNotExist, func(k string) string { return tc.env[k] })
		if fail != tc.fail || !strings.Contains(msg, "install-postgres") {
			t.Errorf("env %v: fail %v, msg %q; want fail %v and the install hint", tc.env, fail, msg, tc.fail)
		}
	}
}

func TestDBName(t *testing.T) {
	if got := dbName("TestStore/Postgres-Round Trip"); got != "teststore_postgres_round_trip" {
		t.Errorf("dbName = %q", got)
	}
	if got := dbName(strings.Repeat("a", 100)); len(got) != 40 {
		t.Errorf("dbName of 100 bytes has %d", len(got))
	}
}
