package envrpc_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"google.golang.org/grpc/codes"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/replay/replaytest"
)

// liveLines is a replay.Sink that keeps the lines it receives.
type liveLines struct {
	mu    sync.Mutex
	lines [][]byte
}

func (l *liveLines) Line(b []byte) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, b)
}

// replays splits the lines into the replays they make, one per header.
func (l *liveLines) replays(t *testing.T) []*replay.Replay {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []*replay.Replay
	var cur [][]byte
	flush := func() {
		if len(cur) == 0 {
			return
		}
		r, err := replay.Read(bytes.NewReader(append(bytes.Join(cur, []byte("\n")), '\n')))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
		cur = nil
	}
	for _, line := range l.lines {
		var k struct{ Type string }
		json.Unmarshal(line, &k)
		if k.Type == replay.TypeHeader {
			flush()
		}
		cur = append(cur, line)
	}
	flush()
	return out
}

// randomActions fills acts with random values allowed by each env's mask; the pool replaces
// the combinations the game's joint rules forbid.
func randomActions(spec *env.Spec, b *env.Batch, acts env.Actions, rng *rand.Rand) {
	for i := range b.NumEnvs {
		a, mask := acts.At(spec, i), b.MaskAt(i)
		for h, hd := range spec.Heads {
			off := spec.MaskOffset(h)
			for {
				if v := rng.IntN(hd.N); mask[off+v] {
					a.Discrete[h] = int32(v)
					break
				}
			}
		}
		for d, dim := range spec.Dims {
			a.Continuous[d] = dim.Low + rng.Float32()*(dim.High-dim.Low)
		}
	}
}

// TestWatch streams env 0 of a watched pool, and only of the newest one.
func TestWatch(t *testing.T) {
	sink := &liveLines{}
	e := envrpctest.NewServer(t, replaytest.Registry(t), envrpc.WithWatch(sink))
	cfg := func() *flickv1.PoolConfig {
		return &flickv1.PoolConfig{GameId: flickemup.ID, NumEnvs: 2, View: flickv1.View_VIEW_SINGLE_AGENT,
			IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE, Options: map[string]string{envrpc.WatchOption: "true"}}
	}
	old, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, cfg(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	vec, err := envrpc.NewRemoteVector(testCtx(t), e.Conn, cfg(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer vec.Close()
	if got := vec.PoolSpec().GetConfig().GetOptions()[envrpc.WatchOption]; got != "true" {
		t.Errorf("the pool's echoed options lack the watch option: %v", vec.PoolSpec().GetConfig().GetOptions())
	}
	rng := rand.New(rand.NewPCG(1, 2))
	spec := vec.Spec()
	acts := spec.NewActions(2)
	for _, v := range []*envrpc.RemoteVector{old, vec} {
		b, err := v.Reset(3)
		if err != nil {
			t.Fatal(err)
		}
		for n := 0; !b.Done(0); n++ {
			randomActions(spec, b, acts, rng)
			if b, err = v.Step(acts); err != nil {
				t.Fatal(err)
			}
		}
	}
	rs := sink.replays(t)
	if len(rs) != 1 {
		t.Fatalf("%d games streamed, want 1: the newest pool's env 0", len(rs))
	}
	r := rs[0]
	if !strings.Contains(r.Header.Title, vec.PoolSpec().GetPoolId()) || r.Header.Game != flickemup.ID {
		t.Errorf("header: game %s, title %q; want the showdown of pool %s", r.Header.Game, r.Header.Title, vec.PoolSpec().GetPoolId())
	}
	if _, ok := r.Header.Options[envrpc.WatchOption]; ok || r.Header.Options[replay.RecordOption] != "true" {
		t.Errorf("the game was created with %v, want the record option and not the watch option", r.Header.Options)
	}
	flicks := 0
	for _, s := range r.Steps {
		flicks += len(s.Flicks)
	}
	if r.End == nil || flicks == 0 {
		t.Errorf("streamed %d steps, %d flicks, end %v: want a whole game with its trajectories", len(r.Steps), flicks, r.End)
	}
}

func TestWatch_Refused(t *testing.T) {
	plain := envrpctest.NewServer(t, replaytest.Registry(t))
	watching := envrpctest.NewServer(t, replaytest.Registry(t), envrpc.WithWatch(&liveLines{}))
	tests := []struct {
		name  string
		e     *envrpctest.Env
		value string
		part  string
	}{
		{"NoViewer", plain, "true", "--http"},
		{"BadValue", watching, "maybe", "want true or false"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := tt.e.Client.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
				GameId: race.ID, NumEnvs: 1, Options: map[string]string{envrpc.WatchOption: tt.value}}})
			wantCode(t, tt.name, err, codes.InvalidArgument, "config.options", tt.part)
		})
	}
	// watch=false is accepted anywhere, and the game does not see it.
	_, err := plain.Client.CreatePool(testCtx(t), &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{
		GameId: race.ID, NumEnvs: 1, Options: map[string]string{envrpc.WatchOption: "false"}}})
	if err != nil {
		t.Errorf("watch=false: %v", err)
	}
}
