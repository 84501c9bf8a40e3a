package pgtest

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

// shared is the test binary's server for [DB], started on first use.
var shared struct {
	mainCalled atomic.Bool
	once       sync.Once
	srv        *Server
	err        error
	n          atomic.Int64 // databases created, for unique names
}

// Main runs the tests of m and then stops the shared server of [DB], if one
// was started, and exits. Call it from the package's TestMain:
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
func Main(m *testing.M) {
	shared.mainCalled.Store(true)
	code := m.Run()
	if shared.srv != nil {
		if err := shared.srv.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			if code == 0 {
				code = 1
			}
		}
	}
	os.Exit(code)
}

// DB returns the URL of a new, empty database on the test binary's shared
// server, starting the server on first use. The package's TestMain must call
// [Main]. Without PostgreSQL's binaries, DB skips the test, or fails it when
// FLICKARENA_REQUIRE_POSTGRES or CI is set.
func DB(tb testing.TB) string {
	tb.Helper()
	if !shared.mainCalled.Load() {
		tb.Fatal("pgtest: DB needs the package's TestMain to call pgtest.Main (which stops the shared server)")
	}
	check(tb)
	shared.once.Do(func() { shared.srv, shared.err = Start(context.Background()) })
	if shared.err != nil {
		tb.Fatal(shared.err)
	}
	name := fmt.Sprintf("t%d_%s", shared.n.Add(1), dbName(tb.Name()))
	u, err := shared.srv.CreateDB(context.Background(), name)
	if err != nil {
		tb.Fatal(err)
	}
	return u
}

// New starts a server of the test's own, stopped (and its directory
// deleted) at the test's cleanup. Without PostgreSQL's binaries, New skips
// the test, or fails it when FLICKARENA_REQUIRE_POSTGRES or CI is set.
func New(tb testing.TB) *Server {
	tb.Helper()
	check(tb)
	s, err := Start(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() {
		if err := s.Stop(); err != nil {
			tb.Error(err)
		}
	})
	return s
}

// check skips or fails tb when the binaries are missing.
func check(tb testing.TB) {
	tb.Helper()
	if _, err := findBin(os.Getenv, debianRoot); err != nil {
		fail, msg := unavailable(err, os.Getenv)
		if fail {
			tb.Fatal(msg)
		}
		tb.Skip(msg)
	}
}

// unsafeDBName matches what is kept out of database names.
var unsafeDBName = regexp.MustCompile(`[^a-z0-9_]+`)

// dbName turns a test name into part of a database name (at most 63 bytes
// in all, so it is cut).
func dbName(test string) string {
	s := unsafeDBName.ReplaceAllString(strings.ToLower(test), "_")
	return s[:min(len(s), 40)]
}
