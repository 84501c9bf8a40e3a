package flickemup

import (
	"fmt"

	"github.com/flickarena/flickarena/physics"
)

// Options configures a game.
type Options struct {
	// Players is the number of players, 2 to 10, split between the teams by [SplitPlayers]
	// and numbered as [PlayerTeam] says.
	Players int
	// Noise is the execution noise of every flick; the zero value is a perfect flick.
	Noise physics.Noise
	// Seed seeds the game's random stream, which draws the flick noise and face-down tokens.
	Seed uint64
	// Physics is the simulator configuration; nil means [physics.DefaultConfig]. Its piece
	// catalogue is always [Pieces]. Its Noise
	// field is replaced by Noise.
	Physics *physics.Config
	// Vary varies the opening by Seed ([Variation]); the zero value plays the scenario's
	// opening exactly.
	Vary Variation
	// Table, if not nil, runs the flicks in place of a [physics.Simulator] of the game's own
	// (tests use it to script outcomes). Clones share it.
	Table Table
}

// DefaultOptions returns two players, a careful human's noise ([physics.DefaultNoise]) and seed 0.
func DefaultOptions() Options {
	return Options{Players: 2, Noise: physics.DefaultNoise}
}

// config returns the physics configuration o asks for, checked.
func (o Options) config() (physics.Config, error) {
	if o.Players < 2 || o.Players > 10 {
		return physics.Config{}, fmt.Errorf("flickemup: %d players: a game has 2 to 10", o.Players)
	}
	if err := o.Vary.Validate(); err != nil {
		return physics.Config{}, err
	}
	cfg := physics.DefaultConfig()
	if o.Physics != nil {
		cfg = *o.Physics
	}
	cfg.Pieces = Pieces
	cfg.Noise = o.Noise
	if err := cfg.Validate(); err != nil {
		return physics.Config{}, fmt.Errorf("flickemup: options: %w", err)
	}
	return cfg, nil
}
