package main

import (
	"cmp"
	"context"
	"flag"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/arena/report"
	"github.com/flickarena/flickarena/arena/store"
)

// tuneSide names the side whose score a tune shows: seat 0, the lawmen (a knob belongs to a
// Flick 'em Up! scenario file).
const tuneSide = "lawmen"

// reportTunes finds the knob searches of 'arena tune' among the games, grouped by command
// (file, knob, the --bots flags, zone, looks, seed). A search is what the runs of its
// tournaments record (recordedSearches): the tournaments whose runs are labelled with its id,
// each with its knob's value as the file writes it, read with the command line of its latest
// run. The tournaments of an arena before those labels are read as that arena's report read
// them: the tournaments whose last run was an 'arena tune' command, split within a command by
// content (splitContents: the scenario's version, and the order of the runs), the value read
// back from the variant's game id. Within a command the newest search (latest run) comes
// first, an older one marked superseded. Each search is read back as 'arena tune' judges it
// (searchLooks): each value's side score and interval at the last complete look, up to the
// look where the search stops; games of later looks (a longer search of the same tournaments)
// are not counted.
func reportTunes(ctx context.Context, st *store.Store, recs []arena.GameRecord) ([]report.Tune, error) {
	byTournament := map[string][]arena.GameRecord{}
	var ids []string
	for _, g := range recs {
		if _, ok := byTournament[g.TournamentID]; !ok {
			ids = append(ids, g.TournamentID)
		}
		byTournament[g.TournamentID] = append(byTournament[g.TournamentID], g)
	}
	var cmds []*tuneCommand
	index := map[string]*tuneCommand{}
	// commandOf returns the command of a recorded 'arena tune' command line, nil for another
	// command or a line the flags do not read.
	commandOf := func(line string) *tuneCommand {
		args, ok := tuneArgs(line)
		if !ok {
			return nil
		}
		var tf tuneFlags
		fs := flag.NewFlagSet("tune", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		tf.register(fs)
		if fs.Parse(args) != nil || fs.NArg() > 0 || *tf.knob == "" || *tf.look < 2 || *tf.maxGames < *tf.look {
			return nil
		}
		lo, hi, err := zoneOf(*tf.zone)
		if err != nil {
			return nil
		}
		key := strings.Join([]string{*tf.file, *tf.knob, tf.bots.String(), *tf.zone, strconv.FormatUint(*tf.seed, 10),
			strconv.Itoa(*tf.look), strconv.Itoa(*tf.maxGames), strconv.Itoa(*tf.maxTurns)}, "\x00")
		c, seen := index[key]
		if !seen {
			c = &tuneCommand{flags: tf, lo: lo, hi: hi}
			index[key] = c
			cmds = append(cmds, c)
		}
		return c
	}
	runsOf := map[string][]arena.RunRecord{}
	recorded := map[string][]*tuneTournament{} // the recorded searches, by id
	searchesOf := map[string][]string{}        // the ids of each tournament's recorded searches
	for _, id := range ids {
		runs, err := st.Runs(ctx, id)
		if err != nil {
			return nil, err
		}
		runsOf[id] = runs
		in := recordedSearches(byTournament[id], runs)
		searchesOf[id] = slices.Sorted(maps.Keys(in))
		for _, search := range searchesOf[id] {
			recorded[search] = append(recorded[search], in[search])
		}
	}
	// The commands in the order of their first tournaments.
	placed := map[string]bool{}
	for _, id := range ids {
		runs, games := runsOf[id], byTournament[id]
		if len(runs) == 0 {
			continue
		}
		if len(searchesOf[id]) > 0 {
			for _, search := range searchesOf[id] {
				if placed[search] {
					continue
				}
				placed[search] = true
				if c := commandOf(lastRun(recorded[search]).Command); c != nil {
					c.searches = append(c.searches, recorded[search])
				}
			}
			continue
		}
		c := commandOf(runs[len(runs)-1].Command)
		if c == nil {
			continue
		}
		c.tournaments = append(c.tournaments, &tuneTournament{games: games, runs: runs, bots: sortedBots(games),
			value: knobValue(games[0].Scenario.ID, *c.flags.knob), version: games[0].Scenario.Version})
	}
	var out []report.Tune
	for _, c := range cmds {
		searches := append(splitContents(c.tournaments), c.searches...)
		slices.SortStableFunc(searches, func(a, b []*tuneTournament) int { return cmp.Compare(lastRun(b).ID, lastRun(a).ID) })
		for i, ts := range searches {
			t := c.search(ts)
			if i > 0 {
				t.Superseded = superseded(ts, searches[0])
			}
			out = append(out, t)
		}
	}
	return out, nil
}

// sortedBots returns the names of the bots of a two-seat tournament's games, sorted.
func sortedBots(games []arena.GameRecord) [2]string {
	bots := [2]string{games[0].Bots[0].Name, games[0].Bots[1].Name}
	slices.Sort(bots[:])
	return bots
}

// tuneCommand is one 'arena tune' command line as the database recorded it, and its
// searches.
type tuneCommand struct {
	flags  tuneFlags
	lo, hi float64 // the zone
	// tournaments are those of an arena before the runs' labels whose last run was this
	// command, to be split by content (splitContents).
	tournaments []*tuneTournament
	// searches are the recorded searches whose latest run was this command.
	searches [][]*tuneTournament
}

// tuneTournament is one tournament of a knob search: one pair of bots at one value.
type tuneTournament struct {
	games []arena.GameRecord
	// runs are the tournament's runs, oldest first, at least one: of a recorded search, those
	// labelled with it.
	runs    []arena.RunRecord
	bots    [2]string // the pair's names, sorted
	value   string    // the knob's value: as the file writes it, or read from the game id
	version string    // the scenario's version ("5")
	// knob is the knob's name the runs record, "" for an arena before the labels.
	knob string
	// flag is 1 + the index of the pair's --bots flag as the runs record it, 0 when they do
	// not.
	flag int
}

// slot names the tournament's place in a search: its pair and value. One content of a
// search has one tournament per slot.
func (t *tuneTournament) slot() string { return t.bots[0] + " " + t.bots[1] + "\x00" + t.value }

// lastRun returns the latest run among the tournaments'.
func lastRun(ts []*tuneTournament) arena.RunRecord {
	var last arena.RunRecord
	for _, t := range ts {
		if r := t.runs[len(t.runs)-1]; r.ID > last.ID {
			last = r
		}
	}
	return last
}

// splitContents splits one command's tournaments into searches, newest (latest run) first:
// one per content the command was played on. The scenario's version is read from the
// games; the file's content is not (each value's variant has a hash of its own), so the
// split follows the runs in the order the store recorded them. A tournament first run in a
// slot (pair and value) its search already holds starts a new search, which takes with it
// the tournaments first run just before it, one after the other, of values before its own
// (numeric knobs only): the start of the same invocation, when an edit added values below
// the old ones. A run of a tournament already placed makes its search the current one
// again (a file edited back and its search resumed). An edited file, other versions of the
// bots and another version of the game all make new tournaments for the same slots, hence
// a new search.
func splitContents(ts []*tuneTournament) [][]*tuneTournament {
	byVersion := map[string][]*tuneTournament{}
	var versions []string
	for _, t := range ts {
		if _, ok := byVersion[t.version]; !ok {
			versions = append(versions, t.version)
		}
		byVersion[t.version] = append(byVersion[t.version], t)
	}
	type event struct {
		run int64
		t   *tuneTournament
	}
	var out [][]*tuneTournament
	for _, v := range versions {
		var evs []event
		for _, t := range byVersion[v] {
			for _, r := range t.runs {
				evs = append(evs, event{r.ID, t})
			}
		}
		slices.SortStableFunc(evs, func(a, b event) int { return cmp.Compare(a.run, b.run) })
		of := map[*tuneTournament]int{}    // the search of each tournament placed
		first := map[*tuneTournament]int{} // the index in evs of its first run
		var slots []map[string]*tuneTournament
		cur := -1
		for i, e := range evs {
			if s, ok := of[e.t]; ok {
				cur = s
				continue
			}
			first[e.t] = i
			if cur < 0 || slots[cur][e.t.slot()] != nil {
				slots = append(slots, map[string]*tuneTournament{})
				next := len(slots) - 1
				for j := i - 1; cur >= 0 && j >= 0; j-- {
					u := evs[j].t
					if of[u] != cur || first[u] != j || !valueBefore(u.value, e.t.value) || slots[next][u.slot()] != nil {
						break
					}
					delete(slots[cur], u.slot())
					slots[next][u.slot()], of[u] = u, next
				}
				cur = next
			}
			slots[cur][e.t.slot()], of[e.t] = e.t, cur
		}
		groups := make([][]*tuneTournament, len(slots))
		for _, t := range byVersion[v] {
			groups[of[t]] = append(groups[of[t]], t)
		}
		for _, g := range groups {
			if len(g) > 0 {
				out = append(out, g)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b []*tuneTournament) int { return cmp.Compare(lastRun(b).ID, lastRun(a).ID) })
	return out
}

// valueBefore reports whether knob value a comes before b in a numeric knob's order.
func valueBefore(a, b string) bool {
	x, errA := strconv.ParseFloat(a, 64)
	y, errB := strconv.ParseFloat(b, 64)
	return errA == nil && errB == nil && x < y
}

// superseded says why the search of tournaments ts is not its command's newest (newest):
// another version of the game, other versions of the bots, or else another content of the
// file; and when it was last played.
func superseded(ts, newest []*tuneTournament) string {
	var why string
	switch a, b := botVersions(ts), botVersions(newest); {
	case ts[0].version != newest[0].version:
		why = "the same command on version " + ts[0].version + " of the game (the newest search: version " + newest[0].version + ")"
	case a != b:
		why = "the same command with other versions of the bots (" + a + "; the newest search: " + b + ")"
	default:
		why = "the same command on another content of the scenario file (the file was edited)"
	}
	return "Superseded: " + why + ", last played " + lastRun(ts).StartedAt.UTC().Format("2006-01-02 15:04 MST") +
		". The newest search of this command is shown before it; the two are never pooled."
}

// botVersions lists the bots of the tournaments' games with their versions, "aimer 2,
// aimer-mirror 2", sorted.
func botVersions(ts []*tuneTournament) string {
	seen := map[string]bool{}
	for _, t := range ts {
		for _, g := range t.games {
			for _, b := range g.Bots {
				seen[b.Name+" "+b.Version] = true
			}
		}
	}
	return strings.Join(slices.Sorted(maps.Keys(seen)), ", ")
}

// search reads the search of tournaments ts (one content of the command) back as 'arena
// tune' judges it: the pairs in the order of the --bots flags (a pair a flag names that has
// no game is there without games), the values in the knob's order (numerically, else in the
// order the search first ran them), each pair's side score
// and interval at the last complete look (searchLooks), and a note of that look.
func (c *tuneCommand) search(ts []*tuneTournament) report.Tune {
	tf := c.flags
	type pairGames struct {
		name    [2]string
		rank    int // the index of its --bots flag
		byValue map[string][]arena.GameRecord
	}
	rank := pairOrder(*tf.bots)
	var pairs []*pairGames
	var values []report.TuneValue
	seenValue := map[string]bool{}
	// In the order of their first runs: a search's first look runs the values in the knob's
	// order, which is the order kept for a knob whose values are not all numbers.
	ts = slices.Clone(ts)
	slices.SortStableFunc(ts, func(a, b *tuneTournament) int { return cmp.Compare(a.runs[0].ID, b.runs[0].ID) })
	for _, t := range ts {
		i := slices.IndexFunc(pairs, func(p *pairGames) bool { return p.name == t.bots })
		if i < 0 {
			r, ok := rank[t.bots[0]+" "+t.bots[1]]
			if t.flag > 0 && t.flag <= len(*tf.bots) {
				r, ok = t.flag-1, true // recorded
			}
			if !ok {
				r = -1
			}
			pairs = append(pairs, &pairGames{name: t.bots, rank: r, byValue: map[string][]arena.GameRecord{}})
			i = len(pairs) - 1
		}
		pairs[i].byValue[t.value] = t.games
		if !seenValue[t.value] {
			seenValue[t.value] = true
			values = append(values, report.TuneValue{Value: t.value})
		}
	}
	sortKnobValues(values)
	// A flag no pair matched (a remote bot is named by its address) takes a pair whose
	// names no flag gives, else stands for a pair without games.
	taken := map[int]bool{}
	for _, p := range pairs {
		taken[p.rank] = true
	}
	for i, spec := range *tf.bots {
		if taken[i] {
			continue
		}
		if j := slices.IndexFunc(pairs, func(p *pairGames) bool { return p.rank < 0 }); j >= 0 {
			pairs[j].rank = i
			continue
		}
		names := splitList(spec)
		if len(names) == 1 {
			names = append(names, mirrorName(names[0]))
		}
		slices.Sort(names)
		pairs = append(pairs, &pairGames{name: [2]string{names[0], names[len(names)-1]}, rank: i})
	}
	for i, p := range pairs {
		if p.rank < 0 {
			p.rank = len(*tf.bots) + i
		}
	}
	slices.SortStableFunc(pairs, func(a, b *pairGames) int { return a.rank - b.rank })

	names := make([][2]string, len(pairs))
	for i, p := range pairs {
		names[i] = p.name
	}
	recorded := 0
	gamesOf := map[*pairRun][]arena.GameRecord{} // each pair run's recorded games
	cands := make([]*candidate, len(values))
	for i, v := range values {
		cands[i] = &candidate{value: v.Value, live: true}
		for _, p := range pairs {
			games := p.byValue[v.Value]
			recorded += len(games)
			r := &pairRun{}
			gamesOf[r] = games
			cands[i].runs = append(cands[i].runs, r)
		}
	}
	looks := *tf.maxGames / *tf.look
	z := lookZ(looks)
	measure := func(k int, _ *candidate, r *pairRun) (bool, error) {
		n := k * *tf.look
		var played []arena.GameRecord
		for _, g := range gamesOf[r] {
			if g.Seq < n {
				played = append(played, g)
			}
		}
		if len(played) < n {
			return false, nil
		}
		r.count(played, z)
		return true, nil
	}
	last, stopped, _ := searchLooks(cands, looks, c.lo, c.hi, measure, nil, nil) // this measure never fails
	counted := 0
	for _, cd := range cands {
		for _, r := range cd.runs {
			counted += r.games
		}
	}
	knob := *tf.knob
	if ts[0].knob != "" {
		knob = ts[0].knob // recorded: the same name
	}
	t := tuneOf(*tf.file, knob, names, cands, c.lo, c.hi, looks)
	t.Note = lookNote(last, looks, stopped, recorded-counted)
	return t
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
