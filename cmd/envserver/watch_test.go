package main

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// TestMain_WatchEveryOpponent plays a watched pool (watch=true: env 0 is recorded for the
// viewer) against every opponent the server offers, built-in or not, on every game it plays:
// the recorder wrapping env 0 once hid the game from the bots of several games, and every
// step against aimer or planner failed with INTERNAL "bygame: unsupported game".
func TestMain_WatchEveryOpponent(t *testing.T) {
	r := start(t, nil, "--listen", "127.0.0.1:0", "--http", "127.0.0.1:0")
	conn, err := envrpc.Dial(r.addr.String(), "", 0)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	c := flickv1.NewEnvServiceClient(conn)
	// The deep searches take seconds a decision under the race detector on a loaded machine:
	// the deadline is a hang detector only.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	info, err := c.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatal(err)
	}
	played := 0
	for _, game := range info.GetGames() {
		for _, o := range info.GetOpponentInfo() {
			if len(o.GetGames()) > 0 && !slices.Contains(o.GetGames(), game) {
				continue
			}
			cfg := &flickv1.PoolConfig{GameId: game, NumEnvs: 1, View: flickv1.View_VIEW_SINGLE_AGENT,
				Opponent: o.GetName(), IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE,
				Options: map[string]string{envrpc.WatchOption: "true"}}
			rv, err := envrpc.NewRemoteVector(ctx, conn, cfg, false)
			if err != nil {
				t.Errorf("%s against %s, watched: create: %v", game, o.GetName(), err)
				continue
			}
			if _, err := rv.Reset(1); err != nil {
				t.Errorf("%s against %s, watched: reset: %v", game, o.GetName(), err)
			} else if _, err := rv.Step(rv.Spec().NewActions(1)); err != nil {
				t.Errorf("%s against %s, watched: step: %v", game, o.GetName(), err)
			}
			played++
			if err := rv.Close(); err != nil {
				t.Fatalf("%s against %s: close: %v", game, o.GetName(), err)
			}
		}
	}
	if played < len(info.GetGames())*2 {
		t.Errorf("played %d pairs of a game and an opponent, want at least two opponents a game", played)
	}
}
