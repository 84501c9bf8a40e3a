package main

import "github.com/flickarena/flickarena/arena"

// mirror is a bot's copy under another name, so that a bot can play itself.
type mirror struct {
	arena.Bot
	name string
}

// Name implements arena.Bot.
func (m mirror) Name() string { return m.name }

// mirrorOf returns b's copy that sits in the second seat when b plays itself, named
// [mirrorName].
func mirrorOf(b arena.Bot) mirror { return mirror{Bot: b, name: mirrorName(b.Name())} }

// mirrorName is the name of bot name's copy when it plays itself: "aimer-mirror".
func mirrorName(name string) string { return name + "-mirror" }
