package store_test

import (
	"bytes"
	"encoding/csv"
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

func TestWriteCSV(t *testing.T) {
	three := arena.GameRecord{ID: 7, TournamentID: "t", Key: "k|1", PairID: "p", Round: 2,
		Scenario: arena.Scenario{ID: "race:players=3", Version: "1"}, Seed: 1<<64 - 1,
		Bots:  []arena.BotInfo{{Name: "a", Version: "1"}, {Name: "b", Version: "2"}, {Name: "c", Version: "3"}},
		Ranks: []int{2, 1, 2}, Points: []float64{3.5, 6, 3.5}, FirstMover: 1, Termination: arena.TermNormal,
		EndKind: "the race is over", Reason: `the race is over, "6" points`, Turns: 15}
	two := arena.GameRecord{ID: 8, TournamentID: "t", Key: "k|2", PairID: "q", Scenario: arena.Scenario{ID: "showdown", Version: "1"},
		Bots: []arena.BotInfo{{Name: "b", Version: "2"}, {Name: "a", Version: "1"}}, Ranks: []int{2, 1},
		Termination: arena.TermTimeout, Reason: "b (seat 0, turn 3): slow", Turns: 3}
	names := func(s string) []string {
		if s == "showdown-v1" {
			return []string{"lawmen", "outlaws"}
		}
		return nil
	}
	var buf bytes.Buffer
	if err := store.WriteCSV(&buf, []arena.GameRecord{three, two}, names); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("the output is not CSV: %v", err)
	}
	if len(rows) != 6 || !slices.Equal(rows[0], store.CSVColumns) {
		t.Fatalf("%d rows, header %q; want a header and 5 seats", len(rows), rows[0])
	}
	col := func(row []string, name string) string { return row[slices.Index(store.CSVColumns, name)] }
	want := []map[string]string{
		{"game": "7", "rotation_set": "t|p", "round": "3", "scenario": "race-v1:players=3", "seats": "3", "seed": "18446744073709551615",
			"seat": "0", "seat_name": "player 1", "bot": "a", "bot_version": "1", "rank": "2", "points": "3.5", "score": "0.25",
			"first_mover": "0", "termination": "normal", "end_kind": "the race is over", "reason": `the race is over, "6" points`, "turns": "15"},
		{"seat": "1", "seat_name": "player 2", "bot": "b", "rank": "1", "points": "6", "score": "1", "first_mover": "1"},
		{"seat": "2", "seat_name": "player 3", "bot": "c", "rank": "2", "score": "0.25"},
		{"game": "8", "scenario": "showdown-v1", "seats": "2", "seat": "0", "seat_name": "lawmen", "bot": "b", "rank": "2", "points": "0",
			"score": "0", "termination": "timeout", "end_kind": ""},
		{"seat": "1", "seat_name": "outlaws", "bot": "a", "rank": "1", "score": "1", "game_key": "k|2", "tournament": "t"},
	}
	for i, w := range want {
		for k, v := range w {
			if got := col(rows[i+1], k); got != v {
				t.Errorf("row %d %s = %q, want %q", i+1, k, got, v)
			}
		}
	}

	bad := three
	bad.Ranks = []int{1, 2}
	if err := store.WriteCSV(&buf, []arena.GameRecord{bad}, nil); err == nil {
		t.Error("a game with fewer ranks than seats was written")
	}
	if err := store.WriteCSV(failWriter{}, []arena.GameRecord{three}, nil); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("write error: %v", err)
	}
}

// failWriter fails every write.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }
