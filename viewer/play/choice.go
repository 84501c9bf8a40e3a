package play

import (
	"fmt"
	"slices"
	"strings"

	"github.com/flickarena/flickarena/draw"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/replay"
)

// MaxCombinations bounds the discrete combinations [legalChoices] tries for one turn: the
// product of the values each head's mask allows. The games' largest turn (Flick 'em Up!,
// every head open at once) is under 16,000.
const MaxCombinations = 1 << 16

// Choice is one legal action of the seat to move, as the page offers it: a discrete
// combination that the game's Validate accepts, with its label and, for a flick, where to aim
// it from. The page sends its index back.
type Choice struct {
	// Label names the action ("select 3", "shoot left", "flick point 2 (T)").
	Label string `json:"label"`
	// Discrete holds the action's heads.
	Discrete []int32 `json:"d"`
	// Aim, for an action that flicks a piece in a game that is an [Aimer], says where from.
	Aim *draw.Aim `json:"aim,omitempty"`
}

// legalChoices lists the legal actions of the seat to move in g, whose mask is mask: every
// combination of the values the mask allows, each head in turn, that the game's Validate
// accepts with the dims at rest (the middle of their bounds: continuous values within their
// bounds are always legal). Combinations that say the same (the same label: a head the action
// does not use, set to another value) are listed once, the first of them. The mask is
// factorised, so this is the list of the legal discrete actions that the mask alone cannot
// give.
func legalChoices(g env.Game, mask []bool) ([]Choice, error) {
	spec := g.Spec()
	allowed := make([][]int32, len(spec.Heads))
	n := 1
	for h, hd := range spec.Heads {
		off := spec.MaskOffset(h)
		for v := range hd.N {
			if mask[off+v] {
				allowed[h] = append(allowed[h], int32(v))
			}
		}
		if len(allowed[h]) == 0 {
			return nil, fmt.Errorf("head %q: the mask allows no value", hd.Name)
		}
		n *= len(allowed[h])
		if n > MaxCombinations {
			return nil, fmt.Errorf("more than %d combinations of the mask's values: too many to list", MaxCombinations)
		}
	}
	a := spec.NewAction()
	rest(spec, a.Continuous)
	desc, _ := g.(replay.Describer)
	aimer, _ := g.(Aimer)
	var out []Choice
	seen := map[string]bool{}
	idx := make([]int, len(spec.Heads))
	for range n {
		for h := range idx {
			a.Discrete[h] = allowed[h][idx[h]]
		}
		if g.Validate(a) == nil {
			c := Choice{Discrete: slices.Clone(a.Discrete)}
			if aimer != nil {
				if aim, ok := aimer.Aim(a); ok {
					c.Aim = &aim
					c.Label = aim.Label
				}
			}
			if c.Label == "" && desc != nil {
				c.Label = desc.DescribeAction(a)
			}
			if c.Label == "" {
				c.Label = headLabel(spec, allowed, a.Discrete)
			}
			if !seen[c.Label] {
				seen[c.Label] = true
				out = append(out, c)
			}
		}
		for h := len(idx) - 1; h >= 0; h-- { // the next combination, the last head fastest
			idx[h]++
			if idx[h] < len(allowed[h]) {
				break
			}
			idx[h] = 0
		}
	}
	return out, nil
}

// rest sets dims to the middle of their bounds.
func rest(spec *env.Spec, dims []float32) {
	for d, dm := range spec.Dims {
		dims[d] = dm.Low + (dm.High-dm.Low)/2
	}
}

// headLabel names a combination by its heads whose mask allows a choice, each by its value's
// name ("star 1"), for a game that does not describe its actions; "action" when no head
// has a choice.
func headLabel(spec *env.Spec, allowed [][]int32, d []int32) string {
	var parts []string
	for h, hd := range spec.Heads {
		if len(allowed[h]) < 2 {
			continue
		}
		if int(d[h]) < len(hd.Values) && hd.Values[d[h]] != "" {
			parts = append(parts, hd.Values[d[h]])
		} else {
			parts = append(parts, fmt.Sprintf("%s %d", hd.Name, d[h]))
		}
	}
	if len(parts) == 0 {
		return "action"
	}
	return strings.Join(parts, ", ")
}
