package main

import (
	"fmt"

	"github.com/flickarena/flickarena/agents/builtin"
)

// checkOpponentNames refuses a remote opponent (--opponent) named as a
// built-in bot.
func checkOpponentNames(remote map[string]string) error {
	for name := range remote {
		if _, ok := builtin.Lookup(name); ok {
			return fmt.Errorf("--opponent %s: a built-in bot has that name (built-in: %v)", name, builtin.Names())
		}
	}
	return nil
}
