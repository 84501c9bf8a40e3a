package flickemup_test

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

func TestParse_Good(t *testing.T) {
	text := `# a comment
scenario tiny
title   Tiny
story   One line,
story   and another.
table   width=60 height=50
start   hour=7
initiative cowboy=outlaws:2
rule take-outside
building kind=bank x=10 y=25 facing=0 door=5 depth=8   # trailing comment
gallows x=40 y=40 angle=90
prop kind=fence x=30 y=10 angle=45
neutral name=woman x=50 y=25 facing=180
cowboy id=lawmen:1 x=30 y=25 hp=2 max=3 hat=red tokens=colt,water:poisoned
cowboy id=outlaws:2 in=bank hp=4
token kind=gold in=bank face=down count=3
token kind=not-allowed in=bank until=9
token kind=documents x=45 y=10
token kind=water in=gallows quality=clean
victory tokens team=outlaws kind=gold count=2 in=gallows
victory kill team=lawmen target=outlaws:2
victory noon-hp
`
	sc, err := flickemup.Parse("tiny.scn", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	deg := math.Pi / 180
	want := &flickemup.Scenario{
		Name: "tiny", Title: "Tiny", Story: "One line, and another.", File: "tiny.scn",
		Digest: fmt.Sprintf("%x", sha256.Sum256([]byte(text))), Source: []byte(text),
		Table: physics.Table{Width: 60, Height: 50}, StartHour: 7,
		Initiative: flickemup.CowboyID{Team: flickemup.Outlaws, Number: 2},
		Buildings:  []flickemup.Building{{Kind: flickemup.Bank, Door: v(10, 25), Facing: 0, Width: 5, Depth: 8, Line: 10}},
		Gallows:    &flickemup.Prop{Kind: flickemup.KindGallows, Pos: v(40, 40), Angle: 90 * deg, Line: 11},
		Props:      []flickemup.Prop{{Kind: flickemup.KindFence, Pos: v(30, 10), Angle: 45 * deg, Line: 12}},
		Neutrals:   []flickemup.Neutral{{Name: "woman", Pos: v(50, 25), Facing: 180 * deg, Line: 13}},
		Cowboys: []flickemup.CowboySpec{
			{ID: flickemup.CowboyID{Team: flickemup.Lawmen, Number: 1}, Pos: v(30, 25), Inside: -1, HP: 2, Max: 3, Hat: flickemup.Red, Line: 14},
			{ID: flickemup.CowboyID{Team: flickemup.Outlaws, Number: 2}, Inside: 0, HP: 4, Max: 4, Hat: flickemup.Blue, Line: 15},
		},
		Tokens: []flickemup.TokenSpec{
			{Kind: flickemup.TokenColt, FaceUp: true, Place: flickemup.PlaceCowboy, Index: 0, Line: 14},
			{Kind: flickemup.TokenWater, FaceUp: true, Poisoned: true, Place: flickemup.PlaceCowboy, Index: 0, Line: 14},
			{Kind: flickemup.TokenGold, Place: flickemup.PlaceBuilding, Line: 16},
			{Kind: flickemup.TokenGold, Place: flickemup.PlaceBuilding, Line: 16},
			{Kind: flickemup.TokenGold, Place: flickemup.PlaceBuilding, Line: 16},
			{Kind: flickemup.TokenNotAllowed, FaceUp: true, Until: 9, Place: flickemup.PlaceBuilding, Line: 17},
			{Kind: flickemup.TokenDocuments, FaceUp: true, Place: flickemup.PlaceGround, Pos: v(45, 10), Line: 18},
			{Kind: flickemup.TokenWater, FaceUp: true, Place: flickemup.PlaceGallows, Line: 19},
		},
		Rules: flickemup.Rules{TakeOutside: true},
		Victories: []flickemup.Victory{
			{Kind: flickemup.VictoryTokens, Team: flickemup.Outlaws, Token: flickemup.TokenGold, Count: 2, Place: flickemup.PlaceGallows, Line: 20},
			{Kind: flickemup.VictoryKill, Team: flickemup.Lawmen, Target: flickemup.CowboyID{Team: flickemup.Outlaws, Number: 2}, Index: -1, Line: 21},
			{Kind: flickemup.VictoryNoonHP, Index: -1, Line: 22},
		},
	}
	if d := cmp.Diff(want, sc, cmpopts.EquateApprox(0, 1e-12)); d != "" {
		t.Errorf("Parse (-want +got):\n%s", d)
	}
}

func TestParse_Errors(t *testing.T) {
	// Each case edits a valid scenario (baseTown + cowboys + victories) and expects, among the
	// problems, one at the given line and field whose message contains msg.
	base := town("")
	lineOf := func(s, sub string) int { return strings.Count(s[:strings.Index(s, sub)], "\n") + 1 }
	for _, tc := range []struct {
		name      string
		old, new  string // replace old by new in base
		field     string
		msg       string
		lineAfter string // the expected line is the line containing this text, after the edit
	}{
		{"unknown directive", "start hour=6", "start hour=6\nhorse x=1", "horse", "unknown directive", "horse x=1"},
		{"unknown key", "start hour=6", "start hour=6 minute=5", "start.minute", "unknown key", "start hour"},
		{"duplicate key", "start hour=6", "start hour=6 hour=7", "start.hour", "given twice", "start hour"},
		{"hour out of range", "start hour=6", "start hour=12", "start.hour", "out of range", "start hour"},
		{"missing title", "title Test town\n", "", "title", "missing directive", ""},
		{"not a number", "x=40 y=20", "x=forty y=20", "cowboy.x", "not a number", "x=forty"},
		{"NaN", "x=40 y=20", "x=NaN y=20", "cowboy.x", "not a number", "x=NaN"},
		{"cowboy off the table", "x=40 y=20", "x=89.5 y=20", "cowboy.x", "not wholly on the", "x=89.5"},
		{"building off the table", "x=70 y=45 facing=180", "x=85 y=45 facing=180", "building.x", "not wholly on the", "x=85"},
		{"overlap", "x=40 y=20", "x=40 y=70", "cowboy.x", "overlaps lawmen:1", "id=outlaws:1"},
		{"cowboy under a building", "x=40 y=20", "x=15 y=45", "cowboy.x", "overlaps saloon", "id=lawmen:1"},
		{"two of a building", "kind=undertaker", "kind=saloon", "building.kind", "already placed", "x=70 y=45"},
		{"door too narrow", "x=20 y=45 facing=0 door=6", "x=20 y=45 facing=0 door=3", "building.door", "4 to 15", "door=3"},
		{"too many barrels", "start hour=6", "start hour=6\n" + strings.Repeat("prop kind=barrel x=80 y=80\n", 5) + "prop kind=barrel x=5 y=5", "prop.kind", "more than 5", "x=5 y=5"},
		{"unknown building", "cowboy id=outlaws:1 x=40 y=70 facing=270", "cowboy id=outlaws:1 in=jail", "cowboy.in", "unknown building", "in=jail"},
		{"absent building", "cowboy id=outlaws:1 x=40 y=70 facing=270", "cowboy id=outlaws:1 in=bank", "cowboy.in", "no bank", "in=bank"},
		{"inside with a position", "cowboy id=outlaws:1 x=40 y=70 facing=270", "cowboy id=outlaws:1 in=saloon x=3 facing=270", "cowboy.x", "no position", "in=saloon"},
		{"three tokens", "x=40 y=20 facing=90 hp=3", "x=40 y=20 facing=90 hp=3 tokens=gold,gold,colt", "cowboy.tokens", "at most 2", "tokens="},
		{"hit points beyond the box", "x=40 y=20 facing=90 hp=3", "x=40 y=20 facing=90 hp=36", "cowboy.max", "box holds 38", "outlaws:1"},
		{"max below hp", "x=40 y=20 facing=90 hp=3", "x=40 y=20 facing=90 hp=3 max=2", "cowboy.max", "below hp", "max=2"},
		{"initiative absent", "initiative cowboy=lawmen:1", "initiative cowboy=lawmen:4", "initiative.cowboy", "not in the scenario", "initiative"},
		{"initiative unavailable", "x=40 y=20 facing=90 hp=3", "x=40 y=20 facing=90 hp=3 hat=blue", "initiative.cowboy", "could not open the first round", "initiative"},
		{"token too many", "start hour=6", "start hour=6\ntoken kind=hostage in=saloon count=2", "token.count", "box holds 1", "kind=hostage"},
		{"ground token without rule", "start hour=6", "start hour=6\ntoken kind=gold x=45 y=45", "token.x", "take-outside", "kind=gold"},
		{"not-allowed on the ground", "start hour=6", "start hour=6\nrule take-outside\ntoken kind=not-allowed x=45 y=45", "token.in", "closes a building", "not-allowed"},
		{"not-allowed face down", "start hour=6", "start hour=6\ntoken kind=not-allowed in=saloon face=down", "token.face", "face up", "not-allowed"},
		{"until before the start", "start hour=6", "start hour=6\ntoken kind=not-allowed in=saloon until=6", "token.until", "not after the start", "until=6"},
		{"until on gold", "start hour=6", "start hour=6\ntoken kind=gold in=saloon until=8", "token.until", "only a not-allowed", "until=8"},
		{"quality on gold", "start hour=6", "start hour=6\ntoken kind=gold in=saloon quality=clean", "token.quality", "only water", "quality="},
		{"gallows token without gallows", "start hour=6", "start hour=6\ntoken kind=gold in=gallows", "token.in", "no gallows", "in=gallows"},
		{"impossible token victory", "victory noon-hp", "victory tokens team=lawmen kind=gold count=2 in=saloon", "victory.count", "scenario has 0", "victory tokens"},
		{"impossible token victory, one token", "victory noon-hp", "victory tokens team=lawmen kind=hostage count=1 in=saloon", "victory.count", "1 hostage token needed but the scenario has 0", "victory tokens"},
		{"unmovable token victory", "victory noon-hp", "victory tokens team=lawmen kind=not-allowed count=1 in=saloon", "victory.kind", "cannot be moved", "victory tokens"},
		{"kill a teammate", "victory noon-hp", "victory kill team=lawmen target=lawmen:1", "victory.target", "own team", "victory kill"},
		{"kill the absent", "victory noon-hp", "victory kill team=lawmen target=outlaws:5", "victory.target", "not in the scenario", "victory kill"},
		{"two noon rules", "victory noon-hp", "victory noon-hp\nvictory noon team=lawmen", "victory", "second condition at noon", "victory noon team"},
		{"unknown condition", "victory noon-hp", "victory treasure", "victory", "unknown condition", "victory treasure"},
		{"unknown rule", "start hour=6", "start hour=6\nrule gravity", "rule", "unknown rule", "rule gravity"},
		{"no outlaws", "cowboy id=outlaws:1 x=40 y=70 facing=270 hp=3\n", "", "cowboy", "no cowboy of the outlaws", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(base, tc.old) {
				t.Fatalf("test bug: %q not in the base scenario", tc.old)
			}
			text := strings.Replace(base, tc.old, tc.new, 1)
			line := strings.Count(text, "\n") // the last line, for something missing
			if tc.lineAfter != "" {
				line = lineOf(text, tc.lineAfter)
			}
			_, err := flickemup.Parse("edit.scn", []byte(text))
			var pes flickemup.ParseErrors
			if !errors.As(err, &pes) {
				t.Fatalf("Parse error %v, want ParseErrors", err)
			}
			for _, e := range pes {
				if e.File == "edit.scn" && e.Line == line && e.Field == tc.field && strings.Contains(e.Msg, tc.msg) {
					return
				}
			}
			t.Errorf("want edit.scn:%d: %s: ...%s...; got:\n%v", line, tc.field, tc.msg, err)
		})
	}
}

func TestParseError_Format(t *testing.T) {
	e := &flickemup.ParseError{File: "a.scn", Line: 3, Field: "building.x", Msg: "bad"}
	if got, want := e.Error(), "a.scn:3: building.x: bad"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

func TestValidateFile(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.scn")
	text := strings.Replace(town(""), "start hour=6", "start hour=6 minute=1\nprop kind=horse x=1 y=1", 1)
	if err := os.WriteFile(bad, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	errs := flickemup.ValidateFile(bad)
	var got []string
	for _, e := range errs {
		var pe *flickemup.ParseError
		if !errors.As(e, &pe) {
			t.Fatalf("error %v is not a ParseError", e)
		}
		got = append(got, pe.Field)
	}
	if d := cmp.Diff([]string{"start.minute", "prop.kind"}, got); d != "" {
		t.Errorf("fields (-want +got):\n%s", d)
	}
	if errs := flickemup.ValidateFile(filepath.Join(dir, "missing.scn")); len(errs) != 1 {
		t.Errorf("missing file: %v", errs)
	}
	good := filepath.Join(dir, "good.scn")
	if err := os.WriteFile(good, []byte(town("")), 0o600); err != nil {
		t.Fatal(err)
	}
	if errs := flickemup.ValidateFile(good); errs != nil {
		t.Errorf("valid file: %v", errs)
	}
}

func FuzzParse(f *testing.F) {
	for _, in := range flickemup.List() {
		src, err := flickemup.Source(in.Name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Add([]byte(town("")))
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := flickemup.Parse("fuzz.scn", data)
		if err != nil {
			var pes flickemup.ParseErrors
			if !errors.As(err, &pes) || len(pes) == 0 {
				t.Fatalf("error %v is not a non-empty ParseErrors", err)
			}
			return
		}
		// Whatever parses must start a valid game.
		o := flickemup.DefaultOptions()
		o.Table = &scripted{t: t}
		g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
		if err != nil {
			t.Fatalf("parsed scenario does not start: %v", err)
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("parsed scenario starts broken: %v", err)
		}
	})
}

// TestParse_Version: the version line is a positive decimal integer, given at most once; it
// is the env id's version, a file without one has RulesVersion, and it is left out of the
// content digest, so that a file's digest, hence its tournaments, is the same with it.
func TestParse_Version(t *testing.T) {
	src, err := flickemup.Source("showdown")
	if err != nil {
		t.Fatal(err)
	}
	var without []string
	for _, l := range strings.Split(string(src), "\n") {
		if !strings.HasPrefix(l, "version ") {
			without = append(without, l)
		}
	}
	bare := strings.Join(without, "\n")
	with := func(line string) string { return strings.Replace(bare, "\ntitle ", "\n"+line+"\ntitle ", 1) }

	sc, err := flickemup.Parse("my-town.scn", []byte(bare))
	if err != nil {
		t.Fatal(err)
	}
	if sc.Version != 0 || sc.EnvVersion() != flickemup.RulesVersion {
		t.Errorf("no version line: Version %d, EnvVersion %d; want 0, RulesVersion %d", sc.Version, sc.EnvVersion(), flickemup.RulesVersion)
	}
	if id, err := flickemup.FileID("d/my-town.scn", sc); err != nil || id != flickemup.FilePrefix+"my-town-v"+strconv.Itoa(flickemup.RulesVersion) {
		t.Errorf("FileID without a version line: %q, %v", id, err)
	}
	for _, line := range []string{"version 3", "version  3  # a comment", "\tversion 3"} {
		v, err := flickemup.Parse("my-town.scn", []byte(with(line)))
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if v.Version != 3 || v.EnvVersion() != 3 {
			t.Errorf("%q: Version %d, EnvVersion %d, want 3", line, v.Version, v.EnvVersion())
		}
		if v.Digest != sc.Digest {
			t.Errorf("%q: digest %s, want the file's without the line, %s", line, v.Digest, sc.Digest)
		}
		if id, err := flickemup.FileID("my-town.scn", v); err != nil || id != "flickemup/file/my-town-v3" {
			t.Errorf("%q: FileID %q, %v", line, id, err)
		}
	}
	// The version line names the line's number (5: after the title line moved down by one).
	for line, msg := range map[string]string{
		"version 0":            `my-town.scn:5: version: "0": want a positive decimal integer`,
		"version -1":           `my-town.scn:5: version: "-1": want a positive decimal integer`,
		"version 09":           `my-town.scn:5: version: "09": want a positive decimal integer`,
		"version 3.0":          `my-town.scn:5: version: "3.0": want a positive decimal integer`,
		"version v3":           `my-town.scn:5: version: "v3": want a positive decimal integer`,
		"version 1e3":          `my-town.scn:5: version: "1e3": want a positive decimal integer`,
		"version 9999999999":   `my-town.scn:5: version: "9999999999": want a positive decimal integer`,
		"version":              `my-town.scn:5: version: missing version number`,
		"version 3 4":          `my-town.scn:5: version: unexpected word "4"`,
		"version n=3":          `my-town.scn:5: version.n: unknown key`,
		"version 3\nversion 4": `my-town.scn:6: version: given twice (first on line 5)`,
	} {
		_, err := flickemup.Parse("my-town.scn", []byte(with(line)))
		if err == nil || !strings.Contains(err.Error(), msg) {
			t.Errorf("%q: error %v, want %q", line, err, msg)
		}
	}
	// Every scenario of ours declares its version, which names its env id.
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		if sc.Version < 1 || flickemup.ScenarioID(in.Name) != "flickemup/"+in.Name+"-v"+strconv.Itoa(sc.Version) {
			t.Errorf("%s: version %d, id %s", in.Name, sc.Version, flickemup.ScenarioID(in.Name))
		}
	}
	if got := flickemup.ScenarioID("nowhere"); got != "flickemup/nowhere-v"+strconv.Itoa(flickemup.RulesVersion) {
		t.Errorf("ID of a name not ours: %s, want RulesVersion's", got)
	}
}
