package planner

import (
	"fmt"

	"github.com/flickarena/flickarena/agents/flickemupbot"
)

// String returns the budget as "<candidates>x<samples>", followed by "+r<reply>" when the
// search plays the enemy's answer.
func (b Budget) String() string {
	if b.Reply > 0 {
		return fmt.Sprintf("%dx%d+r%d", b.Candidates, b.Samples, b.Reply)
	}
	return fmt.Sprintf("%dx%d", b.Candidates, b.Samples)
}

// NewBot returns a planner with budget b as an arena bot called name, at version
// "<Version>/<budget>" (so that a change of budget is a new bot for the arena).
func NewBot(name string, b Budget) *flickemupbot.Policy {
	p := New(b)
	return flickemupbot.NewPolicy(name, Version+"/"+p.budget.String(), p)
}
