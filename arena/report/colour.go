package report

import (
	"fmt"
	"html/template"
	"math"
)

// rgb is a colour in sRGB, components in [0, 255].
type rgb struct{ r, g, b float64 }

// hex returns the colour as "#rrggbb".
func (c rgb) hex() string {
	return fmt.Sprintf("#%02x%02x%02x", int(math.Round(c.r)), int(math.Round(c.g)), int(math.Round(c.b)))
}

// mix returns the colour a fraction t of the way from c to d.
func (c rgb) mix(d rgb, t float64) rgb {
	return rgb{c.r + t*(d.r-c.r), c.g + t*(d.g-c.g), c.b + t*(d.b-c.b)}
}

// The LOS colour scale diverges from red (the row bot is surely weaker)
// through near-white (a coin toss) to blue (surely stronger), a pair that
// readers with red-green colour blindness tell apart.
var (
	losLow  = rgb{0xb2, 0x3a, 0x2f}
	losMid  = rgb{0xf7, 0xf7, 0xf5}
	losHigh = rgb{0x1f, 0x5f, 0xa6}
	losDiag = rgb{0xe4, 0xe7, 0xeb}
)

// losColor returns the colour of a likelihood of superiority p in [0, 1].
func losColor(p float64) rgb {
	switch {
	case math.IsNaN(p):
		return losDiag
	case p < 0.5:
		return losMid.mix(losLow, math.Min(1, (0.5-p)*2))
	}
	return losMid.mix(losHigh, math.Min(1, (p-0.5)*2))
}

// cellStyle returns the inline style of an LOS cell: its background, and a
// text colour that stays readable on it.
func cellStyle(p float64) template.CSS {
	fg := "#1f2933"
	if !math.IsNaN(p) && math.Abs(p-0.5) > 0.3 {
		fg = "#ffffff"
	}
	return template.CSS("background-color:" + losColor(p).hex() + ";color:" + fg)
}
