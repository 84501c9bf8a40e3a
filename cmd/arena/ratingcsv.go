package main

import (
	"cmp"
	"encoding/csv"
	"fmt"
	"io"
	"slices"
	"strconv"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/rating"
)

// ratingCSVHeader is the header row of 'arena ratings --csv'.
var ratingCSVHeader = []string{"bot", "elo", "low", "high", "games", "points"}

// printCSV fits the joint model of recs (fitAll) and writes its ratings as
// CSV: ratingCSVHeader, then one row per bot, strongest first (Elo and the
// bounds of its 95% interval in Elo, rated games, points with draws ½); it
// returns the fit's error, explained, without writing anything.
func printCSV(w io.Writer, recs []arena.GameRecord, cfg rating.Config) error {
	m, err := fitAll(recs, cfg)
	if err != nil {
		return explainFit(err)
	}
	bots := slices.Clone(m.Bots)
	slices.SortStableFunc(bots, func(a, b rating.Bot) int {
		return cmp.Or(cmp.Compare(b.Elo, a.Elo), cmp.Compare(a.Name, b.Name))
	})
	num := func(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
	cw := csv.NewWriter(w)
	if err := cw.Write(ratingCSVHeader); err != nil {
		return fmt.Errorf("writing the CSV header: %w", err)
	}
	for _, b := range bots {
		if err := cw.Write([]string{b.Name, num(b.Elo), num(b.Lo), num(b.Hi), strconv.Itoa(b.Games), num(b.Points)}); err != nil {
			return fmt.Errorf("writing the CSV row of %s: %w", b.Name, err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("writing the CSV: %w", err)
	}
	return nil
}
