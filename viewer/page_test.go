package viewer_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"encoding/json"
	"html"
	"io"
	"regexp"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
	"github.com/flickarena/flickarena/viewer"
)

// raceReplay records a short game of Race (no physics: fast).
func raceReplay(t *testing.T, key uint64) *replay.Replay {
	t.Helper()
	return replaytest.Play(t, replaytest.Registry(t), race.ID, nil, key, 0, env.RandomPolicy{})
}

// dataOf returns the JSON of a page's data script.
func dataOf(t *testing.T, page []byte) map[string]any {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script id="flick-data" type="application/json">(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("no data script in the page")
	}
	var d map[string]any
	if err := json.Unmarshal(m[1], &d); err != nil {
		t.Fatalf("data script %q: %v", m[1], err)
	}
	return d
}

// selfContained fails t if the page would fetch anything from elsewhere.
func selfContained(t *testing.T, page []byte) {
	t.Helper()
	for _, bad := range []string{"/*CSS*/", "/*JS*/", "/*DATA*/"} {
		if bytes.Contains(page, []byte(bad)) {
			t.Errorf("placeholder %s left in the page", bad)
		}
	}
	for _, re := range []string{`https?://`, `<script[^>]+src=`, `<link[^>]+href="[^d]`, `@import`, `url\(`} {
		if loc := regexp.MustCompile(re).FindIndex(page); loc != nil {
			t.Errorf("the page refers to an outside resource: %q", page[loc[0]:min(loc[1]+40, len(page))])
		}
	}
}

func TestPage(t *testing.T) {
	p := viewer.Page()
	selfContained(t, p)
	if d := dataOf(t, p); len(d) != 0 {
		t.Errorf("the bare page has data %v", d)
	}
	for _, id := range []string{`id="table"`, `id="timeline"`, `id="play"`, `id="actions"`, `id="speed"`, `id="next"`, `id="prev"`} {
		if !bytes.Contains(p, []byte(id)) {
			t.Errorf("the page has no element %s", id)
		}
	}
}

func TestStandalone(t *testing.T) {
	r1, r2 := raceReplay(t, 1), raceReplay(t, 2)
	p, err := viewer.Standalone(viewer.Named{Name: "first </script> game", Replay: r1}, viewer.Named{Name: "second", Replay: r2})
	if err != nil {
		t.Fatal(err)
	}
	selfContained(t, p)
	if n := bytes.Count(p, []byte("</script>")); n != 2 {
		t.Errorf("%d closing script tags, want 2: a name closed the data script", n)
	}
	d := dataOf(t, p)
	list, _ := d["replays"].([]any)
	if len(list) != 2 {
		t.Fatalf("%d embedded replays, want 2", len(list))
	}
	for i, r := range []*replay.Replay{r1, r2} {
		e := list[i].(map[string]any)
		zipped, err := base64.StdEncoding.DecodeString(e["gz"].(string))
		if err != nil {
			t.Fatal(err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped))
		if err != nil {
			t.Fatal(err)
		}
		got, _ := io.ReadAll(zr)
		want, _ := replay.Marshal(r)
		if !bytes.Equal(got, want) {
			t.Errorf("replay %d: the embedded lines are not the replay's", i)
		}
	}
	if list[0].(map[string]any)["name"] != "first </script> game" {
		t.Errorf("name %v", list[0].(map[string]any)["name"])
	}
}

func TestSection(t *testing.T) {
	r := raceReplay(t, 3)
	s, err := viewer.Section(viewer.Named{Name: "game", Replay: r})
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)^<iframe [^>]*srcdoc="([^"]*)"></iframe>$`).FindStringSubmatch(string(s))
	if m == nil {
		t.Fatalf("not one iframe with a srcdoc: %.200s", s)
	}
	page, err := viewer.Standalone(viewer.Named{Name: "game", Replay: r})
	if err != nil {
		t.Fatal(err)
	}
	if html.UnescapeString(m[1]) != string(page) {
		t.Error("the srcdoc is not the standalone page")
	}
	if strings.Contains(m[1], "<") {
		t.Error("the srcdoc is not escaped")
	}
}
