package tune

import (
	"context"
	"fmt"

	"github.com/flickarena/flickarena/arena"
)

// The results of a game for seat 0 (the lawmen): their ranks.
var (
	win  = []int{1, 2}
	loss = []int{2, 1}
	draw = []int{1, 1}
)

// fakeGames is a Tournaments that plays no game: the game i of value v's and pair p's
// tournament has the ranks result(v, p, i), the games paired two by two (i/2), and it records
// how many games of each tournament were asked for.
type fakeGames struct {
	result func(v, p, i int) []int
	// played[v][p] is the most games asked of the tournament of value v and pair p.
	played map[[2]int]int
	// recorded, when above 0, is how many games each tournament holds: a look past it is
	// not complete (Play returns false).
	recorded int
	// err, when not nil, is returned by every Play.
	err error
}

// Play implements Tournaments.
func (f *fakeGames) Play(_ context.Context, v, p, n int) ([]arena.GameRecord, bool, error) {
	if f.err != nil {
		return nil, false, f.err
	}
	if f.recorded > 0 && n > f.recorded {
		return nil, false, nil
	}
	if f.played == nil {
		f.played = map[[2]int]int{}
	}
	f.played[[2]int{v, p}] = max(f.played[[2]int{v, p}], n)
	return fakeRecords(n, func(i int) []int { return f.result(v, p, i) }), true, nil
}

// fakeRecords returns n games, game i of ranks result(i), paired two by two.
func fakeRecords(n int, result func(i int) []int) []arena.GameRecord {
	games := make([]arena.GameRecord, n)
	for i := range games {
		games[i] = arena.GameRecord{PairID: fmt.Sprintf("p|%04d", i/2), Seq: i, Round: i / 2, Leg: i % 2, Ranks: result(i),
			Bots: []arena.BotInfo{{Name: "random", Version: "1"}, {Name: "random-mirror", Version: "1"}}}
	}
	return games
}

// even is an even pair of games that is no draw: a win each.
func even(i int) []int {
	if i%2 == 0 {
		return win
	}
	return loss
}

// mostlyEven is a value at 50% with a spread: of every 10 games, 3 even pairs, one the
// lawmen win and one they lose.
func mostlyEven(i int) []int {
	switch i % 10 {
	case 6, 7:
		return win
	case 8, 9:
		return loss
	}
	return even(i)
}
