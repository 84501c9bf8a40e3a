package report

import (
	"errors"
	"fmt"
	"html/template"
	"math"
	"time"

	"gonum.org/v1/gonum/mat"

	"github.com/flickarena/flickarena/arena/rating"
)

// Data is everything the report shows. Only Model, Balances or SeatBalances
// is needed; the sections without data say so on the page.
type Data struct {
	// Title is the page's title and main heading. Default "Flickarena
	// arena report".
	Title string
	// Generation says how the results were produced.
	Generation Generation
	// Model is the fitted joint rating: the rating table, the error-bar plot
	// and the LOS matrix. Nil leaves those sections with a note (for
	// instance when the fit failed; say why in Notes).
	Model *rating.Model
	// LOS is the likelihood-of-superiority matrix, in Model.Bots order:
	// LOS.At(i, j) is the probability that bot i is stronger than bot j.
	// Nil means Model.LOS(). Supply it to show another estimate, such as
	// bootstrap CFS values (the page then does not call it the joint fit's).
	LOS *mat.Dense
	// Versions maps a bot's name to its version, shown in the rating table;
	// a bot without an entry shows "—".
	Versions map[string]string
	// Balances are the two-seat statistics of the two-seat scenarios.
	Balances []rating.Balance
	// SeatBalances are the per-seat statistics of the scenarios of any
	// number of seats (two-seat ones too); they name the seats, and a
	// two-seat scenario's block takes its seat names from them.
	SeatBalances []rating.SeatBalance
	// Sides names the two sides of a two-seat scenario that has no
	// SeatBalance (one with a SeatBalance is named by it) and gives the
	// margin of the "balanced zone"; it should be the configuration that
	// produced Balances. Empty fields take the values of
	// rating.DefaultBalanceConfig().
	Sides rating.BalanceConfig
	// Tunes are the knob searches of 'arena tune' among the games, each shown as a plot of
	// the side score against the knob; none leaves the section out.
	Tunes []Tune
	// Notes are remarks shown prominently under the generation details,
	// such as "the fit used a prior because two bots never lost".
	Notes []string
	// Sections are extra sections appended to the page, in order.
	Sections []Section
}

// Generation describes the run that produced the report's data.
type Generation struct {
	// Command is the command line that produced the results.
	Command string
	// Time is when the report was generated; the zero time omits it (and
	// keeps the output reproducible).
	Time time.Time
	// Games counts the games played, void games included (the rated games
	// are Model.Games).
	Games int
	// Params are the tournament's parameters, shown in order.
	Params []Param
}

// Param is one named parameter of the tournament, such as "schedule" =
// "round-robin".
type Param struct {
	Key, Value string
}

// Section is an extra section of the page: a heading and an HTML fragment.
//
// HTML is trusted: it is inserted as it is, so it must come from code (a
// template that escaped its own data), never from bot or scenario names
// directly. To keep the page self-contained it must not fetch anything.
type Section struct {
	// Title is the section's heading; it is escaped.
	Title string
	// HTML is the section's body.
	HTML template.HTML
}

// Errors returned by Write for data it cannot show.
var (
	// ErrLOSShape: Data.LOS is not n×n for the n bots of the model.
	ErrLOSShape = errors.New("report: LOS matrix does not match the model's bots")
	// ErrLOSWithoutModel: Data.LOS is set but Data.Model is nil.
	ErrLOSWithoutModel = errors.New("report: LOS matrix without a model")
)

// los returns the LOS matrix to show, checking its shape.
func (d *Data) los() (*mat.Dense, error) {
	if d.Model == nil {
		if d.LOS != nil {
			return nil, ErrLOSWithoutModel
		}
		return nil, nil
	}
	n := len(d.Model.Bots)
	if d.LOS == nil {
		if n == 0 {
			return nil, nil
		}
		return d.Model.LOS(), nil
	}
	if r, c := d.LOS.Dims(); r != n || c != n {
		return nil, fmt.Errorf("%w: %d×%d for %d bots", ErrLOSShape, r, c, n)
	}
	return d.LOS, nil
}

// sides returns the balance configuration with its defaults filled in.
func (d *Data) sides() rating.BalanceConfig {
	c := d.Sides
	def := rating.DefaultBalanceConfig()
	if c.SideX == "" {
		c.SideX = def.SideX
	}
	if c.SideY == "" {
		c.SideY = def.SideY
	}
	if c.Margin <= 0 || math.IsNaN(c.Margin) {
		c.Margin = def.Margin
	}
	return c
}
