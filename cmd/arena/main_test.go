package main

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// run drives Main as a user would, returning what it printed.
func run(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = Main(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

func TestMain_Help(t *testing.T) {
	out, _, err := run(t, "help")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "physics-demo") {
		t.Errorf("help does not list physics-demo:\n%s", out)
	}
	if _, errOut, err := run(t, "frobnicate"); !errors.Is(err, errUsage) || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: err %v, stderr %q", err, errOut)
	}
}

func TestPhysicsDemo(t *testing.T) {
	out, _, err := run(t, "physics-demo")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Contacts, in order:", "outlaw 2 touches the bullet", "Hit: outlaw 2", "lying down"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
	if _, _, err := run(t, "physics-demo", "-shooter", "9"); err == nil {
		t.Error("shooter 9 accepted")
	}
	if _, _, err := run(t, "physics-demo", "-side", "up"); err == nil {
		t.Error("side up accepted")
	}
	if _, _, err := run(t, "physics-demo", "-bogus"); !errors.Is(err, errUsage) {
		t.Errorf("bad flag: err %v, want errUsage", err)
	}
}

// TestErrorLine: the line main prints for an error gives each layer's
// context once: it used to read "arena: run: arena: open store ...: arena:
// set WAL mode: ...", and the two failed read-only opens of a file printed
// the same error twice.
func TestErrorLine(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.db")
	if err := os.WriteFile(bad, []byte("not a database, not at all"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bad+"-wal", nil, 0o644); err != nil { // as if a writer had it open
		t.Fatal(err)
	}
	missing := filepath.Join(dir, "no-such-dir", "results.db")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"run", "--bots", "random,aimer", "--scenarios", "showdown", "--games", "2", "--db", missing},
			`arena: run: open store "` + missing + `": integrity check: unable to open database file (14)`},
		{[]string{"ratings", "--db", bad},
			`arena: ratings: the results database "` + bad + `" is damaged: it fails SQLite's integrity check (file is not a database (26)); ` +
				`restore it from a backup, or salvage its readable rows into a new file with 'sqlite3 ` + bad + ` .recover | sqlite3 recovered.db'; ` +
				`the arena neither reads nor writes it as it is`},
	} {
		_, _, err := run(t, c.args...)
		if err == nil {
			t.Fatalf("arena %v succeeded", c.args)
		}
		if got := errorLine(err); got != c.want {
			t.Errorf("arena %v: error line\n%s\nwant\n%s", c.args, got, c.want)
		}
	}
	// A game's options refused: the arena package's context once, the game's after it.
	_, _, err := run(t, "run", "--bots", "random,aimer", "--scenarios", "race:players=1", "--games", "2",
		"--db", filepath.Join(dir, "r.db"))
	if err == nil {
		t.Fatal("race:players=1 accepted")
	}
	if got := errorLine(err); strings.Count(got, "arena: ") != 1 || !strings.HasPrefix(got, "arena: run: new env referee: scenario \"race:players=1\": ") {
		t.Errorf("error line %q: want one \"arena: \", then run's and the referee's context", got)
	}
}
