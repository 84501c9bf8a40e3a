package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
)

// gameQuery selects the stored games a reading command works on.
type gameQuery struct {
	db         string   // results database file
	scenario   string   // keep one scenario, by id ("race"), rating name ("race-v1") or file path; empty keeps all
	tournament string   // keep one tournament, by id or id prefix; empty keeps all
	bots       []string // keep games between these bots only; empty keeps all
}

// register adds the --db, --scenario and --tournament flags to fs.
func (q *gameQuery) register(fs *flag.FlagSet) {
	fs.StringVar(&q.db, "db", "results.db", "results `database` as written by 'arena run': an SQLite file, or a PostgreSQL URL (postgres://...)")
	fs.StringVar(&q.scenario, "scenario", "", "keep only the games of this `scenario`, NAME or NAME:key=value[,key=value] as 'arena run' named it, or as the ratings name it (race-v1), or a scenario file (my-town.scn: its games, whatever its content was; a directory: its files'); default: all")
	fs.StringVar(&q.tournament, "tournament", "", "keep only the games of this tournament `id` (or a prefix of it; default: all)")
}

// describe says which games q selects, for messages.
func (q *gameQuery) describe() string {
	var parts []string
	if q.scenario != "" {
		parts = append(parts, "scenario "+q.scenario)
	}
	if q.tournament != "" {
		parts = append(parts, "tournament "+q.tournament)
	}
	if len(q.bots) > 0 {
		parts = append(parts, "bots "+strings.Join(q.bots, ", "))
	}
	db := store.RedactURL(q.db)
	if len(parts) == 0 {
		return db
	}
	return db + " (" + strings.Join(parts, ", ") + ")"
}

// openExisting opens the results database at path, which must exist, for
// reading only: the reading commands never create, migrate or write one, so
// they read an archived file or one in a read-only directory.
func openExisting(ctx context.Context, path string) (*store.Store, error) {
	if store.IsPostgresURL(path) {
		return store.OpenReadOnly(ctx, path)
	}
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no results database at %s (play games with 'arena run --db %s' first)", path, path)
	} else if err != nil {
		return nil, err
	}
	return store.OpenReadOnly(ctx, path)
}

// load returns the selected games in the store's order (by tournament,
// then schedule position). A malformed game is left out with a warning on
// warn naming it. It fails when none is selected.
func (q *gameQuery) load(ctx context.Context, warn io.Writer) ([]arena.GameRecord, error) {
	st, err := openExisting(ctx, q.db)
	if err != nil {
		return nil, err
	}
	defer st.Close()
	list, err := st.ReadGames(ctx, arena.GameFilter{})
	if err != nil {
		return nil, err
	}
	warnSkipped(warn, list.Skipped)
	all := list.Games
	scenario := q.scenario
	var fileIDs []string // the scenarios of the files a path names
	switch {
	case scenario != "" && isScenarioPath(scenario):
		if fileIDs, err = scenarioFileIDs(scenario); err != nil {
			return nil, fmt.Errorf("--scenario: %w", err)
		}
	case scenario != "":
		a, err := parseScenario(scenario)
		if err != nil {
			return nil, fmt.Errorf("--scenario: %w", err)
		}
		scenario = a.canonical()
		if len(a.opts) > 0 {
			if reg, err := newRegistry(); err == nil {
				scenario = newCatalogue(reg).canonicalQuery(a)
			}
		}
	}
	var out []arena.GameRecord
	for _, g := range all {
		switch {
		case fileIDs != nil:
			if !slices.Contains(fileIDs, g.Scenario.ID) {
				continue
			}
		case scenario != "" && g.Scenario.ID != scenario && arena.RatingScenario(g.Scenario) != scenario:
			continue
		}
		if q.tournament != "" && !strings.HasPrefix(g.TournamentID, q.tournament) {
			continue
		}
		if len(q.bots) > 0 && slices.ContainsFunc(g.Bots, func(b arena.BotInfo) bool { return !q.hasBot(b.Name) }) {
			continue
		}
		// A name stored before names were checked is printed and exported in a safe form,
		// and so are the pair, key and reason that hold it, and the seats' names.
		for s := range g.Bots {
			g.Bots[s].Name = arena.SafeBotName(g.Bots[s].Name)
			g.Bots[s].Version = safeVersion(g.Bots[s].Version)
		}
		g.PairID, g.Key = safeID("pair", g.PairID), safeID("game", g.Key)
		g.Reason = safeText(g.Reason)
		if names := g.Scenario.SeatNames; names != nil {
			g.Scenario.SeatNames = make([]string, len(names))
			for i, n := range names {
				g.Scenario.SeatNames[i] = safeText(n)
			}
		}
		out = append(out, g)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no games in %s", q.describe())
	}
	return out, nil
}

// hasBot reports whether --bots lists name, as stored or in its safe form
// (arena.SafeBotName, the form the commands print).
func (q *gameQuery) hasBot(name string) bool {
	return slices.Contains(q.bots, name) || slices.Contains(q.bots, arena.SafeBotName(name))
}

// safeVersion returns v when arena.CheckBotVersion accepts it, else v
// quoted and shortened (arena.QuoteShort): printable, and short.
func safeVersion(v string) string {
	if arena.CheckBotVersion(v) == nil {
		return v
	}
	return arena.QuoteShort(v)
}

// maxIDLen is the longest pair id or game key printed or exported as it is.
const maxIDLen = 512

// safeID returns id when it is printable ASCII of at most maxIDLen bytes
// without quotes, backslashes or brackets (as every id the arena writes
// from checked names is), else what and a digest of id: one id stays one
// id, so pairs still group their games.
func safeID(what, id string) string {
	if len(id) <= maxIDLen && strings.IndexFunc(id, func(r rune) bool {
		return r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == '[' || r == ']'
	}) < 0 {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return what + "-" + hex.EncodeToString(sum[:8])
}

// safeText returns s when it is valid UTF-8 without control characters and
// of at most 4096 bytes, else s quoted and shortened (arena.QuoteShort).
func safeText(s string) string {
	if len(s) <= 4096 && utf8.ValidString(s) && strings.IndexFunc(s, unicode.IsControl) < 0 {
		return s
	}
	return arena.QuoteShort(s)
}
