package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/store"
	"github.com/flickarena/flickarena/arena/tune"
	"github.com/flickarena/flickarena/env/flickemup"
)

// runTune searches a scenario knob's values for the balanced setting between one or more
// pairs of bots: a value is balanced when every pair's interval lies inside the zone.
func runTune(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune", `Find the balanced value of a knob of a Flick 'em Up! scenario file between bots.

The file declares its knobs with tune lines (see 'go doc ./env/flickemup', knob.go):
"tune start hour=6..9", "tune cowboy id=lawmen:1 hp=2..5", "tune cowboy
id=lawmen:1,lawmen:2 y=10..20:2" (both lawmen's y, one value for both), "tune initiative
cowboy=lawmen:1|outlaws:1" (who plays first) or "tune turns=60..140:20" (the turn
cap, in turns: a game reaching it is a draw; not with --max-turns). For each value of --knob,
the file with that value is its own scenario (its own game and tournament), played in
pairs of games with sides swapped on one seed. Balance is measured between equal bots:
--bots names one bot, which plays itself (the second seat's copy is named NAME-mirror);
two bots may be named, but when one always wins every pair scores 50% whatever the sides.

Several pairs of bots: repeat --bots (--bots aimer --bots planner). Every pair plays each
value's games on the same seeds, as its own tournament, and a value is balanced only when
every pair's interval lies inside the zone, clearly off as soon as one pair's lies wholly
outside it: a setting for every bot the designer cares about, not just one.

The search is a group-sequential test: every value plays --look games, then the next
--look, and so on up to --max-games. At each look the side score of a value (the
lawmen's score, seat 0's: 1 a win, 0.5 a draw, 0 a loss) gets an interval from its pair means (mean ± z·sd/√pairs, z for a two-sided 95% level spread
over the looks by Bonferroni, z = Φ⁻¹(1 − 0.05/(2·looks)), so the 95% holds however
many looks are taken; two pseudo-pairs, one scoring 0 and one 1, are added to the sd, so
that a few equal results never give a zero-width interval). A value whose interval lies wholly outside the balanced zone is
clearly off and stops playing; a value whose interval lies wholly inside the zone is
balanced, and the search stops. With several pairs each pair gets its own interval at
the same z; the pairs play in the order given, a pair already inside the zone plays no
more while the value's other pairs go on, and a value dropped by one pair plays no more
games of any. "Balanced for every pair" needs no correction for the number of pairs (each
pair must pass its own 95% test), but a value truly inside the zone is dropped by mistake
more often: at most 5% per pair, so up to 5% times the number of pairs.

A value whose games are (nearly) all draws is not balanced, however near 50% its score (a
turn cap that ends every game first scores exactly 50%): at the look where a pair's interval
first lies inside the zone, the value is "degenerate" instead of balanced when more than 90%
of that pair's games so far are draws, or when one side (the lawmen or the outlaws) has won
none of them. A degenerate value, like a clearly-off one, plays no more and is never the
value found; the table and the report say why ("degenerate: every game a draw"). Each look prints its progress
(one line per pair); the games are recorded in --db, and the same command resumes where it
stopped. --html writes an HTML page of the search, the tuning section of 'arena report'
alone: the value found balanced, each value's verdict, and the plot of the lawmen's score
at each value with its interval and the balanced zone shaded, one group of rows per pair.

Examples:
  arena tune --scenario my-town.scn --knob start.hour --bots aimer --db tune.db --html tune.html
  arena tune --scenario my-town.scn --knob start.hour --bots aimer --bots planner --db tune.db`, stderr)
	var tf tuneFlags
	tf.register(fs)
	file, knobName, botList, look, maxGames, zone, seed, maxTurns, concurrency, db, htmlOut :=
		tf.file, tf.knob, tf.bots, tf.look, tf.maxGames, tf.zone, tf.seed, tf.maxTurns, tf.concurrency, tf.db, tf.html
	if err := parse(fs, args); err != nil {
		return err
	}
	lo, hi, err := zoneOf(*zone)
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	switch {
	case *file == "":
		return fmt.Errorf("tune: --scenario is required (a .scn file)")
	case *look < 2 || *look%2 != 0:
		return fmt.Errorf("tune: --look must be a positive even number (pairs with sides swapped), got %d", *look)
	case *maxGames < *look || *maxGames%*look != 0:
		return fmt.Errorf("tune: --max-games must be a multiple of --look (%d), got %d", *look, *maxGames)
	case *concurrency < 1 || *concurrency > maxConcurrency:
		return fmt.Errorf("tune: --concurrency must lie in [1, %d], got %d", maxConcurrency, *concurrency)
	case *maxTurns < 0 || *maxTurns > maxTurnsLimit:
		return fmt.Errorf("tune: --max-turns must lie in [0, %d], got %d", maxTurnsLimit, *maxTurns)
	}
	sc, err := flickemup.ParseFile(*file)
	if err != nil {
		return fmt.Errorf("tune: --scenario:\n%s", stripPrefix(err, "flickemup: "))
	}
	if *knobName == "" {
		if len(sc.Knobs) == 0 {
			return fmt.Errorf("tune: %s declares no knob (add a tune line)", *file)
		}
		fmt.Fprintf(stdout, "Knobs of %s:\n", *file)
		for _, k := range sc.Knobs {
			fmt.Fprintf(stdout, "  %-32s line %d, values %v\n", k.Name, k.Line, k.Values())
		}
		return nil
	}
	knob, ok := sc.Knob(*knobName)
	if !ok {
		var names []string
		for _, k := range sc.Knobs {
			names = append(names, k.Name)
		}
		return fmt.Errorf("tune: --knob: %s declares no knob %q (its knobs: %s)", *file, *knobName, strings.Join(names, ", "))
	}
	pairs, closeBots, err := parseTunePairs(ctx, *botList)
	defer closeBots()
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	fileID, err := flickemup.FileID(*file, sc)
	if err != nil {
		return fmt.Errorf("tune: %s", stripPrefix(err, "flickemup: "))
	}
	reg, err := newRegistry()
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	// Every value's variant is its own game, checked before anything is played (the checks
	// of 'arena validate').
	variants, err := sc.Variants(knob)
	if err != nil {
		return fmt.Errorf("tune: knob %s: values the file's rules refuse (narrow the range):\n%s", knob.Name, stripPrefix(err, "flickemup: "))
	}
	values := make([]*tuneValue, 0, len(variants))
	setups := map[string]arena.EnvScenario{}
	valueOf := map[string]string{} // the value of each variant's game id
	for i, v := range knob.Values() {
		id := tune.VariantID(fileID, knob.Name, v)
		if w, dup := valueOf[id]; dup {
			return fmt.Errorf("tune: knob %s: the values %s and %s would name the same game %s (rename one choice)", knob.Name, w, v, id)
		}
		valueOf[id] = v
		if err := flickemup.RegisterScenario(reg, id, variants[i]); err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		setups[id] = arena.EnvScenario{Game: id}
		values = append(values, &tuneValue{value: v, id: id})
	}
	if knob.TurnCap() && *maxTurns != 0 {
		return fmt.Errorf("tune: --max-turns cannot be given with the turn-cap knob %s (each value is the cap)", knob.Name)
	}
	st, err := store.Open(ctx, *db)
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	defer st.Close()
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency = *concurrency
	cfg.ArenaVersion = arenaVersion()
	cfg.Command = commandLine("tune", redactArgs(args))
	// One referee for every value, or, for the turn-cap knob, one per value with that cap
	// (the cap is part of each tournament's identity).
	for i, c := range values {
		capTurns := *maxTurns
		if knob.TurnCap() {
			capTurns, _ = strconv.Atoi(c.value) // checked by Variant
		}
		if i > 0 && !knob.TurnCap() {
			c.ref = values[0].ref
		} else if c.ref, err = arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg, Scenarios: setups, MaxTurns: capTurns}); err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		s, err := c.ref.Scenario(c.id)
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		// Every pair's tournament at this value: the game seeds derive from the seed, the
		// scenario and the round, not the bots, so the pairs play the same seeds.
		for _, p := range pairs {
			r := &tuneRun{pair: p}
			if r.sched, err = arena.NewSchedule(arena.Tournament{Kind: arena.RoundRobin, Bots: p.players(),
				Scenarios: []arena.Scenario{s}, GamesPerPairing: *maxGames, Seed: *seed}); err != nil {
				return fmt.Errorf("tune: %w", err)
			}
			c.runs = append(c.runs, r)
		}
	}
	// Each tournament's runs are labelled with the search, its knob, value and pair, which
	// the report reads the search back by.
	search := tune.SearchID(knob.Name, valueTournaments(values))
	for _, c := range values {
		for j, r := range c.runs {
			rc := cfg
			rc.Labels = tune.Labels(search, knob.Name, c.value, j)
			if r.runner, err = arena.NewRunner(c.ref, st, rc); err != nil {
				return fmt.Errorf("tune: %w", err)
			}
		}
	}
	ts := tune.Search{Knob: knob.Name, Pairs: pairNames(pairs), Sides: [2]string{tuneSide, tuneOtherSide},
		Look: *look, MaxGames: *maxGames, ZoneLo: lo, ZoneHi: hi}
	for _, c := range values {
		ts.Values = append(ts.Values, c.value)
	}
	looks := ts.Looks()
	names := make([]string, len(pairs))
	for i, p := range pairs {
		names[i] = p.bots[0].Name() + " and " + p.bots[1].Name()
	}
	fmt.Fprintf(stdout, "Tuning %s of %s (%d values) between %s: looks of %d games up to %d per value and pair, z = %.3f (95%% over %d looks), zone [%.0f%%, %.0f%%].\n",
		knob.Name, *file, len(values), strings.Join(names, ", and between "), *look, *maxGames, tune.LookZ(looks), looks, 100*lo, 100*hi)
	many := len(pairs) > 1
	progress := tune.Progress{Pair: func(k int, c *tune.Candidate, r *tune.PairRun) {
		label := ""
		if many {
			label = fmt.Sprintf("%-36s ", r.Name())
		}
		fmt.Fprintf(stderr, "look %d/%d  %s=%-6s %s%4d games  %s's score %5.1f%% [%5.1f%%, %5.1f%%]  %s\n",
			k, looks, knob.Name, c.Value, label, r.Games, tuneSide, 100*r.Mean, 100*r.Lo, 100*r.Hi, r.VerdictLabel())
	}}
	if many {
		progress.Value = func(k int, c *tune.Candidate) {
			fmt.Fprintf(stderr, "look %d/%d  %s=%-6s %s\n", k, looks, knob.Name, c.Value, c.VerdictText())
		}
	}
	res, err := ts.Run(ctx, &tuneGames{knob: knob.Name, values: values, store: st, warn: stderr}, progress)
	if err != nil {
		return err
	}
	printTuneResult(stdout, res, many)
	if *htmlOut != "" {
		if err := writeTunePage(*htmlOut, res.Tune(*file)); err != nil {
			return fmt.Errorf("tune: --html: %w", err)
		}
	}
	return nil
}

// tuneFlags are the flags of 'arena tune'; 'arena report' reads a tune's recorded command
// back with them.
type tuneFlags struct {
	file, knob, zone, db, html            *string
	bots                                  *botPairs
	look, maxGames, maxTurns, concurrency *int
	seed                                  *uint64
}

// register defines the flags on fs.
func (f *tuneFlags) register(fs *flag.FlagSet) {
	f.file = fs.String("scenario", "", "the scenario `file` (.scn) declaring the knob")
	f.knob = fs.String("knob", "", "the knob's `name`, as the file's tune line makes it (start.hour, cowboy.hp[id=lawmen:1], turns); empty lists them")
	f.bots = new(botPairs)
	fs.Var(f.bots, "bots", "a pair of `bots`: one bot that plays itself, or two, comma-separated (built-in names or remote=HOST:PORT); repeat the flag to balance the value for several pairs at once")
	f.look = fs.Int("look", 20, "`games` per value and look: an even number (pairs with sides swapped)")
	f.maxGames = fs.Int("max-games", 200, "most `games` per value: a multiple of --look")
	f.zone = fs.String("zone", "0.45,0.55", "the balanced zone of the side score, `lo,hi` within (0, 1)")
	f.seed = fs.Uint64("seed", 1, "tournament `seed`: every game seed derives from it")
	f.maxTurns = fs.Int("max-turns", 0, "turn cap per game, `turns`, reached as a draw; 0 for the game's own cap")
	f.concurrency = fs.Int("concurrency", 2, "games played at once, a `number` from 1")
	f.db = fs.String("db", "tune.db", "results database `path`")
	f.html = fs.String("html", "", "write the search's page (the report's tuning section: the balanced value, the verdicts, the side score against the knob) to this `file` (.html)")
}

// zoneOf reads a --zone value, lo,hi with 0 < lo < hi < 1.
func zoneOf(zone string) (lo, hi float64, err error) {
	if _, err := fmt.Sscanf(zone, "%g,%g", &lo, &hi); err != nil || !(0 < lo && lo < hi && hi < 1) {
		return 0, 0, fmt.Errorf("--zone wants lo,hi with 0 < lo < hi < 1, got %q", zone)
	}
	return lo, hi, nil
}
