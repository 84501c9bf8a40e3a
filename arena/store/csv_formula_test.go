package store_test

import (
	"bytes"
	"encoding/csv"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// TestWriteCSV_Formulas: a text value that a spreadsheet would evaluate as a
// formula (a remote bot's name or version, a reason, a seat's name starting
// with '=', '+', '-', '@', a tab or a carriage return) is written with a
// single quote before it; other text and the numbers, negative points
// included, are written as they are.
func TestWriteCSV_Formulas(t *testing.T) {
	g := arena.GameRecord{ID: 3, TournamentID: "t", Key: "k", PairID: "p", Scenario: arena.Scenario{ID: "race", Version: "1"},
		Bots:  []arena.BotInfo{{Name: "+cmd", Version: `=HYPERLINK("http://evil","x")`}, {Name: "-2+3", Version: "@SUM(A1)"}},
		Ranks: []int{1, 2}, Points: []float64{-3, 2}, Termination: arena.TermNormal,
		EndKind: "\t=1+1", Reason: "\r=1+1", Turns: 4}
	names := func(string) []string { return []string{"=seat", "plain"} }
	var buf bytes.Buffer
	if err := store.WriteCSV(&buf, []arena.GameRecord{g}, names); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(&buf).ReadAll()
	if err != nil {
		t.Fatalf("the output is not CSV: %v", err)
	}
	col := func(row int, name string) string { return rows[row][slices.Index(store.CSVColumns, name)] }
	for _, c := range []struct {
		row        int
		name, want string
	}{
		{1, "bot", "'+cmd"}, {1, "bot_version", `'=HYPERLINK("http://evil","x")`}, {2, "bot", "'-2+3"}, {2, "bot_version", "'@SUM(A1)"},
		{1, "end_kind", "'\t=1+1"}, {1, "reason", "'\r=1+1"}, {1, "seat_name", "'=seat"}, {2, "seat_name", "plain"},
		{1, "points", "-3"}, {2, "points", "2"}, {1, "tournament", "t"}, {1, "scenario", "race-v1"},
	} {
		if got := col(c.row, c.name); got != c.want {
			t.Errorf("row %d, %s = %q, want %q", c.row, c.name, got, c.want)
		}
	}
}
