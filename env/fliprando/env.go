package fliprando

import (
	"fmt"
	"math/rand/v2"

	"github.com/flickarena/flickarena/env"
)

// ID is the versioned id the game registers under. Bump the version on any
// change of rules, observations or rewards.
const ID = "fliprando-v1"

// Reward selects the terminal reward of [Env].
type Reward uint8

// Terminal rewards (see the package doc, "Rewards").
const (
	RewardRank   Reward = iota // 1 − 2r/(N−1) by mean rank position r, ties shared
	RewardWin                  // 1/k to each of the k winners, 0 to the others
	RewardMargin               // (own total − mean of the others)/50, clipped to [−1, 1]
)

// ShapingUnit is the number of points of total that make one unit of the
// shaping reward.
const ShapingUnit = 50

// Env adapts a [Game] to [env.Game] as [ID]. It implements env.Shaper.
type Env struct {
	g      Game
	reward Reward
	spec   env.Spec
	before [MaxPlayers]int // totals before the last Step
	delta  [MaxPlayers]int // change of totals in the last Step
}

// optionSpecs are the options of [Factory] (see "# Arguments" in the package
// doc); their defaults are [DefaultConfig]'s and our rulings.
var optionSpecs = env.OptionSpecs{
	{Key: "players", Type: env.OptionInt, Min: 2, Max: MaxPlayers, Default: "2",
		Doc: "number of seats"},
	{Key: "first", Type: env.OptionInt, Min: -1, Max: MaxPlayers - 1, Default: "0",
		Doc: "seat that starts every round (below players), or -1 to draw it at each reset"},
	{Key: "move_legs", Type: env.OptionBool, Default: "false",
		Doc: "ruling A4's alternative: the MOVE multiplier counts the legs of one activation"},
	{Key: "literal_phase1", Type: env.OptionBool, Default: "false",
		Doc: "ruling A10's alternative: Phase 1 may reactivate a tile it just blocked"},
	{Key: "slot_per_round", Type: env.OptionBool, Default: "false",
		Doc: "ruling A12's alternative: every end of round moves the counter one slot (19 rounds)"},
	{Key: "hidden_weather", Type: env.OptionBool, Default: "false",
		Doc: "ruling A13's alternative: weather tokens stay face down until the counter reaches them"},
	{Key: "negative_scores", Type: env.OptionBool, Default: "false",
		Doc: "ruling A14's alternative: losing 3 points may take a score below 0"},
	{Key: "reward", Type: env.OptionString, Choices: []string{"rank", "win", "margin"}, Default: "rank",
		Doc: "terminal reward: rank (by final rank, ties shared), win (1/k to each of k winners) or margin (total minus the others' mean, /50 points, clipped to ±1)"},
}

// Factory is the env.Factory of the game; its options are listed in the
// package doc under "Arguments" and declared by [Env.OptionSpecs].
func Factory(opts env.Options) (env.Game, error) {
	// Unknown options are refused: a typo must not silently give a default game.
	v, err := optionSpecs.Parse(opts)
	if err != nil {
		return nil, fmt.Errorf("fliprando: %w", err)
	}
	cfg := DefaultConfig()
	cfg.Players = v.Int("players")
	cfg.FirstPlayer = v.Int("first")
	cfg.MoveLegs = v.Bool("move_legs")
	cfg.LiteralPhase1 = v.Bool("literal_phase1")
	cfg.SlotPerRound = v.Bool("slot_per_round")
	cfg.HiddenWeather = v.Bool("hidden_weather")
	cfg.NegativeScores = v.Bool("negative_scores")
	switch v.String("reward") {
	case "rank":
		cfg.Reward = RewardRank
	case "win":
		cfg.Reward = RewardWin
	case "margin":
		cfg.Reward = RewardMargin
	}
	e, err := NewEnv(cfg)
	if err != nil {
		// Return a nil interface, not a nil *Env inside an interface.
		return nil, err
	}
	return e, nil
}

// OptionSpecs implements [env.OptionDeclarer]: the options of [Factory].
func (e *Env) OptionSpecs() env.OptionSpecs { return optionSpecs }

// NewEnv returns an Env for cfg, dealt from cfg.Seed until its first Reset.
func NewEnv(cfg Config) (*Env, error) {
	g, err := New(cfg)
	if err != nil {
		return nil, err
	}
	return &Env{g: *g, reward: cfg.Reward, spec: newSpec(cfg)}, nil
}

// Register adds the game to r under [ID].
func Register(r *env.Registry) error { return r.Register(ID, Factory) }

// actionNames names the 112 action values.
var actionNames = func() []string {
	s := make([]string, NumActions)
	for a := range Action(NumActions) {
		s[a] = a.String()
	}
	return s
}()

func newSpec(cfg Config) env.Spec {
	return env.Spec{
		ID:         ID,
		NumPlayers: cfg.Players,
		Obs: []env.Field{
			{Name: "hikers", Size: NumColours * NumVertices, Low: 0, High: 1, Doc: "one-hot vertex of each hiker, by colour"},
			{Name: "tokens", Size: NumSlots*NumColours + NumSlots, Low: 0, High: 1, Doc: "colour one-hot per slot, then 1 if the value face shows"},
			{Name: "markers", Size: 9, Low: 0, High: 1, Doc: "marker slot x holds kind k at 3x+k"},
			{Name: "weather", Size: NumSlotsWeather * 6, Low: 0, High: 1, Doc: "per slot: lightning, thunder, sun, wind, rain, hidden"},
			{Name: "counter", Size: NumSlotsWeather, Low: 0, High: 1, Doc: "one-hot slot of the round counter"},
			{Name: "round", Size: 15, Low: 0, High: 1, Doc: "one-hot round (later rounds show as 15)"},
			{Name: "pile", Size: 8, Low: 0, High: 1, Doc: "top back colour one-hot (7th: empty), size/66"},
			{Name: "cards", Size: 3 * NumCards, Low: 0, High: 1, Doc: "multi-hot: discard pile, own hand, all played cards"},
			{Name: "seats", Size: MaxPlayers * seatSize, Low: -1, High: 2, Doc: "56 values per seat from the observer, padded to 5 (see the package doc)"},
			{Name: "decision", Size: decisionSize, Low: 0, High: 1, Doc: "the pending decision's type and context"},
			{Name: "to_act", Size: MaxPlayers, Low: 0, High: 1, Doc: "one-hot relative seat that decides now"},
		},
		Heads: []env.Head{{Name: "action", N: NumActions, Values: actionNames}},
	}
}

// Engine returns the rules engine, read only for bots (changing it behind the Env's back
// breaks the shaping reward).
func (e *Env) Engine() *Game { return &e.g }

// EncodeAction writes engine action a of the seat to act into dst, or
// returns an error wrapping env.ErrIllegalAction when a is not legal now
// (a bot's bug, refused before it reaches the game).
func (e *Env) EncodeAction(dst env.Action, a Action) error {
	if err := e.g.Check(a); err != nil {
		return err
	}
	return EncodeAction(dst, a)
}

// DecodeAction reads the engine action from src (see the package-level
// [DecodeAction]); whether it is legal now is [Game.Check]'s job.
func (e *Env) DecodeAction(src env.Action) (Action, error) { return DecodeAction(src) }

// Spec implements env.Game.
func (e *Env) Spec() *env.Spec { return &e.spec }

// Reset implements env.Game: it deals from two draws of rng.
func (e *Env) Reset(rng *rand.Rand) error {
	e.g.Reset(rng)
	e.before, e.delta = [MaxPlayers]int{}, [MaxPlayers]int{}
	return nil
}

// CurrentPlayer implements env.Game.
func (e *Env) CurrentPlayer() int { return e.g.Current() }

// Mask implements env.Game: the legal actions of the pending decision.
func (e *Env) Mask(dst []bool) {
	clear(dst)
	var buf [NumActions]Action
	for _, a := range e.g.Legal(buf[:0]) {
		dst[a] = true
	}
}

// Validate implements env.Game.
func (e *Env) Validate(a env.Action) error {
	x, err := DecodeAction(a)
	if err != nil {
		return err
	}
	return e.g.Check(x)
}

// DefaultAction implements env.Game: the lowest legal index (pass where
// legal).
func (e *Env) DefaultAction(dst env.Action) {
	var buf [NumActions]Action
	l := e.g.Legal(buf[:0])
	dst.Discrete[0] = 0
	if len(l) > 0 {
		dst.Discrete[0] = int32(l[0])
	}
}

// Step implements env.Game.
func (e *Env) Step(a env.Action) (env.Status, error) {
	x, err := DecodeAction(a)
	if err != nil {
		return env.Running, err
	}
	n := e.g.cfg.Players
	for p := range n {
		e.before[p] = e.g.Total(p)
	}
	if err := e.g.Apply(x); err != nil {
		return env.Running, err
	}
	for p := range n {
		e.delta[p] = e.g.Total(p) - e.before[p]
	}
	if e.g.Over() {
		return env.Terminated, nil
	}
	return env.Running, nil
}

// Shaping implements env.Shaper: each seat's change of total in the last
// Step, in units of ShapingUnit points.
func (e *Env) Shaping(dst []float32) {
	for p := range e.g.cfg.Players {
		dst[p] = float32(e.delta[p]) / ShapingUnit
	}
}

// Outcome implements env.Game (see the package doc, "Rewards").
func (e *Env) Outcome(dst []float32) {
	RankValues(dst, e.g.Scores(nil), e.reward)
}

// RankValues writes into dst each seat's terminal reward for the final
// totals under reward r.
func RankValues(dst []float32, totals []float64, r Reward) {
	n := len(totals)
	for p, t := range totals {
		higher, equal, sum := 0, 0, 0.0
		for _, u := range totals {
			switch {
			case u > t:
				higher++
			case u == t:
				equal++
			}
			sum += u
		}
		switch r {
		case RewardWin:
			dst[p] = 0
			if higher == 0 {
				dst[p] = 1 / float32(equal)
			}
		case RewardMargin:
			m := (t - (sum-t)/float64(n-1)) / 50
			dst[p] = float32(max(-1, min(1, m)))
		default:
			rank := float64(higher) + float64(equal-1)/2
			dst[p] = float32(1 - 2*rank/float64(n-1))
		}
	}
}

// Hash implements env.Game: the engine's [Game.Hash].
func (e *Env) Hash() uint64 { return e.g.Hash() }
