package envrpc_test

import (
	"os"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// townID is the id a served file town.scn gets.
const townID = "flickemup/file/town-v9"

// townServer returns a server of one scenario file, src, served as
// flickemup/file/town-v9, as envserver --scenarios serves town.scn.
func townServer(t *testing.T, src []byte, opts ...envrpc.Option) *envrpctest.Env {
	t.Helper()
	sc, err := flickemup.Parse("town.scn", src)
	if err != nil {
		t.Fatal(err)
	}
	reg := env.NewRegistry()
	if err := flickemup.RegisterScenario(reg, townID, sc); err != nil {
		t.Fatal(err)
	}
	return envrpctest.NewServer(t, reg, append([]envrpc.Option{envrpc.WithOpponent("random", env.RandomPolicy{})}, opts...)...)
}

// poolDigest creates a pool of cfg and returns its content digest.
func poolDigest(t *testing.T, e *envrpctest.Env, cfg *flickv1.PoolConfig) string {
	t.Helper()
	resp, err := e.Client.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: cfg})
	if err != nil {
		t.Fatalf("CreatePool: %v", err)
	}
	d := resp.GetSpec().GetContentDigest()
	if len(d) != 64 || strings.Trim(d, "0123456789abcdef") != "" {
		t.Fatalf("content_digest %q: want 64 lower-case hex digits", d)
	}
	return d
}

// TestContentDigest_ScenarioContent checks that two servers serving
// different town.scn files under one id give pools of different content
// digests (lawmen:1 with 3 hit points, then 5), and two serving the same
// file equal ones, whatever the file's name on disk.
func TestContentDigest_ScenarioContent(t *testing.T) {
	src, err := os.ReadFile("../env/flickemup/scenarios/showdown.scn")
	if err != nil {
		t.Fatal(err)
	}
	const line = "cowboy id=lawmen:1  x=29 y=8  facing=90  hp=3"
	if !strings.Contains(string(src), line) {
		t.Fatalf("showdown.scn lacks %q", line)
	}
	edited := []byte(strings.Replace(string(src), line, strings.Replace(line, "hp=3", "hp=5", 1), 1))
	a, same, other := townServer(t, src), townServer(t, src), townServer(t, edited)

	for _, cfg := range []*flickv1.PoolConfig{
		{GameId: townID, NumEnvs: 2},
		{GameId: townID, NumEnvs: 2, View: flickv1.View_VIEW_SINGLE_AGENT},
	} {
		da, dsame, dother := poolDigest(t, a, cfg), poolDigest(t, same, cfg), poolDigest(t, other, cfg)
		if da != dsame {
			t.Errorf("view %v: the same file gives digests %s and %s, want equal", cfg.GetView(), da, dsame)
		}
		if da == dother {
			t.Errorf("view %v: different files under %s give the same digest %s", cfg.GetView(), townID, da)
		}
	}
}

// TestContentDigest_BuildAndOpponents checks that the digest covers the
// server's build version, the options and the opponent's version.
func TestContentDigest_BuildAndOpponents(t *testing.T) {
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		t.Fatal(err)
	}
	bot := func(version string) envrpc.Option {
		return envrpc.WithOpponentSpec("bot", envrpc.Opponent{Policy: env.RandomPolicy{}, Version: version})
	}
	v1 := envrpctest.NewServer(t, reg, envrpc.WithVersion("v1"), bot("1"))
	v1again := envrpctest.NewServer(t, reg, envrpc.WithVersion("v1"), bot("1"))
	v2 := envrpctest.NewServer(t, reg, envrpc.WithVersion("v2"), bot("1"))
	botv2 := envrpctest.NewServer(t, reg, envrpc.WithVersion("v1"), bot("2"))

	selfPlay := &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1}
	vsBot := &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1, View: flickv1.View_VIEW_SINGLE_AGENT, Opponent: "bot"}
	if a, b := poolDigest(t, v1, selfPlay), poolDigest(t, v1again, selfPlay); a != b {
		t.Errorf("one build: digests %s and %s, want equal", a, b)
	}
	if a, b := poolDigest(t, v1, selfPlay), poolDigest(t, v2, selfPlay); a == b {
		t.Errorf("builds v1 and v2: the same digest %s", a)
	}
	if a, b := poolDigest(t, v1, vsBot), poolDigest(t, v1again, vsBot); a != b {
		t.Errorf("one bot version: digests %s and %s, want equal", a, b)
	}
	if a, b := poolDigest(t, v1, vsBot), poolDigest(t, botv2, vsBot); a == b {
		t.Errorf("bot versions 1 and 2: the same digest %s", a)
	}
	if a, b := poolDigest(t, botv2, selfPlay), poolDigest(t, v1, selfPlay); a != b {
		t.Errorf("self-play pools: the opponent's version changed the digest (%s, %s)", a, b)
	}
	withOpt := &flickv1.PoolConfig{GameId: race.ID, NumEnvs: 1, Options: map[string]string{"rounds": "5"}}
	if a, b := poolDigest(t, v1, selfPlay), poolDigest(t, v1, withOpt); a == b {
		t.Errorf("different options: the same digest %s", a)
	}
}
