package report

import (
	"cmp"
	"math"
)

// plot is the geometry of an interval plot, drawn by the template as inline
// SVG: rows of a value with its 95% interval (a dot, or a bar from the axis
// origin) against a horizontal axis. Coordinates are SVG user units, which the
// page scales to its width; one unit is one CSS pixel at full width.
type plot struct {
	ID, Class   string // the svg element's id and extra class
	Title, Desc string // its accessible name and description
	Width       float64
	Height      float64
	Left, Right float64 // the x range of the plot area
	Top, Bottom float64 // the y range of the plot area (rows and bands)
	LabelX      float64 // right edge of the row labels
	ValueX      float64 // left edge of the value texts
	Ticks       []tick
	AxisLabel   string
	Ref         *refLine  // a reference line across the rows, or nil
	Bands       []band    // shaded zones behind the rows
	Headers     []header  // group headings between rows
	Rows        []row     // the marks
	Legend      []legend  // the key, above the plot area
	Ends        [2]string // words under the two ends of the axis, e.g. "← Y favoured"
	LegendY     float64   // baseline of the legend
}

// tick is an axis tick with its grid line.
type tick struct {
	X     float64
	Label string
}

// refLine is a vertical reference line, such as 0 Elo or 50%.
type refLine struct {
	X     float64
	Label string
}

// band is a shaded zone of the plot area, such as the balanced zone.
type band struct {
	X0, X1, Y0, Y1 float64
	Label          string
}

// header is a group heading between rows.
type header struct {
	Y     float64
	Label string
}

// legend is one entry of a plot's key; Kind selects its symbol ("dot",
// "interval", "ref", "band", or a bar class such as "bar-x").
type legend struct {
	X     float64
	Kind  string
	Label string
}

// row is one mark of a plot.
type row struct {
	Class string  // the mark's class, the hook for tests: elo-mark, rate-mark...
	Name  string  // the data-name attribute: the bot or scenario, in full
	Y     float64 // the row's centre line
	Label string  // the label left of the plot area (possibly truncated)
	Value string  // the text right of the plot area
	Tip   string  // the tooltip (the SVG title): full name and figures
	Zebra bool    // draw the row's background stripe
	// Missing rows (a NaN value) have a label and "—" but no mark.
	Missing bool
	// Bar draws a bar from Origin to X, with BarClass (its colour), instead
	// of a dot.
	Bar      bool
	BarClass string
	Origin   float64
	X        float64 // the value
	X0, X1   float64 // the interval
	// Raw draws the dot hollow: a raw estimate rather than the model's.
	Raw bool
	// ClipLo and ClipHi say the interval runs off the axis on that side; an
	// arrow head is drawn at the edge.
	ClipLo, ClipHi bool
}

// Layout of every plot, in user units (CSS pixels at full width).
const (
	plotWidth  = 880.0
	labelRight = 200.0 // labels end here
	areaLeft   = 214.0 // plot area
	areaRight  = 680.0
	valueLeft  = 696.0 // value texts start here
	rowHeight  = 26.0
	headerH    = 24.0 // a group heading's height
	legendH    = 30.0 // the key above the plot area
	axisH      = 56.0 // tick labels, axis title and end words under the plot area
	labelRunes = 23   // longest row label before truncation (bold, about 8.5 units a character)
)

// scale maps a data interval onto the plot area's x range.
type scale struct {
	lo, hi float64 // domain
}

// x returns the position of v, clamped to the plot area, and whether it was
// clamped.
func (s scale) x(v float64) (float64, bool) {
	switch {
	case math.IsNaN(v):
		return areaLeft, true
	case v < s.lo:
		return areaLeft, true
	case v > s.hi:
		return areaRight, true
	}
	return areaLeft + (v-s.lo)/(s.hi-s.lo)*(areaRight-areaLeft), false
}

// at returns the position of v, clamped.
func (s scale) at(v float64) float64 {
	x, _ := s.x(v)
	return x
}

// niceScale returns a domain covering [lo, hi] whose ends are multiples of a
// "nice" step (1, 2 or 5 times a power of ten) giving about target ticks, and
// those ticks. fmt formats a tick's value.
func niceScale(lo, hi float64, target int, fmt func(float64) string) (scale, []tick) {
	if !(hi > lo) {
		lo, hi = lo-1, hi+1
	}
	step := niceStep((hi - lo) / float64(target))
	s := scale{lo: math.Floor(lo/step) * step, hi: math.Ceil(hi/step) * step}
	var ticks []tick
	n := int(math.Round((s.hi - s.lo) / step))
	for i := 0; i <= n; i++ {
		v := s.lo + float64(i)*step
		if math.Abs(v) < step*1e-9 {
			v = 0 // no "−0"
		}
		ticks = append(ticks, tick{X: s.at(v), Label: fmt(v)})
	}
	return s, ticks
}

// niceStep returns the smallest of 1, 2 and 5 times a power of ten that is at
// least raw.
func niceStep(raw float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// interval sets the row's value and interval positions on the scale.
func (r *row) interval(s scale, v, lo, hi float64) {
	if math.IsNaN(v) {
		r.Missing = true
		return
	}
	r.X = s.at(v)
	r.X0, r.ClipLo = s.x(lo)
	r.X1, r.ClipHi = s.x(hi)
	if math.IsNaN(lo) {
		r.X0, r.ClipLo = r.X, false
	}
	if math.IsNaN(hi) {
		r.X1, r.ClipHi = r.X, false
	}
}

// Geometry helpers for the template.

// TickY is the baseline of the tick labels.
func (p plot) TickY() float64 { return p.Bottom + 18 }

// AxisLabelY is the baseline of the axis title and end words.
func (p plot) AxisLabelY() float64 { return p.Bottom + 40 }

// Mid is the centre of the plot area.
func (p plot) Mid() float64 { return (p.Left + p.Right) / 2 }

// W and H are the band's size.
func (b band) W() float64 { return b.X1 - b.X0 }

// H is the band's height.
func (b band) H() float64 { return b.Y1 - b.Y0 }

// StripeY and StripeH place the row's background stripe.
func (r row) StripeY() float64 { return r.Y - rowHeight/2 }

// StripeH is the height of the row's background stripe.
func (r row) StripeH() float64 { return rowHeight }

// TextY is the baseline of the row's texts.
func (r row) TextY() float64 { return r.Y + 4 }

// BarX is the left edge of the row's bar.
func (r row) BarX() float64 { return math.Min(r.Origin, r.X) }

// BarW is the bar's width.
func (r row) BarW() float64 { return math.Abs(r.X - r.Origin) }

// BarY is the top of the bar.
func (r row) BarY() float64 { return r.Y - r.BarH()/2 }

// BarH is the bar's height.
func (r row) BarH() float64 { return 14 }

// CapY0 is the top of the interval's end caps.
func (r row) CapY0() float64 { return r.Y - 5 }

// CapY1 is the bottom of the interval's end caps.
func (r row) CapY1() float64 { return r.Y + 5 }

// ArrowLo is the arrow head of an interval clipped on the left.
func (r row) ArrowLo() string { return arrow(r.X0, r.Y, 1) }

// ArrowHi is the arrow head of an interval clipped on the right.
func (r row) ArrowHi() string { return arrow(r.X1, r.Y, -1) }

// arrow returns the points of an arrow head whose tip is at (x, y), opening
// towards dir (+1: right).
func arrow(x, y, dir float64) string {
	return px(x) + "," + px(y) + " " + px(x+8*dir) + "," + px(y-5) + " " + px(x+8*dir) + "," + px(y+5)
}

// shareRows adds rows of percentages with their intervals to a plot on a 0-100% scale, under
// group headings, striped alternately within each group; y is where the next row goes.
type shareRows struct {
	p     *plot
	s     scale
	y     float64
	zebra bool
}

// newShareRows puts p on the 0-100% scale, with its ticks and axisLabel, and returns the rows
// to fill it from y (px) down.
func newShareRows(p *plot, y float64, axisLabel string) *shareRows {
	s, ticks := niceScale(0, 1, 10, func(v float64) string { return pct(v, 0) })
	p.Ticks = ticks
	p.AxisLabel = axisLabel
	return &shareRows{p: p, s: s, y: y}
}

// add appends row r showing v in [lo, hi] (fractions; v NaN: shown as missing). r's Tip, if
// empty, is its Label; the value is appended to it.
func (b *shareRows) add(r row, v, lo, hi float64) {
	r.Y = b.y + rowHeight/2
	r.Zebra = b.zebra
	b.zebra = !b.zebra
	r.Value = pct(v, 1) + " " + pctRange(lo, hi)
	r.Tip = cmp.Or(r.Tip, r.Label) + ": " + r.Value
	r.Label = truncate(r.Label, labelRunes)
	if math.IsNaN(v) {
		r.Value = missing
	}
	r.interval(b.s, v, lo, hi)
	b.p.Rows = append(b.p.Rows, r)
	b.y += rowHeight
}

// group starts a group of rows under the heading label.
func (b *shareRows) group(label string) {
	b.y += headerH
	b.p.Headers = append(b.p.Headers, header{Y: b.y - 8, Label: label})
	b.zebra = false
}
