// Package rating is the pure rating and balance maths of the arena: Elo
// ratings with honest error bars for games of two or more seats,
// head-to-head statistics, SPRT, scenario balance and PGN export. It follows
// the model stated in docs/decisions/rating-model.md (whose sections the
// comments cite as §1 to §8; its test vectors are this package's tests);
// "Plackett–Luce for N seats" below extends it to games of more than two
// seats (docs/decisions/rating-plackett-luce.md).
//
// It knows no database, no I/O beyond an [io.Writer] for PGN, and nothing of
// games or bots beyond their names. Library code never prints or logs.
//
// # Conventions
//
//   - Elo is the logistic 400 scale (cutechess, fastchess, fishtest):
//     L(x) = 1/(1+10^(−x/400)) is the expected score of a player x Elo
//     stronger ([Expected]), and Elo(s) = 400·log10(s/(1−s)) its inverse
//     ([Elo]). It is not Ordo's default scale (0.88% larger) nor BayesElo's;
//     never mix scales in one table, and print the scale in its header.
//   - A game's result is side X's score: 1, ½ or 0. Side X is side 0 of the
//     scenario (the first team, e.g. the lawmen); who moved first is recorded
//     separately ([Game.First]). Draws count as half points everywhere.
//   - Every interval is a two-sided 95% interval, z = [Z95].
//   - Fitted ratings are relative to the pool mean (Σr = 0) unless anchors
//     are given ([Config.Anchors]); per-bot intervals are relative to that
//     reference. Compare two bots with [Model.PairwiseSE] or [Model.LOS],
//     never with the per-bot intervals.
//   - Void games ([EndVoid], arena faults) are skipped by every function.
//     Forfeits count as ordinary wins and losses.
//   - Determinism: results do not depend on the order of the games, bit for
//     bit: bots, scenarios, cells and clusters are sorted before any sum.
//
// # Model
//
// [Fit] estimates, by maximum likelihood, a rating r per bot and an advantage
// h_c per scenario for side X (optionally a global first-mover term f):
//
//	E[score of side X] = L(r_X − r_Y + h_c + f·m),  m = +1 if X moved first, −1 if Y did.
//
// The quasi-log-likelihood Σ y·ln p + (1−y)·ln(1−p), y ∈ {0, ½, 1}, treats a
// draw as half a win (Ordo's estimating equations): at the estimate every
// bot's points equal its expected points, and side X's points in each
// scenario equal their expectation. It is maximized by Newton's method with
// step halving from θ = 0, one bot's column dropped and the ratings
// re-centred afterwards; the linear algebra is gonum's (Cholesky). Games
// are aggregated into cells (bots, scenario, first mover) first, so an
// iteration costs O(cells), not O(games).
//
// The estimate exists only for connected, "strongly connected" data. Fit
// refuses, with typed errors, data it cannot put on one scale:
//   - [*DisconnectedError]: groups of bots no chain of games links;
//   - [*SeparationError]: groups no outside bot ever scored against
//     (Hunter's condition), scenarios where one side scored every point, or,
//     found by the fit itself, a combination of both whose estimates diverge.
//
// An optional Gaussian prior ([Config.Prior], [Config.SidePrior]) makes
// separated data finite (MAP); it is off by default, and [Model.Config]
// records which one was active. Its intervals account for it (see
// "Uncertainty under a prior").
//
// # Uncertainty
//
// The default covariance is the cluster-robust sandwich J⁻¹MJ⁻¹ with
// M = Σₖ uₖuₖᵀ, uₖ the score of cluster k: the games sharing a [Game.Pair]
// (one pair: same scenario and seed, sides swapped), or single games. It
// uses the empirical variance, so draws and the correlation within a pair
// are accounted for; for two bots it reduces to the pentanomial (or
// trinomial) standard error of §2. The model-based J⁻¹ is available as a
// fallback ([ModelBased]).
//
// # Uncertainty under a prior
//
// With a prior the estimate is the MAP θ̂, the maximum of ℓ(θ) − ½θᵀPθ, P
// the prior's precision (1/τ² on the diagonal of the parameters it
// covers). Its Hessian is H = J + P, and expanding the score around the
// truth θ gives θ̂ − θ ≈ H⁻¹(U(θ) − Pθ): a sampling error H⁻¹U of covariance
// H⁻¹·Var(U)·H⁻¹ and a shrinkage bias −H⁻¹Pθ. The old sandwich H⁻¹MH⁻¹
// estimated the first only. For a bot the data barely inform (one that
// never scored) the prior fixes the estimate, the bias is everything and the
// sampling error nothing: 0 points in 90 games got ±33 Elo while the
// posterior says ±281. Averaged over θ drawn from the prior, E[Pθθᵀ P] = P,
// so the error's second moment is H⁻¹(Var(U) + P)H⁻¹; with Var(U) = J it is
// the posterior curvature H⁻¹ = (J + P)⁻¹.
//
// Two estimates of Var(U) are at hand: the clusters' M (draws and pair
// correlation included, but near zero for a bot that never scores: a rare
// event's variance is estimated from no events), and the model's
// J_D = κ²Σ_cells (n·p(1−p) − D/4)·zzᵀ, the variance of the scores given
// each cell's D observed draws (Var y = p(1−p) − d/4), right for rare events
// but blind to the pairs' correlation. Under a prior, [Sandwich] reports
//
//	V = R + (B − R)₊,  R = H⁻¹(M + P)H⁻¹,  B = H⁻¹(J_D + P)H⁻¹,
//
// (·)₊ keeping the positive eigenvalues: V ⪰ R and V ⪰ B in the Loewner
// order, so every contrast (a rating, a difference, a LOS) gets at least the
// larger of the two variances. [ModelBased] under a prior is H⁻¹, the
// posterior curvature. Without a prior nothing changes: J⁻¹MJ⁻¹.
//
// The truth these intervals cover is each bot's strength minus the pool's
// mean strength (what [Bot.Elo] estimates). Chosen by simulation
// (prior_test.go, 200 replays of a pool with strengths −700, +100, +150,
// +200, +250 Elo, 150 pairs with draws and correlated pairs, τ = 400), the
// fraction of 1000 intervals containing the truth was: V 0.951 (0.885 for
// the hopeless bot), H⁻¹MH⁻¹ 0.840, R 0.862, H⁻¹ 0.971 (too wide with
// draws); with strengths drawn from the prior in each replay, V covered
// 0.939. At a fixed truth the prior's bias remains: a bot far in the
// prior's tail (−900 Elo against a pool of +225 with τ = 400, 2.25τ) is
// covered 85% of the time and pulls the others' centred intervals off too.
// Use a wide prior (τ ≥ 400) or more games when a bot is hopeless.
//
// # Plackett–Luce for N seats
//
// [FitRankings] rates finishing orders ([Ranking]) of any number of seats.
// In a game of k seats, seat s holds bot b(s) with strength
// η_s = κ·(r_b(s) + a_c,s), κ = ln10/400: its rating plus the advantage of
// seat s in scenario c, in Elo, with a_c,0 = 0 (seat 0 is the reference).
// The probability of the order o (o₁ best) is Luce's sequential choice,
//
//	P(o) = Π_{j=1..k} e^η_oⱼ / Σ_{l≥j} e^η_oₗ,
//
// the first place chosen among all seats, the second among the rest, and
// so on. Two seats give P(seat 0 first) = L(r_b(0) − r_b(1) − a_c,1): the
// Bradley–Terry model of [Fit] with side X's term h_c = −a_c,1. Any two
// seats finish in the order of that formula too (Luce's choice axiom), so
// a seat term's P = L(a) is the chance that seat s finishes ahead of seat
// 0 between equal bots.
//
// A shared place counts as the average of the orderings it stands for: the
// log-likelihood of a ranking is the mean of ln P(o) over the orderings o
// that break its ties. For two seats that is a draw's half point
// (½ ln p + ½ ln(1−p)). For a place G of t seats above the set L of the
// seats below it, the orderings leave, at the step where m seats of G are
// still unplaced, a uniform m-subset S of G, so
//
//	ℓ = Σ_s η_s − Σ_places Σ_{∅≠S⊆G} ln(Σ_{l∈S∪L} e^η_l) / C(t, |S|),
//
// a sum over 2^t subsets per place (without ties, Σ_j [η_oⱼ − ln Σ_{l≥j}
// e^η_oₗ]). It is concave in the parameters: each term is minus a
// log-sum-exp of linear functions. Its score for seat l is κ·(1 − Σ_R w_R
// π_R,l) and its information κ²Σ_R w_R (diag π_R − π_R π_Rᵀ), over the
// risk sets R = S ∪ L with weights w_R = 1/C(t, |S|) and choice
// probabilities π_R,l = e^η_l/Σ_R e^η; mapped through each seat's bot and
// seat parameter. It is maximized by Newton's method exactly as [Fit]
// (rankings of one shape, the same scenario, bots per seat and places,
// aggregated first; ratings centred or anchored; the same prior).
//
// Existence generalises Hunter's condition: the "finished ahead of or level
// with" digraph of the bots must be strongly connected (a shared place is
// an edge both ways), else a [*SeparationError] names the groups, strongest
// first; so must the seats' digraph of each scenario (else the scenario is
// named: a group of seats never finished behind the others). A
// [*DisconnectedError] names groups of bots that never shared a game.
//
// Errors: the sandwich J⁻¹MJ⁻¹ clustered by [Ranking.Cluster], the
// rotation set (the games of one seed with the seating rotated; for two
// seats, the pair). Under a prior, V = R + (B − R)₊ as for [Fit], with
// J_D generalised: per cell (scenario and bots per seat), the information
// minus, for each shared place, the variance of the score over the
// orderings the place stands for, κ²·Var(Σ_m π(S_m ∪ L)) (for a
// two-seat draw exactly ¼·zzᵀ, Fit's D/4), negative eigenvalues clipped
// (Fit's floor at zero). The variance is summed over the nested pairs of
// subsets, 3^t terms; [MaxShared] bounds t.
//
// Two-seat rankings ([RankingsFromGames]) give Fit's ratings, intervals, side
// terms and LOS (TestFitRankings_TwoSeatsIsFit: to 1e-7 Elo and the printed
// digit; the fits differ only in rounding). The N-seat fit matches choix
// (testdata/make_pl_vectors.py: choix.ilsr_rankings, maximum likelihood
// without regularisation, natural-log strengths θ = κ·Elo; shared places
// given to choix as all their orderings, equally weighted) to 5e-15 on 1800
// rankings of 2 to 5 seats.
//
// # Where each section of the model lives
//
//	§1 game record             Game, Side, End
//	§2 two-bot statistics      Trinomial, Pentanomial, Stats, HeadToHead,
//	                           Trinomial.LOSWL, Trinomial.LOSExact
//	§3 joint MLE               Fit, Config, Model, DisconnectedError, SeparationError
//	N seats (Plackett–Luce)    FitRankings, Ranking, RankingsFromGames, Model.Seats,
//	                           RankingError
//	§5 uncertainty             Bot (SE, Lo, Hi), Advantage, Model.PairwiseSE,
//	                           Model.LOS, Model.Cov
//	§6 SPRT                    SPRT, Decision, Verdict, Scale
//	§7 scenario balance        Balances, Balance, BalanceConfig, Wilson
//	PGN export                 WritePGN, PGNConfig
//
// Not implemented: the full-likelihood draw models of §4 (Davidson,
// Rao–Kupper/BayesElo), a bootstrap of the intervals, Ordo-style bounds for
// separated bots, BayesElo's virtual-draw prior, per-tier balance and the
// balance SPRT.
//
// # Example
//
//	m, err := rating.Fit(games, rating.DefaultConfig())
//	var sep *rating.SeparationError
//	if errors.As(err, &sep) {
//		m, err = rating.Fit(games, rating.Config{Prior: 600, SidePrior: 600}) // say so in the report
//	}
//	if err != nil {
//		return err
//	}
//	for _, b := range m.Bots {
//		fmt.Printf("%-12s %+7.1f [%+.1f, %+.1f]\n", b.Name, b.Elo, b.Lo, b.Hi)
//	}
package rating
