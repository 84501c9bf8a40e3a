package arena_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/arenatest"
)

// fixtureView is the comparable projection of a fixture.
type fixtureView struct {
	Seq, Round, Leg int
	Key, PairID     string
	Scenario        string
	Seed            uint64
	X, Y            string
}

func view(s arena.Schedule) []fixtureView {
	out := make([]fixtureView, len(s.Fixtures))
	for i, f := range s.Fixtures {
		out[i] = fixtureView{f.Seq, f.Round, f.Leg, f.Key, f.PairID, f.Scenario.ID, f.Seed,
			f.Players[arena.SideX].Name(), f.Players[arena.SideY].Name()}
	}
	return out
}

func TestNewSchedule_Properties(t *testing.T) {
	tests := []struct {
		name     string
		tour     arena.Tournament
		want     int // planned games
		pairings int // distinct unordered bot pairs
		mustPlay string
	}{
		{"RoundRobin4x2x4", arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner", "oracle"),
			Scenarios: arenatest.Scenarios("showdown", "bank-job"), GamesPerPairing: 4, Seed: 7}, 6 * 2 * 4, 6, ""},
		{"RoundRobin2x1x2", arena.Tournament{Kind: arena.RoundRobin, Bots: arenatest.Bots("random", "aimer"),
			Scenarios: arenatest.Scenarios("showdown"), GamesPerPairing: 2, Seed: 1}, 2, 1, ""},
		{"RoundRobin3x3x6", arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner"),
			Scenarios: arenatest.Scenarios("a", "b", "c"), GamesPerPairing: 6}, 3 * 3 * 6, 3, ""},
		{"Gauntlet4x2x4", arena.Tournament{Kind: arena.Gauntlet, GauntletBot: "planner",
			Bots: arenatest.Bots("random", "aimer", "planner", "oracle"), Scenarios: arenatest.Scenarios("showdown", "bank-job"),
			GamesPerPairing: 4, Seed: 7}, 3 * 2 * 4, 3, "planner"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := arenatest.MustSchedule(t, tc.tour)
			if got := len(s.Fixtures); got != tc.want || s.Info.Planned != tc.want {
				t.Fatalf("planned %d games (info %d), want %d", got, s.Info.Planned, tc.want)
			}
			keys := map[string]bool{}
			type cell struct{ a, b, sc string }
			perCell := map[cell]int{}     // games per unordered pairing and scenario
			asX := map[cell]int{}         // games of cell.a on side X
			seedOf := map[[2]any]uint64{} // seed per (scenario, round)
			lastRound := 0
			for i, f := range s.Fixtures {
				if f.Seq != i {
					t.Errorf("fixture %d has Seq %d", i, f.Seq)
				}
				if keys[f.Key] {
					t.Errorf("duplicate key %q", f.Key)
				}
				keys[f.Key] = true
				if f.Round < lastRound {
					t.Errorf("fixture %d in round %d after round %d", i, f.Round, lastRound)
				}
				lastRound = f.Round
				x, y := f.Players[arena.SideX].Name(), f.Players[arena.SideY].Name()
				if x == y {
					t.Errorf("fixture %d: %s plays itself", i, x)
				}
				if tc.mustPlay != "" && x != tc.mustPlay && y != tc.mustPlay {
					t.Errorf("gauntlet fixture %d without %s: %s vs %s", i, tc.mustPlay, x, y)
				}
				c := cell{min(x, y), max(x, y), f.Scenario.ID}
				perCell[c]++
				if x == c.a {
					asX[c]++
				}
				sk := [2]any{f.Scenario.ID, f.Round}
				if seed, ok := seedOf[sk]; ok && seed != f.Seed {
					t.Errorf("scenario %s round %d has seeds %d and %d", f.Scenario.ID, f.Round, seed, f.Seed)
				}
				seedOf[sk] = f.Seed
				if f.Seed != arena.PairSeed(tc.tour.Seed, f.Scenario.ID, f.Round) {
					t.Errorf("fixture %d seed %d is not PairSeed", i, f.Seed)
				}
				// Pairs: leg 0 then leg 1, adjacent, same everything but sides.
				if f.Leg == 1 {
					p := s.Fixtures[i-1]
					if p.Leg != 0 || p.PairID != f.PairID || p.Seed != f.Seed || !reflect.DeepEqual(p.Scenario, f.Scenario) ||
						p.Round != f.Round || p.Players[arena.SideX] != f.Players[arena.SideY] ||
						p.Players[arena.SideY] != f.Players[arena.SideX] {
						t.Errorf("fixtures %d and %d are not a side-swapped pair: %+v / %+v", i-1, i, p, f)
					}
				} else if f.Leg != 0 || (i+1 < len(s.Fixtures) && s.Fixtures[i+1].PairID != f.PairID) {
					t.Errorf("fixture %d (leg %d) is not followed by its pair", i, f.Leg)
				}
				if !strings.HasSuffix(f.Key, "|"+string(rune('0'+f.Leg))) || !strings.HasPrefix(f.Key, f.PairID) {
					t.Errorf("key %q does not extend pair id %q", f.Key, f.PairID)
				}
			}
			if got, want := len(perCell), tc.pairings*len(tc.tour.Scenarios); got != want {
				t.Errorf("%d (pairing, scenario) cells, want %d", got, want)
			}
			for c, n := range perCell {
				if n != tc.tour.GamesPerPairing || asX[c] != n/2 {
					t.Errorf("cell %v: %d games, %d with %s on X; want %d and %d", c, n, asX[c], c.a,
						tc.tour.GamesPerPairing, tc.tour.GamesPerPairing/2)
				}
			}
			seeds := map[uint64]bool{}
			for _, s := range seedOf {
				seeds[s] = true
			}
			if len(seeds) != len(seedOf) {
				t.Errorf("%d distinct seeds for %d (scenario, round) cells", len(seeds), len(seedOf))
			}
		})
	}
}

func TestNewSchedule_Deterministic(t *testing.T) {
	base := arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner"), Scenarios: arenatest.Scenarios("showdown", "bank-job"),
		GamesPerPairing: 4, Seed: 42}
	a, b := arenatest.MustSchedule(t, base), arenatest.MustSchedule(t, base)
	if diff := cmp.Diff(view(a), view(b)); diff != "" || a.Info.ID != b.Info.ID {
		t.Fatalf("same tournament planned twice differs (-a +b):\n%s", diff)
	}

	t.Run("OrderOfArguments", func(t *testing.T) {
		r := base
		r.Bots = slices.Clone(base.Bots)
		slices.Reverse(r.Bots)
		r.Scenarios = slices.Clone(base.Scenarios)
		slices.Reverse(r.Scenarios)
		s := arenatest.MustSchedule(t, r)
		if diff := cmp.Diff(view(a), view(s)); diff != "" || a.Info.ID != s.Info.ID {
			t.Errorf("reordered arguments change the schedule (-want +got):\n%s", diff)
		}
	})

	// Every change makes a new tournament; the games of the old one keep
	// their keys (and seeds, unless the seed changed), so stored games stay
	// comparable across tournaments.
	changes := []struct {
		name      string
		change    func(*arena.Tournament)
		sameSeeds bool
		more      bool // the new schedule has more games
	}{
		{"Seed", func(t *arena.Tournament) { t.Seed = 43 }, false, false},
		{"BotVersion", func(t *arena.Tournament) {
			t.Bots = []arena.Player{arenatest.NewBot("random", "v1"), arenatest.NewBot("aimer", "v2"), arenatest.NewBot("planner", "v1")}
		}, true, false},
		{"ScenarioVersion", func(t *arena.Tournament) {
			t.Scenarios = []arena.Scenario{{ID: "showdown", Version: "2"}, {ID: "bank-job", Version: "1"}}
		}, true, false},
		{"Games", func(t *arena.Tournament) { t.GamesPerPairing = 6 }, true, true},
		{"ExtraBot", func(t *arena.Tournament) { t.Bots = arenatest.Bots("random", "aimer", "planner", "oracle") }, true, true},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			tour := base
			c.change(&tour)
			s := arenatest.MustSchedule(t, tour)
			if s.Info.ID == a.Info.ID {
				t.Errorf("changing %s keeps tournament id %s", c.name, s.Info.ID)
			}
			if more := len(s.Fixtures) > len(a.Fixtures); more != c.more || len(s.Fixtures) < len(a.Fixtures) {
				t.Errorf("%d fixtures, was %d", len(s.Fixtures), len(a.Fixtures))
			}
			seeds := map[string]uint64{}
			for _, f := range s.Fixtures {
				seeds[f.Key] = f.Seed
			}
			sameSeeds := true
			for _, f := range a.Fixtures {
				got, ok := seeds[f.Key]
				if !ok {
					t.Fatalf("key %q disappeared", f.Key)
				}
				sameSeeds = sameSeeds && got == f.Seed
			}
			if sameSeeds != c.sameSeeds {
				t.Errorf("same seeds %v, want %v", sameSeeds, c.sameSeeds)
			}
		})
	}
}

func TestNewSchedule_Order(t *testing.T) {
	// Rounds are shuffled independently: with 6 pairings x 2 scenarios the
	// chance that 4 seeded rounds share one order is negligible, so equal
	// orders mean the shuffle is not reseeded per round.
	s := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner", "oracle"),
		Scenarios: arenatest.Scenarios("showdown", "bank-job"), GamesPerPairing: 8, Seed: 3})
	orders := map[string]bool{}
	for r := range 4 {
		var o []string
		for _, f := range s.Fixtures {
			if f.Round == r && f.Leg == 0 {
				o = append(o, strings.TrimSuffix(f.PairID, "|"+string(rune('0'+r))))
			}
		}
		orders[strings.Join(o, ",")] = true
	}
	if len(orders) < 2 {
		t.Errorf("all rounds play in the same order: %v", orders)
	}
}

func TestNewSchedule_Escaping(t *testing.T) {
	s := arenatest.MustSchedule(t, arena.Tournament{Bots: []arena.Player{arenatest.NewBot("a|b", "1"), arenatest.NewBot("a", "1"), arenatest.NewBot("b%", "1")},
		Scenarios: arenatest.Scenarios("flickemup/showdown-v9"), GamesPerPairing: 2})
	for _, f := range s.Fixtures {
		if n := strings.Count(f.Key, "|"); n != 4 {
			t.Errorf("key %q has %d separators, want 4", f.Key, n)
		}
	}
	if !slices.ContainsFunc(s.Fixtures, func(f arena.Fixture) bool { return strings.Contains(f.Key, "a%7Cb") }) {
		t.Errorf("no key escapes bot a|b: %v", view(s))
	}
}

func TestNewSchedule_Errors(t *testing.T) {
	ok := arena.Tournament{Bots: arenatest.Bots("random", "aimer"), Scenarios: arenatest.Scenarios("showdown"), GamesPerPairing: 2}
	tests := []struct {
		name   string
		change func(*arena.Tournament)
	}{
		{"OddGames", func(t *arena.Tournament) { t.GamesPerPairing = 3 }},
		{"ZeroGames", func(t *arena.Tournament) { t.GamesPerPairing = 0 }},
		{"NegativeGames", func(t *arena.Tournament) { t.GamesPerPairing = -2 }},
		{"OneBot", func(t *arena.Tournament) { t.Bots = arenatest.Bots("random") }},
		{"DuplicateBot", func(t *arena.Tournament) { t.Bots = arenatest.Bots("random", "aimer", "random") }},
		{"UnnamedBot", func(t *arena.Tournament) { t.Bots = arenatest.Bots("random", "") }},
		{"NilBot", func(t *arena.Tournament) { t.Bots = []arena.Player{arenatest.NewBot("random", ""), nil} }},
		{"NoScenario", func(t *arena.Tournament) { t.Scenarios = nil }},
		{"DuplicateScenario", func(t *arena.Tournament) { t.Scenarios = arenatest.Scenarios("a", "a") }},
		{"UnnamedScenario", func(t *arena.Tournament) { t.Scenarios = arenatest.Scenarios("a", "") }},
		{"GauntletBotMissing", func(t *arena.Tournament) { t.Kind, t.GauntletBot = arena.Gauntlet, "planner" }},
		{"GauntletBotInRoundRobin", func(t *arena.Tournament) { t.GauntletBot = "random" }},
		{"UnknownKind", func(t *arena.Tournament) { t.Kind = "swiss" }},
	}
	if _, err := arena.NewSchedule(ok); err != nil {
		t.Fatalf("valid tournament: %v", err)
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tour := ok
			tc.change(&tour)
			if _, err := arena.NewSchedule(tour); !errors.Is(err, arena.ErrInvalidTournament) {
				t.Errorf("NewSchedule: got %v, want ErrInvalidTournament", err)
			}
		})
	}
}

func TestPairSeed(t *testing.T) {
	// Pinned values: a change here changes every game of every stored
	// tournament, so it must come with a new ScheduleVersion.
	tests := []struct {
		seed     uint64
		scenario string
		round    int
		want     uint64
	}{
		{0, "showdown", 0, 17227827772606618133},
		{42, "showdown", 0, 7288933590603676963},
		{42, "showdown", 1, 4300458847510384673},
		{42, "bank-job", 0, 13579749689850177503},
		{1<<64 - 1, "flickemup/showdown-v1", 1000, 15787848364699091931},
	}
	for _, tc := range tests {
		if got := arena.PairSeed(tc.seed, tc.scenario, tc.round); got != tc.want {
			t.Errorf("PairSeed(%d, %q, %d) = %d, want %d", tc.seed, tc.scenario, tc.round, got, tc.want)
		}
	}
}

// TestNewSchedule_TooManyGames: a tournament of two billion games per
// pairing is refused with an error naming the limit, before the schedule
// is allocated (it used to allocate hundreds of GB and kill the process).
func TestNewSchedule_TooManyGames(t *testing.T) {
	for _, games := range []int{2_000_000_000, arena.MaxPlannedGames + 2, 1 << 62} {
		_, err := arena.NewSchedule(arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner", "oracle"),
			Scenarios: arenatest.Scenarios("showdown"), GamesPerPairing: games, Seed: 1})
		if !errors.Is(err, arena.ErrInvalidTournament) || !strings.Contains(err.Error(), "limit of 1000000 games") {
			t.Errorf("games %d: err = %v, want ErrInvalidTournament naming the limit", games, err)
		}
	}
	// At the limit exactly, the schedule is planned.
	s, err := arena.NewSchedule(arena.Tournament{Bots: arenatest.Bots("random", "aimer"),
		Scenarios: arenatest.Scenarios("showdown"), GamesPerPairing: arena.MaxPlannedGames, Seed: 1})
	if err != nil || len(s.Fixtures) != arena.MaxPlannedGames {
		t.Fatalf("at the limit: %d fixtures, err %v", len(s.Fixtures), err)
	}
}

// seated returns scenarios with the given ids and k seats.
func seated(k int, ids ...string) []arena.Scenario {
	out := arenatest.Scenarios(ids...)
	for i := range out {
		out[i].Seats = k
	}
	return out
}

// TestNewSchedule_Seats: a scenario of k seats is played by every k-subset
// of the bots (round-robin) or by the gauntlet bot with every (k-1)-subset
// of the others, each set as rotation sets of k games that share a seed and
// seat the set's bots in the k cyclic rotations, so that every bot plays
// every seat once per set.
func TestNewSchedule_Seats(t *testing.T) {
	choose := func(n, k int) int {
		r := 1
		for i := range k {
			r = r * (n - i) / (i + 1)
		}
		return r
	}
	for _, tc := range []struct {
		k, bots  int
		gauntlet bool
	}{{3, 3, false}, {3, 4, false}, {4, 5, false}, {3, 4, true}, {4, 5, true}} {
		names := []string{"random", "aimer", "planner", "oracle", "zed"}[:tc.bots]
		tour := arena.Tournament{Bots: arenatest.Bots(names...), Scenarios: seated(tc.k, "race"), GamesPerPairing: 2 * tc.k, Seed: 9}
		sets := choose(tc.bots, tc.k)
		if tc.gauntlet {
			tour.Kind, tour.GauntletBot = arena.Gauntlet, "oracle"
			if tc.bots < 4 {
				tour.GauntletBot = "aimer"
			}
			sets = choose(tc.bots-1, tc.k-1)
		}
		s := arenatest.MustSchedule(t, tour)
		if want := sets * 2 * tc.k; len(s.Fixtures) != want || s.Info.Planned != want {
			t.Fatalf("%+v: %d games planned, want %d", tc, len(s.Fixtures), want)
		}
		bySet := map[string][]arena.Fixture{}
		for i, f := range s.Fixtures {
			if f.Seq != i || len(f.Players) != tc.k || f.Key != f.PairID+"|"+string(rune('0'+f.Leg)) {
				t.Fatalf("fixture %d: %+v", i, f)
			}
			bySet[f.PairID] = append(bySet[f.PairID], f)
		}
		if len(bySet) != sets*2 {
			t.Errorf("%+v: %d rotation sets, want %d", tc, len(bySet), sets*2)
		}
		for id, fs := range bySet {
			if len(fs) != tc.k {
				t.Fatalf("set %s has %d games, want %d", id, len(fs), tc.k)
			}
			for leg, f := range fs {
				if f.Leg != leg || f.Seed != fs[0].Seed || f.Round != fs[0].Round || f.Seq != fs[0].Seq+leg {
					t.Errorf("set %s: game %d is %+v", id, leg, f)
				}
				for seat, p := range f.Players {
					if want := fs[0].Players[(seat+leg)%tc.k]; p.Name() != want.Name() {
						t.Errorf("set %s, rotation %d, seat %d: %s, want %s", id, leg, seat, p.Name(), want.Name())
					}
				}
			}
			if tc.gauntlet && !slices.ContainsFunc(fs[0].Players, func(p arena.Player) bool { return p.Name() == tour.GauntletBot }) {
				t.Errorf("set %s without the gauntlet bot", id)
			}
		}
		again := arenatest.MustSchedule(t, tour)
		if diff := cmp.Diff(view(s), view(again)); diff != "" {
			t.Errorf("%+v: two plans differ:\n%s", tc, diff)
		}
	}
	// Seats and games must agree, and the bots must fill the seats.
	for _, tour := range []arena.Tournament{
		{Bots: arenatest.Bots("random", "aimer", "planner"), Scenarios: seated(3, "race"), GamesPerPairing: 4},
		{Bots: arenatest.Bots("random", "aimer"), Scenarios: seated(3, "race"), GamesPerPairing: 3},
		{Bots: arenatest.Bots("random", "aimer", "planner"), Scenarios: append(seated(3, "race"), arenatest.Scenarios("showdown")...), GamesPerPairing: 3},
	} {
		if _, err := arena.NewSchedule(tour); !errors.Is(err, arena.ErrInvalidTournament) {
			t.Errorf("%d bots, %d games: err %v, want ErrInvalidTournament", len(tour.Bots), tour.GamesPerPairing, err)
		}
	}
	// Two and three seats in one tournament: the two-seat games are the
	// games of the two-seat tournament alone, with the same keys and seeds.
	mixed := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner"),
		Scenarios: append(seated(3, "race3"), arenatest.Scenarios("showdown")...), GamesPerPairing: 6, Seed: 4})
	two := arenatest.MustSchedule(t, arena.Tournament{Bots: arenatest.Bots("random", "aimer", "planner"), Scenarios: arenatest.Scenarios("showdown"),
		GamesPerPairing: 6, Seed: 4})
	seeds := map[string]uint64{}
	for _, f := range mixed.Fixtures {
		seeds[f.Key] = f.Seed
	}
	for _, f := range two.Fixtures {
		if s, ok := seeds[f.Key]; !ok || s != f.Seed {
			t.Errorf("two-seat game %s missing from the mixed tournament or reseeded", f.Key)
		}
	}
	if want := len(two.Fixtures) + 1*6; len(mixed.Fixtures) != want {
		t.Errorf("mixed tournament plans %d games, want %d", len(mixed.Fixtures), want)
	}
}
