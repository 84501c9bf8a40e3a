package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
	"github.com/flickarena/flickarena/arena/store"
)

// testTournament is a tournament record for store tests.
var testTournament = arena.TournamentInfo{
	ID:              "t1",
	ScheduleVersion: arena.ScheduleVersion,
	Kind:            arena.Gauntlet,
	GauntletBot:     "planner",
	Seed:            1<<63 + 12345, // high bit set: stored as a negative int64
	GamesPerPairing: 4,
	Bots:            []arena.BotInfo{{Name: "planner", Version: "2.0"}, {Name: "random", Version: "1.0"}},
	Scenarios:       []arena.Scenario{{ID: "flickemup/showdown-v9", Version: "1", Hash: "abc"}},
	Planned:         4,
}

// record returns a fully populated game record of tournament tid.
func record(tid, key string) arena.GameRecord {
	start := time.Date(2026, 3, 1, 12, 0, 0, 123456789, time.UTC)
	return arena.GameRecord{
		TournamentID: tid,
		Key:          key,
		PairID:       "pair-" + key,
		Seq:          3,
		Round:        1,
		Leg:          1,
		Scenario:     arena.Scenario{ID: "flickemup/showdown-v9", Version: "1", Hash: "abc"},
		Seed:         1<<64 - 2,
		Bots:         []arena.BotInfo{{Name: "random", Version: "1.0"}, {Name: "planner", Version: "2.0"}},
		FirstMover:   1,
		Ranks:        arena.RanksFor(arena.WinY),
		Termination:  arena.TermIllegal,
		Reason:       "flick vector out of range",
		EndKind:      "illegal flick",
		Turns:        17,
		Points:       []float64{1.5, 4},
		Attempt:      2,
		ArenaVersion: "0.1.0",
		StartedAt:    start,
		EndedAt:      start.Add(1500 * time.Millisecond),
	}
}

func testStoreRoundTrip(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	s, path := b.Open(t)
	if err := s.RecordTournament(ctx, testTournament); err != nil {
		t.Fatal(err)
	}
	want := record("t1", "k1")
	inserted, err := s.AppendGame(ctx, want)
	if err != nil || !inserted {
		t.Fatalf("AppendGame = %v, %v; want true, nil", inserted, err)
	}

	// Read back through a fresh connection, as the next process would.
	s2 := arenatest.Reopen(t, path)
	got := arenatest.Games(t, s2, "t1")
	if len(got) != 1 || got[0].ID <= 0 {
		t.Fatalf("got %+v, want one game with an id", got)
	}
	want.ID = got[0].ID
	if diff := cmp.Diff(want, got[0]); diff != "" {
		t.Errorf("game round trip (-want +got):\n%s", diff)
	}
	if d := got[0].Duration(); d != 1500*time.Millisecond {
		t.Errorf("Duration = %v, want 1.5s", d)
	}

	tours, err := s2.Tournaments(ctx)
	if err != nil || len(tours) != 1 {
		t.Fatalf("Tournaments = %v, %v; want one", tours, err)
	}
	if tours[0].CreatedAt.IsZero() {
		t.Errorf("tournament has no creation time")
	}
	wantT := testTournament
	wantT.CreatedAt = tours[0].CreatedAt
	if diff := cmp.Diff(wantT, tours[0]); diff != "" {
		t.Errorf("tournament round trip (-want +got):\n%s", diff)
	}
	if v, err := s2.SchemaVersion(ctx); err != nil || v != store.SchemaVersion {
		t.Errorf("SchemaVersion = %d, %v; want %d", v, err, store.SchemaVersion)
	}
}

func testStoreAppendOnce(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	s, _ := b.Open(t)
	for range 2 { // recording a tournament twice is a no-op
		if err := s.RecordTournament(ctx, testTournament); err != nil {
			t.Fatal(err)
		}
	}
	first := record("t1", "k1")
	if ok, err := s.AppendGame(ctx, first); !ok || err != nil {
		t.Fatalf("first AppendGame = %v, %v", ok, err)
	}
	second := first
	second.Ranks, second.Termination = arena.RanksFor(arena.Draw), arena.TermNormal
	if ok, err := s.AppendGame(ctx, second); ok || err != nil {
		t.Fatalf("second AppendGame with the same key = %v, %v; want false, nil", ok, err)
	}
	got := arenatest.Games(t, s, "t1")
	if len(got) != 1 || got[0].Result() != first.Result() {
		t.Errorf("games %+v, want only the first", got)
	}
	if tours, err := s.Tournaments(ctx); err != nil || len(tours) != 1 {
		t.Errorf("Tournaments = %d, %v; want 1", len(tours), err)
	}
}

func testStoreAppendGameInvalid(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	s, _ := b.Open(t)
	if err := s.RecordTournament(ctx, testTournament); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(*arena.GameRecord)
	}{
		{"NoResult", func(g *arena.GameRecord) { g.Ranks = nil }},
		{"NoTermination", func(g *arena.GameRecord) { g.Termination = arena.TermUnspecified }},
		{"DrawAfterFault", func(g *arena.GameRecord) { g.Ranks = arena.RanksFor(arena.Draw) }},
		{"BadFirstMover", func(g *arena.GameRecord) { g.FirstMover = 2 }},
		{"NegativeTurns", func(g *arena.GameRecord) { g.Turns = -1 }},
		{"NoKey", func(g *arena.GameRecord) { g.Key = "" }},
		{"NoTournament", func(g *arena.GameRecord) { g.TournamentID = "" }},
		{"NoBot", func(g *arena.GameRecord) { g.Bots[arena.SideY].Name = "" }},
		{"BadLeg", func(g *arena.GameRecord) { g.Leg = 2 }},
		{"NoAttempt", func(g *arena.GameRecord) { g.Attempt = 0 }},
		{"UnknownTournament", func(g *arena.GameRecord) { g.TournamentID = "nope" }}, // foreign key
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := record("t1", "k-"+tc.name)
			tc.change(&g)
			if ok, err := s.AppendGame(ctx, g); ok || err == nil {
				t.Errorf("AppendGame = %v, %v; want an error", ok, err)
			}
		})
	}
	if got := arenatest.Games(t, s, ""); len(got) != 0 {
		t.Errorf("%d games stored, want none", len(got))
	}
}

func testStoreGamesFilter(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	s, _ := b.Open(t)
	t2 := testTournament
	t2.ID = "t2"
	for _, info := range []arena.TournamentInfo{testTournament, t2} {
		if err := s.RecordTournament(ctx, info); err != nil {
			t.Fatal(err)
		}
	}
	add := func(tid, key, scenario, x, y string, seq int) {
		g := record(tid, key)
		g.Scenario.ID, g.Bots[0].Name, g.Bots[1].Name, g.Seq = scenario, x, y, seq
		if _, err := s.AppendGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	// Appended out of schedule order: Games sorts by tournament and Seq.
	add("t2", "d", "bank-job", "aimer", "planner", 0)
	add("t1", "b", "showdown", "planner", "random", 1)
	add("t1", "a", "showdown", "random", "aimer", 0)
	add("t1", "c", "bank-job", "aimer", "planner", 2)
	tests := []struct {
		f    arena.GameFilter
		want []string
	}{
		{arena.GameFilter{}, []string{"a", "b", "c", "d"}},
		{arena.GameFilter{TournamentID: "t1"}, []string{"a", "b", "c"}},
		{arena.GameFilter{ScenarioID: "bank-job"}, []string{"c", "d"}},
		{arena.GameFilter{Bot: "planner"}, []string{"b", "c", "d"}},
		{arena.GameFilter{TournamentID: "t1", Bot: "aimer"}, []string{"a", "c"}},
		{arena.GameFilter{TournamentID: "t1", ScenarioID: "showdown", Bot: "planner"}, []string{"b"}},
		{arena.GameFilter{TournamentID: "t3"}, nil},
	}
	for _, tc := range tests {
		got, err := s.Games(ctx, tc.f)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, g := range got {
			keys = append(keys, g.Key)
		}
		if diff := cmp.Diff(tc.want, keys); diff != "" {
			t.Errorf("Games(%+v) keys (-want +got):\n%s", tc.f, diff)
		}
	}
	played, err := s.PlayedKeys(ctx, "t1")
	if diff := cmp.Diff(map[string]bool{"a": true, "b": true, "c": true}, played); err != nil || diff != "" {
		t.Errorf("PlayedKeys(t1) = %v (-want +got):\n%s", err, diff)
	}
}

func TestOpenStore_BadPath(t *testing.T) {
	for _, p := range []string{"", ":memory:", "a?mode=ro", "file:x.db", filepath.Join(t.TempDir(), "missing", "x.db")} {
		if s, err := store.Open(context.Background(), p); err == nil {
			_ = s.Close()
			t.Errorf("Open(%q) succeeded, want an error", p)
		}
	}
}

// testStoreConcurrentWriters plays two arenas on one database file: two
// Stores (two connection pools, as two processes would have), opened at the
// same time on a new file, appending interleaved and overlapping games.
func testStoreConcurrentWriters(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	path := b.NewDB(t)
	const perWriter, overlap = 60, 20
	stores := make([]*store.Store, 2)
	var wg sync.WaitGroup
	openErrs := make([]error, 2)
	for i := range stores {
		wg.Go(func() { stores[i], openErrs[i] = store.Open(ctx, path) })
	}
	wg.Wait()
	for i, err := range openErrs {
		if err != nil {
			t.Fatalf("writer %d: Open: %v", i, err)
		}
		t.Cleanup(func() { _ = stores[i].Close() })
	}

	inserted := make([]int, 2)
	errs := make([]error, 2)
	for w, s := range stores {
		wg.Go(func() {
			if errs[w] = s.RecordTournament(ctx, testTournament); errs[w] != nil {
				return
			}
			// Writer 0 writes keys 0..59, writer 1 keys 40..99: 20 shared.
			for i := range perWriter {
				g := record("t1", fmt.Sprintf("g%03d", w*(perWriter-overlap)+i))
				ok, err := s.AppendGame(ctx, g)
				if err != nil {
					errs[w] = err
					return
				}
				if ok {
					inserted[w]++
				}
			}
		})
	}
	wg.Wait()
	for w, err := range errs {
		if err != nil {
			t.Fatalf("writer %d: %v", w, err)
		}
	}
	want := 2*perWriter - overlap
	if got := inserted[0] + inserted[1]; got != want {
		t.Errorf("writers inserted %d + %d games, want %d in all", inserted[0], inserted[1], want)
	}
	got := arenatest.Games(t, stores[1], "t1")
	keys := map[string]bool{}
	for _, g := range got {
		keys[g.Key] = true
	}
	if len(got) != want || len(keys) != want {
		t.Errorf("%d games with %d distinct keys, want %d", len(got), len(keys), want)
	}
	if tours, err := stores[0].Tournaments(ctx); err != nil || len(tours) != 1 {
		t.Errorf("Tournaments = %d, %v; want 1", len(tours), err)
	}
	b.CheckIntegrity(t, path)
}

func testStoreRuns(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	s, _ := b.Open(t)
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer"), Scenarios: arenatest.Scenarios("showdown"),
		GamesPerPairing: 2})
	cfg := arenatest.TestConfig(2)
	cfg.Command = "arena run --bots random,aimer --games 2"
	cfg.RatingPrior = 400
	labels := []map[string]string{nil, {"tune.search": "3f2a", "tune.value": "town-hall", "note": ""}}
	for _, l := range labels {
		cfg.Labels = l
		if _, err := arenatest.MustRunner(t, arenatest.FairReferee, s, cfg).Run(ctx, sched); err != nil {
			t.Fatal(err)
		}
	}
	runs, err := s.Runs(ctx, sched.Info.ID)
	if err != nil || len(runs) != 2 {
		t.Fatalf("Runs = %d, %v; want 2", len(runs), err)
	}
	for i, r := range runs {
		if r.Command != cfg.Command || r.Concurrency != 2 || r.MaxAttempts != cfg.MaxAttempts ||
			r.ArenaVersion != "test" || r.StartedAt.IsZero() || !r.HasRatingPrior || r.RatingPrior != 400 {
			t.Errorf("run %+v does not record the configuration", r)
		}
		if !cmp.Equal(r.Labels, labels[i]) {
			t.Errorf("run %d: labels %q, want %q", i, r.Labels, labels[i])
		}
	}
	cfg.Labels = map[string]string{"": "x"}
	if _, err := arena.NewRunner(arenatest.FairReferee, s, cfg); err == nil {
		t.Error("NewRunner took a label with an empty name")
	}
}

// TestOpenStore_Concurrent opens new database files from several arenas at
// once: the switch to WAL mode and the migration must wait for each other
// rather than fail with "database is locked".
func TestOpenStore_Concurrent(t *testing.T) {
	files := 200
	if testing.Short() {
		files = 30
	}
	dir := t.TempDir()
	for i := range files {
		path := filepath.Join(dir, fmt.Sprintf("s%d.db", i))
		var wg sync.WaitGroup
		errs := make([]error, 3)
		for j := range errs {
			wg.Go(func() {
				s, err := store.Open(context.Background(), path)
				if err == nil {
					err = s.Close()
				}
				errs[j] = err
			})
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatalf("file %d: %v", i, err)
			}
		}
	}
}

// TestStore_OpenWriteCloseCycles has four arenas repeatedly open the same
// database, write and close it (closing the last connection checkpoints and
// removes the WAL file while others may be opening it).
func TestStore_OpenWriteCloseCycles(t *testing.T) {
	if testing.Short() {
		t.Skip("long: 120 open/close cycles")
	}
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cycles.db")
	const writers, cycles = 4, 30
	var wg sync.WaitGroup
	errs := make([]error, writers)
	for w := range writers {
		wg.Go(func() {
			for c := range cycles {
				s, err := store.Open(ctx, path)
				if err != nil {
					errs[w] = err
					return
				}
				err = s.RecordTournament(ctx, testTournament)
				if err == nil {
					_, err = s.AppendGame(ctx, record("t1", fmt.Sprintf("w%d-c%d", w, c)))
				}
				if err == nil {
					_, err = s.Games(ctx, arena.GameFilter{TournamentID: "t1"})
				}
				if cerr := s.Close(); err == nil {
					err = cerr
				}
				if err != nil {
					errs[w] = err
					return
				}
			}
		})
	}
	wg.Wait()
	for w, err := range errs {
		if err != nil {
			t.Fatalf("writer %d: %v", w, err)
		}
	}
	s := arenatest.Reopen(t, path)
	if got := arenatest.Games(t, s, "t1"); len(got) != writers*cycles {
		t.Errorf("%d games, want %d", len(got), writers*cycles)
	}
	if err := arenatest.CheckIntegrity(path); err != nil {
		t.Error(err)
	}
}

// BenchmarkStore_AppendGame measures recording throughput: one committed,
// fsynced transaction per game.
// On PostgreSQL it is the test server's figure: fsync off.
func BenchmarkStore_AppendGame(b *testing.B) {
	for _, be := range arenatest.Backends {
		b.Run(be.Name, func(b *testing.B) {
			ctx := context.Background()
			s, _ := be.Open(b)
			if err := s.RecordTournament(ctx, testTournament); err != nil {
				b.Fatal(err)
			}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				if _, err := s.AppendGame(ctx, record("t1", fmt.Sprintf("g%d", i))); err != nil {
					b.Fatal(err)
				}
				i++
			}
			b.ReportMetric(float64(i)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
