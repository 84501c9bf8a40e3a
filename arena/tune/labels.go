package tune

import (
	"crypto/sha256"
	"encoding/hex"
	"strconv"

	"github.com/flickarena/flickarena/arena"
)

// The labels 'arena tune' records with every run of its tournaments (arena.RunnerConfig.Labels),
// from schema version 5 of the store, for the report to read a search back exactly.
const (
	// labelSearch names the search the run is part of: SearchID.
	labelSearch = "tune.search"
	// labelKnob is the knob's name, as the file's tune line makes it ("start.hour").
	labelKnob = "tune.knob"
	// labelValue is the knob's value the tournament plays, as the file writes it ("town-hall").
	labelValue = "tune.value"
	// labelPair is the tournament's pair of bots: its index in the search's pairs (the
	// index of its --bots flag), from 0.
	labelPair = "tune.pair"
)

// SearchID identifies a search: the first 16 hex digits of the SHA-256 of the knob's name
// and of the ids of the tournaments it plays, tournaments[v][p] the id of value v's and pair
// p's, value by value in the knob's order and, within a value, pair by pair in the order of
// the --bots flags. A tournament's id holds the variant's content (so the file's), the
// game's version, the bots and their versions, the seed and the games per value, so the same
// command on the same file and bots is the same search, resumed, and an edit of the file (one
// that changes a value's game), other versions of the bots or of the game, or another order
// of the values or pairs make another. The zone and the look are not part of it: a search of
// the same tournaments with another zone is read with the latest command's.
func SearchID(knob string, tournaments [][]string) string {
	h := sha256.New()
	h.Write([]byte(knob))
	for _, ids := range tournaments {
		for _, id := range ids {
			h.Write([]byte{0})
			h.Write([]byte(id))
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// Labels returns the labels of the runs of search's tournament (SearchID) at knob's value
// played by pair pair (the index of its --bots flag, from 0), for arena.RunnerConfig.Labels.
func Labels(search, knob, value string, pair int) map[string]string {
	return map[string]string{labelSearch: search, labelKnob: knob, labelValue: value, labelPair: strconv.Itoa(pair)}
}

// recordedSearches returns the searches a tournament's runs are labelled with (Labels),
// each with the tournament as that search played it: the runs labelled with it, the value and
// pair they record. The runs of an arena before the labels, and those labelled otherwise,
// belong to none. A tournament is in several searches when several played it (the same pair
// at the same value in two searches that differ in another pair's bots).
func recordedSearches(games []arena.GameRecord, runs []arena.RunRecord) map[string]*tournament {
	out := map[string]*tournament{}
	for _, r := range runs {
		id := r.Labels[labelSearch]
		if id == "" {
			continue
		}
		t := out[id]
		if t == nil {
			t = &tournament{games: games, bots: sortedBots(games), version: games[0].Scenario.Version}
			out[id] = t
		}
		t.runs = append(t.runs, r)
		t.value, t.knob = r.Labels[labelValue], r.Labels[labelKnob]
		if p, err := strconv.Atoi(r.Labels[labelPair]); err == nil && p >= 0 {
			t.flag = p + 1
		}
	}
	return out
}
