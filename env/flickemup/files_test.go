package flickemup_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
)

func TestFileID(t *testing.T) {
	for path, want := range map[string]string{
		"designs/my-town.scn": "flickemup/file/my-town-v9",
		"a_b9.scn":            "flickemup/file/a_b9-v9",
		"My Town.scn":         "",
		"my-town.txt":         "",
		".scn":                "",
		"-x.scn":              "",
	} {
		got, err := flickemup.FileID(path, nil)
		if got != want || (err != nil) != (want == "") {
			t.Errorf("FileID(%q) = %q, %v; want %q", path, got, err, want)
		}
		if err != nil && !strings.Contains(err.Error(), path+": file: ") {
			t.Errorf("FileID(%q): error %q does not name the file and the field", path, err)
		}
	}
}

// TestRegisterFiles: a directory's .scn files are served each under its FileID, playing the
// file's scenario with the file's digest; any problem registers nothing and lists every one.
func TestRegisterFiles(t *testing.T) {
	dir := t.TempDir()
	src, err := flickemup.Source("showdown")
	if err != nil {
		t.Fatal(err)
	}
	edited := []byte(strings.Replace(string(src), "hour=6", "hour=8", 1))
	for name, data := range map[string][]byte{"a.scn": src, "b.scn": edited, "notes.txt": []byte("x")} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	reg := env.NewRegistry()
	ids, err := flickemup.RegisterFiles(reg, dir)
	if err != nil {
		t.Fatal(err)
	}
	// Copies of showdown.scn, its version line with them.
	sd, err := flickemup.Load("showdown")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("flickemup/file/a-v%[1]d flickemup/file/b-v%[1]d", sd.Version); strings.Join(ids, " ") != want {
		t.Fatalf("ids %v", ids)
	}
	digests := map[string]string{}
	for _, id := range ids {
		g, err := reg.New(id, env.Options{"max_decisions": "10"})
		if err != nil {
			t.Fatal(err)
		}
		e := g.(*flickemup.Env)
		if g.Spec().ID != id || e.Engine().Scenario().Name != "showdown" || len(e.ContentDigest()) != 64 {
			t.Errorf("%s: spec %s, scenario %s, digest %q", id, g.Spec().ID, e.Engine().Scenario().Name, e.ContentDigest())
		}
		digests[id] = e.ContentDigest()
	}
	if digests[ids[0]] == digests[ids[1]] {
		t.Error("two different files, one digest")
	}
	if e, _ := flickemup.NewEnv(flickemup.DefaultConfig()); e.ContentDigest() != digests[ids[0]] {
		t.Error("the library's showdown and its copy digest differently")
	}

	bad := filepath.Join(dir, "c.scn")
	if err := os.WriteFile(bad, []byte("scenario c\nstart hour=13\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	reg2 := env.NewRegistry()
	_, err = flickemup.RegisterFiles(reg2, dir, filepath.Join(dir, "missing.scn"))
	if err == nil || !strings.Contains(err.Error(), bad+":2: start.hour: ") || !strings.Contains(err.Error(), "missing.scn") {
		t.Errorf("error %v, want c.scn's problems by line and the missing file", err)
	}
	if len(reg2.IDs()) != 0 {
		t.Errorf("registered %v despite the problems", reg2.IDs())
	}
}
