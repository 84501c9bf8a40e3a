package report

import (
	"bytes"
	"cmp"
	_ "embed"
	"errors"
	"fmt"
	"html/template"
	"io"
)

// The page's template and style sheet, inlined into every report.
var (
	//go:embed report.html.tmpl
	pageTemplate string
	//go:embed style.css
	styleCSS string
)

// tmpl is the parsed page template.
var tmpl = template.Must(template.New("report").Funcs(template.FuncMap{
	"px": px,
}).Parse(pageTemplate))

// Write renders the report of data as one self-contained HTML page to w.
// Nothing is written when the data cannot be shown; the error says why
// ([ErrLOSShape], [ErrLOSWithoutModel]) or reports the writer's error.
func Write(w io.Writer, data Data) error {
	p, err := build(&data)
	if err != nil {
		return err
	}
	return render(w, p)
}

// DefaultTuneTitle is the title of WriteTunes's page when its title is empty.
const DefaultTuneTitle = "Flickarena knob search"

// WriteTunes renders the knob searches ts as one self-contained HTML page to w: the
// report's tuning section alone, styled as the report, under title (default
// [DefaultTuneTitle]). Each search shows the value it finds balanced (see
// [BestTuneValue]), the verdicts, and the plot of the side score against the knob's
// values with the search's intervals and the balanced zone, one group of rows per pair of
// bots. 'arena tune --html' writes it. Nothing is written when ts is empty.
func WriteTunes(w io.Writer, title string, ts []Tune) error {
	if len(ts) == 0 {
		return errors.New("report: no knob search to write")
	}
	return render(w, &page{
		Title:     cmp.Or(title, DefaultTuneTitle),
		CSS:       template.CSS(styleCSS),
		Tunes:     tunes(ts),
		TunesOnly: true,
	})
}

// render executes the page template on p and writes the page to w, nothing on an error.
func render(w io.Writer, p *page) error {
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, p); err != nil {
		return fmt.Errorf("report: render: %w", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("report: write: %w", err)
	}
	return nil
}
