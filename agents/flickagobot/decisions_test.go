package flickagobot_test

import (
	"encoding/binary"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/flickarena/flickarena/agents/flickagobot"
	"github.com/flickarena/flickarena/env/flickago"
)

// decisionsHash returns the FNV-1a hash of bot's actions (every field, velocities bit for bit)
// on games, each decided with a generator seeded from its index.
func decisionsHash(bot flickagobot.Bot, games []*flickago.Game) uint64 {
	h := fnv.New64a()
	var buf [8]byte
	put := func(x uint64) {
		binary.LittleEndian.PutUint64(buf[:], x)
		h.Write(buf[:])
	}
	for i, g := range games {
		a := bot.Choose(g, rand.New(rand.NewPCG(uint64(i), 3)))
		for _, v := range []int{int(a.Type), a.Return, a.Disc, a.Point, a.Star} {
			put(uint64(int64(v)))
		}
		put(math.Float64bits(a.Velocity.X))
		put(math.Float64bits(a.Velocity.Y))
	}
	return h.Sum64()
}

// TestBots_SameDecisions pins the decisions of the aimer, the planner-lite and the planner on
// fixed positions (from games of random play and drawn at random): a speed-up of their code
// must not change them. A change of play is a new bot: bump AimerVersion (or PlannerVersion)
// and update the hash here, saying why in the commit.
func TestBots_SameDecisions(t *testing.T) {
	played := positions(t, 5, 200, nil, 0) // random play: the positions do not depend on the bots pinned
	drawn := randomStates(t, 6, 200)
	games := append(append([]*flickago.Game(nil), played...), drawn...)
	for _, tc := range []struct {
		name  string
		bot   flickagobot.Bot
		games []*flickago.Game
		want  uint64
	}{
		{"aimer", flickagobot.NewAimer(), games, 0xbd8b8ea082a4faf7},
		{"planner-lite", flickagobot.NewPlanner(flickagobot.Lite), games[:20], 0x57bee03dd78d2ba0},
		{"planner", flickagobot.NewPlanner(flickagobot.Default), games[:20], 0x4e85f51b17eb3cd2},
	} {
		if got := decisionsHash(tc.bot, tc.games); got != tc.want {
			t.Errorf("%s: decisions hash %#x, want %#x: its play changed", tc.name, got, tc.want)
		}
	}
}
