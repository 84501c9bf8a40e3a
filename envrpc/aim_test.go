package envrpc_test

import (
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// TestServer_FlickOption checks the aiming action format through the wire: ListGames lists
// flickago's option flick with its values, a pool with flick=aim has the aiming dims and a
// content digest of its own, and one with flick=velocity the default dims.
func TestServer_FlickOption(t *testing.T) {
	reg := env.NewRegistry()
	if err := flickago.Register(reg); err != nil {
		t.Fatal(err)
	}
	e := envrpctest.NewServer(t, reg)
	ctx := testCtx(t)
	resp, err := e.Client.ListGames(ctx, &flickv1.ListGamesRequest{})
	if err != nil {
		t.Fatal(err)
	}
	var flick *flickv1.OptionSpec
	for _, o := range resp.GetGames()[0].GetOptions() {
		if o.GetKey() == "flick" {
			flick = o
		}
	}
	if flick == nil || flick.GetDefaultValue() != "velocity" || !slices.Equal(flick.GetChoices(), []string{"velocity", "aim"}) {
		t.Fatalf("ListGames: option flick = %v", flick)
	}
	pool := func(opts map[string]string) *flickv1.PoolSpec {
		t.Helper()
		r, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: flickago.ID, NumEnvs: 1, Options: opts}})
		if err != nil {
			t.Fatal(err)
		}
		return r.GetSpec()
	}
	dims := func(s *flickv1.PoolSpec) []string {
		var n []string
		for _, d := range s.GetGame().GetDims() {
			n = append(n, d.GetName())
		}
		return n
	}
	def, vel, aim := pool(nil), pool(map[string]string{"flick": "velocity"}), pool(map[string]string{"flick": "aim"})
	if got := dims(def); !slices.Equal(got, []string{"vx", "vy"}) {
		t.Errorf("default pool dims %v", got)
	}
	if got := dims(vel); !slices.Equal(got, []string{"vx", "vy"}) {
		t.Errorf("flick=velocity pool dims %v", got)
	}
	if got := dims(aim); !slices.Equal(got, []string{"x", "y", "push"}) {
		t.Errorf("flick=aim pool dims %v", got)
	}
	if aim.GetContentDigest() == def.GetContentDigest() {
		t.Error("flick=aim pool has the default pool's content digest")
	}
}
