package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"strings"

	"github.com/flickarena/flickarena/arena"
)

// Games returns the recorded games matching f, as [Store.ReadGames] does,
// but fails, with an error wrapping [arena.ErrMalformedGame] that names the first
// one, when any of them is malformed.
func (s *Store) Games(ctx context.Context, f arena.GameFilter) ([]arena.GameRecord, error) {
	list, err := s.ReadGames(ctx, f)
	if err != nil {
		return nil, err
	}
	if len(list.Skipped) > 0 {
		return nil, fmt.Errorf("arena: query games: %w: %v (and %d more)", arena.ErrMalformedGame, list.Skipped[0], len(list.Skipped)-1)
	}
	return list.Games, nil
}

// ReadGames returns the recorded games matching f, ordered by tournament id
// and then by schedule position, so the order never depends on which games
// finished first. Each game's scenario carries the seat names recorded with
// its tournament ([arena.Scenario.SeatNames]; nil when none were). A read-only
// store of schema version 1 (two seats) is read as it is.
//
// A malformed game (one that [arena.GameRecord.Validate] refuses, or whose row
// cannot be read: a seat that does not exist or is missing, points that are
// not finite numbers, an unknown termination) does not fail the read: it is
// left out and listed in the result's Skipped, for the caller to report.
func (s *Store) ReadGames(ctx context.Context, f arena.GameFilter) (arena.GameList, error) {
	if s.version == 1 {
		return s.gamesV1(ctx, f)
	}
	cond, args := filterCond(f, "id IN (SELECT game_id FROM game_seats WHERE bot = ?)")
	kind := "end_kind"
	if s.version < 3 { // a read-only store of schema version 2
		kind = "''"
	}
	q := `SELECT id, tournament_id, game_key, pair_id, seq, round, leg, seats, scenario_id, scenario_version,
scenario_hash, seed, first_mover, termination, reason, ` + kind + `, turns, attempt, arena_version, started_at, ended_at
FROM games` + cond + " ORDER BY tournament_id, seq, id"
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return arena.GameList{}, fmt.Errorf("arena: query games: %w", err)
	}
	defer rows.Close()
	var (
		out []arena.GameRecord
		bad = map[int]string{} // index in out -> what is wrong
	)
	index := map[int64]int{} // row id -> index in out
	for rows.Next() {
		var (
			g              arena.GameRecord
			seats          int
			seed           int64
			term           string
			started, ended string
		)
		if err := rows.Scan(&g.ID, &g.TournamentID, &g.Key, &g.PairID, &g.Seq, &g.Round, &g.Leg, &seats,
			&g.Scenario.ID, &g.Scenario.Version, &g.Scenario.Hash, &seed, &g.FirstMover, &term, &g.Reason,
			&g.EndKind, &g.Turns, &g.Attempt, &g.ArenaVersion, &started, &ended); err != nil {
			g.ID, g.TournamentID, g.Key = rawIdentity(rows)
			bad[len(out)] = err.Error()
			index[g.ID] = len(out)
			out = append(out, g)
			continue
		}
		g.Seed = uint64(seed)
		problem := parseEnd(&g, term, started, ended)
		if problem == nil && (seats < 2 || seats > maxStoredSeats) {
			problem = fmt.Errorf("%d seats", seats)
		}
		if problem != nil {
			bad[len(out)] = problem.Error()
		} else {
			g.Bots, g.Ranks, g.Points = make([]arena.BotInfo, seats), make([]int, seats), make([]float64, seats)
		}
		index[g.ID] = len(out)
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return arena.GameList{}, fmt.Errorf("arena: query games: %w", err)
	}
	rows.Close()
	if err := s.fillSeats(ctx, cond, args, out, index, bad); err != nil {
		return arena.GameList{}, err
	}
	names, err := s.seatNames(ctx, f.TournamentID)
	if err != nil {
		return arena.GameList{}, err
	}
	for i, g := range out {
		if n := names[seatNamesKey{g.TournamentID, g.Scenario.ID}]; len(n) == len(g.Bots) {
			out[i].Scenario.SeatNames = n
		}
	}
	return splitMalformed(out, bad), nil
}

// maxStoredSeats bounds the seats of a stored game that a read believes: a
// larger count is a malformed row, not a reason to allocate.
const maxStoredSeats = 1 << 10

// rawIdentity returns the row id, tournament id and key of the current row
// of a games query whose typed scan failed, as well as they can be read.
func rawIdentity(rows *sql.Rows) (id int64, tournament, key string) {
	cols, err := rows.Columns()
	if err != nil || len(cols) < 3 {
		return 0, "", ""
	}
	raw := make([]any, len(cols))
	dest := make([]any, len(cols))
	for i := range raw {
		dest[i] = &raw[i]
	}
	if rows.Scan(dest...) != nil {
		return 0, "", ""
	}
	switch v := raw[0].(type) {
	case int64:
		id = v
	case int32:
		id = int64(v)
	}
	text := func(v any) string {
		switch v := v.(type) {
		case string:
			return v
		case []byte:
			return string(v)
		}
		return fmt.Sprint(v)
	}
	return id, text(raw[1]), text(raw[2])
}

// splitMalformed returns games with the malformed ones, those in bad or
// that [arena.GameRecord.Validate] refuses, moved to Skipped.
func splitMalformed(games []arena.GameRecord, bad map[int]string) arena.GameList {
	var list arena.GameList
	for i, g := range games {
		problem, isBad := bad[i]
		if !isBad {
			if err := g.Validate(); err != nil {
				problem, isBad = err.Error(), true
			}
		}
		if isBad {
			list.Skipped = append(list.Skipped, arena.SkippedGame{ID: g.ID, TournamentID: g.TournamentID, Key: g.Key, Problem: problem})
			continue
		}
		list.Games = append(list.Games, g)
	}
	return list
}

// fillSeats reads the seats of the games of out (selected by cond and args
// on the games table) into their Bots, Ranks and Points. A game whose seats
// cannot be read, or that lacks a seat or has one that does not exist, is
// entered in bad (by index in out) with what is wrong.
func (s *Store) fillSeats(ctx context.Context, cond string, args []any, out []arena.GameRecord, index map[int64]int, bad map[int]string) error {
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
			b    arena.BotInfo
			rank int
			pts  float64
		)
		if err := rows.Scan(&id, &seat, &b.Name, &b.Version, &rank, &pts); err != nil {
			id, _, _ = rawIdentity(rows)
			if i, ok := index[id]; ok {
				if _, known := bad[i]; !known {
					bad[i] = fmt.Sprintf("a seat: %v", err)
				}
			}
			continue
		}
		i, ok := index[id]
		switch {
		case !ok:
			continue // a game recorded (by another arena) since the games were read
		case bad[i] != "":
			continue // known bad already
		case seat < 0 || seat >= len(out[i].Bots):
			bad[i] = fmt.Sprintf("seat %d of a game of %d seats does not exist", seat, len(out[i].Bots))
			continue
		case math.IsNaN(pts) || math.IsInf(pts, 0):
			bad[i] = fmt.Sprintf("seat %d has %v points", seat, pts)
			continue
		}
		out[i].Bots[seat], out[i].Ranks[seat], out[i].Points[seat] = b, rank, pts
		filled[i]++
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("arena: query game seats: %w", err)
	}
	for i, n := range filled {
		if _, known := bad[i]; !known && n != len(out[i].Bots) {
			bad[i] = fmt.Sprintf("%d of its %d seats are recorded", n, len(out[i].Bots))
		}
	}
	return nil
}

// gamesV1 is ReadGames on a database of schema version 1: two seats per game,
// side X seat 0 and side Y seat 1, the result as ranks.
func (s *Store) gamesV1(ctx context.Context, f arena.GameFilter) (arena.GameList, error) {
	cond, args := filterCond(f, "(bot_x = ? OR bot_y = ?)")
	q := `SELECT id, tournament_id, game_key, pair_id, seq, round, leg, scenario_id, scenario_version,
scenario_hash, seed, bot_x, bot_x_version, bot_y, bot_y_version, first_mover, result, termination, reason,
turns, points_x, points_y, attempt, arena_version, started_at, ended_at FROM games` + cond + " ORDER BY tournament_id, seq, id"
	rows, err := s.db.QueryContext(ctx, q, args...)
	if err != nil {
		return arena.GameList{}, fmt.Errorf("arena: query games: %w", err)
	}
	defer rows.Close()
	var (
		out []arena.GameRecord
		bad = map[int]string{} // index in out -> what is wrong
	)
	for rows.Next() {
		var (
			g                   arena.GameRecord
			seed                int64
			first, result, term string
			started, ended      string
		)
		g.Bots, g.Points = make([]arena.BotInfo, 2), make([]float64, 2)
		if err := rows.Scan(&g.ID, &g.TournamentID, &g.Key, &g.PairID, &g.Seq, &g.Round, &g.Leg,
			&g.Scenario.ID, &g.Scenario.Version, &g.Scenario.Hash, &seed,
			&g.Bots[arena.SideX].Name, &g.Bots[arena.SideX].Version, &g.Bots[arena.SideY].Name, &g.Bots[arena.SideY].Version,
			&first, &result, &term, &g.Reason, &g.Turns, &g.Points[arena.SideX], &g.Points[arena.SideY],
			&g.Attempt, &g.ArenaVersion, &started, &ended); err != nil {
			g.ID, g.TournamentID, g.Key = rawIdentity(rows)
			bad[len(out)] = err.Error()
			out = append(out, g)
			continue
		}
		g.Seed = uint64(seed)
		fm, problem := parseSide(first)
		g.FirstMover = int(fm)
		var res arena.Result
		if problem == nil {
			res, problem = parseResult(result)
			g.Ranks = arena.RanksFor(res)
		}
		if problem == nil {
			problem = parseEnd(&g, term, started, ended)
		}
		if problem != nil {
			bad[len(out)] = problem.Error()
		}
		out = append(out, g)
	}
	if err := rows.Err(); err != nil {
		return arena.GameList{}, fmt.Errorf("arena: query games: %w", err)
	}
	return splitMalformed(out, bad), nil
}

// filterCond is the WHERE clause of the games f selects (empty for every
// game) and its arguments; botCond selects the games of a bot, its every
// placeholder standing for f.Bot.
func filterCond(f arena.GameFilter, botCond string) (string, []any) {
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
		where = append(where, botCond)
		for range strings.Count(botCond, "?") {
			args = append(args, f.Bot)
		}
	}
	if len(where) == 0 {
		return "", args
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

// parseEnd sets g's termination and times from their stored text, and
// returns the first that does not parse.
func parseEnd(g *arena.GameRecord, term, started, ended string) error {
	var err error
	if g.Termination, err = arena.ParseTermination(term); err != nil {
		return err
	}
	if g.StartedAt, err = parseTime(started); err != nil {
		return err
	}
	g.EndedAt, err = parseTime(ended)
	return err
}

// parseSide is the inverse of [arena.Side.String] for valid sides.
func parseSide(s string) (arena.Side, error) {
	switch s {
	case "X":
		return arena.SideX, nil
	case "Y":
		return arena.SideY, nil
	}
	return 0, fmt.Errorf("arena: unknown side %q", s)
}

// parseResult is the inverse of [arena.Result.String] for valid results.
func parseResult(s string) (arena.Result, error) {
	switch s {
	case "X":
		return arena.WinX, nil
	case "Y":
		return arena.WinY, nil
	case "draw":
		return arena.Draw, nil
	}
	return 0, fmt.Errorf("arena: unknown result %q", s)
}
