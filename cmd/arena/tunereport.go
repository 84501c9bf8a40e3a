package main

import (
	"context"
	"flag"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/report"
)

// tuneSide names the side whose score a tune shows: seat 0, the lawmen (a knob belongs to a
// Flick 'em Up! scenario file).
const tuneSide = "lawmen"

// reportTunes finds the knob searches of 'arena tune' among the games: the tournaments
// whose last run was an 'arena tune' command, grouped by search (file, knob, the --bots
// flags, zone, looks, seed) and within a search by pair of bots, each value's side score and
// interval computed as the search does.
func reportTunes(ctx context.Context, store *arena.Store, recs []arena.GameRecord) ([]report.Tune, error) {
	byTournament := map[string][]arena.GameRecord{}
	var ids []string
	for _, g := range recs {
		if _, ok := byTournament[g.TournamentID]; !ok {
			ids = append(ids, g.TournamentID)
		}
		byTournament[g.TournamentID] = append(byTournament[g.TournamentID], g)
	}
	var out []report.Tune
	var orders []map[string]int // per search, the rank of each pair in its --bots flags
	index := map[string]int{}
	for _, id := range ids {
		runs, err := store.Runs(ctx, id)
		if err != nil {
			return nil, err
		}
		if len(runs) == 0 {
			continue
		}
		args, ok := tuneArgs(runs[len(runs)-1].Command)
		if !ok {
			continue
		}
		var tf tuneFlags
		fs := flag.NewFlagSet("tune", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		tf.register(fs)
		if fs.Parse(args) != nil || fs.NArg() > 0 || *tf.knob == "" || *tf.look < 2 || *tf.maxGames < *tf.look {
			continue
		}
		lo, hi, err := zoneOf(*tf.zone)
		if err != nil {
			continue
		}
		games := byTournament[id]
		bots := []string{games[0].Bots[0].Name, games[0].Bots[1].Name}
		slices.Sort(bots)
		key := strings.Join([]string{*tf.file, *tf.knob, tf.bots.String(), *tf.zone, strconv.FormatUint(*tf.seed, 10),
			strconv.Itoa(*tf.look), strconv.Itoa(*tf.maxGames), strconv.Itoa(*tf.maxTurns)}, "\x00")
		i, seen := index[key]
		if !seen {
			i = len(out)
			index[key] = i
			looks := *tf.maxGames / *tf.look
			out = append(out, report.Tune{Scenario: *tf.file, Knob: *tf.knob, Side: tuneSide,
				ZoneLo: lo, ZoneHi: hi, Level: tuneLevel(looks)})
			orders = append(orders, pairOrder(*tf.bots))
		}
		j := slices.IndexFunc(out[i].Pairs, func(p report.TunePair) bool { return p.Bots == [2]string{bots[0], bots[1]} })
		if j < 0 {
			j = len(out[i].Pairs)
			out[i].Pairs = append(out[i].Pairs, report.TunePair{Bots: [2]string{bots[0], bots[1]}})
		}
		v := report.TuneValue{Value: knobValue(games[0].Scenario.ID, *tf.knob), Games: len(games)}
		v.Score, v.Lo, v.Hi = sideScore(pairMeans(games), lookZ(*tf.maxGames / *tf.look))
		v.Verdict = judge(v.Lo, v.Hi, lo, hi)
		out[i].Pairs[j].Values = append(out[i].Pairs[j].Values, v)
	}
	for i := range out {
		alignTunePairs(&out[i], orders[i])
	}
	return out, nil
}

// pairOrder returns the rank of each pair of bots in the order of a tune's --bots flags,
// keyed by the pair's two names sorted and joined by a space.
func pairOrder(specs botPairs) map[string]int {
	rank := map[string]int{}
	for i, spec := range specs {
		names := splitList(spec)
		if len(names) == 1 {
			names = append(names, mirrorName(names[0]))
		}
		slices.Sort(names)
		rank[strings.Join(names, " ")] = i
	}
	return rank
}

// alignTunePairs orders t's pairs as the --bots flags named them (rank; a pair not named
// last) and gives every pair the same values in the same order: the union of the values
// played, numerically when all are numbers, else in the order first seen; a value a pair
// did not play (the search dropped it first) is a row without games.
func alignTunePairs(t *report.Tune, rank map[string]int) {
	slices.SortStableFunc(t.Pairs, func(a, b report.TunePair) int {
		ra, oka := rank[a.Bots[0]+" "+a.Bots[1]]
		rb, okb := rank[b.Bots[0]+" "+b.Bots[1]]
		switch {
		case oka && okb:
			return ra - rb
		case oka:
			return -1
		case okb:
			return 1
		}
		return 0
	})
	var union []report.TuneValue
	seen := map[string]bool{}
	for _, p := range t.Pairs {
		for _, v := range p.Values {
			if !seen[v.Value] {
				seen[v.Value] = true
				union = append(union, report.TuneValue{Value: v.Value, Score: math.NaN()})
			}
		}
	}
	sortKnobValues(union)
	for j, p := range t.Pairs {
		vs := make([]report.TuneValue, len(union))
		for k, u := range union {
			vs[k] = u
			if at := slices.IndexFunc(p.Values, func(v report.TuneValue) bool { return v.Value == u.Value }); at >= 0 {
				vs[k] = p.Values[at]
			}
		}
		t.Pairs[j].Values = vs
	}
}

// tuneArgs returns the arguments of a recorded 'arena tune' command line,
// and false for another command. A line that commandLine wrote (it quotes a
// path with a space) is split as a shell would (splitCommand). An older
// arena joined the arguments with spaces unquoted, quotes and all: its line
// is split at the spaces, and as a value holding a space then comes back as
// several words and every flag of tune takes a value, a word where a flag
// is expected continues the value before it.
func tuneArgs(line string) ([]string, bool) {
	words, err := splitCommand(line)
	if err != nil || len(words) < 2 || words[0] != "arena" || commandLine(words[1], words[2:]) != line {
		words = strings.Fields(line) // an older arena's line
	}
	if len(words) < 2 || words[0] != "arena" || words[1] != "tune" {
		return nil, false
	}
	var args []string
	value := false // the next word is a flag's value
	for _, w := range words[2:] {
		switch {
		case value:
			args, value = append(args, w), false
		case strings.HasPrefix(w, "-") || len(args) == 0:
			args = append(args, w)
			value = !strings.Contains(w, "=") && strings.HasPrefix(w, "-")
		default:
			args[len(args)-1] += " " + w
		}
	}
	return args, true
}

// knobValue reads a knob's value back from a variant's game id (see variantID): the segment
// after the knob's slug, with "m" read as a minus sign and "p" as a decimal point when that
// makes a number; a choice keeps its slug ("lawmen-1" for lawmen:1).
func knobValue(id, knob string) string {
	slug := strings.Trim(slugRE.ReplaceAllString(strings.ToLower(knob), "-"), "-")
	rest := id
	if i := strings.LastIndex(id, "/"+slug+"-"); i >= 0 {
		rest = id[i+len(slug)+2:]
	}
	if i := strings.LastIndex(rest, "-v"); i >= 0 {
		rest = rest[:i]
	}
	if n := strings.NewReplacer("m", "-", "p", ".").Replace(rest); isNumber(n) {
		return n
	}
	return rest
}

// isNumber reports whether s is a decimal number.
func isNumber(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// sortKnobValues orders the values numerically when all are numbers, else leaves the
// order of the games.
func sortKnobValues(vs []report.TuneValue) {
	for _, v := range vs {
		if !isNumber(v.Value) {
			return
		}
	}
	slices.SortStableFunc(vs, func(a, b report.TuneValue) int {
		x, _ := strconv.ParseFloat(a.Value, 64)
		y, _ := strconv.ParseFloat(b.Value, 64)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	})
}
