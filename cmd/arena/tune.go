package main

import (
	"context"
	"flag"
	"fmt"
	"html"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/stat/distuv"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env/flickemup"
)

// runTune searches a scenario knob's values for the balanced setting between two bots.
func runTune(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("tune", `Find the balanced value of a knob of a Flick 'em Up! scenario file between two bots.

The file declares its knobs with tune lines (see 'go doc ./env/flickemup', knob.go):
"tune start hour=6..9", "tune cowboy id=lawmen:1 hp=2..5", "tune initiative
cowboy=lawmen:1|outlaws:1" (who plays first) or "tune turns=60..140:20" (the turn
cap, in turns: a game reaching it is a draw; not with --max-turns). For each value of --knob,
the file with that value is its own scenario (its own game and tournament), played in
pairs of games with sides swapped on one seed. Balance is measured between equal bots:
--bots names one bot, which plays itself (the second seat's copy is named NAME-mirror);
two bots may be named, but when one always wins every pair scores 50% whatever the sides.

The search is a group-sequential test: every value plays --look games, then the next
--look, and so on up to --max-games. At each look the side score of a value (the
lawmen's score, seat 0's: 1 a win, 0.5 a draw, 0 a loss) gets an interval from its pair means (mean ± z·sd/√pairs, z for a two-sided 95% level spread
over the looks by Bonferroni, z = Φ⁻¹(1 − 0.05/(2·looks)), so the 95% holds however
many looks are taken; two pseudo-pairs, one scoring 0 and one 1, are added to the sd, so
that a few equal results never give a zero-width interval). A value whose interval lies wholly outside the balanced zone is
clearly off and stops playing; a value whose interval lies wholly inside the zone is
balanced, and the search stops. Each look prints its progress; the games are recorded
in --db, and the same command resumes where it stopped. --html writes the side score
against the knob as a plot.

Example:
  arena tune --scenario my-town.scn --knob start.hour --bots aimer --db tune.db --html tune.html`, stderr)
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
	bots, closeBots, err := parseBots(ctx, *botList)
	defer closeBots()
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	switch len(bots) {
	case 1:
		b, ok := bots[0].(arena.Bot)
		if !ok {
			return fmt.Errorf("tune: bot %s cannot play itself here (not an arena.Bot)", bots[0].Name())
		}
		bots = append(bots, mirror{Bot: b, name: b.Name() + "-mirror"})
	case 2:
	default:
		return fmt.Errorf("tune: --bots names %d bots, want one (playing itself) or two", len(bots))
	}
	fileID, err := flickemup.FileID(*file)
	if err != nil {
		return fmt.Errorf("tune: %s", stripPrefix(err, "flickemup: "))
	}
	reg, err := newRegistry()
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	// Every value's variant is its own game, checked before anything is played.
	cands := make([]*candidate, 0, len(knob.Values()))
	setups := map[string]arena.EnvScenario{}
	var problems []string
	for _, v := range knob.Values() {
		vs, err := sc.Variant(knob, v)
		if err != nil {
			problems = append(problems, stripPrefix(err, "flickemup: "))
			continue
		}
		id := variantID(fileID, knob.Name, v)
		if err := flickemup.RegisterScenario(reg, id, vs); err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		setups[id] = arena.EnvScenario{Game: id}
		cands = append(cands, &candidate{value: v, id: id, live: true})
	}
	if len(problems) > 0 {
		return fmt.Errorf("tune: knob %s: values the file's rules refuse (narrow the range):\n%s", knob.Name, strings.Join(problems, "\n"))
	}
	if knob.TurnCap() && *maxTurns != 0 {
		return fmt.Errorf("tune: --max-turns cannot be given with the turn-cap knob %s (each value is the cap)", knob.Name)
	}
	store, err := arena.OpenStore(ctx, *db)
	if err != nil {
		return fmt.Errorf("tune: %w", err)
	}
	defer store.Close()
	cfg := arena.DefaultRunnerConfig()
	cfg.Concurrency = *concurrency
	cfg.ArenaVersion = arenaVersion()
	cfg.Command = commandLine("tune", redactArgs(args))
	// One referee for every value, or, for the turn-cap knob, one per value with that cap
	// (the cap is part of each tournament's identity).
	var shared *arena.Runner
	for _, c := range cands {
		capTurns := *maxTurns
		if knob.TurnCap() {
			capTurns, _ = strconv.Atoi(c.value) // checked by Variant
		}
		if shared != nil {
			c.runner, c.ref = shared, cands[0].ref
		} else {
			if c.ref, err = arena.NewEnvReferee(arena.EnvRefereeConfig{Registry: reg, Scenarios: setups, MaxTurns: capTurns}); err != nil {
				return fmt.Errorf("tune: %w", err)
			}
			if c.runner, err = arena.NewRunner(c.ref, store, cfg); err != nil {
				return fmt.Errorf("tune: %w", err)
			}
			if !knob.TurnCap() {
				shared = c.runner
			}
		}
		s, err := c.ref.Scenario(c.id)
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		if c.sched, err = arena.NewSchedule(arena.Tournament{Kind: arena.RoundRobin, Bots: bots,
			Scenarios: []arena.Scenario{s}, GamesPerPairing: *maxGames, Seed: *seed}); err != nil {
			return fmt.Errorf("tune: %w", err)
		}
	}
	looks := *maxGames / *look
	z := lookZ(looks)
	fmt.Fprintf(stdout, "Tuning %s of %s (%d values) between %s and %s: looks of %d games up to %d per value, z = %.3f (95%% over %d looks), zone [%.0f%%, %.0f%%].\n",
		knob.Name, *file, len(cands), bots[0].Name(), bots[1].Name(), *look, *maxGames, z, looks, 100*lo, 100*hi)
	var found *candidate
	for k := 1; k <= looks && found == nil; k++ {
		live := 0
		for _, c := range cands {
			if !c.live {
				continue
			}
			live++
			sched := c.sched
			sched.Fixtures = sched.Fixtures[:k**look]
			if _, err := c.runner.Run(ctx, sched); err != nil {
				return fmt.Errorf("tune: %s=%s: %w (run the same command again to resume)", knob.Name, c.value, err)
			}
			if err := c.measure(ctx, store, sched, z); err != nil {
				return fmt.Errorf("tune: %w", err)
			}
			switch c.verdict = judge(c.lo, c.hi, lo, hi); c.verdict {
			case "clearly off":
				c.live = false
			case "balanced":
				if found == nil || math.Abs(c.mean-0.5) < math.Abs(found.mean-0.5) {
					found = c
				}
			}
			fmt.Fprintf(stderr, "look %d/%d  %s=%-6s %4d games  %s's score %5.1f%% [%5.1f%%, %5.1f%%]  %s\n",
				k, looks, knob.Name, c.value, c.games, tuneSide, 100*c.mean, 100*c.lo, 100*c.hi, c.verdict)
		}
		if live == 0 {
			break
		}
	}
	fmt.Fprintf(stdout, "\n%-10s %6s  %-25s  %s\n", "value", "games", tuneSide+"'s score [interval]", "verdict")
	for _, c := range cands {
		fmt.Fprintf(stdout, "%-10s %6d  %5.1f%% [%5.1f%%, %5.1f%%]    %s\n",
			c.value, c.games, 100*c.mean, 100*c.lo, 100*c.hi, c.verdictOr())
	}
	if found != nil {
		fmt.Fprintf(stdout, "\nBalanced: %s=%s, %s's score %.1f%% [%.1f%%, %.1f%%] inside the zone.\n",
			knob.Name, found.value, tuneSide, 100*found.mean, 100*found.lo, 100*found.hi)
	} else {
		fmt.Fprintf(stdout, "\nNo value's interval lies inside the zone within %d games per value.\n", *maxGames)
	}
	if *htmlOut != "" {
		if err := writeTunePlot(*htmlOut, knob.Name, *file, cands, lo, hi); err != nil {
			return fmt.Errorf("tune: --html: %w", err)
		}
	}
	return nil
}

// tuneFlags are the flags of 'arena tune'; 'arena report' reads a tune's recorded command
// back with them.
type tuneFlags struct {
	file, knob, bots, zone, db, html      *string
	look, maxGames, maxTurns, concurrency *int
	seed                                  *uint64
}

// register defines the flags on fs.
func (f *tuneFlags) register(fs *flag.FlagSet) {
	f.file = fs.String("scenario", "", "the scenario `file` (.scn) declaring the knob")
	f.knob = fs.String("knob", "", "the knob's `name`, as the file's tune line makes it (start.hour, cowboy.hp[id=lawmen:1], turns); empty lists them")
	f.bots = fs.String("bots", "", "the `bot` that plays itself (or two bots, comma-separated): built-in names or remote=HOST:PORT")
	f.look = fs.Int("look", 20, "`games` per value and look: an even number (pairs with sides swapped)")
	f.maxGames = fs.Int("max-games", 200, "most `games` per value: a multiple of --look")
	f.zone = fs.String("zone", "0.45,0.55", "the balanced zone of the side score, `lo,hi` within (0, 1)")
	f.seed = fs.Uint64("seed", 1, "tournament `seed`: every game seed derives from it")
	f.maxTurns = fs.Int("max-turns", 0, "turn cap per game, `turns`, reached as a draw; 0 for the game's own cap")
	f.concurrency = fs.Int("concurrency", 2, "games played at once, a `number` from 1")
	f.db = fs.String("db", "tune.db", "results database `path`")
	f.html = fs.String("html", "", "write the plot of side score against the knob to this `file` (.html)")
}

// zoneOf reads a --zone value, lo,hi with 0 < lo < hi < 1.
func zoneOf(zone string) (lo, hi float64, err error) {
	if _, err := fmt.Sscanf(zone, "%g,%g", &lo, &hi); err != nil || !(0 < lo && lo < hi && hi < 1) {
		return 0, 0, fmt.Errorf("--zone wants lo,hi with 0 < lo < hi < 1, got %q", zone)
	}
	return lo, hi, nil
}

// lookZ is the z of the search's intervals: a two-sided 95% level spread over the looks by
// Bonferroni.
func lookZ(looks int) float64 { return distuv.UnitNormal.Quantile(1 - 0.05/(2*float64(looks))) }

// mirror is a bot's copy under another name, so that a bot can play itself.
type mirror struct {
	arena.Bot
	name string
}

// Name implements arena.Bot.
func (m mirror) Name() string { return m.name }

// candidate is one value of the knob being tuned.
type candidate struct {
	value   string // as the file writes it
	id      string // the variant's game id
	sched   arena.Schedule
	ref     *arena.EnvReferee
	runner  *arena.Runner
	live    bool
	verdict string
	games   int
	// mean, lo and hi are the side score and its interval, in [0, 1].
	mean, lo, hi float64
}

// verdictOr returns the verdict, or "undecided".
func (c *candidate) verdictOr() string {
	if c.verdict == "" {
		return "undecided"
	}
	return c.verdict
}

// measure sets c's side score and interval from the recorded games of the schedule's
// fixtures: the mean of the pairs' side-X scores, ± z standard errors.
func (c *candidate) measure(ctx context.Context, store *arena.Store, sched arena.Schedule, z float64) error {
	games, err := store.Games(ctx, arena.GameFilter{TournamentID: sched.Info.ID})
	if err != nil {
		return err
	}
	want := map[string]bool{}
	for _, f := range sched.Fixtures {
		want[f.Key] = true
	}
	var played []arena.GameRecord
	for _, g := range games {
		if want[g.Key] {
			played = append(played, g)
		}
	}
	c.games = len(played)
	c.mean, c.lo, c.hi = sideScore(pairMeans(played), z)
	return nil
}

// pairMeans returns the side-X score of each pair of games (each rotation set), in the
// order of the pair ids: a fixed order, so a rerun gives the same sums.
func pairMeans(games []arena.GameRecord) []float64 {
	pairs := map[string][]float64{}
	for _, g := range games {
		pairs[g.PairID] = append(pairs[g.PairID], g.Result().ScoreX())
	}
	var xs []float64
	for _, id := range slices.Sorted(maps.Keys(pairs)) {
		sum := 0.0
		for _, x := range pairs[id] {
			sum += x
		}
		xs = append(xs, sum/float64(len(pairs[id])))
	}
	return xs
}

// sideScore returns the mean of the pairs' side scores xs and its interval, mean ± z·sd/√n,
// the sd taken over xs and two pseudo-pairs scoring 0 and 1 (so that a few equal results
// never give a zero-width interval), clipped to [0, 1]. No pairs give NaN in [0, 1].
func sideScore(xs []float64, z float64) (mean, lo, hi float64) {
	n := float64(len(xs))
	if n == 0 {
		return math.NaN(), 0, 1
	}
	for _, x := range xs {
		mean += x
	}
	mean /= n
	ss := mean*mean + (1-mean)*(1-mean)
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	se := math.Sqrt(ss/(n+1)) / math.Sqrt(n)
	return mean, math.Max(0, mean-z*se), math.Min(1, mean+z*se)
}

// judge returns the verdict on an interval [lo, hi] of the side score against the balanced
// zone [zlo, zhi]: "clearly off" wholly outside, "balanced" wholly inside, else "".
func judge(lo, hi, zlo, zhi float64) string {
	switch {
	case hi < zlo || lo > zhi:
		return "clearly off"
	case lo >= zlo && hi <= zhi:
		return "balanced"
	}
	return ""
}

// slugRE matches what a game id segment may not hold.
var slugRE = regexp.MustCompile(`[^a-z0-9]+`)

// variantID returns the game id of a knob value's variant of the file served as fileID:
// "flickemup/file/my-town-v4" with start.hour=7 is "flickemup/file/my-town/start-hour-7-v4".
func variantID(fileID, knob, v string) string {
	i := strings.LastIndex(fileID, "-v")
	base, version := fileID[len(flickemup.FilePrefix):i], fileID[i+2:]
	val := strings.Trim(slugRE.ReplaceAllString(strings.NewReplacer("-", "m", ".", "p").Replace(strings.ToLower(v)), "-"), "-")
	slug := strings.Trim(slugRE.ReplaceAllString(strings.ToLower(knob), "-"), "-")
	return flickemup.FilePrefix + base + "/" + slug + "-" + val + "-v" + version
}

// writeTunePlot writes an HTML page with an SVG plot of each value's side score and interval
// against the knob, the balanced zone shaded.
func writeTunePlot(path, knob, file string, cands []*candidate, lo, hi float64) error {
	const w, h, m = 640.0, 360.0, 50.0
	// Numbers on a numeric axis; choices evenly spaced in file order.
	xs := make([]float64, len(cands))
	for i, c := range cands {
		x, err := strconv.ParseFloat(c.value, 64)
		if err != nil {
			for j := range xs {
				xs[j] = float64(j)
			}
			break
		}
		xs[i] = x
	}
	x0, x1 := slices.Min(xs), slices.Max(xs)
	if x1 == x0 {
		x1 = x0 + 1
	}
	px := func(v float64) float64 { return m + (v-x0)/(x1-x0)*(w-2*m) }
	py := func(s float64) float64 { return h - m - s*(h-2*m) }
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html><meta charset=utf-8><title>%s</title>\n", html.EscapeString("tune "+knob))
	fmt.Fprintf(&b, "<h1>The lawmen's score against %s</h1><p>%s: the lawmen's points per game between the two bots (pairs with sides swapped), with the sequential test's interval; the shaded band is the balanced zone.</p>\n",
		html.EscapeString(knob), html.EscapeString(filepath.Base(file)))
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%g" height="%g" font-family="sans-serif" font-size="12">`+"\n", w, h)
	fmt.Fprintf(&b, `<rect x="%g" y="%g" width="%g" height="%g" fill="#dfd"/>`+"\n", m, py(hi), w-2*m, py(lo)-py(hi))
	fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000"/><line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#000"/>`+"\n",
		m, h-m, w-m, h-m, m, m, m, h-m)
	for _, s := range []float64{0, 0.25, 0.5, 0.75, 1} {
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="end">%.0f%%</text>`+"\n", m-6, py(s)+4, 100*s)
	}
	for i, c := range cands {
		x := px(xs[i])
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">%s</text>`+"\n", x, h-m+16, c.value)
		if c.games == 0 {
			continue
		}
		colour := "#333"
		switch c.verdict {
		case "balanced":
			colour = "#080"
		case "clearly off":
			colour = "#b00"
		}
		fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="%s" stroke-width="2"/>`+"\n", x, py(c.lo), x, py(c.hi), colour)
		fmt.Fprintf(&b, `<circle cx="%g" cy="%g" r="4" fill="%s"><title>%s=%s: %.1f%% [%.1f%%, %.1f%%], %d games, %s</title></circle>`+"\n",
			x, py(c.mean), colour, html.EscapeString(knob), c.value, 100*c.mean, 100*c.lo, 100*c.hi, c.games, c.verdictOr())
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle">%s</text></svg>`+"\n", w/2, h-8, html.EscapeString(knob))
	return os.WriteFile(path, []byte(b.String()), 0o644)
}
