package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// TestRun_RemoteBadName: a remote bot whose name or version is too long or
// holds control characters is refused when it connects, with an error that
// quotes the name escaped and shortened. A 1 MiB name with ANSI escapes used
// to be stored and printed raw.
func TestRun_RemoteBadName(t *testing.T) {
	huge := "\x1b[31m" + strings.Repeat("A", 1<<20)
	tests := []struct {
		name, want string
	}{
		{huge, `its name is refused: arena: bad bot name: "\x1b[31mAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"... (1048581 bytes) is 1048581 bytes long, more than the limit of 64`},
		{"evil\x1b[2J", `its name is refused: arena: bad bot name: "evil\x1b[2J" holds '\x1b' at byte 4`},
		{"two words", `its name is refused: arena: bad bot name: "two words" holds ' ' at byte 3`},
		{"a,b", `its name is refused: arena: bad bot name: "a,b" holds ',' at byte 1`},
	}
	for _, tc := range tests {
		addr := serveAgent(t, &agentServer{name: tc.name})
		db := filepath.Join(t.TempDir(), "r.db")
		_, _, err := run(t, "run", "--bots", "random,remote="+addr, "--scenarios", "race", "--games", "2", "--db", db)
		if err == nil || !strings.Contains(err.Error(), "remote bot at "+addr+": "+tc.want) {
			t.Errorf("name %s: err %.300v\nwant %q", arena.QuoteShort(tc.name), err, tc.want)
		}
		if err != nil && (strings.ContainsRune(err.Error(), 0x1b) || len(err.Error()) > 400) {
			t.Errorf("the error is raw or long: %s", arena.QuoteShort(err.Error()))
		}
	}
}

// TestReadingCommands_StoredBadName: a database written before names were
// checked, holding a 1 MiB bot name with ANSI escapes, is rated, balanced
// and exported as PGN with the name in a safe form (arena.SafeBotName); the
// raw name reached the terminal, and export pgn failed for the whole
// database.
func TestReadingCommands_StoredBadName(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "results.db")
	st, err := store.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	bad := "\x1b[31m" + strings.Repeat("A", 1<<20)
	bots := []arena.BotInfo{{Name: "random", Version: "1"}, {Name: bad, Version: "v\x1b[0m"}}
	info := arena.TournamentInfo{ID: "t1", ScheduleVersion: 1, Kind: arena.RoundRobin, Seed: 1, GamesPerPairing: 2,
		Bots: bots, Scenarios: []arena.Scenario{{ID: "race", Version: "1"}}, Planned: 2}
	if err := st.RecordTournament(ctx, info); err != nil {
		t.Fatal(err)
	}
	now := time.Now()
	for leg := range 2 {
		// The pair and the key hold the names, as the schedule writes them; the reason too.
		pair := "race|random|" + bad + "|0"
		g := arena.GameRecord{TournamentID: "t1", Key: pair + "|" + string(rune('0'+leg)), PairID: pair, Seq: leg, Leg: leg,
			Reason:   bots[1].Name + " (side Y, turn 3): it said \x1b[2J",
			Scenario: arena.Scenario{ID: "race", Version: "1"}, Seed: 1, Bots: []arena.BotInfo{bots[leg], bots[1-leg]},
			FirstMover: 0, Ranks: arena.RanksFor(arena.WinX), Termination: arena.TermNormal, Turns: 3, Attempt: 1,
			StartedAt: now, EndedAt: now}
		if _, err := st.AppendGame(ctx, g); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Close(); err != nil {
		t.Fatal(err)
	}
	safe := arena.SafeBotName(bad)
	if err := arena.CheckBotName(safe); err != nil {
		t.Fatalf("the safe name %q is refused: %v", safe, err)
	}
	for _, args := range [][]string{
		{"ratings", "--db", db, "--prior", "400"},
		{"balance", "--db", db},
		{"export", "pgn", "--db", db},
		{"ratings", "--db", db, "--prior", "400", "--bots", "random," + safe},
	} {
		out, errOut := mustRun(t, args...)
		if strings.ContainsRune(out+errOut, 0x1b) || len(out) > 10000 {
			t.Errorf("%v printed the raw name (%d bytes)", args, len(out))
		}
		if args[0] != "balance" && !strings.Contains(out, safe) {
			t.Errorf("%v does not print the safe name %s:\n%s", args, safe, out)
		}
	}
}
