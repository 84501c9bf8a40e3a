package arena

import (
	"context"
	"fmt"
	"strings"
)

// GameFilter selects games in [Store.Games]. Empty fields match everything.
type GameFilter struct {
	// TournamentID keeps the games of one tournament.
	TournamentID string
	// ScenarioID keeps the games on one scenario.
	ScenarioID string
	// Bot keeps the games in which the named bot played either side.
	Bot string
}

// Games returns the recorded games matching f, ordered by tournament id and
// then by schedule position, so the order never depends on which games
// finished first. Each game's scenario carries the seat names recorded with
// its tournament ([Scenario.SeatNames]; nil when none were). A read-only
// store of schema version 1 (two seats) is read as it is.
func (s *Store) Games(ctx context.Context, f GameFilter) ([]GameRecord, error) {
	if s.version == 1 {
		return s.gamesV1(ctx, f)
	}
	var (
		where []string
		args  []any
	)
	if f.TournamentID != "" {
		where, args = append(where, "tournament_id = ?"), append(args, f.TournamentID)
	}
	if f.ScenarioID != "" {
		where, args = append(where, "scenario_id = ?"), append(args, f.ScenarioID)
	}
	if f.Bot != "" {
		where, args = append(where, "id IN (SELECT game_id FROM game_seats WHERE bot = ?)"), append(args, f.Bot)
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	kind := "end_kind"
	if s.version < 3 { // a read-only store of schema version 2
		kind = "''"
	}
	q := `SELECT id, tournament_id, game_key, pair_id, seq, round, leg, seats, scenario_id, scenario_version,
scenario_hash, seed, first_mover, termination, reason, ` + kind + `, turns, attempt, arena_version, started_at, ended_at
FROM games` + cond + " ORDER BY tournament_id, seq, id"
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("arena: query games: %w", err)
	}
	defer rows.Close()
	var out []GameRecord
	index := map[int64]int{} // row id -> index in out
	for rows.Next() {
		var (
			g              GameRecord
			seats          int
			seed           int64
			term           string
			started, ended string
		)
		if err := rows.Scan(&g.ID, &g.TournamentID, &g.Key, &g.PairID, &g.Seq, &g.Round, &g.Leg, &seats,
			&g.Scenario.ID, &g.Scenario.Version, &g.Scenario.Hash, &seed, &g.FirstMover, &term, &g.Reason,
			&g.EndKind, &g.Turns, &g.Attempt, &g.ArenaVersion, &started, &ended); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		g.Seed = uint64(seed)
		if g.Termination, err = ParseTermination(term); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		if g.StartedAt, err = parseTime(started); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		if g.EndedAt, err = parseTime(ended); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		g.Bots, g.Ranks, g.Points = make([]BotInfo, seats), make([]int, seats), make([]float64, seats)
		index[g.ID] = len(out)
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: query games: %w", err)
	}
	rows.Close()
	if err := s.fillSeats(ctx, cond, args, out, index); err != nil {
		return nil, err
	}
	names, err := s.seatNames(ctx, f.TournamentID)
	if err != nil {
		return nil, err
	}
	for i, g := range out {
		if n := names[seatNamesKey{g.TournamentID, g.Scenario.ID}]; len(n) == len(g.Bots) {
			out[i].Scenario.SeatNames = n
		}
	}
	return out, nil
}

// fillSeats reads the seats of the games of out (selected by cond and args
// on the games table) into their Bots, Ranks and Points.
func (s *Store) fillSeats(ctx context.Context, cond string, args []any, out []GameRecord, index map[int64]int) error {
	rows, err := s.db.QueryContext(ctx, `SELECT game_id, seat, bot, bot_version, rank, points FROM game_seats
WHERE game_id IN (SELECT id FROM games`+cond+`)`, args...)
	if err != nil {
		return fmt.Errorf("arena: query game seats: %w", err)
	}
	defer rows.Close()
	filled := make([]int, len(out))
	for rows.Next() {
		var (
			id   int64
			seat int
			b    BotInfo
			rank int
			pts  float64
		)
		if err := rows.Scan(&id, &seat, &b.Name, &b.Version, &rank, &pts); err != nil {
			return fmt.Errorf("arena: query game seats: %w", err)
		}
		i, ok := index[id]
		if !ok {
			continue // a game recorded (by another arena) since the games were read
		}
		if seat < 0 || seat >= len(out[i].Bots) {
			return fmt.Errorf("arena: query game seats: seat %d of game row %d does not exist", seat, id)
		}
		out[i].Bots[seat], out[i].Ranks[seat], out[i].Points[seat] = b, rank, pts
		filled[i]++
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("arena: query game seats: %w", err)
	}
	for i, n := range filled {
		if n != len(out[i].Bots) {
			return fmt.Errorf("arena: query game seats: game %q has %d of its %d seats", out[i].Key, n, len(out[i].Bots))
		}
	}
	return nil
}

// gamesV1 is Games on a database of schema version 1: two seats per game,
// side X seat 0 and side Y seat 1, the result as ranks.
func (s *Store) gamesV1(ctx context.Context, f GameFilter) ([]GameRecord, error) {
	var (
		where []string
		args  []any
	)
	if f.TournamentID != "" {
		where, args = append(where, "tournament_id = ?"), append(args, f.TournamentID)
	}
	if f.ScenarioID != "" {
		where, args = append(where, "scenario_id = ?"), append(args, f.ScenarioID)
	}
	if f.Bot != "" {
		where, args = append(where, "(bot_x = ? OR bot_y = ?)"), append(args, f.Bot, f.Bot)
	}
	q := `SELECT id, tournament_id, game_key, pair_id, seq, round, leg, scenario_id, scenario_version,
scenario_hash, seed, bot_x, bot_x_version, bot_y, bot_y_version, first_mover, result, termination, reason,
turns, points_x, points_y, attempt, arena_version, started_at, ended_at FROM games`
	if len(where) > 0 {
		q += " WHERE " + strings.Join(where, " AND ")
	}
	q += " ORDER BY tournament_id, seq, id"
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("arena: query games: %w", err)
	}
	defer rows.Close()
	var out []GameRecord
	for rows.Next() {
		var (
			g                   GameRecord
			seed                int64
			first, result, term string
			started, ended      string
		)
		g.Bots, g.Points = make([]BotInfo, 2), make([]float64, 2)
		if err := rows.Scan(&g.ID, &g.TournamentID, &g.Key, &g.PairID, &g.Seq, &g.Round, &g.Leg,
			&g.Scenario.ID, &g.Scenario.Version, &g.Scenario.Hash, &seed,
			&g.Bots[SideX].Name, &g.Bots[SideX].Version, &g.Bots[SideY].Name, &g.Bots[SideY].Version,
			&first, &result, &term, &g.Reason, &g.Turns, &g.Points[SideX], &g.Points[SideY],
			&g.Attempt, &g.ArenaVersion, &started, &ended); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		g.Seed = uint64(seed)
		fm, err := parseSide(first)
		if err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		g.FirstMover = int(fm)
		res, err := parseResult(result)
		if err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		g.Ranks = RanksFor(res)
		if g.Termination, err = ParseTermination(term); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		if g.StartedAt, err = parseTime(started); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		if g.EndedAt, err = parseTime(ended); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("arena: query games: %w", err)
	}
	return out, nil
}
