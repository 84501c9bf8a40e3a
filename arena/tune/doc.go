// Package tune is the knob search of 'arena tune': it finds the value of a scenario's knob
// at which a game is balanced between one or more pairs of bots, and reads a recorded search
// back as the search judged it, for the report.
//
// A [Search] names the knob's values, the pairs of bots, the look size, the most games per
// value and pair, the balanced zone of the side score (seat 0's score: 1 a win, ½ a draw, 0 a
// loss) and the names of the two sides. Each value and pair is one tournament of pairs of
// games with sides swapped on one seed; [Search.Run] plays them through a [Tournaments] (in
// cmd/arena, the arena's runner and store) and returns a [Result], which the command prints
// and [Result.Tune] turns into the report's [report.Tune].
//
// # The search
//
// The search is a group-sequential test. Every value plays [Search.Look] games, then the
// next Look, and so on up to [Search.MaxGames]. At each look a pair's side score gets an
// interval from its pair means, mean ± z·sd/√pairs, z for a two-sided 95% level spread over
// the looks by Bonferroni ([LookZ]: z = Φ⁻¹(1 − 0.05/(2·looks))), so the 95% holds however
// many looks are taken; two pseudo-pairs, one scoring 0 and one 1, are added to the sd, so
// that a few equal results never give a zero-width interval ([SideScore]).
//
// A pair whose interval lies wholly outside the zone is [ClearlyOff], wholly inside it
// [Balanced]. The pairs of a value play in order; a pair already balanced plays no more while
// the value's other pairs go on, and a pair clearly off (or degenerate) stops the value:
// it plays no more games of any pair. A value is balanced when every pair is, and the search
// stops after the first look at which a value is balanced, when no value is live, or after
// the last look. The value found is [report.BestTuneValue]'s ([Result.Found]).
//
// # Degenerate values
//
// A value whose games are (nearly) all draws, or that one side never wins, is not balanced
// however near 50% its score: a turn cap that ends every game first scores exactly 50%. At
// the look where a pair's interval first lies inside the zone, the pair is [Degenerate]
// instead of balanced when more than [MaxDrawShare] of its games so far are draws, or when
// one side has won none of them. A degenerate value, like a clearly-off one, plays no more
// and is never the value found.
//
// # Recorded searches
//
// The runs of a search's tournaments are labelled ([Labels], [SearchID]) so that [Recorded]
// reads the search back from the store exactly: each value's side score and interval at the
// last complete look, up to the look where the search stopped, by the same rule. The
// tournaments of an arena before the labels are read by the order of their runs and the
// variants' game ids ([VariantID], [KnobValue]).
//
// The package prints nothing: progress goes to a [Progress]'s callbacks.
package tune
