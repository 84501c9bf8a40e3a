package viewer

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"html/template"

	"github.com/flickarena/flickarena/replay"
)

// static holds the page's sources: the HTML skeleton, its style sheet and its script. They
// are put together into one file by [Page], so the page needs no build step and fetches
// nothing but the replays it is asked to show.
//
//go:embed static/viewer.html static/viewer.css static/viewer.js static/play.js
var static embed.FS

// Placeholders of the HTML skeleton, replaced by the style sheet, the script and the data.
const (
	slotCSS  = "/*CSS*/"
	slotJS   = "/*JS*/"
	slotData = "/*DATA*/"
	slotPlay = "/*PLAY*/" // in the script: the play mode's part (static/play.js), in its scope
)

// Named is a replay with the name a viewer shows for it.
type Named struct {
	// Name is shown in the page's list of replays.
	Name string
	// Replay is the replay.
	Replay *replay.Replay
}

// pageData is the JSON the page reads from its data script.
type pageData struct {
	// Server says that the page is served by [Handler]: it lists replays/ and may watch live.
	Server bool `json:"server,omitempty"`
	// Live says that the server has a live game to watch.
	Live bool `json:"live,omitempty"`
	// CanPlay says that the server has a play mode, which the page links to.
	CanPlay bool `json:"can_play,omitempty"`
	// Play says that the page is the play mode's (served at play/ by [Handler]): it plays
	// games through the API under api/.
	Play bool `json:"play,omitempty"`
	// Replays are replays embedded in the page.
	Replays []embedded `json:"replays,omitempty"`
}

// embedded is one replay in a page: its JSON lines, compressed with gzip, in base64.
type embedded struct {
	Name string `json:"name"`
	Gzip string `json:"gz"`
}

// build returns the page with data in its data script.
func build(data pageData) ([]byte, error) {
	skel, err := static.ReadFile("static/viewer.html")
	if err != nil {
		return nil, fmt.Errorf("viewer: %w", err)
	}
	css, err := static.ReadFile("static/viewer.css")
	if err != nil {
		return nil, fmt.Errorf("viewer: %w", err)
	}
	js, err := static.ReadFile("static/viewer.js")
	if err != nil {
		return nil, fmt.Errorf("viewer: %w", err)
	}
	playJS, err := static.ReadFile("static/play.js")
	if err != nil {
		return nil, fmt.Errorf("viewer: %w", err)
	}
	js = bytes.Replace(js, []byte(slotPlay), playJS, 1)
	// json.Marshal escapes <, > and &, so the data cannot close its script element.
	d, err := json.Marshal(data)
	if err != nil {
		return nil, fmt.Errorf("viewer: %w", err)
	}
	out := bytes.Replace(skel, []byte(slotCSS), css, 1)
	out = bytes.Replace(out, []byte(slotData), d, 1)
	out = bytes.Replace(out, []byte(slotJS), js, 1)
	return out, nil
}

// Page returns the viewer page with no replay in it: it opens the replay named by its
// "replay" query parameter (a URL), or a file the user picks or drops on it.
func Page() []byte {
	p, err := build(pageData{})
	if err != nil {
		panic(err) // the sources are embedded: reading them cannot fail
	}
	return p
}

// Standalone returns a self-contained viewer page holding replays: one HTML file that any
// browser opens without a server or a network, with a list to choose among the replays.
func Standalone(replays ...Named) ([]byte, error) {
	var data pageData
	for _, r := range replays {
		e, err := embed1(r)
		if err != nil {
			return nil, err
		}
		data.Replays = append(data.Replays, e)
	}
	return build(data)
}

// embed1 compresses one replay for a page.
func embed1(n Named) (embedded, error) {
	lines, err := replay.Marshal(n.Replay)
	if err != nil {
		return embedded{}, fmt.Errorf("viewer: replay %q: %w", n.Name, err)
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
	if _, err := zw.Write(lines); err != nil {
		return embedded{}, fmt.Errorf("viewer: replay %q: %w", n.Name, err)
	}
	if err := zw.Close(); err != nil {
		return embedded{}, fmt.Errorf("viewer: replay %q: %w", n.Name, err)
	}
	return embedded{Name: n.Name, Gzip: base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// FrameHeight is the height of the frame that [Section] puts the viewer in, in CSS pixels.
const FrameHeight = 900

// Section returns an HTML fragment that shows replays in a viewer inside another page (the
// arena's report): an iframe whose srcdoc is the [Standalone] page, so that the viewer's
// style and script cannot clash with the host page's, and nothing is fetched.
func Section(replays ...Named) (template.HTML, error) {
	page, err := Standalone(replays...)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, `<iframe class="replay-viewer" title="Replay viewer" style="width:100%%;height:%dpx;border:1px solid #d8c8a8;border-radius:8px" srcdoc="`, FrameHeight)
	b.WriteString(html.EscapeString(string(page)))
	b.WriteString(`"></iframe>`)
	return template.HTML(b.String()), nil
}
