package arena

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Kind is the kind of tournament.
type Kind string

const (
	// RoundRobin plays every set of k bots on every scenario of k seats
	// (for two seats, every pair of bots).
	RoundRobin Kind = "round-robin"
	// Gauntlet plays one bot, [Tournament.GauntletBot], with every set of
	// k-1 of the other bots on every scenario of k seats (for two seats,
	// against each other bot); the others meet only in its games.
	Gauntlet Kind = "gauntlet"
)

// ScheduleVersion numbers the scheduling algorithm (pairings, seeds, keys,
// order). It is hashed into every tournament id, so a change of algorithm
// makes a new tournament rather than resuming an old one with different
// games.
const ScheduleVersion = 1

// MaxPlannedGames bounds the number of games one schedule may plan; a
// tournament planning more is refused before anything is allocated (each
// planned game takes a few hundred bytes of memory, and a million games is
// already months of play for the slower bots).
const MaxPlannedGames = 1_000_000

// ErrInvalidTournament is wrapped by the errors [NewSchedule] returns for a
// bad [Tournament].
var ErrInvalidTournament = errors.New("arena: invalid tournament")

// Tournament describes a tournament to plan, as given on the command line.
// The order of Bots and Scenarios does not matter: they are sorted.
type Tournament struct {
	// Kind is RoundRobin (the default when empty) or Gauntlet.
	Kind Kind
	// GauntletBot is the name of the bot that plays everyone in a Gauntlet;
	// empty for RoundRobin.
	GauntletBot string
	// Bots are the bots; at least as many as the seats of every scenario,
	// with unique names.
	Bots []Player
	// Scenarios are the scenarios; at least one, with unique ids.
	Scenarios []Scenario
	// GamesPerPairing is the number of games each set of bots (for two
	// seats, each pairing) plays on each scenario of k seats: a positive
	// multiple of k, played as GamesPerPairing/k rotation sets of k games
	// with the seating rotated (for two seats, pairs with sides swapped).
	GamesPerPairing int
	// Seed is the tournament seed from which every game seed derives
	// ([PairSeed]).
	Seed uint64
}

// TournamentInfo is the recorded identity of a planned tournament: plain
// data, stored in the tournaments table.
type TournamentInfo struct {
	// ID identifies the tournament: a hash of ScheduleVersion and every
	// other field below except Planned and CreatedAt. Rerunning the same
	// tournament yields the same ID, which is how a rerun resumes.
	ID string
	// ScheduleVersion is the [ScheduleVersion] the plan was made with.
	ScheduleVersion int
	// Kind is the tournament kind.
	Kind Kind
	// GauntletBot is the gauntlet bot's name, empty for round-robin.
	GauntletBot string
	// Seed is the tournament seed.
	Seed uint64
	// GamesPerPairing is [Tournament.GamesPerPairing].
	GamesPerPairing int
	// Bots are the bots in schedule order (gauntlet bot first, then by name).
	Bots []BotInfo
	// Scenarios are the scenarios, sorted by ID.
	Scenarios []Scenario
	// Planned is the number of games in the schedule.
	Planned int
	// CreatedAt is when the store first recorded the tournament (UTC); zero
	// in a fresh [Schedule].
	CreatedAt time.Time
}

// Fixture is one planned game. The k games of a rotation set (for two
// seats, a pair) share a scenario, a seed and a set of k bots, and seat
// them in the k cyclic rotations of the set's order.
type Fixture struct {
	// Seq is the fixture's position in [Schedule.Fixtures], from 0.
	Seq int
	// Key identifies the game within its tournament, stable across runs:
	// PairID + "|" + Leg.
	Key string
	// PairID identifies the rotation set (for two seats, the pair of games
	// with sides swapped): scenario id, the k bot names (in the set's
	// order) and the round, separated by "|" (with "%" and "|" escaped
	// inside names).
	PairID string
	// Round is the set's index within its bots and scenario, from 0 to
	// GamesPerPairing/k-1. All sets of a round are scheduled before any set
	// of the next round.
	Round int
	// Leg is the rotation, from 0 to k-1: seat i is played by bot (i+Leg)
	// mod k of the set (for two seats, 0 puts the set's first bot on side X,
	// 1 swaps the sides).
	Leg int
	// Scenario is the scenario to play.
	Scenario Scenario
	// Seed is the game seed, shared by the games of the rotation set.
	Seed uint64
	// Players holds the bots, indexed by seat.
	Players []Player
}

// Schedule is a planned tournament: its identity and its games in order of
// play.
type Schedule struct {
	// Info is the tournament's recorded identity.
	Info TournamentInfo
	// Fixtures are the planned games in order of play: round by round,
	// each round's (bot set, scenario) rotation sets in a seeded random
	// order, the k games of a set adjacent.
	Fixtures []Fixture
}

// NewSchedule plans t. It is deterministic: the same tournament (whatever
// the order of its bots and scenarios) gives the same schedule, bit for bit.
func NewSchedule(t Tournament) (Schedule, error) {
	if t.Kind == "" {
		t.Kind = RoundRobin
	}
	bots, err := sortedBots(t)
	if err != nil {
		return Schedule{}, err
	}
	scenarios, err := sortedScenarios(t.Scenarios)
	if err != nil {
		return Schedule{}, err
	}
	if t.GamesPerPairing < 1 {
		return Schedule{}, fmt.Errorf("%w: games per pairing must be a positive even number (for two seats; a multiple of the seats), got %d",
			ErrInvalidTournament, t.GamesPerPairing)
	}
	// The seat counts of the scenarios, in increasing order.
	var ks []int
	for _, sc := range scenarios {
		k := sc.NumSeats()
		switch {
		case k < 2:
			return Schedule{}, fmt.Errorf("%w: scenario %q has %d seats", ErrInvalidTournament, sc.ID, k)
		case k > len(bots):
			return Schedule{}, fmt.Errorf("%w: scenario %q has %d seats and the tournament %d bots", ErrInvalidTournament, sc.ID, k, len(bots))
		case t.GamesPerPairing%k != 0:
			if k == 2 {
				return Schedule{}, fmt.Errorf("%w: games per pairing must be a positive even number, got %d",
					ErrInvalidTournament, t.GamesPerPairing)
			}
			return Schedule{}, fmt.Errorf("%w: games per pairing must be a multiple of the %d seats of scenario %q, got %d",
				ErrInvalidTournament, k, sc.ID, t.GamesPerPairing)
		}
		if !slices.Contains(ks, k) {
			ks = append(ks, k)
		}
	}
	slices.Sort(ks)

	// The units: a bot set and a scenario of its size; for two seats, the
	// pairings in order, each with every scenario in order.
	type unit struct {
		set      []Player
		scenario Scenario
	}
	var units []unit
	total := 0
	for _, k := range ks {
		sets, ok := botSets(bots, k, t.Kind == Gauntlet)
		if !ok {
			return Schedule{}, fmt.Errorf("%w: more than %d bot sets of %d", ErrInvalidTournament, MaxPlannedGames, k)
		}
		var scs []Scenario
		for _, sc := range scenarios {
			if sc.NumSeats() == k {
				scs = append(scs, sc)
			}
		}
		n := plannedGames(len(sets), len(scs), t.GamesPerPairing)
		if total += n; n > MaxPlannedGames || total > MaxPlannedGames {
			return Schedule{}, fmt.Errorf("%w: %d bot sets of %d x %d scenarios x %d games per pairing is more than the limit of %d games",
				ErrInvalidTournament, len(sets), k, len(scs), t.GamesPerPairing, MaxPlannedGames)
		}
		for _, set := range sets {
			for _, sc := range scs {
				units = append(units, unit{set, sc})
			}
		}
	}
	// Rounds: the largest number of rotation sets per unit; a unit of k
	// seats plays GamesPerPairing/k of them, in the first rounds.
	rounds := t.GamesPerPairing / ks[0]
	fixtures := make([]Fixture, 0, total)
	for r := range rounds {
		var order []unit
		for _, u := range units {
			if r < t.GamesPerPairing/len(u.set) {
				order = append(order, u)
			}
		}
		g := splitMix{orderSeed(t.Seed, r)}
		g.shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for _, u := range order {
			k := len(u.set)
			parts := []string{escapeKey(u.scenario.ID)}
			for _, b := range u.set {
				parts = append(parts, escapeKey(b.Name()))
			}
			pairID := strings.Join(append(parts, strconv.Itoa(r)), "|")
			seed := PairSeed(t.Seed, u.scenario.ID, r)
			for leg := range k {
				players := make([]Player, k)
				for i := range players {
					players[i] = u.set[(i+leg)%k]
				}
				fixtures = append(fixtures, Fixture{
					Seq:      len(fixtures),
					Key:      pairID + "|" + strconv.Itoa(leg),
					PairID:   pairID,
					Round:    r,
					Leg:      leg,
					Scenario: u.scenario,
					Seed:     seed,
					Players:  players,
				})
			}
		}
	}

	info := TournamentInfo{
		ScheduleVersion: ScheduleVersion,
		Kind:            t.Kind,
		GauntletBot:     t.GauntletBot,
		Seed:            t.Seed,
		GamesPerPairing: t.GamesPerPairing,
		Scenarios:       scenarios,
		Planned:         len(fixtures),
	}
	for _, b := range bots {
		info.Bots = append(info.Bots, botInfo(b))
	}
	info.ID, err = tournamentID(info)
	if err != nil {
		return Schedule{}, err
	}
	return Schedule{Info: info, Fixtures: fixtures}, nil
}

// botSets returns the bot sets of size k, in the order of bots: every
// k-subset for a round-robin; for a gauntlet, bots[0] with every
// (k-1)-subset of the others. Within a set the bots keep their order. It
// reports false when there are more than MaxPlannedGames sets.
func botSets(bots []Player, k int, gauntlet bool) ([][]Player, bool) {
	var (
		out  [][]Player
		pick []Player
	)
	from := bots
	if gauntlet {
		pick, from, k = []Player{bots[0]}, bots[1:], k-1
	}
	var rec func(start, left int) bool
	rec = func(start, left int) bool {
		if left == 0 {
			out = append(out, slices.Clone(pick))
			return len(out) <= MaxPlannedGames
		}
		for i := start; i <= len(from)-left; i++ {
			pick = append(pick, from[i])
			ok := rec(i+1, left-1)
			pick = pick[:len(pick)-1]
			if !ok {
				return false
			}
		}
		return true
	}
	return out, rec(0, k)
}

// plannedGames returns pairings × scenarios × games, or MaxPlannedGames+1
// when the product exceeds MaxPlannedGames (never overflowing).
func plannedGames(pairings, scenarios, games int) int {
	n := 1
	for _, f := range []int{pairings, scenarios, games} {
		if f > 0 && n > MaxPlannedGames/f {
			return MaxPlannedGames + 1
		}
		n *= f
	}
	return n
}

// sortedBots validates t's bots and returns them in schedule order: the
// gauntlet bot first (for a gauntlet), then by name.
func sortedBots(t Tournament) ([]Player, error) {
	if len(t.Bots) < 2 {
		return nil, fmt.Errorf("%w: need at least 2 bots, got %d", ErrInvalidTournament, len(t.Bots))
	}
	bots := slices.Clone(t.Bots)
	for _, b := range bots {
		if b == nil || b.Name() == "" {
			return nil, fmt.Errorf("%w: bot without a name", ErrInvalidTournament)
		}
	}
	slices.SortStableFunc(bots, func(a, b Player) int { return cmp.Compare(a.Name(), b.Name()) })
	for i := 1; i < len(bots); i++ {
		if bots[i].Name() == bots[i-1].Name() {
			return nil, fmt.Errorf("%w: duplicate bot %q", ErrInvalidTournament, bots[i].Name())
		}
	}
	switch t.Kind {
	case RoundRobin:
		if t.GauntletBot != "" {
			return nil, fmt.Errorf("%w: gauntlet bot %q in a round-robin", ErrInvalidTournament, t.GauntletBot)
		}
	case Gauntlet:
		i := slices.IndexFunc(bots, func(b Player) bool { return b.Name() == t.GauntletBot })
		if i < 0 {
			return nil, fmt.Errorf("%w: gauntlet bot %q is not among the bots", ErrInvalidTournament, t.GauntletBot)
		}
		g := bots[i]
		copy(bots[1:i+1], bots[:i])
		bots[0] = g
	default:
		return nil, fmt.Errorf("%w: unknown kind %q", ErrInvalidTournament, t.Kind)
	}
	return bots, nil
}

// sortedScenarios validates scenarios and returns them sorted by ID.
func sortedScenarios(scenarios []Scenario) ([]Scenario, error) {
	if len(scenarios) == 0 {
		return nil, fmt.Errorf("%w: no scenario", ErrInvalidTournament)
	}
	s := slices.Clone(scenarios)
	slices.SortStableFunc(s, func(a, b Scenario) int { return cmp.Compare(a.ID, b.ID) })
	for i, sc := range s {
		if sc.ID == "" {
			return nil, fmt.Errorf("%w: scenario without an id", ErrInvalidTournament)
		}
		if i > 0 && sc.ID == s[i-1].ID {
			return nil, fmt.Errorf("%w: duplicate scenario %q", ErrInvalidTournament, sc.ID)
		}
	}
	return s, nil
}

// keyEscaper makes names safe to join with "|".
var keyEscaper = strings.NewReplacer("%", "%25", "|", "%7C")

// escapeKey escapes a key component.
func escapeKey(s string) string { return keyEscaper.Replace(s) }

// tournamentID hashes the identity fields of info.
func tournamentID(info TournamentInfo) (string, error) {
	canon := struct {
		ScheduleVersion int        `json:"schedule_version"`
		Kind            Kind       `json:"kind"`
		GauntletBot     string     `json:"gauntlet_bot"`
		Seed            uint64     `json:"seed"`
		GamesPerPairing int        `json:"games_per_pairing"`
		Bots            []BotInfo  `json:"bots"`
		Scenarios       []Scenario `json:"scenarios"`
	}{info.ScheduleVersion, info.Kind, info.GauntletBot, info.Seed, info.GamesPerPairing, info.Bots, info.Scenarios}
	b, err := json.Marshal(canon)
	if err != nil {
		return "", fmt.Errorf("arena: tournament id: %w", err)
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:16]), nil
}
