package planner_test

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/aimer"
	"github.com/flickarena/flickarena/agents/enginebot"
	"github.com/flickarena/flickarena/agents/flickemupbot"
	"github.com/flickarena/flickarena/agents/planner"
	"github.com/flickarena/flickarena/env/flickemup"
)

// decisionPositions returns n positions of each of our scenarios from mixed play (the aimer's
// with a fifth of random decisions), the decisions of the acting phases only (a select or a
// reveal costs the planner nothing to speak of).
func decisionPositions(t *testing.T, n int) []*flickemup.Game {
	t.Helper()
	var out []*flickemup.Game
	for k, in := range flickemup.List() {
		sc, err := flickemup.Load(in.Name)
		if err != nil {
			t.Fatal(err)
		}
		got := 0
		err = flickemupbot.Positions(sc, 40+uint64(k), 40*n, aimer.New(), 0.8, func(g *flickemup.Game) error {
			if got < n && g.Phase() == flickemup.PhaseAct {
				out = append(out, g.Clone())
				got++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// decisionsHash returns the FNV-1a hash of bot's actions (every field, velocities and facing
// bit for bit) on games, each decided with a generator seeded from its index.
func decisionsHash(bot enginebot.Chooser[*flickemup.Game, flickemup.Action], games []*flickemup.Game) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	put := func(x uint64) {
		binary.LittleEndian.PutUint64(buf[:], x)
		h.Write(buf[:])
	}
	for i, g := range games {
		a := bot.Choose(g, rand.New(rand.NewPCG(uint64(i), 3)))
		for _, v := range []int{int(a.Kind), a.Cowboy, int(a.Side), a.Token, a.Slot} {
			put(uint64(int64(v)))
		}
		if a.Rifle {
			put(1)
		}
		put(math.Float64bits(a.Velocity.X))
		put(math.Float64bits(a.Velocity.Y))
		put(math.Float64bits(a.Facing))
	}
	return h.Sum64()
}

// TestPlanner_SameDecisions pins the decisions of the aimer, the planner-lite and the planner
// on fixed acting positions of every scenario: a speed-up of their code (or of the tactics
// and geometry they share) must not change them. A change of play is a new bot: bump
// planner.Version (or the aimer's) and update the hashes here, saying why in the commit.
// Short mode checks fewer positions, with hashes of their own.
func TestPlanner_SameDecisions(t *testing.T) {
	n, want := 50, [3]uint64{0x74713208406605a2, 0x7ada711d14f41c6f, 0x2ea0bc8c23dcd56}
	if testing.Short() {
		n, want = 4, [3]uint64{0x7ecf82b4845c4a21, 0x8a181c3202c97361, 0xfe8c4fa29a51126d}
	}
	games := decisionPositions(t, n)
	for k, tc := range []struct {
		name  string
		bot   enginebot.Chooser[*flickemup.Game, flickemup.Action]
		games []*flickemup.Game
	}{
		{"aimer", aimer.New(), games},
		{"planner-lite", planner.New(planner.Lite), games},
		{"planner", planner.New(planner.Default), games[:len(games)/2]},
	} {
		if got := decisionsHash(tc.bot, tc.games); got != want[k] {
			t.Errorf("%s: decisions hash %#x on %d positions, want %#x: its play changed", tc.name, got, len(tc.games), want[k])
		}
	}
}
