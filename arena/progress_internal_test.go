package arena

import "testing"

func TestStandings_Leader(t *testing.T) {
	game := func(x, y string, r Result) GameRecord {
		return GameRecord{Bots: []BotInfo{{Name: x}, {Name: y}}, Ranks: RanksFor(r)}
	}
	tests := []struct {
		name      string
		games     []GameRecord
		want      string
		wantScore float64
		wantGames int
	}{
		{"NoGames", nil, "", 0, 0},
		{"Winner", []GameRecord{game("a", "b", WinY)}, "b", 1, 1},
		{"DrawTieGoesToOrder", []GameRecord{game("b", "a", Draw)}, "a", 0.5, 1},
		{"TieGoesToMoreGames", []GameRecord{game("a", "b", WinX), game("c", "b", WinX), game("b", "c", WinY)},
			"c", 1, 2},
		{"ScoreBeatsGames", []GameRecord{game("a", "b", WinX), game("c", "b", WinX), game("b", "c", Draw)},
			"a", 1, 1},
		{"Fraction", []GameRecord{game("a", "b", Draw), game("a", "c", WinX), game("b", "a", WinX)},
			"b", 0.75, 2}, // a 1.5/3, b 1.5/2, c 0/1
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newStandings([]BotInfo{{Name: "a"}, {Name: "b"}, {Name: "c"}})
			for _, g := range tc.games {
				s.add(g)
			}
			name, score, games := s.leader()
			if name != tc.want || score != tc.wantScore || games != tc.wantGames {
				t.Errorf("leader = %s %v %d, want %s %v %d", name, score, games, tc.want, tc.wantScore, tc.wantGames)
			}
		})
	}
}
