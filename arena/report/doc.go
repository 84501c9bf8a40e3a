// Package report writes the arena's HTML report: one self-contained page that
// a player or a scenario designer opens in a browser, with
//
//   - how the report was generated: the command line, the tournament
//     parameters, the number of games, the rating model and its options;
//   - the rating table: rank, bot, version, Elo with its 95% interval, games,
//     score and the likelihood of superiority over the next bot;
//   - an error-bar plot of the ratings with their 95% intervals;
//   - the likelihood-of-superiority (LOS) matrix as a heat map;
//   - per scenario, of any number of seats, the balance block: the verdict in
//     large type; for two seats a plot of the win rates and draw rate with
//     Wilson intervals, the first seat's and the first mover's scores, the side
//     advantage in Elo; for more seats a plot of each seat's win share and
//     score against the others; a table of the seats (wins, win share, mean
//     place, mean points, score, advantage adjusted for the bots when a model
//     gives it); the game lengths and the endings grouped by kind; the seats
//     named as the game names them; and an overview plot of the side
//     advantage of every two-seat scenario;
//   - the knob searches of 'arena tune' ([Tune]), if any: per search, the side score
//     against the knob's values with the search's intervals, the balanced zone shaded,
//     one group of rows per pair of bots ([TunePair]) when the search balanced several,
//     the value found balanced ([BestTuneValue], the rule 'arena tune' reports by too),
//     each value's verdict, the look the search is judged at ([Tune].Note) and, for an
//     older search of the same command, that it is superseded ([Tune].Superseded); [WriteTunes] renders this section alone as a page of its
//     own (the page of 'arena tune --html');
//   - optional extra sections, HTML fragments supplied by the caller (the
//     replay viewers, for instance).
//
// The figures come from package rating (a fitted [rating.Model] and
// [rating.Balances]); this package only lays them out. [Write] renders [Data]
// with html/template: every name and string from the data is escaped, and the
// plots are inline SVG drawn here, so the report itself needs no script and
// fetches nothing (no CDN, no font, no image); only an extra Section (the
// embedded replay viewer) may bring its own inline script. It prints cleanly.
//
// # Stable hooks
//
// Tests and tools find the parts of the page by these ids and classes:
//
//	#ratings           the rating table section; table#rating-table
//	#elo-plot          the error-bar SVG; one g.elo-mark per bot (data-name: the bot)
//	#los-matrix        the LOS table; one td.los-cell per pair, n×n with the diagonal
//	#balance           the balance section; svg#side-plot, one g.side-mark per scenario (data-name)
//	#balance-N         scenario N's block (N from 1, in scenario name order), class balance, data-seats
//	#balance-plot-N    its two-seat plot, class balance-plot; g.rate-mark and g.score-mark rows
//	#seat-plot-N       its per-seat plot (more than two seats), class seat-plot; g.seat-mark rows
//	#seat-table-N      its seat table, class seat-table; one tr.seat-row per seat (data-seat from 1)
//	#tune              the tuning section; #tune-N search N's block (from 1), class tune;
//	                   p.tune-superseded in the block of a superseded search
//	#tune-plot-N       its plot, class tune-plot; one g.tune-mark per value and pair of bots (data-name: the value)
//	#section-N         extra section N (from 1), class extra
//
// The output is deterministic: the same Data gives the same bytes.
package report
