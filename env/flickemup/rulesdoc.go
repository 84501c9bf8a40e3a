package flickemup

// RewardDoc implements env.RulesDocumenter (see the package doc, "Rewards").
func (e *Env) RewardDoc() string {
	return "Two seats, one team each. Outcome, once, on the step that ends the game: +1 to the winning team's seat, " +
		"-1 to the other, 0 each for a draw; a truncated episode gets none. Shaping (option shaping=hp, the default; " +
		"shaping=none gives 0): after every decision, the change of the seat's team hit points minus the opponents', " +
		"divided by the larger team's most hit points (wiping out a full-strength team without loss earns about +1)."
}

// JointRuleDoc implements env.RulesDocumenter (see the package doc, "Action Space").
func (e *Env) JointRuleDoc() string {
	return "The kind head decides which other heads count: select uses cowboy (own cowboy number - 1); move uses vx, vy, " +
		"facing; shoot uses rifle, then side for a pistol shot (not for the Winchester), and vx, vy; duel uses cowboy " +
		"(an opposing cowboy), side, vx, vy; throw uses side, vx, vy; take uses token; exchange uses token and slot; " +
		"drop and drink use slot; keep uses slot only with a full inventory; leave and end-turn use none. In the " +
		"second-shot phase the kind is shoot and side and rifle are ignored. A head the kind does not use is ignored " +
		"whatever its value. Joint rule: the kind with the values of the heads it uses must be one of the state's legal " +
		"actions; values each allowed by the factorised mask can still not be one together (drinking from the slot " +
		"that holds gold, duelling a cowboy out of reach), and Validate refuses them with the engine's reason. " +
		"Continuous values within their bounds are always legal."
}
