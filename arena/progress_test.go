package arena_test

import (
	"testing"
	"time"

	"github.com/flickarena/flickarena/arena"
)

func TestFormatProgress(t *testing.T) {
	tests := []struct {
		name  string
		p     arena.Progress
		width int
		want  string
	}{
		{"Running", arena.Progress{Done: 50, Total: 200, Rate: 2.5, ETA: 60 * time.Second, Leader: "planner",
			LeaderScore: 0.75, LeaderGames: 20}, 20,
			"[#####---------------]  50/200  25.0%  2.50 games/s  ETA 1m0s  leader planner 75.0% of 20"},
		{"Start", arena.Progress{Total: 24}, 10, "[----------]  0/24  0.0%  -- games/s  ETA --"},
		{"Resumed", arena.Progress{Done: 12, Total: 24}, 4, "[##--]  12/24  50.0%  -- games/s  ETA --"},
		{"RoundsETA", arena.Progress{Done: 1, Total: 3, Rate: 0.01, ETA: 200*time.Second + 400*time.Millisecond},
			0, "1/3  33.3%  0.01 games/s  ETA 3m20s"},
		{"Done", arena.Progress{Done: 24, Total: 24, Rate: 3, Leader: "aimer", LeaderScore: 0.5, LeaderGames: 16},
			8, "[########]  24/24  100.0%  3.00 games/s  done  leader aimer 50.0% of 16"},
		{"Faults", arena.Progress{Done: 22, Total: 24, Rate: 1, Voided: 5, Failed: 2}, 0,
			"22/24  91.7%  1.00 games/s  done  5 voided  2 failed"},
		{"NothingPlanned", arena.Progress{}, 3, "[---]  0/0  0.0%  -- games/s  done"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := arena.FormatProgress(tc.p, tc.width); got != tc.want {
				t.Errorf("FormatProgress =\n%q\nwant\n%q", got, tc.want)
			}
		})
	}
}

func TestTermination(t *testing.T) {
	tests := []struct {
		t     arena.Termination
		s     string
		fault bool
	}{
		{arena.TermNormal, "normal", false},
		{arena.TermTurnLimit, "turn-limit", false},
		{arena.TermTimeout, "timeout", true},
		{arena.TermIllegal, "illegal", true},
		{arena.TermCrash, "crash", true},
		{arena.TermDisconnect, "disconnect", true},
	}
	for _, tc := range tests {
		if got := tc.t.String(); got != tc.s {
			t.Errorf("%d.String() = %q, want %q", tc.t, got, tc.s)
		}
		if got, err := arena.ParseTermination(tc.s); got != tc.t || err != nil {
			t.Errorf("ParseTermination(%q) = %v, %v", tc.s, got, err)
		}
		if got := tc.t.IsBotFault(); got != tc.fault {
			t.Errorf("%v.IsBotFault() = %v, want %v", tc.t, got, tc.fault)
		}
	}
	for _, bad := range []arena.Termination{arena.TermUnspecified, arena.TermDisconnect + 1} {
		if bad.Valid() || bad.IsBotFault() {
			t.Errorf("%v is valid or a fault", bad)
		}
	}
	if _, err := arena.ParseTermination(""); err == nil {
		t.Error("ParseTermination(\"\") succeeded")
	}
}

func TestResult(t *testing.T) {
	tests := []struct {
		r      arena.Result
		s      string
		scoreX float64
		winner arena.Side
		won    bool
	}{
		{arena.WinX, "X", 1, arena.SideX, true},
		{arena.WinY, "Y", 0, arena.SideY, true},
		{arena.Draw, "draw", 0.5, 0, false},
		{arena.ResultUnspecified, "Result(0)", 0, 0, false},
	}
	for _, tc := range tests {
		w, won := tc.r.Winner()
		if tc.r.String() != tc.s || tc.r.ScoreX() != tc.scoreX || w != tc.winner || won != tc.won {
			t.Errorf("%v: String %q, ScoreX %v, Winner %v %v; want %q %v %v %v", tc.r, tc.r.String(),
				tc.r.ScoreX(), w, won, tc.s, tc.scoreX, tc.winner, tc.won)
		}
	}
	for _, s := range []arena.Side{arena.SideX, arena.SideY} {
		if w, _ := arena.WinFor(s).Winner(); w != s || s.Other() == s || !s.Other().Valid() {
			t.Errorf("WinFor(%v) or Other wrong", s)
		}
	}
}
