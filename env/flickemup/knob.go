package flickemup

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"math/big"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// This file holds a scenario's knobs: values its file declares tunable, for a balance search.
//
// A tune line names another line of the file and one of its numeric keys, with a range:
//
//	tune start hour=6..9                  the start hour, 6 to 9
//	tune cowboy id=lawmen:1 hp=2..5       lawmen:1's hit points
//	tune token kind=gold count=2..6       the gold sacks' count (the only gold line)
//	tune cowboy id=outlaws:2 x=20..60:5   a position, in steps of 5 cm
//	tune initiative cowboy=lawmen:1|outlaws:1   who plays first: a list of choices
//	tune turns=60..140:20                 the turn cap, in turns (decisions)
//	tune cowboy id=lawmen:1,lawmen:2 y=10..18   two lawmen's y together, one value for both
//
// The turn cap ([TurnsKnob]) names no line: it is not part of the scenario but of how a
// tournament plays it (a game reaching the cap is a draw, as 'arena run --max-turns' makes
// it), so its variants are the file unchanged and the arena sets the cap per value. Its
// values are whole numbers of turns from 1.
//
// The first word is the directive of the target line; the other key=value pairs without a
// range select it (they must match exactly one line of that directive); the one key=min..max
// (optionally :step, default 1), or key=a|b|... (a list of choices), is the knob. A selector's
// value may list several values, a,b,...: it then selects every line whose value is one of
// them (each must match a line, and each line is selected once), and the knob sets the same
// value on all of them, so that several pieces move together (a line whose own value is the
// whole list, as a cowboy's tokens=water:clean,dynamite, is matched by it as written). A
// knob's variants ([Scenario.Variant]) are the file with that value written on the target
// lines, parsed anew, so every value is checked by the same rules as the file. The value is
// written among the line's keys, never in its trailing comment, and each variant is checked
// to read as the file does but for that value; a knob whose values do not each make a game of
// their own (two values playing the same game) is refused ([Scenario.Variants]). A range's
// values are exact decimals ([Knob.Values]); a list of choices names each choice once.

// TurnsKnob is the name, and the key, of the turn-cap knob: "tune turns=min..max[:step]".
const TurnsKnob = "turns"

// Knob is one tunable value of a scenario file.
type Knob struct {
	// Name names the knob: the directive, ".", the key, and the selector in brackets when
	// there is one, as "start.hour" or "cowboy.hp[id=lawmen:1]".
	Name string
	// Line is the tune line.
	Line int
	// Targets are the lines whose value it sets, in file order: one, or several when the
	// selector lists values; none for the turn cap.
	Targets []int
	// Key is the key it sets on the target lines.
	Key string
	// Min, Max and Step give a numeric knob's values: Min, Min+Step, ... up to Max.
	Min, Max, Step float64
	// Choices, when not empty, are the values of a knob of choices instead.
	Choices []string
}

// TurnCap reports whether k is the turn-cap knob, which names no line of the file.
func (k Knob) TurnCap() bool { return k.Name == TurnsKnob && len(k.Targets) == 0 }

// maxKnobValues bounds the values of one knob.
const maxKnobValues = 200

// Values returns the knob's values as the file writes them: the choices in file order, or
// the numbers in increasing order, Min, Min+Step, ... up to Max, computed exactly in decimal
// (from the shortest decimal form of Min and Step, which is the file's for numbers of up to
// 15 significant digits) and written as plain decimals, with no exponent and no trailing
// zero ("1000000", "0.3", "-2.5").
func (k Knob) Values() []string {
	if len(k.Choices) > 0 {
		return slices.Clone(k.Choices)
	}
	lo, okLo := decimal(k.Min)
	hi, okHi := decimal(k.Max)
	step, okStep := decimal(k.Step)
	if !okLo || !okHi || !okStep || step.Sign() <= 0 {
		return nil
	}
	places := max(decimalPlaces(k.Min), decimalPlaces(k.Step))
	var out []string
	v := new(big.Rat).Set(lo)
	for v.Cmp(hi) <= 0 && len(out) < maxKnobValues {
		s := v.FloatString(places)
		if strings.Contains(s, ".") {
			s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
		}
		if s == "-0" {
			s = "0"
		}
		out = append(out, s)
		v.Add(v, step)
	}
	return out
}

// decimal returns x exactly as its shortest decimal form, false if x is not finite.
func decimal(x float64) (*big.Rat, bool) {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return nil, false
	}
	return new(big.Rat).SetString(strconv.FormatFloat(x, 'f', -1, 64))
}

// decimalPlaces returns the digits after the point of x's shortest decimal form.
func decimalPlaces(x float64) int {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if i := strings.IndexByte(s, '.'); i >= 0 {
		return len(s) - i - 1
	}
	return 0
}

// Knob returns the knob called name.
func (sc *Scenario) Knob(name string) (Knob, bool) {
	i := slices.IndexFunc(sc.Knobs, func(k Knob) bool { return k.Name == name })
	if i < 0 {
		return Knob{}, false
	}
	return sc.Knobs[i], true
}

// Variant returns the scenario with knob k set to v: the file's text with key=v written on
// each target line, parsed anew (its File is the original's, its Digest the variant's own).
// The value is written in the line's keys, before any trailing comment ("cowboy id=lawmen:1
// hp=3 # max=3 by default" tuned on max gets max=v after hp=3, the comment kept as it is),
// and the edit is checked against the parse: every line of the variant must read as the
// file's does but for key=v on the target lines, or the variant is refused, naming the line.
// An error is a [ParseErrors] (wrapped) naming the target line when the value breaks a rule.
//
// The turn-cap knob's variant is the scenario itself, once v is checked: a whole number of
// turns from 1.
func (sc *Scenario) Variant(k Knob, v string) (*Scenario, error) {
	if k.TurnCap() {
		if n, err := strconv.Atoi(v); err != nil || n < 1 {
			return nil, fmt.Errorf("flickemup: %s: knob %s=%s: want a whole number of turns from 1", sc.File, k.Name, v)
		}
		return sc, nil
	}
	lines := strings.Split(string(sc.Source), "\n")
	if len(k.Targets) == 0 {
		return nil, fmt.Errorf("flickemup: %s: knob %s: no target line", sc.File, k.Name)
	}
	re := regexp.MustCompile(`(^|\s)` + regexp.QuoteMeta(k.Key) + `=\S*`)
	val := k.Key + "=" + v
	for _, n := range k.Targets {
		if n < 1 || n > len(lines) {
			return nil, fmt.Errorf("flickemup: %s: knob %s: no line %d", sc.File, k.Name, n)
		}
		// The parser's reading of a line: the keys, then from " #" a comment, then
		// (CRLF files) a carriage return. Only the keys are edited.
		line, cr := strings.CutSuffix(lines[n-1], "\r")
		body, comment := line, ""
		if i := strings.Index(line, " #"); i >= 0 {
			body, comment = line[:i], line[i:]
		}
		if loc := re.FindStringSubmatchIndex(body); loc != nil {
			body = body[:loc[3]] + val + body[loc[1]:]
		} else {
			body = strings.TrimRight(body, " \t") + " " + val
		}
		lines[n-1] = body + comment
		if cr {
			lines[n-1] += "\r"
		}
	}
	data := []byte(strings.Join(lines, "\n"))
	out, err := Parse(sc.File, data)
	if err != nil {
		return nil, fmt.Errorf("knob %s=%s: %w", k.Name, v, err)
	}
	if errs := sc.variantReads(data, k, v); len(errs) > 0 {
		return nil, fmt.Errorf("knob %s=%s: %w", k.Name, v, errs)
	}
	return out, nil
}

// variantReads checks a variant's text data of knob k at value v against the file, line by
// line as the parser reads them: the same directive lines, each with the same directive,
// positional arguments and key=value pairs, but for key=v on each of k's target lines. It
// returns a problem for each line that reads otherwise (none when the edit did what it meant).
func (sc *Scenario) variantReads(data []byte, k Knob, v string) ParseErrors {
	file, variant := readLines(sc.File, sc.Source), readLines(sc.File, data)
	var errs ParseErrors
	bad := func(n int, field, format string, args ...any) {
		errs = append(errs, &ParseError{File: sc.File, Line: n, Field: field,
			Msg: fmt.Sprintf("knob %s=%s (line %d): ", k.Name, v, k.Line) + fmt.Sprintf(format, args...)})
	}
	for _, n := range slices.Sorted(maps.Keys(variant)) {
		if _, ok := file[n]; !ok {
			bad(n, variant[n].dir, "the variant reads a line the file does not have")
		}
	}
	for _, n := range slices.Sorted(maps.Keys(file)) {
		a, b := file[n], variant[n]
		if b == nil {
			bad(n, a.dir, "the variant does not read this line")
			continue
		}
		want := maps.Clone(a.kv)
		if slices.Contains(k.Targets, n) {
			want[k.Key] = v
		}
		switch {
		case a.dir != b.dir || a.text != b.text || !slices.Equal(a.pos, b.pos):
			bad(n, a.dir, "the variant reads this line otherwise than the file")
		case !maps.Equal(want, b.kv) && slices.Contains(k.Targets, n):
			bad(n, a.dir+"."+quoteName(k.Key), "the variant does not read %s=%s among this line's keys, the others as in the file (is the value one word?)", k.Key, v)
		case !maps.Equal(want, b.kv):
			bad(n, a.dir, "the variant reads this line's keys otherwise than the file")
		}
	}
	return errs
}

// readLines returns the directive lines of a scenario file's text as the parser reads them
// (before any check of their meaning), by line number.
func readLines(file string, data []byte) map[int]*rawLine {
	p := &parser{file: file, lines: map[string][]*rawLine{}, refused: map[string]int{}, sc: &Scenario{File: file}}
	p.read(data)
	out := map[int]*rawLine{}
	for _, ls := range p.lines {
		for _, l := range ls {
			out[l.n] = l
		}
	}
	return out
}

// Variants returns the variant of every value of knob k, in the order of [Knob.Values]. It
// refuses the knob with a [ParseErrors] listing each value the file's rules refuse, and each
// value that plays the same game as an earlier one (as facing=0 and facing=360, or hp=3 and
// hp=03): a knob is tuned only when each of its values is a game of its own. The turn-cap
// knob's variants are the scenario itself, once each value is checked.
func (sc *Scenario) Variants(k Knob) ([]*Scenario, error) {
	var (
		out  []*Scenario
		made []string // the values of out
		errs ParseErrors
	)
	for _, v := range k.Values() {
		vs, err := sc.Variant(k, v)
		if err != nil {
			var pes ParseErrors
			if !errors.As(err, &pes) {
				errs = append(errs, &ParseError{File: sc.File, Line: k.Line, Field: "tune", Msg: strings.TrimPrefix(err.Error(), "flickemup: ")})
				continue
			}
			for _, e := range pes {
				errs = append(errs, &ParseError{File: e.File, Line: e.Line, Field: e.Field, Cause: e.Cause,
					Msg: e.Msg + fmt.Sprintf(" (with the value %s of knob %s, line %d)", v, k.Name, k.Line)})
			}
			continue
		}
		if !k.TurnCap() {
			if j := slices.IndexFunc(out, func(o *Scenario) bool { return samePlay(o, vs) }); j >= 0 {
				errs = append(errs, &ParseError{File: sc.File, Line: k.Line, Field: "tune." + quoteName(k.Key),
					Msg: fmt.Sprintf("knob %s: the values %s and %s make the same game", k.Name, made[j], v)})
			}
		}
		out, made = append(out, vs), append(made, v)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// samePlay reports whether scenarios a and b play the same game: equal in everything but
// their files' names, texts and digests.
func samePlay(a, b *Scenario) bool {
	x, y := *a, *b
	x.File, x.Digest, x.Source = "", "", nil
	y.File, y.Digest, y.Source = "", "", nil
	return reflect.DeepEqual(x, y)
}

// rangeRE is the grammar of a knob's range: min..max, optionally :step, each a number of
// the scenario format (numberRE: decimal digits, an optional leading '-' and fraction).
var rangeRE = regexp.MustCompile(`^(-?[0-9]+(?:\.[0-9]+)?)\.\.(-?[0-9]+(?:\.[0-9]+)?)(?::([0-9]+(?:\.[0-9]+)?))?$`)

// tunes reads the tune lines (after every other line, which they name).
func (p *parser) tunes() {
	declared := map[string]bool{}
	for _, l := range p.lines["tune"] {
		k, ok := p.tune(l)
		if !ok {
			continue
		}
		if declared[k.Name] {
			l.errorf("", "knob %s declared twice", k.Name)
			continue
		}
		declared[k.Name] = true
		p.sc.Knobs = append(p.sc.Knobs, k)
	}
}

// tune reads one tune line.
func (p *parser) tune(l *rawLine) (Knob, bool) {
	if len(l.pos) == 0 && len(l.keys) == 1 && l.keys[0] == TurnsKnob {
		return p.turnsKnob(l)
	}
	if len(l.pos) != 1 {
		l.errorf("", "want: tune <directive> [key=value ...] key=min..max[:step], key=a|b|..., or tune turns=min..max[:step]")
		return Knob{}, false
	}
	dir := l.pos[0]
	switch {
	case dir == "tune" || freeText[dir] || dir == "scenario":
		l.errorf("", "%s cannot be tuned", quoteName(dir))
		return Knob{}, false
	case !slices.Contains(directives, dir):
		l.errorf("", "unknown directive %s", quoteName(dir))
		return Knob{}, false
	}
	k := Knob{Line: l.n}
	var sel []string
	for _, key := range l.keys {
		v := l.kv[key]
		if !strings.Contains(v, "..") && !strings.Contains(v, "|") {
			sel = append(sel, key+"="+v)
			continue
		}
		if k.Key != "" {
			l.errorf(quoteName(key), "one knob per tune line (%s already)", k.Key)
			return Knob{}, false
		}
		if strings.Contains(v, "|") {
			k.Choices = strings.Split(v, "|")
			if slices.Contains(k.Choices, "") || len(k.Choices) > maxKnobValues {
				l.errorf(quoteName(key), "choices %q: want a|b|..., none empty, at most %d", v, maxKnobValues)
				return Knob{}, false
			}
			for i, c := range k.Choices {
				if slices.Contains(k.Choices[:i], c) {
					l.errorf(quoteName(key), "choices %q list %q twice", v, c)
					return Knob{}, false
				}
			}
			k.Key = key
			continue
		}
		m := rangeRE.FindStringSubmatch(v)
		var err1, err2, err3 error
		if m != nil {
			k.Min, err1 = strconv.ParseFloat(m[1], 64)
			k.Max, err2 = strconv.ParseFloat(m[2], 64)
			k.Step = 1
			if m[3] != "" {
				k.Step, err3 = strconv.ParseFloat(m[3], 64)
			}
		}
		if m == nil || err1 != nil || err2 != nil || err3 != nil || !(k.Max > k.Min) || !(k.Step > 0) {
			l.errorf(quoteName(key), "range %q: want min..max or min..max:step, min < max, step > 0", v)
			return Knob{}, false
		}
		if !finiteRange(l, quoteName(key), v, k) {
			return Knob{}, false
		}
		k.Key = key
	}
	if k.Key == "" {
		l.errorf("", "no key=min..max range or key=a|b choices")
		return Knob{}, false
	}
	targets, ok := l.selected(dir, sel)
	if !ok {
		return Knob{}, false
	}
	k.Targets = targets
	k.Name = dir + "." + k.Key
	if len(sel) > 0 {
		k.Name += "[" + strings.Join(sel, ",") + "]"
	}
	return k, true
}

// selected returns the lines of directive dir that the selector sel (key=value pairs) picks:
// exactly one line, or, with one value listed as a,b,..., one line for each listed value (see
// the file comment). It reports a problem on the tune line l and false otherwise. Its cost is
// linear in the size of the file (see [parser.pick]).
func (l *rawLine) selected(dir string, sel []string) ([]int, bool) {
	p := l.p
	what := func(sel []string) string { return strings.Join(append([]string{dir}, sel...), " ") }
	one := func(sel []string) ([]int, bool) {
		got := p.pick(dir, sel)
		if len(got) != 1 {
			l.errorf("", "the selector %s matches %d %s lines, want exactly one", what(sel), len(got), dir)
			return nil, false
		}
		return slices.Clone(got), true
	}
	listed := slices.IndexFunc(sel, func(s string) bool { return strings.Contains(s, ",") })
	if listed < 0 {
		return one(sel)
	}
	if got := p.pick(dir, sel); len(got) == 1 {
		return slices.Clone(got), true // a line whose own value is the whole list
	}
	if slices.ContainsFunc(sel[listed+1:], func(s string) bool { return strings.Contains(s, ",") }) {
		l.errorf("", "the selector %s lists values for two keys, want one", what(sel))
		return nil, false
	}
	key, v, _ := strings.Cut(sel[listed], "=")
	items := strings.Split(v, ",")
	seen := make(map[string]bool, len(items))
	var targets []int
	each := slices.Clone(sel)
	for _, it := range items {
		if it == "" || seen[it] {
			l.errorf(quoteName(key), "the list %q names %q twice or empty", v, it)
			return nil, false
		}
		seen[it] = true
		each[listed] = key + "=" + it
		got, ok := one(each)
		if !ok {
			return nil, false
		}
		targets = append(targets, got...)
	}
	slices.Sort(targets)
	return targets, true
}

// pick returns, in file order, the lines of directive dir on which every key=value pair of
// sel holds (a key absent from a line reads as empty there); the caller must not modify them. It examines only the lines that
// hold the rarest of the pairs, found in an index of each directive's pairs built once per
// parse, and answers a selector asked again from memory: a list of n values costs the lines
// holding them, not n times the directive's lines, which made one 256 KiB file of long
// lists cost 20 s. parser.examined counts the lines examined.
func (p *parser) pick(dir string, sel []string) []int {
	if p.pairs == nil {
		p.pairs = map[string]map[string][]*rawLine{}
		p.picked = map[string][]int{}
	}
	memo := dir + " " + strings.Join(sel, " ")
	if got, ok := p.picked[memo]; ok {
		return got
	}
	index, ok := p.pairs[dir]
	if !ok {
		index = map[string][]*rawLine{}
		for _, t := range p.lines[dir] {
			for _, k := range t.keys {
				pair := k + "=" + t.kv[k]
				index[pair] = append(index[pair], t)
			}
		}
		p.pairs[dir] = index
	}
	candidates := p.lines[dir]
	for _, s := range sel {
		if strings.HasSuffix(s, "=") {
			continue // it also matches the lines without the key, which the index does not hold
		}
		if c := index[s]; len(c) < len(candidates) {
			candidates = c
		}
	}
	var out []int
	for _, t := range candidates {
		p.examined++
		if !slices.ContainsFunc(sel, func(s string) bool { key, v, _ := strings.Cut(s, "="); return t.kv[key] != v }) {
			out = append(out, t.n)
		}
	}
	p.picked[memo] = out
	return out
}

// turnsKnob reads the turn-cap knob's tune line, "tune turns=min..max[:step]": whole numbers
// of turns from 1.
func (p *parser) turnsKnob(l *rawLine) (Knob, bool) {
	v := l.kv[TurnsKnob]
	k := Knob{Name: TurnsKnob, Line: l.n, Key: TurnsKnob, Step: 1}
	m := rangeRE.FindStringSubmatch(v)
	whole := func(s string) (float64, bool) {
		n, err := strconv.Atoi(s)
		return float64(n), err == nil && n >= 1
	}
	ok1, ok2, ok3 := false, false, true
	if m != nil {
		k.Min, ok1 = whole(m[1])
		k.Max, ok2 = whole(m[2])
		if m[3] != "" {
			k.Step, ok3 = whole(m[3])
		}
	}
	if m == nil || !ok1 || !ok2 || !ok3 || !(k.Max > k.Min) {
		l.errorf(TurnsKnob, "range %q: want min..max or min..max:step in whole turns from 1, min < max", v)
		return Knob{}, false
	}
	if !finiteRange(l, TurnsKnob, v, k) {
		return Knob{}, false
	}
	return k, true
}

// finiteRange checks that the range v of knob k (min < max, step > 0) has finite bounds and at
// most maxKnobValues values, reporting a problem with key on l otherwise.
func finiteRange(l *rawLine, key, v string, k Knob) bool {
	n := (k.Max-k.Min)/k.Step + 1
	switch {
	case math.IsInf(k.Min, 0) || math.IsInf(k.Max, 0) || math.IsInf(k.Step, 0):
		l.errorf(key, "range %q: its numbers must be finite", v)
		return false
	case math.IsInf(n, 0) || math.IsNaN(n):
		l.errorf(key, "range %q has too many values, more than %d", v, maxKnobValues)
		return false
	case n > maxKnobValues:
		l.errorf(key, "range %q has %.0f values, more than %d", v, math.Floor(n), maxKnobValues)
		return false
	}
	return true
}
