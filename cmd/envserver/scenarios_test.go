package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// TestMain_Scenarios: --scenarios DIR serves each .scn file of DIR under its own game id, which
// a client can create a pool of.
func TestMain_Scenarios(t *testing.T) {
	dir := t.TempDir()
	for file, name := range map[string]string{"my-town.scn": "showdown", "dry_town.scn": "dry-spell"} {
		src, err := flickemup.Source(name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, file), src, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := start(t, nil, "--listen", "127.0.0.1:0", "--scenarios", dir)
	c := r.dial(t, r.addr.String(), "")
	ctx := ctxFor(t)
	info, err := c.GetServerInfo(ctx, &flickv1.GetServerInfoRequest{})
	if err != nil {
		t.Fatal(err)
	}
	// Each file, a copy of ours, keeps its version line.
	myTown, dryTown := flickemup.FilePrefix+"my-town-v"+scenarioVersion(t, "showdown"), flickemup.FilePrefix+"dry_town-v"+scenarioVersion(t, "dry-spell")
	for _, id := range []string{myTown, dryTown, flickemup.ID} {
		if !slices.Contains(info.GetGames(), id) {
			t.Errorf("games %v lack %s", info.GetGames(), id)
		}
	}
	resp, err := c.CreatePool(ctx, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: myTown, NumEnvs: 1}})
	if err != nil {
		t.Fatal(err)
	}
	if got := resp.GetSpec().GetGame().GetId(); got != myTown {
		t.Errorf("pool of game %q, want the file's id", got)
	}
	if !strings.Contains(r.log.String(), myTown) {
		t.Errorf("the log does not name the served file:\n%s", r.log)
	}
}

// TestMain_ScenariosErrors: a file's problems stop the start-up, each printed as
// file:line: field: message.
func TestMain_ScenariosErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.scn")
	if err := os.WriteFile(bad, []byte("scenario bad\ntitle Bad\nstory x\nstart hour=13\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m := NewMain()
	if err := m.ParseFlags([]string{"--listen", "127.0.0.1:0", "--scenarios", dir}, io.Discard); err != nil {
		t.Fatal(err)
	}
	m.Stderr = io.Discard
	err := m.Run(context.Background())
	if err == nil {
		t.Fatal("served a bad scenario file")
	}
	for _, want := range []string{bad + ":4: start.hour: ", bad + ":4: initiative: missing directive"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

// scenarioVersion returns the version of our scenario name, as its file declares it.
func scenarioVersion(t *testing.T, name string) string {
	t.Helper()
	sc, err := flickemup.Load(name)
	if err != nil {
		t.Fatal(err)
	}
	return strconv.Itoa(sc.EnvVersion())
}
