package flickemup_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

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
