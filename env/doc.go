// Package env is the game-independent reinforcement-learning contract of
// Flickarena: the [Game] interface every game implements, the [Spec] that
// describes its spaces, a [Registry] of versioned game ids, and [Vector],
// the batched environment that steps N games in parallel, with seeding,
// autoreset, illegal-action handling and the self-play and single-agent
// views. It follows Gymnasium and PettingZoo semantics in the batch-first,
// struct-of-arrays shape of EnvPool and Pgx. It knows no concrete game and
// no gRPC.
//
// # Writing a game
//
// Implement [Game] (eleven methods, each with its contract) and, for a dense
// reward, [Shaper]; export a [Factory] that parses [Options] and a
// Register(*env.Registry) function; document the game with Gymnasium's
// headings; call envtest.Run from the game's tests. Package env/race is a
// complete, commented template.
//
// # Spaces
//
// Observations are a fixed-size float32 vector of Spec.ObsSize() values,
// the concatenation of the named, bounded fields in Spec.Obs.
//
// The native action space is hybrid: one int32 per discrete head
// (Spec.Heads, Gymnasium's MultiDiscrete nvec = Spec.NVec()) and one
// float32 per continuous dim (Spec.Dims, a Box with per-dim Low and High in
// physical units). The legal-action mask is factorised: one bool per value
// of each head, Spec.MaskSize() in all, head h starting at
// Spec.MaskOffset(h). A combination of allowed values can still break a
// joint rule of the game, which [Game.Validate] reports; continuous values
// within bounds are always legal.
//
// Two flattened variants serve libraries without hybrid actions (see
// [Spec.DecodeBox] and [Spec.DecodeMultiDiscrete]): a Box of
// Spec.BoxSize() floats in [-1, 1] (per-value scores decoded by argmax,
// optionally restricted to the mask, then normalised continuous values),
// and a MultiDiscrete that bins each continuous dim. Both decoders are
// total, fuzz-tested functions.
//
// # The Vector
//
// [NewVector] creates N games with a [Factory] and starts a worker pool
// (Config.Workers goroutines, GOMAXPROCS by default, the caller's included).
// [Vector.Reset] and [Vector.Step] are synchronous: they hand env indices
// out in chunks through an atomic counter, so that one slow game does not
// stall a static share, and return when every env is done. No goroutine is
// started per step or per env, and a Step allocates nothing.
//
// Each call fills the Vector's [Batch]: Obs [N×ObsSize], Reward [N×P],
// Terminated, Truncated, CurrentPlayer, Mask [N×MaskSize], StateHash,
// Episode, Illegal, EpisodeReturn [N×P] and EpisodeLength at episode ends,
// and FinalObs and FinalStateHash in SameStep mode. Actions go in through
// [Actions], struct-of-arrays too.
//
// # Buffer ownership
//
// The Batch returned by Reset and Step belongs to the Vector, is allocated
// once, and is overwritten by the next call: read or copy it before calling
// again, and never write to it. The Actions passed to Step are read during
// the call only. Between a Game and its caller, every slice passed in (dst,
// an Action) is owned by the caller and valid during the call only; a
// Game's Spec is owned by the Game and read-only for everyone else.
//
// # Who moves next
//
// Games are turn-based: exactly one seat acts per game per step, the
// game's current player, reported in Batch.CurrentPlayer. The game decides
// who moves next (alternation, initiative, several moves in a row).
//
// In the [SelfPlay] view (default) the caller acts for every seat: Step
// applies the action of row i for seat CurrentPlayer[i], and Obs[i] is
// that seat's observation. In the [SingleAgent] view the caller is the
// agent, seat 0 by default: the Vector plays every other seat inside Reset
// and Step with Config.Opponent (a [Policy]; [RandomPolicy] by default), so
// a running env is always returned with the agent's seat to move, and Obs
// is the agent's. For league-style training, Config.OpponentMix draws each
// episode's opponent from weighted policies, and Config.Seat lets the
// agent's seat alternate or be drawn per episode (reported in
// Batch.AgentSeat); both draws come from a third stream of the episode's
// (key, e), used only when there is something to draw. A [Policy] is the
// same interface a Go bot implements for the arena.
//
// # Rewards
//
// Reward[i×P+p] is the sum, over every transition made in env i during
// the call (in the SingleAgent view, the agent's move and the opponents'
// replies), of seat p's rewards. By default they are the game's outcome,
// given once, on the step that terminates the episode: +1 for a win, -1 for
// a loss, 0 for a draw (values in [-1, 1] rank more than two players). With
// Config.Shaping = w ≠ 0, w × the game's shaping reward ([Shaper]) is added
// after every move. In [ReplaceIllegal] mode, Config.IllegalPenalty is
// subtracted from the seat whose action was replaced. Moves the opponents
// make before the agent's first turn of an episode give no reward.
//
// # Episode end: Terminated and Truncated
//
// Terminated[i] means the game's rules ended the episode: the state is
// terminal and carries the outcome. Truncated[i] means the episode was cut
// short in a non-terminal state: the Vector's step limit
// (Config.MaxEpisodeSteps, or else Spec.MaxEpisodeSteps, counted in Vector
// steps), the game's own safety cap, or a game fault; a truncated episode
// has no outcome reward, and a learner may bootstrap from its last
// observation. The two are never both set. On the call where an episode
// ends, EpisodeReturn and EpisodeLength hold its totals (Gymnasium's
// info["episode"]); they are zero on other rows. Episode end is data,
// never an error.
//
// # Autoreset
//
// Autoreset is declared in Config.Autoreset and applies per env:
//
//   - [NextStep] (default; Gymnasium ≥ 1.0, EnvPool): the step that ends
//     an episode returns its last observation with the flag set, and the
//     Mask row all true. The next Step resets that env instead of stepping
//     it: its action is ignored (not even checked), its row has the new
//     episode's first observation, zero reward, both flags false.
//   - [SameStep] (Gymnasium SAME_STEP): the step that ends an episode also
//     resets the env. Reward, Terminated, Truncated, EpisodeReturn and
//     EpisodeLength describe the episode that ended, FinalObs and
//     FinalStateHash its last state; Obs, Mask, CurrentPlayer, StateHash
//     and Episode already describe the new episode, which the next action
//     plays.
//   - [Disabled]: an ended env stays ended (flag still set, Mask all true)
//     and Step refuses the whole batch with [ErrEpisodeOver] until
//     [Vector.ResetMask] resets it: a partial reset of the selected envs
//     that leaves the others untouched.
//
// # Seeding
//
// Every env owns a 64-bit key: EnvKey(seed, Config.EnvOffset+i) after Reset(seed), seeds[i]
// after ResetMask(mask, seeds). Episode e of an env (counted from 0 since
// its key was set, one more at every reset of that env, reported in
// Batch.Episode) draws from a PCG generator seeded from (key, e) alone,
// through the SplitMix64 finaliser; the opponents of the SingleAgent view
// draw from a second, separate stream of the same (key, e). [EpisodeRand]
// rebuilds the game's generator of any episode. So a result never depends
// on goroutine scheduling, on the number of workers or on GOMAXPROCS, an
// autoreset episode is as reproducible as the first, and any env of a pool
// can be replayed alone (ResetMask(nil, []uint64{EnvKey(seed, i)}) on a
// one-env Vector).
//
// # Illegal actions
//
// Config.Illegal chooses: [RejectIllegal] (default; APIs, arena) checks
// every action of the batch (ranges, finiteness, bounds, mask, then the
// game's joint rules) before stepping any env, and on the first illegal
// one returns an *[ActionError] naming the env and the action part, with no
// change to any env; [ReplaceIllegal] (training) plays the game's
// DefaultAction instead, sets Batch.Illegal and applies the penalty.
//
// # Errors
//
// Errors are values: [ErrUnknownGame], [ErrIllegalAction] (wrapped by
// *[ActionError]), [ErrShape], [ErrNotReset], [ErrEpisodeOver] and
// [ErrClosed], and *[EnvError] for a game that failed (returned an error or
// panicked). A failed game does not bring the Vector down: its row is
// reported Truncated with a zero observation, Step returns the batch with
// the *EnvError of the lowest failed env, and the env is reset at its next
// step (or by ResetMask when autoreset is Disabled).
//
// # Concurrency
//
// A Vector is driven by one goroutine at a time. It calls the methods of
// one Game from one worker at a time, but Games of one Vector run in
// parallel: they must share no mutable state. A Registry is safe for
// concurrent use; a Policy given to a Vector must be too.
package env
