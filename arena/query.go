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
// finished first.
func (s *Store) Games(ctx context.Context, f GameFilter) ([]GameRecord, error) {
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
		if err := rows.Scan(&g.ID, &g.TournamentID, &g.Key, &g.PairID, &g.Seq, &g.Round, &g.Leg,
			&g.Scenario.ID, &g.Scenario.Version, &g.Scenario.Hash, &seed,
			&g.Bots[SideX].Name, &g.Bots[SideX].Version, &g.Bots[SideY].Name, &g.Bots[SideY].Version,
			&first, &result, &term, &g.Reason, &g.Turns, &g.Points[SideX], &g.Points[SideY],
			&g.Attempt, &g.ArenaVersion, &started, &ended); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		g.Seed = uint64(seed)
		if g.FirstMover, err = parseSide(first); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
		if g.Result, err = parseResult(result); err != nil {
			return nil, fmt.Errorf("arena: query games: %w", err)
		}
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
