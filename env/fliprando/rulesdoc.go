package fliprando

import "github.com/flickarena/flickarena/env"

// RewardDoc implements env.RulesDocumenter (see the package doc, "Rewards").
func (e *Env) RewardDoc() string {
	return "2 to 5 seats. Outcome, on the step that ends the game, by final rank, ties shared (option reward=rank, the " +
		"default): a seat's value is 1 - 2r/(N-1), N seats, r the mean of the 0-based rank positions its tied group " +
		"spans (two seats: +1 win, -1 loss, 0 tie; three: +1, 0, -1). Option reward=win: 1/k to each of the k winners, " +
		"0 to the others. Option reward=margin: (own total - mean of the others' totals) / 50 points, clipped to " +
		"[-1, 1]. Shaping: each seat's change of total over the step (score track plus projected obstacle and pair " +
		"points), in points / 50."
}

// JointRuleDoc implements env.RulesDocumenter (see the package doc, "Action Space").
func (e *Env) JointRuleDoc() string {
	return "One head, action (112 values), and no continuous dims: the mask is exactly the set of legal actions, so " +
		"every value it allows is legal and there is no joint rule. The acting seat (current_player) may differ from " +
		"the turn's player (toggles, end-of-round choices, discards)."
}

// The interface check.
var _ env.RulesDocumenter = (*Env)(nil)
