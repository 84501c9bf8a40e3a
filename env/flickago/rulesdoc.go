package flickago

// RewardDoc implements env.RulesDocumenter (see the package doc, "Rewards").
func (e *Env) RewardDoc() string {
	return "Two seats. Outcome, on the step that ends the game: +1 to the seat with the higher score, -1 to the lower, " +
		"0 each for a draw; a truncated episode (max_turns flicks) gets none. Shaping: each seat's change over the step " +
		"of its score margin (own points minus the opponent's, as if the game ended now), in tens of points."
}

// JointRuleDoc implements env.RulesDocumenter (see the package doc, "Action Space").
func (e *Env) JointRuleDoc() string {
	return "Heads: return (0 none, d+1 sends own disc d back to the reserve before the flick), source (a reserve disc " +
		"on a start point, or a face-up family disc on the board) and star (the waiting inspector's star, placement " +
		"phase only); a head the phase does not use must be 0, the only value its mask allows. The value names say " +
		"each value's disc and kind: \"disc 7 (F)\", \"point 1 (F)\", \"family disc 7\", \"none\". Joint rules, " +
		"which the factorised mask cannot say (return comes before source): a family disc cannot be both returned and " +
		"flicked; a start point whose kind of disc (T or F) the observer's reserve lacks (obs field reserve: its T, " +
		"then its F) is usable only with a return of a disc of that kind. Continuous values within their bounds are " +
		"always legal."
}
