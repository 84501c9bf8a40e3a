package flickago

import (
	"fmt"

	"github.com/flickarena/flickarena/physics"
)

// Config holds a game's parameters. Start from [DefaultConfig].
type Config struct {
	// Board is the board; [StandardBoard] by default.
	Board Board
	// Physics is the simulation; [physics.DefaultConfig] with [physics.DefaultNoise] by
	// default. Its Noise is the execution noise of every flick, drawn from the game's rng.
	// Its piece catalogue is always [Pieces] (New sets it).
	Physics physics.Config
	// FirstPlayer is the player who flicks first, or -1 (the default) to draw it at Reset.
	FirstPlayer int
	// MaxTurns caps the flicks of a game (returns to the reserve can make a game run on);
	// a game reaching it ends truncated. Default 200: without returns a game lasts at most
	// 2 × (12 + 5) = 34 flicks.
	MaxTurns int
}

// DefaultConfig returns the default parameters.
func DefaultConfig() Config {
	pc := physics.DefaultConfig()
	pc.Pieces = Pieces
	pc.Noise = physics.DefaultNoise
	return Config{Board: StandardBoard(), Physics: pc, FirstPlayer: -1, MaxTurns: 200}
}

// discRadius is the radius of gang discs and inspectors, in cm, from the piece catalogue.
func discRadius() float64 { return Pieces.Spec(KindGangDisc).Radius }

// Validate reports a parameter that cannot work.
func (c *Config) Validate() error {
	r := discRadius()
	if ri := Pieces.Spec(KindInspector).Radius; ri != r {
		return fmt.Errorf("flickago: config: inspector radius %v cm differs from disc radius %v cm", ri, r)
	}
	if err := c.Board.Validate(r); err != nil {
		return err
	}
	if c.Board.Margin < r {
		return fmt.Errorf("flickago: config: board margin %v cm is less than a disc radius", c.Board.Margin)
	}
	if err := c.Physics.Validate(); err != nil {
		return fmt.Errorf("flickago: config: %w", err)
	}
	if c.FirstPlayer < -1 || c.FirstPlayer >= NumPlayers {
		return fmt.Errorf("flickago: config: first player %d: want -1, 0 or 1", c.FirstPlayer)
	}
	if c.MaxTurns < 1 {
		return fmt.Errorf("flickago: config: max turns %d: want at least 1", c.MaxTurns)
	}
	return nil
}
