package aimer

import "github.com/flickarena/flickarena/agents/flickbot"

// NewBot returns the aimer as an arena bot, called [Name] at [Version].
func NewBot() *flickbot.Policy { return flickbot.NewPolicy(Name, Version, New()) }
