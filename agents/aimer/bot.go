package aimer

import "github.com/flickarena/flickarena/agents/flickemupbot"

// NewBot returns the aimer as an arena bot, called [Name] at [Version].
func NewBot() *flickemupbot.Policy { return flickemupbot.NewPolicy(Name, Version, New()) }
