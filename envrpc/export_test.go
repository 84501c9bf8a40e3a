package envrpc

import "github.com/flickarena/flickarena/env"

// LocalGame returns game i of a LocalPool, for reading between calls (tests draw legal
// actions from it).
func LocalGame(l *LocalPool, i int) env.Game { return l.p.vec.Game(i) }
