package main

import (
	"context"
	"flag"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/arena/tune"
)

// reportTunes finds the knob searches of 'arena tune' among the games (tune.Recorded), the
// recorded command lines read with the flags of 'arena tune' (tuneCommandOf).
func reportTunes(ctx context.Context, st *store.Store, recs []arena.GameRecord) ([]report.Tune, error) {
	return tune.Recorded{Runs: st, Command: tuneCommandOf, Sides: [2]string{tuneSide, tuneOtherSide}}.Searches(ctx, recs)
}

// tuneCommandOf reads a recorded 'arena tune' command line with the flags of 'arena tune',
// and returns false for another command or a line the flags do not read. Two lines are the
// same command (the key) when they name the same file, knob, --bots flags, zone, seed, look,
// most games and turn cap.
func tuneCommandOf(line string) (tune.Command, bool) {
	args, ok := tuneArgs(line)
	if !ok {
		return tune.Command{}, false
	}
	var tf tuneFlags
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	tf.register(fs)
	if fs.Parse(args) != nil || fs.NArg() > 0 || *tf.knob == "" || *tf.look < 2 || *tf.maxGames < *tf.look {
		return tune.Command{}, false
	}
	lo, hi, err := zoneOf(*tf.zone)
	if err != nil {
		return tune.Command{}, false
	}
	c := tune.Command{File: *tf.file, Knob: *tf.knob, Look: *tf.look, MaxGames: *tf.maxGames, ZoneLo: lo, ZoneHi: hi,
		Key: strings.Join([]string{*tf.file, *tf.knob, tf.bots.String(), *tf.zone, strconv.FormatUint(*tf.seed, 10),
			strconv.Itoa(*tf.look), strconv.Itoa(*tf.maxGames), strconv.Itoa(*tf.maxTurns)}, "\x00")}
	for _, spec := range *tf.bots {
		names := splitList(spec)
		if len(names) == 1 {
			names = append(names, mirrorName(names[0]))
		}
		slices.Sort(names)
		c.Pairs = append(c.Pairs, names)
	}
	return c, true
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
