package fliprando_test

import (
	"fmt"

	"github.com/flickarena/flickarena/env/fliprando"
)

// Example plays the start of a 3-player game: the set-up blocks, then the
// first player passes Phase 1 and plays SWAP.
func Example() {
	g, err := fliprando.New(fliprando.Config{Players: 3, Seed: 1})
	if err != nil {
		panic(err)
	}
	for range 3 {
		fmt.Println(g.Pending(), "seat", g.Current())
		_ = g.Apply(fliprando.TileAction(fliprando.Joker)) // block JOKER
	}
	fmt.Println(g.Pending(), "seat", g.Current(), "legal", g.Legal(nil))
	_ = g.Apply(fliprando.Pass)
	_ = g.Apply(fliprando.TileAction(fliprando.Swap))
	fmt.Println(g.Pending(), "legal", g.Legal(nil))
	// Output:
	// setup_block seat 0
	// setup_block seat 1
	// setup_block seat 2
	// p1_first seat 0 legal [pass tile move tile swap tile dec tile inc tile draw]
	// swap_pair legal [swap x0 x1 swap x0 x2 swap x1 x2]
}
