package env

// RulesDocumenter is implemented by a game that says, in text for clients
// that know it only from the wire (ListGames' GameInfo), what its [Spec]
// cannot: how it rewards its seats and which actions its factorised mask
// allows but its rules refuse. Every game of this module implements it.
type RulesDocumenter interface {
	// RewardDoc says how the game rewards its seats: the outcome reward at
	// every number of seats and under every option that changes it, each
	// value's range, and the shaping reward ([Shaper]) with its unit.
	RewardDoc() string
	// JointRuleDoc says which heads each kind of action uses and which
	// combinations of head values, each allowed by the mask, the game
	// still refuses ([Game.Validate]); a game without such rules says so.
	JointRuleDoc() string
}
