package flickemup

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/flickarena/flickarena/physics"
)

// ParseError is one problem in a scenario file: where it is and what is wrong.
type ParseError struct {
	// File is the file name.
	File string
	// Line is the 1-based line number (the last line for something missing).
	Line int
	// Field names the directive and key at fault, as "building.x", or the directive alone.
	Field string
	// Msg says what is wrong.
	Msg string
	// Cause is the line of the problem this one follows from (a reference to a building or
	// cowboy whose own line was refused), or 0. Problems are listed in line order with each
	// one that follows from another listed right after its cause.
	Cause int
}

// Error returns "file:line: field: msg".
func (e *ParseError) Error() string {
	return fmt.Sprintf("%s:%d: %s: %s", e.File, e.Line, e.Field, e.Msg)
}

// ParseErrors is every problem found in a scenario file, in line order, each problem that
// follows from another listed right after it (see [ParseError.Cause]).
type ParseErrors []*ParseError

// Error returns the problems, one per line.
func (es ParseErrors) Error() string {
	var b strings.Builder
	for i, e := range es {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString("flickemup: ")
		b.WriteString(e.Error())
	}
	return b.String()
}

// rawLine is one directive line of a scenario file.
type rawLine struct {
	p    *parser
	n    int
	dir  string
	text string            // the rest of the line, for free-text directives
	pos  []string          // positional arguments
	npos int               // how many of pos (from the first) a reader consumed
	kv   map[string]string // key=value arguments
	keys []string          // keys in file order
	used map[string]bool
}

// parser holds the state of one parse.
type parser struct {
	file  string
	last  int
	errs  ParseErrors
	sc    *Scenario
	lines map[string][]*rawLine
	// refused maps what a refused line would have placed ("building bank", "cowboy
	// lawmen:1", "gallows", "token gold") to that line, so that references to it name it
	// as their cause.
	refused map[string]int
	// pairs indexes each directive's lines by their key=value pairs, for the tune lines'
	// selectors (built on first use, see [parser.pick]).
	pairs map[string]map[string][]*rawLine
	// picked holds the lines each selector picked, by directive and selector.
	picked map[string][]int
	// examined counts the lines the selectors examined (see [parser.pick]).
	examined int
}

// MaxFileBytes is the largest scenario file [Parse] and [ParseFile] accept, in bytes; our
// scenarios are about 3 kB.
const MaxFileBytes = 256 << 10

// MaxLineBytes is the longest line of a scenario file, in bytes (without the line end).
const MaxLineBytes = 1024

// Parse reads a scenario file. file names it in error messages. The text is UTF-8 (a leading
// byte order mark is skipped) without control or format characters other than tabs, at most
// [MaxFileBytes] long in lines of at most [MaxLineBytes]. Parsing is strict: an unknown
// directive or key, a bad value, a piece off the table or overlapping another, a reference to
// something absent or an impossible condition is an error. On any problem it returns nil and
// a [ParseErrors] listing every problem found; text from the file is quoted in the messages
// ([ParseFile] quotes none of a file reached through a link that leads out of its directory).
func Parse(file string, data []byte) (*Scenario, error) {
	p := newParser(file)
	if len(data) > MaxFileBytes {
		return nil, tooLarge(file, int64(len(data)))
	}
	p.read(data)
	p.build()
	if len(p.errs) > 0 {
		p.sortErrors()
		return nil, p.errs
	}
	p.sc.Digest = contentDigest(data)
	p.sc.Source = data
	return p.sc, nil
}

// newParser returns the state of a parse of file.
func newParser(file string) *parser {
	return &parser{file: file, lines: map[string][]*rawLine{}, refused: map[string]int{},
		sc: &Scenario{File: file, Table: physics.DefaultTable}}
}

// tooLarge is the problem of the file named file, of size bytes, more than MaxFileBytes.
func tooLarge(file string, size int64) ParseErrors {
	return ParseErrors{{File: file, Line: 1, Field: "file", Msg: fmt.Sprintf("%d bytes: a scenario file is at most %d bytes", size, MaxFileBytes)}}
}

// sortErrors orders the problems by line, moving each problem that follows from another
// right after its cause.
func (p *parser) sortErrors() {
	key := func(e *ParseError) int {
		if e.Cause > 0 {
			return e.Cause
		}
		return e.Line
	}
	sort.SliceStable(p.errs, func(i, j int) bool {
		a, b := p.errs[i], p.errs[j]
		if ka, kb := key(a), key(b); ka != kb {
			return ka < kb
		}
		if (a.Cause > 0) != (b.Cause > 0) {
			return a.Cause == 0
		}
		return a.Line < b.Line
	})
}

// directives lists the known directives, in the order they are processed.
var directives = []string{"scenario", "version", "title", "story", "table", "start", "rule", "building", "gallows", "prop", "neutral", "cowboy", "token", "initiative", "victory", "tune"}

// freeText lists the directives whose argument is the rest of the line.
var freeText = map[string]bool{"title": true, "story": true}

// errorf records a problem.
func (p *parser) errorf(line int, field, format string, args ...any) {
	p.errs = append(p.errs, &ParseError{File: p.file, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// refuse notes that line n, refused, would have placed what (as "building bank").
func (p *parser) refuse(what string, n int) {
	if _, ok := p.refused[what]; !ok {
		p.refused[what] = n
	}
}

// absent records, on line l, a reference to something absent; if a refused line would have
// placed it (what, as in [parser.refuse]), the problem names that line as its cause.
func (l *rawLine) absent(key, what, format string, args ...any) {
	l.errorf(key, format, args...)
	if n, ok := l.p.refused[what]; ok {
		e := l.p.errs[len(l.p.errs)-1]
		e.Cause = n
		e.Msg += fmt.Sprintf(" (line %d, which would place it, has an error)", n)
	}
}

// fieldRE matches the directive and key names that error messages show as they are.
var fieldRE = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// quoteName returns a directive or key name from the file as a message shows it: as it is if
// it looks like a name, else quoted (Go syntax) and cut to 40 runes, so that no junk from the
// file reaches a terminal raw.
func quoteName(s string) string {
	if fieldRE.MatchString(s) && len(s) <= 40 {
		return s
	}
	if utf8.RuneCountInString(s) > 40 {
		s = string([]rune(s)[:40]) + "..."
	}
	return strconv.Quote(s)
}

// badRune returns the first byte offset and rune of text that a scenario may not contain: a
// control or format character other than a tab (invalid UTF-8 is reported as utf8.RuneError
// of width 1). It returns -1 if there is none.
func badRune(text []byte) (int, rune) {
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRune(text[i:])
		if (r == utf8.RuneError && w == 1) || (r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Cf, r))) {
			return i, r
		}
		i += w
	}
	return -1, 0
}

// read splits the file into directive lines.
func (p *parser) read(data []byte) {
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	n := 0
	for len(data) > 0 {
		n++
		p.last = n
		raw := data
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			raw, data = data[:i], data[i+1:]
		} else {
			data = nil
		}
		raw = bytes.TrimSuffix(raw, []byte("\r"))
		if len(raw) > MaxLineBytes {
			p.errorf(n, "line", "%d bytes long: a line is at most %d bytes", len(raw), MaxLineBytes)
			continue
		}
		if i, r := badRune(raw); i >= 0 {
			col := utf8.RuneCount(raw[:i]) + 1
			if r == utf8.RuneError {
				p.errorf(n, "line", "byte %q at column %d is not UTF-8", raw[i], col)
			} else {
				p.errorf(n, "line", "character %q at column %d: control and format characters are not allowed", r, col)
			}
			continue
		}
		text := strings.TrimSpace(string(raw))
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		dir, rest := text, ""
		if i := strings.IndexFunc(text, unicode.IsSpace); i >= 0 {
			dir, rest = text[:i], strings.TrimSpace(text[i:])
		}
		if !slices.Contains(directives, dir) {
			p.errorf(n, quoteName(dir), "unknown directive (want one of %s)", strings.Join(directives, ", "))
			continue
		}
		l := &rawLine{p: p, n: n, dir: dir, kv: map[string]string{}, used: map[string]bool{}}
		if freeText[dir] {
			l.text = rest
		} else {
			rest = stripComment(rest)
			for _, f := range strings.Fields(rest) {
				k, v, ok := strings.Cut(f, "=")
				if !ok {
					l.pos = append(l.pos, f)
					continue
				}
				if _, dup := l.kv[k]; dup {
					p.errorf(n, dir+"."+quoteName(k), "given twice")
					continue
				}
				l.kv[k] = v
				l.keys = append(l.keys, k)
			}
		}
		p.lines[dir] = append(p.lines[dir], l)
	}
	if p.last == 0 {
		p.last = 1
	}
}

// errorf records a problem with field key of this line ("" for the directive itself).
func (l *rawLine) errorf(key, format string, args ...any) {
	f := l.dir
	if key != "" {
		f += "." + key
	}
	l.p.errorf(l.n, f, format, args...)
}

// str returns the value of key, reporting it missing if required.
func (l *rawLine) str(key string, required bool) (string, bool) {
	v, ok := l.kv[key]
	if !ok {
		if required {
			l.errorf(key, "missing")
		}
		return "", false
	}
	l.used[key] = true
	return v, true
}

// numberRE and integerRE are the numbers of the scenario format: decimal digits with an
// optional leading '-' and, for a number, an optional fraction ("-12.5"); no '+', exponent,
// hexadecimal, underscore, infinity or NaN, so that one value has few spellings.
var (
	numberRE  = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)
	integerRE = regexp.MustCompile(`^-?[0-9]+$`)
)

// num returns key as a finite number (def when absent and not required), written as
// [numberRE] allows.
func (l *rawLine) num(key string, required bool, def float64) (float64, bool) {
	s, ok := l.str(key, required)
	if !ok {
		return def, !required
	}
	v, err := strconv.ParseFloat(s, 64)
	if !numberRE.MatchString(s) || err != nil || math.IsInf(v, 0) {
		l.errorf(key, "%q is not a number (want decimal digits, as -12.5)", s)
		return def, false
	}
	return v, true
}

// integer returns key as an integer in [lo, hi] (def when absent and not required), written
// as [integerRE] allows.
func (l *rawLine) integer(key string, required bool, def, lo, hi int) (int, bool) {
	s, ok := l.str(key, required)
	if !ok {
		return def, !required
	}
	v, err := strconv.Atoi(s)
	if !integerRE.MatchString(s) || err != nil {
		l.errorf(key, "%q is not an integer (want decimal digits, as 3)", s)
		return def, false
	}
	if v < lo || v > hi {
		l.errorf(key, "%d is out of range %d to %d", v, lo, hi)
		return def, false
	}
	return v, true
}

// degrees returns key, in degrees in the file, as radians in (-π, π].
func (l *rawLine) degrees(key string) (float64, bool) {
	v, ok := l.num(key, false, 0)
	return normAngle(v * math.Pi / 180), ok
}

// point returns the position given by keys x and y.
func (l *rawLine) point(required bool) (physics.Vec, bool) {
	x, okx := l.num("x", required, 0)
	y, oky := l.num("y", required, 0)
	return physics.Vec{X: x, Y: y}, okx && oky
}

// stripComment returns the arguments of a key=value line (what follows its directive, trimmed)
// without their trailing comment: from the first '#' that follows a space (or opens the
// arguments, the directive being followed by white space) to the end.
func stripComment(rest string) string {
	if strings.HasPrefix(rest, "#") {
		return ""
	}
	if i := strings.Index(rest, " #"); i >= 0 {
		return rest[:i]
	}
	return rest
}

// positional returns the single positional argument, as "scenario showdown", and consumes
// it; [rawLine.finish] reports any other.
func (l *rawLine) positional(what string) (string, bool) {
	if len(l.pos) == 0 {
		l.errorf("", "missing %s", what)
		return "", false
	}
	l.npos = max(l.npos, 1)
	return l.pos[0], true
}

// finish reports what of the line nobody consumed: the words without '=' beyond the
// positional arguments read (one problem naming the first) and the keys nobody asked for,
// so that every word of a line is either read or an error.
func (l *rawLine) finish() {
	if stray := l.pos[l.npos:]; len(stray) > 0 {
		more := ""
		if len(stray) > 1 {
			more = fmt.Sprintf(" (and %d more)", len(stray)-1)
		}
		l.errorf("", "unexpected word %s%s", strayWord(stray[0]), more)
	}
	for _, k := range l.keys {
		if !l.used[k] {
			l.errorf(quoteName(k), "unknown key")
		}
	}
}

// strayWord quotes a word that a line does not take, with a hint for the usual mistakes.
func strayWord(w string) string {
	q := quoteName(w)
	if !strings.HasPrefix(q, `"`) {
		q = `"` + q + `"`
	}
	switch {
	case strings.HasPrefix(w, "#"):
		return q + " (a trailing comment starts with a space and '#')"
	case strings.ContainsAny(w, `"'`):
		return q + " (a value is one word, without quotes)"
	}
	return q
}

// once returns the only line of a directive, reporting duplicates and (if required) absence.
func (p *parser) once(dir string, required bool) *rawLine {
	ls := p.lines[dir]
	if len(ls) == 0 {
		if required {
			p.errorf(p.last, dir, "missing directive")
		}
		return nil
	}
	for _, l := range ls[1:] {
		l.errorf("", "given twice (first on line %d)", ls[0].n)
	}
	return ls[0]
}

var nameRE = regexp.MustCompile(`^[a-z][a-z0-9-]*$`)

// build turns the lines into the scenario, checking each part and then the whole.
func (p *parser) build() {
	sc := p.sc
	if l := p.once("scenario", true); l != nil {
		if name, ok := l.positional("name"); ok {
			if !nameRE.MatchString(name) {
				l.errorf("", "name %q: use lower-case letters, digits and '-'", name)
			}
			sc.Name = name
		}
		l.finish()
	}
	if l := p.once("version", false); l != nil {
		sc.Version = l.version()
	}
	if l := p.once("title", true); l != nil {
		if l.text == "" {
			l.errorf("", "empty title")
		}
		sc.Title = l.text
	}
	var story []string
	for _, l := range p.lines["story"] {
		story = append(story, l.text)
	}
	if len(story) == 0 || strings.TrimSpace(strings.Join(story, "")) == "" {
		p.errorf(p.last, "story", "missing directive")
	}
	sc.Story = strings.Join(story, " ")
	if l := p.once("table", false); l != nil {
		w, _ := l.num("width", true, 0)
		h, _ := l.num("height", true, 0)
		if w < 20 || w > 500 || h < 20 || h > 500 {
			l.errorf("", "table %gx%g cm: each side must be 20 to 500 cm", w, h)
		} else {
			sc.Table = physics.Table{Width: w, Height: h}
		}
		l.finish()
	}
	if l := p.once("start", true); l != nil {
		sc.StartHour, _ = l.integer("hour", true, 0, 1, Noon-1)
		l.finish()
	}
	for _, l := range p.lines["rule"] {
		if name, ok := l.positional("rule name"); ok {
			switch name {
			case "take-outside":
				sc.Rules.TakeOutside = true
			case "duels":
				sc.Rules.Duels = true
			default:
				l.errorf("", "unknown rule %q (want take-outside or duels)", name)
			}
		}
		l.finish()
	}
	p.buildings()
	p.scenery()
	p.cowboys()
	p.tokens()
	p.initiative()
	p.victories()
	p.geometry()
	p.tunes()
}

// buildings reads the building lines.
func (p *parser) buildings() {
	sc := p.sc
	first := map[BuildingKind]int{}
	for _, l := range p.lines["building"] {
		b := Building{Line: l.n}
		ok := true
		if s, has := l.str("kind", true); has {
			k, err := ParseBuildingKind(s)
			switch {
			case err != nil:
				l.errorf("kind", "unknown building %q (want sheriff, bank, saloon, general-store, town-hall or undertaker)", s)
				ok = false
			case first[k] != 0:
				l.errorf("kind", "%s already placed on line %d (the box has one of each)", k, first[k])
				ok = false
			default:
				first[k] = l.n
			}
			b.Kind = k
		} else {
			ok = false
		}
		var okp bool
		b.Door, okp = l.point(true)
		b.Facing, _ = l.degrees("facing")
		var okw, okd bool
		b.Width, okw = l.num("door", true, 0)
		b.Depth, okd = l.num("depth", true, 0)
		if okw && (b.Width < MinDoorWidth || b.Width > MaxDoorWidth) {
			l.errorf("door", "%g cm: a door is %g to %g cm wide", b.Width, MinDoorWidth, MaxDoorWidth)
			okw = false
		}
		if okd && (b.Depth < MinDepth || b.Depth > MaxDepth) {
			l.errorf("depth", "%g cm: a building is %g to %g cm deep", b.Depth, MinDepth, MaxDepth)
			okd = false
		}
		l.finish()
		switch {
		case ok && okp && okw && okd:
			sc.Buildings = append(sc.Buildings, b)
		case ok:
			p.refuse("building "+b.Kind.String(), l.n)
		}
	}
}

// propLimits is how many of each prop the box holds.
var propLimits = map[physics.Kind]int{
	KindBarrel:     5,
	KindCactus:     3,
	KindFence:      4,
	KindTumbleweed: 5,
}

// scenery reads the gallows, prop and neutral lines.
func (p *parser) scenery() {
	sc := p.sc
	if l := p.once("gallows", false); l != nil {
		pos, ok := l.point(true)
		a, _ := l.degrees("angle")
		l.finish()
		if ok {
			sc.Gallows = &Prop{Kind: KindGallows, Pos: pos, Angle: a, Line: l.n}
		} else {
			p.refuse("gallows", l.n)
		}
	}
	count := map[physics.Kind]int{}
	for _, l := range p.lines["prop"] {
		pr := Prop{Line: l.n}
		ok := true
		if s, has := l.str("kind", true); has {
			k, err := Pieces.Parse(s)
			if _, prop := propLimits[k]; err != nil || !prop {
				l.errorf("kind", "%q is not a prop (want barrel, cactus, fence or tumbleweed)", s)
				ok = false
			} else if count[k]++; count[k] > propLimits[k] {
				l.errorf("kind", "more than %d of %s: the box has no more", propLimits[k], Pieces.Name(k))
				ok = false
			}
			pr.Kind = k
		} else {
			ok = false
		}
		var okp bool
		pr.Pos, okp = l.point(true)
		pr.Angle, _ = l.degrees("angle")
		l.finish()
		if ok && okp {
			sc.Props = append(sc.Props, pr)
		}
	}
	seen := map[string]int{}
	for _, l := range p.lines["neutral"] {
		n := Neutral{Line: l.n}
		ok := true
		if s, has := l.str("name", true); has {
			switch {
			case s != "man" && s != "woman":
				l.errorf("name", "%q: the neutral figures are the man and the woman", s)
				ok = false
			case seen[s] != 0:
				l.errorf("name", "the %s is already placed on line %d", s, seen[s])
				ok = false
			}
			seen[s] = l.n
			n.Name = s
		} else {
			ok = false
		}
		var okp bool
		n.Pos, okp = l.point(true)
		n.Facing, _ = l.degrees("facing")
		l.finish()
		if ok && okp {
			sc.Neutrals = append(sc.Neutrals, n)
		}
	}
}

// placeRef resolves in=<building kind|gallows> on line l.
func (p *parser) placeRef(l *rawLine, s string) (PlaceKind, int, bool) {
	if s == "gallows" {
		if p.sc.Gallows == nil {
			l.absent("in", "gallows", "the town has no gallows")
			return 0, 0, false
		}
		return PlaceGallows, 0, true
	}
	k, err := ParseBuildingKind(s)
	if err != nil {
		l.errorf("in", "unknown place %q (want a building kind or gallows)", s)
		return 0, 0, false
	}
	i := p.sc.building(k)
	if i < 0 {
		l.absent("in", "building "+k.String(), "the town has no %s", k)
		return 0, 0, false
	}
	return PlaceBuilding, i, true
}

// cowboys reads the cowboy lines, with their starting inventories.
func (p *parser) cowboys() {
	sc := p.sc
	first := map[CowboyID]int{}
	for _, l := range p.lines["cowboy"] {
		c := CowboySpec{Line: l.n, Inside: -1}
		ok, okID := true, false
		if s, has := l.str("id", true); has {
			id, err := ParseCowboyID(s)
			switch {
			case err != nil:
				l.errorf("id", "%q: want lawmen:1 to outlaws:5", s)
				ok = false
			case first[id] != 0:
				l.errorf("id", "%s already placed on line %d", id, first[id])
				ok = false
			default:
				first[id] = l.n
				okID = true
			}
			c.ID = id
		} else {
			ok = false
		}
		if in, has := l.str("in", false); has {
			if _, hasX := l.kv["x"]; hasX {
				l.errorf("x", "a cowboy inside a building has no position")
				ok = false
			}
			if _, hasY := l.kv["y"]; hasY {
				l.errorf("y", "a cowboy inside a building has no position")
				ok = false
			}
			k, err := ParseBuildingKind(in)
			switch {
			case err != nil:
				l.errorf("in", "unknown building %q", in)
				ok = false
			case sc.building(k) < 0:
				l.absent("in", "building "+k.String(), "the town has no %s", k)
				ok = false
			case sc.insideCount(sc.building(k)) >= MaxInside:
				l.errorf("in", "the %s already holds %d cowboys, one on each support block", k, MaxInside)
				ok = false
			default:
				c.Inside = sc.building(k)
			}
		} else {
			var okp bool
			c.Pos, okp = l.point(true)
			ok = ok && okp
		}
		c.Facing, _ = l.degrees("facing")
		var okh, okm bool
		c.HP, okh = l.integer("hp", true, 0, 1, MaxHitPoints)
		c.Max, okm = l.integer("max", false, c.HP, 1, MaxHitPoints)
		if okh && okm && c.Max < c.HP {
			l.errorf("max", "%d is below hp %d", c.Max, c.HP)
			okm = false
		}
		ok = ok && okh && okm
		c.Hat = HourHat(sc.StartHour)
		if s, has := l.str("hat", false); has {
			switch s {
			case "red":
				c.Hat = Red
			case "blue":
				c.Hat = Blue
			default:
				l.errorf("hat", "%q: want red or blue", s)
				ok = false
			}
		}
		var inv []TokenSpec
		if s, has := l.str("tokens", false); has && s != "" {
			for _, t := range strings.Split(s, ",") {
				ts, tok := p.inventoryToken(l, t)
				if tok {
					inv = append(inv, ts)
				} else {
					ok = false
				}
			}
			if len(inv) > 2 {
				l.errorf("tokens", "%d tokens: a cowboy carries at most 2", len(inv))
				ok = false
			}
		}
		l.finish()
		if ok {
			for i := range inv {
				inv[i].Index = c.ID.index()
			}
			sc.Cowboys = append(sc.Cowboys, c)
			sc.Tokens = append(sc.Tokens, inv...)
		} else if okID {
			p.refuse("cowboy "+c.ID.String(), l.n)
			for _, t := range inv {
				p.refuse("token "+t.Kind.String(), l.n)
			}
		}
	}
	sort.SliceStable(sc.Cowboys, func(i, j int) bool { return sc.Cowboys[i].ID.index() < sc.Cowboys[j].ID.index() })
	var teams [2]int
	hp := 0
	for _, c := range sc.Cowboys {
		teams[c.ID.Team]++
		hp += c.Max
	}
	for _, t := range []Team{Lawmen, Outlaws} {
		if teams[t] == 0 && len(p.lines["cowboy"]) > 0 {
			p.errorf(p.last, "cowboy", "no cowboy of the %s", t)
		}
	}
	if len(p.lines["cowboy"]) == 0 {
		p.errorf(p.last, "cowboy", "missing directive")
	}
	if hp > MaxHitPoints {
		p.errorf(p.lines["cowboy"][len(p.lines["cowboy"])-1].n, "cowboy.max", "%d hit points in all (counting max): the box holds %d", hp, MaxHitPoints)
	}
}

// inventoryToken parses one entry of a cowboy's tokens list: a kind, or water:clean or water:poisoned.
func (p *parser) inventoryToken(l *rawLine, s string) (TokenSpec, bool) {
	name, quality, hasQ := strings.Cut(s, ":")
	k, err := ParseTokenKind(name)
	if err != nil {
		l.errorf("tokens", "unknown token kind %q", name)
		return TokenSpec{}, false
	}
	if !k.Takeable() {
		l.errorf("tokens", "%s tokens cannot be carried", k)
		return TokenSpec{}, false
	}
	ts := TokenSpec{Kind: k, FaceUp: true, Place: PlaceCowboy, Line: l.n}
	switch {
	case hasQ && k != TokenWater:
		l.errorf("tokens", "%q: only water has a quality", s)
		return TokenSpec{}, false
	case hasQ && quality == "poisoned":
		ts.Poisoned = true
	case hasQ && quality != "clean":
		l.errorf("tokens", "%q: water is clean or poisoned", s)
		return TokenSpec{}, false
	}
	return ts, true
}

// tokens reads the token lines and checks the box's limits.
func (p *parser) tokens() {
	sc := p.sc
	for _, l := range p.lines["token"] {
		t := TokenSpec{Line: l.n, FaceUp: true}
		ok, okKind := true, false
		if s, has := l.str("kind", true); has {
			k, err := ParseTokenKind(s)
			if err != nil {
				l.errorf("kind", "unknown token kind %q", s)
				ok = false
			} else {
				okKind = true
			}
			t.Kind = k
		} else {
			ok = false
		}
		if in, has := l.str("in", false); has {
			if _, hasX := l.kv["x"]; hasX {
				l.errorf("x", "give either in= or x= and y=, not both")
				ok = false
			}
			pk, idx, okp := p.placeRef(l, in)
			t.Place, t.Index = pk, idx
			ok = ok && okp
		} else {
			pos, okp := l.point(true)
			t.Place, t.Pos = PlaceGround, pos
			ok = ok && okp
			if okp && !sc.Table.Contains(pos) {
				l.errorf("x", "(%g, %g) is off the %gx%g cm table", pos.X, pos.Y, sc.Table.Width, sc.Table.Height)
				ok = false
			}
			if okp && !sc.Rules.TakeOutside {
				l.errorf("x", "a token on the ground can only be taken with rule take-outside")
				ok = false
			}
		}
		if s, has := l.str("face", false); has {
			switch s {
			case "up":
			case "down":
				t.FaceUp = false
			default:
				l.errorf("face", "%q: want up or down", s)
				ok = false
			}
		}
		if s, has := l.str("quality", false); has {
			switch {
			case t.Kind != TokenWater:
				l.errorf("quality", "only water has a quality")
				ok = false
			case s == "poisoned":
				t.Poisoned = true
			case s != "clean":
				l.errorf("quality", "%q: want clean or poisoned", s)
				ok = false
			}
		}
		if _, has := l.kv["until"]; has {
			u, oku := l.integer("until", true, 0, 2, Noon)
			switch {
			case t.Kind != TokenNotAllowed:
				l.errorf("until", "only a not-allowed token is removed at an hour")
				ok = false
			case oku && u <= sc.StartHour:
				l.errorf("until", "hour %d is not after the start hour %d", u, sc.StartHour)
				ok = false
			}
			t.Until = u
			ok = ok && oku
		}
		if t.Kind == TokenNotAllowed && !t.FaceUp {
			l.errorf("face", "a not-allowed token lies face up")
			ok = false
		}
		if t.Kind == TokenNotAllowed && ok && t.Place != PlaceBuilding {
			l.errorf("in", "a not-allowed token closes a building: put it in one")
			ok = false
		}
		n, okn := l.integer("count", false, 1, 1, 11)
		l.finish()
		if ok && okn {
			for range n {
				sc.Tokens = append(sc.Tokens, t)
			}
		} else if okKind {
			p.refuse("token "+t.Kind.String(), l.n)
		}
	}
	var count [numTokenKinds]int
	var lastLine [numTokenKinds]int
	for _, t := range sc.Tokens {
		count[t.Kind]++
		lastLine[t.Kind] = t.Line
	}
	for _, k := range TokenKinds() {
		if count[k] > k.Limit() {
			p.errorf(lastLine[k], "token.count", "%d %s tokens: the box holds %d", count[k], k, k.Limit())
		}
	}
}

// initiative reads the initiative line.
func (p *parser) initiative() {
	sc := p.sc
	l := p.once("initiative", true)
	if l == nil {
		return
	}
	defer l.finish()
	s, ok := l.str("cowboy", true)
	if !ok {
		return
	}
	id, err := ParseCowboyID(s)
	if err != nil {
		l.errorf("cowboy", "%q: want lawmen:1 to outlaws:5", s)
		return
	}
	sc.Initiative = id
	c := sc.cowboy(id)
	switch {
	case c == nil:
		l.absent("cowboy", "cowboy "+id.String(), "%s is not in the scenario", id)
	case c.Hat != HourHat(sc.StartHour) && sc.StartHour != 0:
		l.errorf("cowboy", "%s wears a %s hat but %d:00 is a %s hour: it could not open the first round", id, c.Hat, sc.StartHour, HourHat(sc.StartHour))
	}
}

// cowboy returns the spec of cowboy id, or nil.
func (s *Scenario) cowboy(id CowboyID) *CowboySpec {
	for i := range s.Cowboys {
		if s.Cowboys[i].ID == id {
			return &s.Cowboys[i]
		}
	}
	return nil
}

// victories reads the victory lines and checks that each can happen.
func (p *parser) victories() {
	sc := p.sc
	if len(p.lines["victory"]) == 0 {
		p.errorf(p.last, "victory", "missing directive")
	}
	noon := 0
	var inPlay []int // tokens of each kind in the scenario, counted once
	for _, l := range p.lines["victory"] {
		name, ok := l.positional("condition")
		if !ok {
			continue
		}
		v := Victory{Line: l.n, Index: -1}
		team := func() bool {
			s, has := l.str("team", true)
			if !has {
				return false
			}
			t, err := ParseTeam(s)
			if err != nil {
				l.errorf("team", "%q: want lawmen or outlaws", s)
				return false
			}
			v.Team = t
			return true
		}
		good := true
		switch name {
		case "last-team-standing":
			v.Kind = VictoryLastTeamStanding
		case "noon-hp":
			v.Kind = VictoryNoonHP
		case "noon":
			v.Kind = VictoryNoon
			good = team()
		case "kill":
			v.Kind = VictoryKill
			good = team()
			if s, has := l.str("target", true); has {
				id, err := ParseCowboyID(s)
				switch {
				case err != nil:
					l.errorf("target", "%q: want lawmen:1 to outlaws:5", s)
					good = false
				case sc.cowboy(id) == nil:
					l.absent("target", "cowboy "+id.String(), "%s is not in the scenario", id)
					good = false
				case good && id.Team == v.Team:
					l.errorf("target", "%s is on the %s' own team", id, v.Team)
					good = false
				}
				v.Target = id
			} else {
				good = false
			}
		case "tokens":
			v.Kind = VictoryTokens
			good = team()
			if s, has := l.str("kind", true); has {
				k, err := ParseTokenKind(s)
				switch {
				case err != nil:
					l.errorf("kind", "unknown token kind %q", s)
					good = false
				case !k.Takeable():
					l.errorf("kind", "%s tokens cannot be moved", k)
					good = false
				}
				v.Token = k
			} else {
				good = false
			}
			var okc bool
			v.Count, okc = l.integer("count", true, 0, 1, 11)
			good = good && okc
			if s, has := l.str("in", true); has {
				pk, idx, okp := p.placeRef(l, s)
				v.Place, v.Index = pk, idx
				good = good && okp
			} else {
				good = false
			}
			if good {
				if inPlay == nil {
					inPlay = make([]int, numTokenKinds)
					for _, t := range sc.Tokens {
						inPlay[t.Kind]++
					}
				}
				if n := inPlay[v.Token]; v.Count > n {
					l.absent("count", "token "+v.Token.String(), "%s needed but the scenario has %d", tokenCount(v.Count, v.Token), n)
					good = false
				}
			}
		default:
			l.errorf("", "unknown condition %q (want last-team-standing, kill, tokens, noon-hp or noon)", name)
			good = false
		}
		l.finish()
		if v.Kind == VictoryNoon || v.Kind == VictoryNoonHP {
			if noon++; noon > 1 {
				l.errorf("", "a second condition at noon: only one of noon and noon-hp may decide")
				good = false
			}
		}
		if good {
			sc.Victories = append(sc.Victories, v)
		}
	}
}

// geometry checks that every piece lies on the table and overlaps nothing.
func (p *parser) geometry() {
	sc := p.sc
	type item struct {
		what string
		line int
		s    physics.Outline
	}
	var items []item
	for _, b := range sc.Buildings {
		items = append(items, item{b.Kind.String(), b.Line, b.footprint()})
	}
	if g := sc.Gallows; g != nil {
		items = append(items, item{"gallows", g.Line, Pieces.Outline(physics.Piece{Kind: g.Kind, Pos: g.Pos, Angle: g.Angle})})
	}
	for _, pr := range sc.Props {
		items = append(items, item{Pieces.Name(pr.Kind), pr.Line, Pieces.Outline(physics.Piece{Kind: pr.Kind, Pos: pr.Pos, Angle: pr.Angle})})
	}
	for _, n := range sc.Neutrals {
		items = append(items, item{"the " + n.Name, n.Line, Pieces.Outline(physics.Piece{Kind: KindNeutral, Pos: n.Pos})})
	}
	for _, c := range sc.Cowboys {
		if c.Inside < 0 {
			items = append(items, item{c.ID.String(), c.Line, Pieces.Outline(physics.Piece{Kind: KindCowboy, Pos: c.Pos})})
		}
	}
	for i, it := range items {
		if !it.s.OnTable(sc.Table) {
			p.errorf(it.line, fieldOf(p, it.line), "%s at (%.4g, %.4g) is not wholly on the %gx%g cm table", it.what, it.s.C.X, it.s.C.Y, sc.Table.Width, sc.Table.Height)
		}
		for _, o := range items[:i] {
			if it.s.Intersects(o.s) {
				p.errorf(it.line, fieldOf(p, it.line), "%s overlaps %s (line %d)", it.what, o.what, o.line)
			}
		}
	}
}

// fieldOf names the position field of the directive on line n, as "prop.x".
func fieldOf(p *parser, n int) string {
	for _, d := range directives {
		for _, l := range p.lines[d] {
			if l.n == n {
				return d + ".x"
			}
		}
	}
	return "x"
}
