package pgtest_test

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/flickarena/flickarena/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestNew starts a server of the test's own, writes through it, and checks
// that Stop removes it.
func TestNew(t *testing.T) {
	ctx := context.Background()
	s := pgtest.New(t)
	u, err := s.CreateDB(ctx, "probe")
	if err != nil {
		t.Fatal(err)
	}
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var n int
	if err := c.QueryRow(ctx, "SELECT 40 + 2").Scan(&n); err != nil || n != 42 {
		t.Fatalf("SELECT 40 + 2 = %d, %v", n, err)
	}
	var user string
	if err := c.QueryRow(ctx, "SELECT current_user").Scan(&user); err != nil || user != pgtest.Superuser {
		t.Errorf("current_user = %q, %v; want %q", user, err, pgtest.Superuser)
	}
}

// TestDB gives two tests' databases of one shared server: each starts empty.
func TestDB(t *testing.T) {
	ctx := context.Background()
	var urls []string
	for range 2 {
		u := pgtest.DB(t)
		urls = append(urls, u)
		c, err := pgx.Connect(ctx, u)
		if err != nil {
			t.Fatal(err)
		}
		var n int
		if err := c.QueryRow(ctx, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").Scan(&n); err != nil || n != 0 {
			t.Errorf("a new database has %d tables, %v", n, err)
		}
		if _, err := c.Exec(ctx, "CREATE TABLE x (v int)"); err != nil {
			t.Fatal(err)
		}
		_ = c.Close(ctx)
	}
	if urls[0] == urls[1] {
		t.Errorf("two databases share the URL %s", urls[0])
	}
}

// TestStop: a stopped server's directory is gone.
func TestStop(t *testing.T) {
	if os.Getenv(pgtest.EnvRequire) == "" && os.Getenv(pgtest.EnvCI) == "" {
		if _, err := os.Stat("/usr/lib/postgresql"); err != nil {
			t.Skip("no PostgreSQL")
		}
	}
	s, err := pgtest.Start(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	u := s.URL("postgres")
	if err := s.Stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := pgx.Connect(context.Background(), u); err == nil {
		t.Error("connected to a stopped server")
	}
}

// TestHaltResume: a halted server refuses connections and keeps its data;
// resumed, it serves them again on the same URL.
func TestHaltResume(t *testing.T) {
	ctx := context.Background()
	s := pgtest.New(t)
	u, err := s.CreateDB(ctx, "kept")
	if err != nil {
		t.Fatal(err)
	}
	c, err := pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Exec(ctx, "CREATE TABLE x (v int); INSERT INTO x VALUES (7)"); err != nil {
		t.Fatal(err)
	}
	_ = c.Close(ctx)
	if err := s.Halt(); err != nil {
		t.Fatal(err)
	}
	if c, err := pgx.Connect(ctx, u); err == nil {
		_ = c.Close(ctx)
		t.Fatal("connected to a halted server")
	}
	if err := s.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	c, err = pgx.Connect(ctx, u)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close(ctx)
	var v int
	if err := c.QueryRow(ctx, "SELECT v FROM x").Scan(&v); err != nil || v != 7 {
		t.Errorf("after the resume: v = %d, %v; want 7", v, err)
	}
}
