package rating_test

import (
	"bufio"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/arena/rating"
)

var pgnGames = []rating.Game{
	{X: "aimer-1.2", Y: "planner_v3", Scenario: "showdown-v1", Score: 1, Pair: "p1", Round: 1},
	{X: "planner_v3", Y: "aimer-1.2", Scenario: "showdown-v1", Score: 0.5, Pair: "p1", Round: 1, First: rating.SideY},
	{X: "aimer-1.2", Y: "random+", Scenario: "gold rush", Score: 0, End: rating.EndTimeout},
	{X: "random+", Y: "aimer-1.2", Scenario: "gold rush", End: rating.EndVoid, First: rating.SideY},
}

func TestWritePGN(t *testing.T) {
	tests := []struct {
		name string
		cfg  rating.PGNConfig
		want string
	}{
		{"white is the first seat", rating.PGNConfig{Date: "2026.01.31"}, `[Event "Flickarena (White = the first seat)"]
[Site "?"]
[Date "2026.01.31"]
[Round "1"]
[White "aimer-1.2"]
[Black "planner_v3"]
[Result "1-0"]
[Scenario "showdown-v1"]
[WhiteSide "X"]
[FirstMover "White"]
[PairId "p1"]

1-0

[Event "Flickarena (White = the first seat)"]
[Site "?"]
[Date "2026.01.31"]
[Round "1"]
[White "planner_v3"]
[Black "aimer-1.2"]
[Result "1/2-1/2"]
[Scenario "showdown-v1"]
[WhiteSide "X"]
[FirstMover "Black"]
[PairId "p1"]

1/2-1/2

[Event "Flickarena (White = the first seat)"]
[Site "?"]
[Date "2026.01.31"]
[Round "?"]
[White "aimer-1.2"]
[Black "random+"]
[Result "0-1"]
[Scenario "gold rush"]
[WhiteSide "X"]
[FirstMover "White"]
[Termination "time forfeit"]

0-1

[Event "Flickarena (White = the first seat)"]
[Site "?"]
[Date "2026.01.31"]
[Round "?"]
[White "random+"]
[Black "aimer-1.2"]
[Result "*"]
[Scenario "gold rush"]
[WhiteSide "X"]
[FirstMover "Black"]
[Termination "emergency"]

*

`},
		{"white is the first mover", rating.PGNConfig{Event: "Cup", Site: "lab", WhiteFirstMover: true}, `[Event "Cup (White = first mover)"]
[Site "lab"]
[Date "????.??.??"]
[Round "1"]
[White "aimer-1.2"]
[Black "planner_v3"]
[Result "1-0"]
[Scenario "showdown-v1"]
[WhiteSide "X"]
[FirstMover "White"]
[PairId "p1"]

1-0

[Event "Cup (White = first mover)"]
[Site "lab"]
[Date "????.??.??"]
[Round "1"]
[White "aimer-1.2"]
[Black "planner_v3"]
[Result "1/2-1/2"]
[Scenario "showdown-v1"]
[WhiteSide "Y"]
[FirstMover "White"]
[PairId "p1"]

1/2-1/2

[Event "Cup (White = first mover)"]
[Site "lab"]
[Date "????.??.??"]
[Round "?"]
[White "aimer-1.2"]
[Black "random+"]
[Result "0-1"]
[Scenario "gold rush"]
[WhiteSide "X"]
[FirstMover "White"]
[Termination "time forfeit"]

0-1

[Event "Cup (White = first mover)"]
[Site "lab"]
[Date "????.??.??"]
[Round "?"]
[White "aimer-1.2"]
[Black "random+"]
[Result "*"]
[Scenario "gold rush"]
[WhiteSide "Y"]
[FirstMover "White"]
[Termination "emergency"]

*

`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sb strings.Builder
			if err := rating.WritePGN(&sb, pgnGames, tt.cfg); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, sb.String()); diff != "" {
				t.Errorf("PGN (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWritePGN_OrdoScan reads the output the way Ordo does (line by line,
// looking for the three tags) and checks it recovers every game, with the
// scores the games say.
func TestWritePGN_OrdoScan(t *testing.T) {
	s := sim{elos: spread(3, 100), sides: []float64{20}, pairs: 50, draws: 0.4, seed: 5}
	games := s.games()
	var sb strings.Builder
	if err := rating.WritePGN(&sb, games, rating.PGNConfig{}); err != nil {
		t.Fatal(err)
	}
	type rec struct{ white, black, result string }
	var got []rec
	var cur rec
	sc := bufio.NewScanner(strings.NewReader(sb.String()))
	for sc.Scan() {
		line := sc.Text()
		for _, f := range []struct {
			prefix string
			dst    *string
		}{{`[White "`, &cur.white}, {`[Black "`, &cur.black}, {`[Result "`, &cur.result}} {
			if i := strings.Index(line, f.prefix); i >= 0 {
				rest := line[i+len(f.prefix):]
				j := strings.Index(rest, `"]`)
				if j < 0 {
					t.Fatalf("unterminated tag: %q", line)
				}
				*f.dst = rest[:j]
			}
		}
		if cur.white != "" && cur.black != "" && cur.result != "" {
			got = append(got, cur)
			cur = rec{}
		}
	}
	if len(got) != len(games) {
		t.Fatalf("Ordo scan found %d games, want %d", len(got), len(games))
	}
	results := map[float64]string{1: "1-0", 0.5: "1/2-1/2", 0: "0-1"}
	for i, g := range games {
		if want := (rec{g.X, g.Y, results[g.Score]}); got[i] != want {
			t.Errorf("game %d: %+v, want %+v", i, got[i], want)
		}
	}
}

func TestWritePGN_Errors(t *testing.T) {
	tests := []struct {
		name  string
		games []rating.Game
		cfg   rating.PGNConfig
		index int // game index of the GameError, or −1
	}{
		{"quote in bot name", []rating.Game{{X: `a"b`, Y: "c", Score: 1}}, rating.PGNConfig{}, 0},
		{"space in bot name", []rating.Game{{X: "a", Y: "c", Score: 1}, {X: "a b", Y: "c", Score: 1}}, rating.PGNConfig{}, 1},
		{"tag in scenario", []rating.Game{{X: "a", Y: "c", Scenario: `x[White "y"]`, Score: 1}}, rating.PGNConfig{}, 0},
		{"newline in pair", []rating.Game{{X: "a", Y: "c", Pair: "p\n1", Score: 1}}, rating.PGNConfig{}, 0},
		{"quote in event", []rating.Game{{X: "a", Y: "c", Score: 1}}, rating.PGNConfig{Event: `say "hi"`}, -1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var sb strings.Builder
			err := rating.WritePGN(&sb, tt.games, tt.cfg)
			if err == nil {
				t.Fatal("no error")
			}
			var ge *rating.GameError
			if tt.index >= 0 && (!errors.As(err, &ge) || ge.Index != tt.index) {
				t.Errorf("err = %v, want GameError at %d", err, tt.index)
			}
			if sb.Len() != 0 {
				t.Errorf("wrote %d bytes before failing", sb.Len())
			}
		})
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWritePGN_WriteError(t *testing.T) {
	if err := rating.WritePGN(failWriter{}, pgnGames, rating.PGNConfig{}); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("err = %v, want the writer's error", err)
	}
}

// TestWritePGN_SeatNames: with SeatNames, each game says which of its game's seats White
// plays (the first seat, or the first mover's with WhiteFirstMover); a scenario without names
// gets no WhiteSeat tag.
func TestWritePGN_SeatNames(t *testing.T) {
	names := func(scenario string) []string {
		if scenario == "showdown-v1" {
			return []string{"lawmen", "outlaws"}
		}
		return nil
	}
	for _, c := range []struct {
		first bool
		want  []string
	}{
		{false, []string{"lawmen", "lawmen"}},
		{true, []string{"lawmen", "outlaws"}},
	} {
		var b strings.Builder
		if err := rating.WritePGN(&b, pgnGames, rating.PGNConfig{SeatNames: names, WhiteFirstMover: c.first}); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range strings.Split(b.String(), "\n") {
			if v, ok := strings.CutPrefix(l, `[WhiteSeat "`); ok {
				got = append(got, strings.TrimSuffix(v, `"]`))
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("WhiteFirstMover %v: WhiteSeat tags (-want +got):\n%s", c.first, diff)
		}
	}
}
