package report

import (
	"bytes"
	_ "embed"
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
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, p); err != nil {
		return fmt.Errorf("report: render: %w", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("report: write: %w", err)
	}
	return nil
}
