package envrpc_test

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// manyGames returns a registry of Race and n copies of the
// showdown scenario file (flickemup/file/town-0-v9, ...), with their ids
// sorted.
func manyGames(t *testing.T, n int) (*env.Registry, []string) {
	t.Helper()
	src, err := os.ReadFile("../env/flickemup/scenarios/showdown.scn")
	if err != nil {
		t.Fatal(err)
	}
	sc, err := flickemup.Parse("town.scn", src)
	if err != nil {
		t.Fatal(err)
	}
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if err := flickemup.RegisterScenario(reg, fmt.Sprintf("flickemup/file/town-%d-v9", i), sc); err != nil {
			t.Fatal(err)
		}
	}
	return reg, reg.IDs()
}

// TestListGames_Pages checks that ListGames answers a registry whose
// listing is far over the message limit (64 KiB here; 64 MiB is about
// 16,700 scenario files) in pages that each fit, and that ListAllGames
// follows them to every game, in order, each with its spec.
func TestListGames_Pages(t *testing.T) {
	const limit = 64 << 10
	reg, ids := manyGames(t, 60)
	e := envrpctest.NewServer(t, reg, envrpc.WithLimits(envrpc.Limits{MaxMessageBytes: limit}))
	ctx := testCtx(t)

	first, err := e.Client.ListGames(ctx, &flickv1.ListGamesRequest{})
	if err != nil {
		t.Fatalf("ListGames: %v", err)
	}
	if first.GetNextPageToken() == "" || len(first.GetGames()) == 0 || len(first.GetGames()) >= len(ids) {
		t.Fatalf("first page: %d games, next token %q; want part of %d games and a token", len(first.GetGames()), first.GetNextPageToken(), len(ids))
	}
	if n := proto.Size(first); n > limit {
		t.Errorf("first page: %d bytes, over the limit of %d", n, limit)
	}

	games, err := envrpc.ListAllGames(ctx, e.Client)
	if err != nil {
		t.Fatalf("ListAllGames: %v", err)
	}
	var got []string
	for _, g := range games {
		got = append(got, g.GetId())
		if g.GetSpec().GetId() != g.GetId() || g.GetError() != "" {
			t.Errorf("%s: spec id %q, error %q; want its spec", g.GetId(), g.GetSpec().GetId(), g.GetError())
		}
	}
	if !slices.Equal(got, ids) {
		t.Errorf("ListAllGames: %d games %v\nwant %d: %v", len(got), got, len(ids), ids)
	}
}

// TestListGames_PageSize checks page_size: a page of at most that many, a
// negative size refused, a foreign token refused.
func TestListGames_PageSize(t *testing.T) {
	reg, ids := manyGames(t, 4)
	e := envrpctest.NewServer(t, reg)
	ctx := testCtx(t)
	var got []string
	req := &flickv1.ListGamesRequest{PageSize: 2}
	for pages := 0; ; pages++ {
		if pages > len(ids) {
			t.Fatalf("more pages than games: %v", got)
		}
		resp, err := e.Client.ListGames(ctx, req)
		if err != nil {
			t.Fatalf("ListGames(%v): %v", req, err)
		}
		if len(resp.GetGames()) > 2 {
			t.Errorf("page of %d games with page_size 2", len(resp.GetGames()))
		}
		for _, g := range resp.GetGames() {
			got = append(got, g.GetId())
		}
		if resp.GetNextPageToken() == "" {
			break
		}
		req = &flickv1.ListGamesRequest{PageSize: 2, PageToken: resp.GetNextPageToken()}
	}
	if !slices.Equal(got, ids) {
		t.Errorf("pages of 2: %v, want %v", got, ids)
	}
	_, err := e.Client.ListGames(ctx, &flickv1.ListGamesRequest{PageSize: -1})
	wantCode(t, "page_size -1", err, codes.InvalidArgument, "list_games.page_size")
	_, err = e.Client.ListGames(ctx, &flickv1.ListGamesRequest{PageToken: "race-v1"})
	wantCode(t, "a foreign token", err, codes.InvalidArgument, "list_games.page_token")
}
