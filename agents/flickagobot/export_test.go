package flickagobot

// NewPlannerV1 returns a planner with budget b searching as version 1 did (fineSearch, the
// best max(24, 2 × b.Candidates) flicks rated over the execution errors), so that tests can
// play the versions against each other.
func NewPlannerV1(b Budget) *Planner {
	p := NewPlanner(b)
	p.sr, p.keepPer, p.exact = fineSearch, 2, true
	return p
}

// NewPlannerV2 returns a planner with budget b searching as version 2 did (plannerSearchV2,
// the best max(24, 6 × b.Candidates) flicks rated over the execution errors), so that tests
// can play the versions against each other.
func NewPlannerV2(b Budget) *Planner {
	p := NewPlanner(b)
	p.sr, p.keepPer, p.exact = plannerSearchV2, plannerKeepPer, true
	return p
}

// NewPlannerV3 returns a planner with budget b searching as version 3 did (simulating on the
// game's own physics), so that tests can play the versions against each other.
func NewPlannerV3(b Budget) *Planner {
	p := NewPlanner(b)
	p.exact = true
	return p
}

// LiteV2 and DefaultV2 are version 2's budgets of planner-lite and planner.
var (
	LiteV2    = Budget{Candidates: 3, Samples: 2}
	DefaultV2 = Budget{Candidates: 10, Samples: 3}
)

// LiteV1 and DefaultV1 are version 1's budgets of planner-lite and planner.
var (
	LiteV1    = Budget{Candidates: 8, Samples: 2}
	DefaultV1 = Budget{Candidates: 20, Samples: 4}
)

// NewAimerV2 returns the aimer searching as version 2 did (aimerSearchV2), so that tests can
// play the versions against each other.
func NewAimerV2() *Aimer { return &Aimer{sr: aimerSearchV2} }

// NewAimerV3 returns the aimer searching as version 3 did (aimerSearchV3), so that tests can
// play the versions against each other.
func NewAimerV3() *Aimer { return &Aimer{sr: aimerSearchV3} }
