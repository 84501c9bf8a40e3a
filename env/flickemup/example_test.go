package flickemup_test

import (
	"fmt"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/physics"
)

// Example plays the default showdown: the lawmen's first cowboy steps forward, then every
// turn is passed until noon.
func Example() {
	sc, err := flickemup.Load(flickemup.DefaultScenario)
	if err != nil {
		panic(err)
	}
	opts := flickemup.DefaultOptions()
	opts.Noise = physics.Noise{} // perfect flicks
	g, err := flickemup.New(flickemup.GameConfig{Scenario: sc, Options: opts})
	if err != nil {
		panic(err)
	}
	fmt.Println(g.Hour(), g.CurrentTeam(), g.Phase(), g.Legal(nil))

	// The round opens with lawmen:1, which holds the initiative.
	must(g.Apply(flickemup.Action{Kind: flickemup.ActSelect, Cowboy: 1}))
	must(g.Apply(flickemup.Action{Kind: flickemup.ActMove, Velocity: physics.Vec{X: 0, Y: 60}, Facing: 1.57}))
	c := g.Cowboy(flickemup.CowboyID{Team: flickemup.Lawmen, Number: 1})
	fmt.Printf("lawmen:1 moved to y=%.0f cm; %d action left\n", c.Pos.Y, g.ActionsLeft())
	must(g.Apply(flickemup.Action{Kind: flickemup.ActEndTurn}))

	for !g.Over() {
		a := g.Legal(nil)[0] // the first cowboy available...
		must(g.Apply(a))
		if g.Phase() == flickemup.PhaseAct {
			must(g.Apply(flickemup.Action{Kind: flickemup.ActEndTurn})) // ...does nothing
		}
	}
	fmt.Println(g.Hour(), g.Result().Reason)
	// Output:
	// 6 lawmen select [select 1]
	// lawmen:1 moved to y=14 cm; 1 action left
	// 12 noon: equal hit points (15 each)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}
