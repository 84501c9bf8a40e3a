package main

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/benchmarks/flickbench"
	"github.com/flickarena/flickarena/env/flickemup"
)

// TestWrite checks the records the native program reads: one config and one table line,
// every kind of the catalogue, the 42 pieces of the town, and the flicks of flickbench with
// their exact velocities.
func TestWrite(t *testing.T) {
	var buf bytes.Buffer
	write(&buf, 5)
	counts := map[string]int{}
	var flicks [][]string
	for _, line := range strings.Split(strings.TrimSpace(buf.String()), "\n") {
		f := strings.Fields(line)
		counts[f[0]]++
		if f[0] == "flick" {
			flicks = append(flicks, f)
		}
	}
	want := map[string]int{"config": 1, "table": 1, "kind": len(flickemup.Pieces.Kinds()), "piece": 42, "flick": 5}
	for k, n := range want {
		if counts[k] != n {
			t.Errorf("%d %q records, want %d", counts[k], k, n)
		}
	}
	st, stream := flickbench.Scene(), flickbench.NewStream()
	for i, f := range flicks {
		fl := stream.Next(st)
		vx, _ := strconv.ParseFloat(f[4], 64)
		vy, _ := strconv.ParseFloat(f[5], 64)
		if vx != fl.Velocity.X || vy != fl.Velocity.Y || f[1] != strconv.Itoa(int(st.Pieces[fl.Piece].Kind)) {
			t.Errorf("flick %d written as %v, want kind %v velocity %v", i, f, st.Pieces[fl.Piece].Kind, fl.Velocity)
		}
	}
}
