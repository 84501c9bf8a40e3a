// Package tactics is what the Flick 'em Up! bots know of the game beyond geometry: a
// [Situation] read from the engine for one decision, the scenario's objectives sorted by what
// they ask ([Objectives]: deliveries of tokens, kills, who wins at noon), the errands they give
// each cowboy (carry, fetch, deny, hide; [Situation.Errands]), routes around the scenery
// ([Field]), and the candidate actions of the cowboy being played with their rough worth:
// moves ([Situation.Moves], [Situation.Toward]), shots and duels ([Situation.Shots]) and
// dynamite throws ([Situation.Throws]), plus how exposed a position is
// ([Situation.Opportunity], [Situation.Chance]).
//
// The aimer decides with these numbers alone; the planner uses them to propose candidates,
// which it then simulates. Values are in hit points (a hit is worth 1), distances in cm.
//
// A Situation only reads what every player may know: the table, the cowboys, face-up tokens,
// and the scenario file (which says what each face-down pile holds, not which token a cowboy
// will draw). It never reads hidden water quality.
package tactics
