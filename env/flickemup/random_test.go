package flickemup_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// chaos is a Table that invents random, plausible outcomes. The flicked piece slides along its
// flick as far as its speed carries it (speedFor's inverse) and stops at the first piece near
// its path, touching it; what it touches may fall, be pushed or go off the table; now and then
// a disc stops in a doorway or an unrelated figure topples. It reaches the rules' rare branches
// (hits, deaths, entering, leaving) far more often than the real table, and much faster.
type chaos struct{ rng *rand.Rand }

// Flick implements flickemup.Table.
func (c *chaos) Flick(st *physics.State, f physics.Flick, _ *rand.Rand) (physics.Outcome, error) {
	if err := st.Validate(flickemup.Pieces); err != nil {
		return physics.Outcome{}, err
	}
	rng := c.rng
	out := physics.Outcome{Velocity: f.Velocity}
	p := f.Piece
	me := &st.Pieces[p]
	start := me.Pos
	speed := f.Velocity.Len() * (1 + 0.1*rng.NormFloat64())
	dir := f.Velocity.Angle() + 0.05*rng.NormFloat64()
	travel := speed * speed / (2 * slideDecel)
	u := physics.Polar(1, dir)
	// The first piece near the path.
	hit, at := -1, travel
	for i, q := range st.Pieces {
		if i == p || q.Off {
			continue
		}
		rel := q.Pos.Sub(start)
		along := rel.Dot(u)
		if along <= 0 || math.Abs(rel.Cross(u)) > flickemup.Pieces.Spec(q.Kind).Extent()+1 {
			continue
		}
		if stop := along - flickemup.Pieces.Spec(q.Kind).Extent() - 1; stop < at {
			hit, at = i, math.Max(stop, 0)
		}
	}
	end := start.Add(u.Scale(at))
	path := start // the straight run a Stopper sees ends at end
	if rng.Float64() < 0.1 && hit < 0 {
		// Stop in a random doorway, sometimes grazing an inner face.
		for i := 0; i+1 < len(st.Pieces); i++ {
			if st.Pieces[i].Kind != flickemup.KindSupportBlock || st.Pieces[i+1].Kind != flickemup.KindSupportBlock {
				continue
			}
			if rng.IntN(3) == 0 {
				d := flickemup.NewDoor(i, i+1, 10)
				a, b, front := d.Line(st)
				end = a.Add(b).Scale(0.5).Add(front.Scale(rng.Float64()*10 - 4))
				path = a.Add(b).Scale(0.5).Add(front.Scale(8))
				if rng.IntN(2) == 0 {
					out.Contacts = append(out.Contacts, physics.Contact{A: min(p, i), B: max(p, i), Point: a})
				}
				break
			}
			i++
		}
	}
	if f.Stop != nil {
		d := end.Sub(path)
		n := int(d.Len()/0.25) + 1
		for k := 1; k <= n; k++ {
			if q := path.Add(d.Scale(float64(k) / float64(n))); st.Table.Contains(q) && f.Stop.Stop(q) {
				out.Stopped = true
				me.Pos, me.Off = q, true
				return out, nil
			}
		}
	}
	me.Pos = end
	if !st.Table.Contains(end) {
		me.Off = true
		out.Off = append(out.Off, p)
	}
	if hit >= 0 {
		q := &st.Pieces[hit]
		out.Contacts = append(out.Contacts, physics.Contact{A: min(p, hit), B: max(p, hit), Point: end})
		if flickemup.Pieces.Spec(q.Kind).Topples && !q.Fallen && rng.Float64() < 0.8 {
			q.Fallen = true
			q.Angle = dir
			out.Falls = append(out.Falls, physics.Fall{Piece: hit, By: p})
		}
		switch r := rng.Float64(); {
		case r < 0.05:
			q.Off = true
			q.Pos = physics.Vec{X: q.Pos.X, Y: -4}
			out.Off = append(out.Off, hit)
		case r < 0.5:
			if np := q.Pos.Add(u.Scale(rng.Float64() * 3)); st.Table.Contains(np) {
				q.Pos = np
			}
		}
	}
	if rng.Float64() < 0.05 {
		// A figure elsewhere topples (knocked by something else).
		i := rng.IntN(len(st.Pieces))
		if q := &st.Pieces[i]; i != p && !q.Off && !q.Fallen && flickemup.Pieces.Spec(q.Kind).Topples {
			q.Fallen = true
			out.Falls = append(out.Falls, physics.Fall{Piece: i, By: p})
		}
	}
	return out, nil
}

// stats counts what random games went through, to check that they reach the rules' branches.
type stats struct {
	games, actions, deaths, entries, reveals, secondShots int
	reasons                                               map[string]int
}

// runRandom plays one random game to its end, checking the invariants after every action.
func runRandom(t *testing.T, sc *flickemup.Scenario, seed uint64, tab flickemup.Table, st *stats) {
	t.Helper()
	o := flickemup.DefaultOptions()
	o.Seed = seed
	o.Players = 2 + int(seed%9)
	o.Table = tab
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Validate(); err != nil {
		t.Fatalf("%s seed %d at the start: %v", sc.Name, seed, err)
	}
	rng := rand.New(rand.NewPCG(seed, 77))
	var buf []flickemup.Action
	hp := g.HitPointsByTeam()
	const maxActions = 5000
	for n := 0; !g.Over(); n++ {
		if n == maxActions {
			t.Fatalf("%s seed %d: no end after %d actions (hour %d)", sc.Name, seed, n, g.Hour())
		}
		legal := g.Legal(buf[:0])
		if len(legal) == 0 {
			t.Fatalf("%s seed %d: no legal action in phase %v", sc.Name, seed, g.Phase())
		}
		for _, a := range legal {
			if err := g.Check(a); err != nil {
				t.Fatalf("%s seed %d: listed action %v fails Check: %v", sc.Name, seed, a, err)
			}
		}
		player := g.Current()
		if team, _ := flickemup.PlayerTeam(player); team != g.CurrentTeam() {
			t.Fatalf("player %d decides for the %v", player, g.CurrentTeam())
		}
		inside := insideCount(g)
		a := randomAction(g, rng, buf)
		if err := g.Apply(a); err != nil {
			t.Fatalf("%s seed %d: Apply(%v): %v", sc.Name, seed, a, err)
		}
		if err := g.Validate(); err != nil {
			t.Fatalf("%s seed %d after %v: %v\n%s", sc.Name, seed, a, err, dump(g))
		}
		s := g.HitPointsByTeam()
		if a.Kind != flickemup.ActDrink && (s[0] > hp[0] || s[1] > hp[1]) {
			t.Fatalf("%s seed %d: hit points rose from %v to %v on %v", sc.Name, seed, hp, s, a)
		}
		hp = s
		st.actions++
		if a.Kind == flickemup.ActMove && insideCount(g) > inside {
			st.entries++
		}
		switch g.Phase() {
		case flickemup.PhaseReveal:
			st.reveals++
		case flickemup.PhaseSecondShot:
			st.secondShots++
		}
	}
	st.games++
	for _, c := range g.View().Cowboys {
		if !c.Alive {
			st.deaths++
		}
	}
	r := g.Result()
	if r.Winner == flickemup.NoTeam != r.Draw {
		t.Fatalf("result %+v", r)
	}
	reason := r.Reason
	if i := strings.IndexAny(reason, "(0123456789"); i > 0 {
		reason = reason[:i]
	}
	st.reasons[reason]++
}

func insideCount(g *flickemup.Game) int {
	n := 0
	for _, c := range g.View().Cowboys {
		if c.Inside != "" {
			n++
		}
	}
	return n
}

func dump(g *flickemup.Game) string {
	v := g.View()
	return fmt.Sprintf("hour %d phase %s team %s actor %s cowboys %+v", v.Hour, v.Phase, v.Team, v.Actor, v.Cowboys)
}

// TestRandomGames plays every scenario to its end with random legal actions, on the chaos
// table and on the real physics, checking the invariants after every action.
func TestRandomGames(t *testing.T) {
	chaosSeeds, realSeeds := 2000, 1000
	if testing.Short() {
		chaosSeeds, realSeeds = 50, 25
	}
	for _, sc := range allScenarios(t) {
		t.Run(sc.Name, func(t *testing.T) {
			ch := stats{reasons: map[string]int{}}
			for seed := range uint64(chaosSeeds) {
				runRandom(t, sc, seed, &chaos{rng: rand.New(rand.NewPCG(seed, 3))}, &ch)
			}
			// The chaos table must have driven the games through the rules' branches.
			if ch.deaths == 0 || ch.entries == 0 {
				t.Errorf("chaos games: %d deaths, %d entries: the random driver misses branches", ch.deaths, ch.entries)
			}
			re := stats{reasons: map[string]int{}}
			for seed := range uint64(realSeeds) {
				runRandom(t, sc, seed, nil, &re)
			}
			t.Logf("chaos: %d games, %d actions, %d deaths, %d entries, %d reveals, %d second shots, ends %v",
				ch.games, ch.actions, ch.deaths, ch.entries, ch.reveals, ch.secondShots, ch.reasons)
			t.Logf("real:  %d games, %d actions, %d deaths, %d entries, %d reveals, %d second shots, ends %v",
				re.games, re.actions, re.deaths, re.entries, re.reveals, re.secondShots, re.reasons)
		})
	}
}

// TestRandomGames_Branches checks, over all scenarios on the chaos table, that random play
// reaches every kind of action and several kinds of ending.
func TestRandomGames_Branches(t *testing.T) {
	seeds := uint64(40)
	kinds := map[flickemup.ActionKind]int{}
	ends := map[string]int{}
	for _, sc := range allScenarios(t) {
		for seed := range seeds {
			o := flickemup.DefaultOptions()
			o.Seed = seed
			o.Table = &chaos{rng: rand.New(rand.NewPCG(seed, 5))}
			g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: o})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(seed, 6))
			for !g.Over() {
				a := randomAction(g, rng, nil)
				if err := g.Apply(a); err != nil {
					t.Fatalf("%s seed %d: Apply(%v): %v", sc.Name, seed, a, err)
				}
				if err := g.Validate(); err != nil {
					t.Fatalf("%s seed %d after %v: %v", sc.Name, seed, a, err)
				}
				kinds[a.Kind]++
			}
			ends[sc.Name+": "+g.Result().Reason[:min(12, len(g.Result().Reason))]]++
		}
	}
	for k := flickemup.ActSelect; int(k) < flickemup.NumActionKinds; k++ {
		if kinds[k] == 0 {
			t.Errorf("random play never used %v", k)
		}
	}
	if len(ends) < 10 {
		t.Errorf("only %d kinds of ending: %v", len(ends), ends)
	}
}

// everything is a test scenario where every rule is close at hand: cowboys start inside
// buildings or next to the gallows with full inventories, tokens lie face up and face down,
// on the ground and on the gallows, and both special rules are on.
const everything = `scenario everything
title Everything
story Every rule of the game within reach of every cowboy, for the random tests.
start hour=6
initiative cowboy=lawmen:1
rule take-outside
rule duels
building kind=saloon x=20 y=45 facing=0 door=6 depth=10
building kind=general-store x=70 y=45 facing=180 door=6 depth=10
building kind=undertaker x=45 y=80 facing=270 door=6 depth=8
gallows x=45 y=30
prop kind=barrel x=45 y=62
token kind=gold in=saloon count=3
token kind=documents in=general-store face=down
token kind=colt in=general-store count=2
token kind=water x=45 y=55 face=down quality=poisoned
token kind=water in=saloon quality=clean
token kind=not-allowed in=undertaker until=8
token kind=hostage in=gallows
cowboy id=lawmen:1 in=saloon hp=3 tokens=water:clean,dynamite
cowboy id=lawmen:2 x=35 y=40 hp=3 tokens=colt,winchester
cowboy id=lawmen:3 in=general-store hp=2 tokens=gold
cowboy id=outlaws:1 in=general-store hp=3 tokens=water:poisoned,dynamite
cowboy id=outlaws:2 x=55 y=50 hp=3 tokens=colt,winchester
cowboy id=outlaws:3 x=45 y=34 hp=2 tokens=documents
victory tokens team=outlaws kind=gold count=3 in=general-store
victory kill team=lawmen target=outlaws:1
victory last-team-standing
victory noon-hp
`

// allScenarios returns our scenarios and the everything test scenario.
func allScenarios(t testing.TB) []*flickemup.Scenario {
	t.Helper()
	var out []*flickemup.Scenario
	for _, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, sc)
	}
	return append(out, mustParse(t, everything))
}
