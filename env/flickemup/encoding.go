package flickemup

import (
	"fmt"
	"math"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/physics"
)

// This file holds the fixed-size encodings of the env game: the spec, the observation vector,
// the native action and the factorised mask. Everything a seat sees and does is egocentric:
// the outlaws (seat 1) see the table turned by a half turn about its centre, so that both
// seats play "up the table" from their own edge and one network serves both.

// The heads of the native action, in order.
const (
	headKind   = iota // the action kind: value v is ActionKind v+1 (ActSelect .. ActEndTurn)
	headCowboy        // a cowboy number minus one: own (ActSelect) or opposing (ActDuel)
	headSide          // SideLeft or SideRight (ActShoot with pistols, ActDuel, ActThrow)
	headRifle         // 1 to shoot the Winchester (ActShoot in PhaseAct)
	headToken         // a token id (ActTake, ActExchange)
	headSlot          // an inventory slot (ActDrop, ActExchange, ActDrink, ActKeep with a full inventory)
	numHeads
)

// The continuous dims of the native action, in order.
const (
	dimVX     = iota // flick velocity along the seat's x, cm/s
	dimVY            // flick velocity along the seat's y (towards the opponent), cm/s
	dimFacing        // facing after a move, radians in the seat's frame
	numDims
)

// dimPush is the fourth dim of flick=aim (env.FlickAim): the speed beyond stopping on the
// target, in [0, 1]. With flick=aim dims dimVX and dimVY are the target point where the
// flicked piece should stop, egocentric, / table width and / table height; see aim.go.
const dimPush = numDims

// Fixed sizes of the encodings, the same for every scenario so that one network can serve
// every scenario id.
const (
	// MaxTokens is the most tokens a scenario can hold: every token of the box (the sum of
	// [TokenKind.Limit]). It sizes the "token" head and the per-token observation.
	MaxTokens = 33
	// MaxProps is the most scenery pieces a scenario can hold besides buildings and neutral
	// figures: 5 barrels, 3 cactuses, 4 fences, 5 tumbleweeds and the gallows.
	MaxProps = 18
	// numKindValues is the size of the "kind" head: every ActionKind but ActInvalid.
	numKindValues = NumActionKinds - 1
	// numSlots is the number of building slots of the observation, one per BuildingKind.
	numSlots = int(numBuildingKinds) - 1
	// numTokenKinds1 is the number of valid token kinds.
	numTokenKinds1 = int(numTokenKinds) - 1
	// numCowboys is both teams' cowboys.
	numCowboys = 2 * MaxCowboys
	// numLocations is where tokens lie besides cowboys: the six building slots, the gallows
	// and the ground.
	numLocations = numSlots + 2
	// hpScale divides hit points in the observation.
	hpScale = 5
	// coordLow and coordHigh bound normalised coordinates of door ends, which may overhang
	// the table's edge when a support block was pushed there.
	coordLow, coordHigh = -0.1, 1.1
)

// propKinds are the kinds of the "prop" observation's one-hot, in order.
var propKinds = [...]physics.Kind{KindBarrel, KindCactus, KindFence, KindTumbleweed, KindGallows}

// obsProp is the number of floats per prop: present, kind one-hot, x, y, sin 2a, cos 2a.
const obsProp = 1 + len(propKinds) + 4

// coder holds what the encodings of one game derive from its scenario.
type coder struct {
	w, h      float64           // table size, cm
	maxSpeed  float64           // cm/s
	neutral   [2]int            // piece index of the man and the woman, -1 if absent
	props     []int             // piece index of each prop slot (gallows first, if any)
	slot      [numSlots]int     // building index of each building slot (by kind), -1 if absent
	maxDecide int               // decisions before truncation
	depth     [numSlots]float32 // depth of each building slot / MaxDepth
	startHP   [2]int            // each team's most hit points (Max summed over its cowboys)
	flick     env.FlickFormat   // the form of the flick dims
	spec      env.Spec          // the spec
}

// newCoder derives the encodings of game g, its flicks in format f.
func newCoder(g *Game, id string, maxDecide int, f env.FlickFormat) *coder {
	sc := g.lay.sc
	c := &coder{w: sc.Table.Width, h: sc.Table.Height, maxSpeed: g.lay.cfg.MaxSpeed, maxDecide: maxDecide, flick: f}
	c.neutral = [2]int{-1, -1}
	base := firstPiece + len(sc.Cowboys)
	for i, n := range sc.Neutrals {
		k := 0
		if n.Name == "woman" {
			k = 1
		}
		c.neutral[k] = base + i
	}
	if g.lay.gallows >= 0 {
		c.props = append(c.props, g.lay.gallows)
	}
	first := base + len(sc.Neutrals) + 2*len(sc.Buildings)
	if g.lay.gallows >= 0 {
		first++
	}
	for i := range sc.Props {
		c.props = append(c.props, first+i)
	}
	for k := range c.slot {
		c.slot[k] = -1
	}
	for b, bd := range sc.Buildings {
		c.slot[bd.Kind-1] = b
		c.depth[bd.Kind-1] = float32(bd.Depth / MaxDepth)
	}
	for _, cs := range sc.Cowboys {
		c.startHP[cs.ID.Team] += cs.Max
	}
	c.spec = c.newSpec(id)
	return c
}

// newSpec returns the spec of the env game id.
func (c *coder) newSpec(id string) env.Spec {
	kinds := make([]string, numKindValues)
	for v := range kinds {
		kinds[v] = ActionKind(v + 1).String()
	}
	cowboys := make([]string, MaxCowboys)
	for n := range cowboys {
		cowboys[n] = fmt.Sprintf("cowboy %d", n+1)
	}
	v := float32(c.maxSpeed)
	dims := []env.Dim{
		{Name: "vx", Low: -v, High: v, Unit: "cm/s"},
		{Name: "vy", Low: -v, High: v, Unit: "cm/s"},
		{Name: "facing", Low: -math.Pi, High: math.Pi, Unit: "rad"},
	}
	if c.flick == env.FlickAim {
		dims = []env.Dim{
			{Name: "x", Low: coordLow, High: coordHigh, Unit: "table width"},
			{Name: "y", Low: coordLow, High: coordHigh, Unit: "table height"},
			{Name: "facing", Low: -math.Pi, High: math.Pi, Unit: "rad"},
			{Name: "push", Low: 0, High: 1},
		}
	}
	return env.Spec{
		ID:         id,
		NumPlayers: 2,
		Obs:        obsFields(),
		Heads: []env.Head{
			{Name: "kind", N: numKindValues, Values: kinds},
			{Name: "cowboy", N: MaxCowboys, Values: cowboys},
			{Name: "side", N: 2, Values: []string{"left", "right"}},
			{Name: "rifle", N: 2, Values: []string{"pistols", "winchester"}},
			{Name: "token", N: MaxTokens},
			{Name: "slot", N: 2, Values: []string{"slot 0", "slot 1"}},
		},
		Dims:            dims,
		MaxEpisodeSteps: 0, // the game truncates itself at max_decisions
	}
}

// obsFields lists the observation fields in order; see "# Observation Space" in the package doc.
func obsFields() []env.Field {
	return []env.Field{
		{Name: "clock", Size: 2, Low: 0, High: 1, Doc: "hour / 12, then 1 if the hour is blue (odd)"},
		{Name: "phase", Size: 5, Low: 0, High: 1, Doc: "one-hot: select, act, reveal, second-shot, over"},
		{Name: "to_move", Size: 1, Low: 0, High: 1, Doc: "1 if the observer's team decides now"},
		{Name: "actions_left", Size: 1, Low: 0, High: 1, Doc: "actions the played cowboy may still take / 2"},
		{Name: "moved", Size: 1, Low: 0, High: 1, Doc: "1 if the played cowboy has moved this turn (the hostage rule)"},
		{Name: "decisions", Size: 1, Low: 0, High: 1, Doc: "decisions taken / max_decisions (truncation at 1)"},
		{Name: "initiative", Size: numCowboys, Low: 0, High: 1, Doc: "one-hot: the cowboy holding the initiative (own 1-5, then opponents 1-5)"},
		{Name: "actor", Size: numCowboys, Low: 0, High: 1, Doc: "one-hot: the cowboy being played (own 1-5, then opponents 1-5)"},
		{Name: "actor_slots", Size: 2 * numTokenKinds1, Low: 0, High: 1, Doc: "the played cowboy's slot 0 then slot 1: one-hot token kind (gold ... hostage), zero when empty"},
		{Name: "revealed", Size: numTokenKinds1, Low: 0, High: 1, Doc: "one-hot kind of the token just drawn (reveal phase)"},
		{Name: "present", Size: numCowboys, Low: 0, High: 1, Doc: "per cowboy (own 1-5, then opponents 1-5): 1 if the scenario fields it"},
		{Name: "alive", Size: numCowboys, Low: 0, High: 1, Doc: "per cowboy: 1 if alive"},
		{Name: "x", Size: numCowboys, Low: 0, High: 1, Doc: "per cowboy: egocentric x / table width, 0 unless on the table"},
		{Name: "y", Size: numCowboys, Low: 0, High: 1, Doc: "per cowboy: egocentric y / table height (0 at the observer's edge), 0 unless on the table"},
		{Name: "facing_sin", Size: numCowboys, Low: -1, High: 1, Doc: "per cowboy: sine of the egocentric facing, 0 unless on the table"},
		{Name: "facing_cos", Size: numCowboys, Low: -1, High: 1, Doc: "per cowboy: cosine of the egocentric facing, 0 unless on the table"},
		{Name: "fallen", Size: numCowboys, Low: 0, High: 1, Doc: "per cowboy: 1 if knocked over (cannot be hit until played)"},
		{Name: "inside", Size: numCowboys * numSlots, Low: 0, High: 1, Doc: "per cowboy, one-hot building it is in: sheriff, bank, saloon, general-store, town-hall, undertaker"},
		{Name: "hp", Size: numCowboys, Low: 0, High: float32(MaxHitPoints) / hpScale, Doc: "per cowboy: hit points / 5"},
		{Name: "available", Size: numCowboys, Low: 0, High: 1, Doc: "per cowboy: 1 if its hat shows the hour's colour (it may still play this round)"},
		{Name: "carried", Size: numCowboys * numTokenKinds1, Low: 0, High: 1, Doc: "per cowboy, per token kind (gold ... hostage): tokens carried / 2"},
		{Name: "neutral", Size: 2 * 4, Low: 0, High: 1, Doc: "the man then the woman: present, egocentric x / width, y / height, fallen"},
		{Name: "building", Size: numSlots * 7, Low: coordLow, High: coordHigh, Doc: "per building kind (sheriff ... undertaker): present, door line's left end x, y, right end x, y (egocentric, / width, / height), depth / 25 cm, closed"},
		{Name: "prop", Size: MaxProps * obsProp, Low: -1, High: 1, Doc: "per scenery slot (the gallows first, then the scenario's props in order): on the table, one-hot kind (barrel, cactus, fence, tumbleweed, gallows), egocentric x / width, y / height, sin and cos of twice the angle"},
		{Name: "tokens_at", Size: numLocations * (numTokenKinds1 + 1), Low: 0, High: 1, Doc: "per location (the six building kinds, the gallows, the ground): face-up tokens of each kind / the box's count of the kind, then face-down tokens / 33"},
		{Name: "token", Size: MaxTokens * (numTokenKinds1 + 1), Low: 0, High: 1, Doc: "per token id (the token head's values): one-hot kind (gold ... hostage), then face down; zero for a token gone or an id the scenario lacks"},
	}
}

// b2f converts a bool to 0 or 1.
func b2f(b bool) float32 {
	if b {
		return 1
	}
	return 0
}

// clamp clamps x into [lo, hi].
func clamp(x, lo, hi float32) float32 { return min(max(x, lo), hi) }

// egoPoint returns table point p as team t sees it, normalised by the table's size: the
// lawmen as is, the outlaws turned by a half turn.
func (c *coder) egoPoint(t Team, p physics.Vec) (x, y float32) {
	x, y = float32(p.X/c.w), float32(p.Y/c.h)
	if t == Outlaws {
		x, y = 1-x, 1-y
	}
	return x, y
}

// egoAngle returns table angle a as team t sees it.
func egoAngle(t Team, a float64) float64 {
	if t == Outlaws {
		return normAngle(a + math.Pi)
	}
	return a
}

// egoVec returns table vector v as team t sees it (its own inverse).
func egoVec(t Team, v physics.Vec) physics.Vec {
	if t == Outlaws {
		return physics.Vec{X: -v.X, Y: -v.Y}
	}
	return v
}

// rank returns the observation rank (0-9) of dense cowboy index i for team t: own cowboys
// 1-5 first, then the opponents'.
func rank(t Team, i int) int {
	if t == Outlaws {
		return (i + MaxCowboys) % numCowboys
	}
	return i
}

// observe writes g as team t sees it into dst; see obsFields. The values that depend on the
// pieces alone come from m ([tableView]).
func (c *coder) observe(dst []float32, g *Game, t Team, decisions int, m *tableMemo) {
	v := m.view(c, g, t)
	clear(dst)
	i := 0
	// Global state.
	dst[i] = float32(g.hour) / Noon
	dst[i+1] = b2f(HourHat(g.hour) == Blue)
	i += 2
	dst[i+int(min(g.phase, PhaseOver))] = 1
	i += 5
	over := g.phase == PhaseOver
	dst[i] = b2f(!over && g.team == t)
	dst[i+1] = float32(g.actionsLeft) / 2
	dst[i+2] = b2f(g.actor >= 0 && g.moves > 0)
	dst[i+3] = min(1, float32(decisions)/float32(c.maxDecide))
	i += 4
	dst[i+rank(t, g.initiative)] = 1
	i += numCowboys
	if g.actor >= 0 {
		dst[i+rank(t, g.actor)] = 1
	}
	i += numCowboys
	if g.actor >= 0 {
		for s, id := range g.cowboys[g.actor].inv {
			if id >= 0 {
				dst[i+s*numTokenKinds1+int(g.tokens[id].kind)-1] = 1
			}
		}
	}
	i += 2 * numTokenKinds1
	if g.phase == PhaseReveal && g.pending >= 0 {
		dst[i+int(g.tokens[g.pending].kind)-1] = 1
	}
	i += numTokenKinds1

	// Cowboys, field by field.
	const n = numCowboys
	present, alive, xs, ys, sin, cos, fallen := i, i+n, i+2*n, i+3*n, i+4*n, i+5*n, i+6*n
	inside := i + 7*n
	hp := inside + n*numSlots
	avail := hp + n
	carried := avail + n
	for ci := range g.cowboys {
		cb := &g.cowboys[ci]
		if !cb.present {
			continue
		}
		r := rank(t, ci)
		p := &g.st.Pieces[g.lay.cowboyPiece[ci]]
		dst[present+r] = 1
		dst[alive+r] = b2f(cb.alive)
		if cb.alive && cb.inside < 0 && !p.Off {
			dst[xs+r], dst[ys+r] = v.cowX[ci], v.cowY[ci]
			dst[sin+r], dst[cos+r] = v.cowSin[ci], v.cowCos[ci]
		}
		dst[fallen+r] = b2f(cb.alive && p.Fallen)
		if cb.inside >= 0 {
			dst[inside+r*numSlots+int(g.lay.sc.Buildings[cb.inside].Kind)-1] = 1
		}
		dst[hp+r] = float32(cb.hp) / hpScale
		dst[avail+r] = b2f(g.available(ci))
		for _, id := range cb.inv {
			if id >= 0 {
				dst[carried+r*numTokenKinds1+int(g.tokens[id].kind)-1] += 0.5
			}
		}
	}
	i = carried + n*numTokenKinds1

	// Neutral figures.
	for k, pi := range c.neutral {
		if pi < 0 {
			continue
		}
		p := &g.st.Pieces[pi]
		if p.Off {
			continue
		}
		dst[i+4*k], dst[i+4*k+1], dst[i+4*k+2], dst[i+4*k+3] = 1, v.neutX[k], v.neutY[k], b2f(p.Fallen)
	}
	i += 8

	// Buildings, by kind.
	closed := g.closedBuildings()
	for k, b := range c.slot {
		if b < 0 {
			continue
		}
		o := i + 7*k
		dst[o] = 1
		copy(dst[o+1:o+5], v.door[k][:])
		dst[o+5] = c.depth[k]
		dst[o+6] = float32(closed >> uint(b) & 1)
	}
	i += 7 * numSlots

	// Props.
	copy(dst[i:i+obsProp*MaxProps], v.props[:])
	i += obsProp * MaxProps

	// Tokens by location, then by id.
	const per = numTokenKinds1 + 1
	byID := i + numLocations*per
	for id := range g.tokens {
		tk := &g.tokens[id]
		loc := -1
		switch tk.place {
		case PlaceBuilding:
			loc = int(g.lay.sc.Buildings[tk.index].Kind) - 1
		case PlaceGallows:
			loc = numSlots
		case PlaceGround:
			loc = numSlots + 1
		}
		switch {
		case tk.place == PlaceGone:
		case !tk.faceUp && tk.place != PlaceCowboy:
			dst[byID+id*per+numTokenKinds1] = 1
			dst[i+loc*per+numTokenKinds1] += 1.0 / MaxTokens
		default:
			dst[byID+id*per+int(tk.kind)-1] = 1
			if loc >= 0 {
				dst[i+loc*per+int(tk.kind)-1] += 1 / float32(tk.kind.Limit())
			}
		}
	}
}

// used reports which heads action kind k uses in phase ph: rifle tells a Winchester shot,
// full that the actor's inventory is full.
func used(ph Phase, k ActionKind, rifle, full bool) (cowboy, side, rfl, tok, slot bool) {
	switch k {
	case ActSelect:
		cowboy = true
	case ActShoot:
		if ph == PhaseAct {
			rfl, side = true, !rifle
		}
	case ActDuel:
		cowboy, side = true, true
	case ActThrow:
		side = true
	case ActTake:
		tok = true
	case ActExchange:
		tok, slot = true, true
	case ActDrop, ActDrink:
		slot = true
	case ActKeep:
		slot = full
	}
	return
}

// actorFull reports whether the cowboy being played has both slots taken.
func (g *Game) actorFull() bool { return g.actor >= 0 && g.invFull(g.actor) }

// encodeDiscrete writes the heads of engine action a in phase ph into dst; an unused head
// gets the first value mask allows (dst must be sized for the spec, mask as Env.Mask).
func (c *coder) encodeDiscrete(dst []int32, a Action, ph Phase, full bool, mask []bool) {
	off := 0
	for h, hd := range c.spec.Heads {
		dst[h] = 0
		for v := range hd.N {
			if mask[off+v] {
				dst[h] = int32(v)
				break
			}
		}
		off += hd.N
	}
	if a.Kind > ActInvalid && a.Kind < numActionKinds {
		dst[headKind] = int32(a.Kind - 1)
	}
	cb, sd, rf, tk, sl := used(ph, a.Kind, a.Rifle, full)
	if cb && a.Cowboy >= 1 && a.Cowboy <= MaxCowboys {
		dst[headCowboy] = int32(a.Cowboy - 1)
	}
	if sd && a.Side <= SideRight {
		dst[headSide] = int32(a.Side)
	}
	if rf {
		dst[headRifle] = int32(b2f(a.Rifle))
	}
	if tk && a.Token >= 0 && a.Token < MaxTokens {
		dst[headToken] = int32(a.Token)
	}
	if sl && (a.Slot == 0 || a.Slot == 1) {
		dst[headSlot] = int32(a.Slot)
	}
}

// encodeContinuous writes the dims of engine action a by team t in g into dst, clipped to
// the dims' bounds (with flick=aim, the target and push of aimDims); dims the kind does not
// use are 0.
func (c *coder) encodeContinuous(dst []float32, g *Game, a Action, t Team) {
	clear(dst)
	switch a.Kind {
	case ActMove, ActShoot, ActDuel, ActThrow:
	default:
		return
	}
	if c.flick == env.FlickAim {
		dst[dimVX], dst[dimVY], dst[dimPush] = c.aimDims(g, a, t)
		if a.Kind == ActMove {
			dst[dimFacing] = clamp(float32(egoAngle(t, a.Facing)), -math.Pi, math.Pi)
		}
		return
	}
	v := egoVec(t, a.Velocity)
	m := float32(c.maxSpeed)
	dst[dimVX] = clamp(float32(v.X), -m, m)
	dst[dimVY] = clamp(float32(v.Y), -m, m)
	if a.Kind == ActMove {
		dst[dimFacing] = clamp(float32(egoAngle(t, a.Facing)), -math.Pi, math.Pi)
	}
}

// decode returns the engine action of native action a by team t in g's phase ph (full: the
// actor's inventory is full; with flick=aim, the velocity of aimVelocity). Heads the kind
// does not use are ignored.
func (c *coder) decode(a env.Action, g *Game, ph Phase, t Team, full bool) Action {
	d := a.Discrete
	k := ActionKind(d[headKind] + 1)
	if d[headKind] < 0 || int(d[headKind]) >= numKindValues {
		k = ActInvalid
	}
	out := Action{Kind: k}
	cb, sd, rf, tk, sl := used(ph, k, d[headRifle] == 1, full)
	if cb {
		out.Cowboy = int(d[headCowboy]) + 1
	}
	if rf {
		out.Rifle = d[headRifle] == 1
	}
	if sd {
		out.Side = Side(min(max(d[headSide], 0), 1))
	}
	if tk {
		out.Token = int(d[headToken])
	}
	if sl {
		out.Slot = int(d[headSlot])
	}
	switch k {
	case ActMove, ActShoot, ActDuel, ActThrow:
		if c.flick == env.FlickAim {
			out.Velocity = c.aimVelocity(g, out, t, a.Continuous[dimVX], a.Continuous[dimVY], a.Continuous[dimPush])
			break
		}
		out.Velocity = egoVec(t, physics.Vec{X: float64(a.Continuous[dimVX]), Y: float64(a.Continuous[dimVY])})
	}
	if k == ActMove {
		out.Facing = egoAngle(t, float64(a.Continuous[dimFacing]))
	}
	return out
}

// mask writes the factorised mask of the legal actions legal (phase ph) into dst: the kinds,
// and for each head the values that a legal action using the head takes; a head no legal
// action uses allows 0 only.
func (c *coder) mask(dst []bool, legal []Action, ph Phase, full bool) {
	clear(dst)
	var off [numHeads]int
	o := 0
	for h, hd := range c.spec.Heads {
		off[h] = o
		o += hd.N
	}
	var seen [numHeads]bool
	set := func(h int, v int) {
		dst[off[h]+v] = true
		seen[h] = true
	}
	for _, a := range legal {
		set(headKind, int(a.Kind)-1)
		cb, sd, rf, tk, sl := used(ph, a.Kind, a.Rifle, full)
		if cb {
			set(headCowboy, a.Cowboy-1)
		}
		if sd {
			set(headSide, int(a.Side))
		}
		if rf {
			set(headRifle, int(b2f(a.Rifle)))
		}
		if tk {
			set(headToken, a.Token)
		}
		if sl {
			set(headSlot, a.Slot)
		}
	}
	for h := range numHeads {
		if !seen[h] {
			dst[off[h]] = true
		}
	}
}
