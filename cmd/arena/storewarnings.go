package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/flickarena/flickarena/arena"
)

// maxWarnedKeys is how many game keys a warning lists.
const maxWarnedKeys = 10

// warnRepaired says, on w, which games of tournament id a run played again
// because the store's work queue counted them as recorded and the store did
// not hold them (arena.Summary.Repaired).
func warnRepaired(w io.Writer, id string, keys []string) {
	if len(keys) == 0 {
		return
	}
	fmt.Fprintf(w, "warning: tournament %s: repaired %s that the work queue counted as recorded but the database did not hold (deleted behind the arena's back?), played again: %s\n",
		id, plural(len(keys), "game"), listKeys(keys))
}

// listKeys lists game keys for a message, the first maxWarnedKeys of them,
// each in its safe form (safeID).
func listKeys(keys []string) string {
	shown := make([]string, 0, min(len(keys), maxWarnedKeys))
	for _, k := range keys[:min(len(keys), maxWarnedKeys)] {
		shown = append(shown, safeID("game", k))
	}
	s := strings.Join(shown, ", ")
	if n := len(keys) - len(shown); n > 0 {
		s += fmt.Sprintf(" and %d more", n)
	}
	return s
}

// warnSkipped says, on w, which malformed games a read left out
// (arena.GameList.Skipped), one line each.
func warnSkipped(w io.Writer, skipped []arena.SkippedGame) {
	for _, g := range skipped {
		fmt.Fprintf(w, "warning: skipped game %d (key %s of tournament %s): %s\n",
			g.ID, safeID("game", g.Key), safeID("tournament", g.TournamentID), safeText(g.Problem))
	}
}
