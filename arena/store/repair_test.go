package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
	"github.com/flickarena/flickarena/arena/store"
)

// deleteGames deletes the games of tournament id with keys (plain text: no
// quote) from the database at path as its owner can, bypassing the
// append-only triggers: on PostgreSQL disabled for the deletion, on SQLite
// dropped and made again.
func deleteGames(t *testing.T, path, id string, keys ...string) {
	t.Helper()
	before, after := []string{
		`ALTER TABLE games DISABLE TRIGGER games_append_only`,
		`ALTER TABLE game_seats DISABLE TRIGGER game_seats_append_only`,
	}, []string{
		`ALTER TABLE games ENABLE TRIGGER games_append_only`,
		`ALTER TABLE game_seats ENABLE TRIGGER game_seats_append_only`,
	}
	if !store.IsPostgresURL(path) {
		before, after = []string{`DROP TRIGGER games_no_delete`, `DROP TRIGGER game_seats_no_delete`}, []string{
			`CREATE TRIGGER games_no_delete BEFORE DELETE ON games BEGIN SELECT RAISE(ABORT, 'games is append-only'); END`,
			`CREATE TRIGGER game_seats_no_delete BEFORE DELETE ON game_seats BEGIN SELECT RAISE(ABORT, 'game_seats is append-only'); END`,
		}
	}
	games := fmt.Sprintf(`SELECT id FROM games WHERE tournament_id = '%s' AND game_key IN ('%s')`, id, strings.Join(keys, "', '"))
	stmts := append(before, `DELETE FROM game_seats WHERE game_id IN (`+games+`)`, `DELETE FROM games WHERE id IN (`+games+`)`)
	ownerExec(t, path, append(stmts, after...)...)
}

// testRunnerLeasedRepairsDeletedGames: three games of a finished tournament
// deleted by the table owner (PostgreSQL) or the file's owner (SQLite) are
// played again by the next run, which lists them in Summary.Repaired; the
// run after it has nothing to do.
func testRunnerLeasedRepairsDeletedGames(t *testing.T, b arenatest.Backend) {
	u := b.NewDB(t)
	ctx := context.Background()
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner"), Scenarios: arenatest.Scenarios("showdown"),
		GamesPerPairing: 4, Seed: 9})
	s := arenatest.Reopen(t, u)
	if _, err := arenatest.MustRunner(t, arenatest.FairReferee, s, arenatest.TestConfig(2)).Run(ctx, sched); err != nil {
		t.Fatal(err)
	}
	want := arenatest.Games(t, s, sched.Info.ID)
	deleted := []string{sched.Fixtures[1].Key, sched.Fixtures[4].Key, sched.Fixtures[9].Key}
	deleteGames(t, u, sched.Info.ID, deleted...)
	if got := len(arenatest.Games(t, s, sched.Info.ID)); got != len(sched.Fixtures)-len(deleted) {
		t.Fatalf("%d games after the deletion, want %d", got, len(sched.Fixtures)-len(deleted))
	}

	sum, err := arenatest.MustRunner(t, arenatest.FairReferee, s, arenatest.TestConfig(2)).Run(ctx, sched)
	if err != nil {
		t.Fatalf("rerun: %v", err)
	}
	if sum.Played != len(deleted) || sum.Skipped != len(sched.Fixtures)-len(deleted) || !slices.Equal(sum.Repaired, deleted) {
		t.Errorf("rerun: played %d, skipped %d, repaired %q; want %d played, %d skipped, %q repaired",
			sum.Played, sum.Skipped, sum.Repaired, len(deleted), len(sched.Fixtures)-len(deleted), deleted)
	}
	arenatest.SameRecords(t, want, arenatest.Games(t, s, sched.Info.ID))

	sum, err = arenatest.MustRunner(t, arenatest.FairReferee, s, arenatest.TestConfig(2)).Run(ctx, sched)
	if err != nil || sum.Played != 0 || len(sum.Repaired) != 0 {
		t.Errorf("third run: %+v, %v; want nothing to do", sum, err)
	}
}

// testRunnerIncompleteAfterRun: a game deleted while the run plays is
// reported (ErrIncomplete, naming it) rather than a finished tournament, on
// either store; the next run plays it.
func testRunnerIncompleteAfterRun(t *testing.T, b arenatest.Backend) {
	ctx := context.Background()
	sched := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer"), Scenarios: arenatest.Scenarios("showdown"),
		GamesPerPairing: 4, Seed: 2})
	s, path := b.Open(t)
	victim, last := sched.Fixtures[0].Key, sched.Fixtures[len(sched.Fixtures)-1].Key
	deleting := arena.RefereeFunc(func(_ context.Context, m arena.Match) (arena.Outcome, error) {
		if m.Key == last { // the first game is recorded by now (one game at a time)
			deleteGames(t, path, sched.Info.ID, victim)
		}
		return arenatest.FakeOutcome(m), nil
	})
	_, err := arenatest.MustRunner(t, deleting, s, arenatest.TestConfig(1)).Run(ctx, sched)
	if !errors.Is(err, arena.ErrIncomplete) || !strings.Contains(err.Error(), victim) {
		t.Fatalf("run with a game deleted meanwhile: %v; want ErrIncomplete naming %s", err, victim)
	}
	sum, err := arenatest.MustRunner(t, arenatest.FairReferee, s, arenatest.TestConfig(1)).Run(ctx, sched)
	if err != nil || sum.Played != 1 {
		t.Errorf("next run: %+v, %v; want the deleted game played", sum, err)
	}
}
