package envrpc_test

import (
	"slices"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// TestServer_EnvOffset checks PoolConfig.env_offset: pools of 2 and 3 envs
// at offsets 0 and 2 return, after Reset(seed 7), the state hashes of one
// pool of 5; the resolved config echoes the offset; a negative or too large
// offset is refused naming config.env_offset; the capability is announced.
func TestServer_EnvOffset(t *testing.T) {
	e := envrpctest.NewServer(t, raceRegistry(t))
	ctx := testCtx(t)
	info, err := e.Client.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(info.GetCapabilities(), "pool.env_offset") {
		t.Errorf("capabilities %v lack pool.env_offset", info.GetCapabilities())
	}
	// hashes returns the raw bytes of the state hashes (8 per env).
	hashes := func(n int32, offset int64) []byte {
		t.Helper()
		cfg := &flickv1.PoolConfig{GameId: race.ID, NumEnvs: n, EnvOffset: offset, View: flickv1.View_VIEW_SINGLE_AGENT}
		resp, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: cfg})
		if err != nil {
			t.Fatalf("CreatePool(%d envs at %d): %v", n, offset, err)
		}
		if got := resp.GetSpec().GetConfig().GetEnvOffset(); got != offset {
			t.Errorf("resolved env_offset %d, want %d", got, offset)
		}
		seed := uint64(7)
		r, err := e.Client.Reset(ctx, &flickv1.ResetRequest{PoolId: resp.GetSpec().GetPoolId(), Seed: &seed})
		if err != nil {
			t.Fatalf("Reset: %v", err)
		}
		return r.GetBatch().GetStateHash().GetData()
	}
	whole := hashes(5, 0)
	split := append(hashes(2, 0), hashes(3, 2)...)
	if !slices.Equal(split, whole) {
		t.Errorf("pools at offsets 0 and 2 have hashes %x, one pool %x", split, whole)
	}
	if shifted := hashes(3, 1); slices.Equal(shifted, whole[16:]) {
		t.Errorf("offset 1 gave the hashes of offset 2: %x", shifted)
	}
	for _, bad := range []int64{-1, 1 << 31} {
		_, err := e.Client.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1, EnvOffset: bad}})
		wantCode(t, "env_offset out of range", err, codes.InvalidArgument, "config.env_offset")
	}
}
