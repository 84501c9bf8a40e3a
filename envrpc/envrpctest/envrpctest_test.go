package envrpctest_test

import (
	"context"
	"math"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"
	"google.golang.org/grpc/test/bufconn"
	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/race"
	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// registry returns a registry with Race.
func registry(t testing.TB) *env.Registry {
	t.Helper()
	reg := env.NewRegistry()
	if err := race.Register(reg); err != nil {
		t.Fatal(err)
	}
	return reg
}

// mutant is a server with one protocol violation, chosen by kind, built on
// the real server.
type mutant struct {
	*envrpc.Server
	kind string
}

func (m *mutant) CreatePool(ctx context.Context, req *flickv1.CreatePoolRequest) (*flickv1.CreatePoolResponse, error) {
	resp, err := m.Server.CreatePool(ctx, req)
	if err == nil && m.kind == "SpecLies" {
		resp.Spec.Game.Obs[0].High *= 2
	}
	return resp, err
}

func (m *mutant) Reset(ctx context.Context, req *flickv1.ResetRequest) (*flickv1.ResetResponse, error) {
	if m.kind == "IgnoresSeed" && req.Seed != nil {
		req.Seed = proto.Uint64(0)
	}
	return m.Server.Reset(ctx, req)
}

func (m *mutant) Step(ctx context.Context, req *flickv1.StepRequest) (*flickv1.StepResponse, error) {
	switch m.kind {
	case "AcceptsNaN":
		if c := req.GetContinuous(); c != nil {
			for k := 0; k+4 <= len(c.Data); k += 4 {
				if c.Data[k+3]&0x7f == 0x7f && c.Data[k+2]&0x80 != 0 { // NaN or ±Inf
					copy(c.Data[k:k+4], []byte{0, 0, 0, 0})
				}
			}
		}
	case "WrongCode":
		resp, err := m.Server.Step(ctx, req)
		if status.Code(err) == codes.NotFound {
			err = status.Error(codes.InvalidArgument, status.Convert(err).Message())
		}
		return resp, err
	case "ChangesOnError":
		resp, err := m.Server.Step(ctx, req)
		if status.Code(err) == codes.InvalidArgument {
			// The refused request resets the pool's envs.
			_, _ = m.Server.Reset(ctx, &flickv1.ResetRequest{PoolId: req.GetPoolId()})
		}
		return resp, err
	}
	resp, err := m.Server.Step(ctx, req)
	if err == nil && m.kind == "ObsFlip" && len(resp.Batch.Obs.Data) > 0 {
		resp.Batch.Obs.Data[0] ^= 1
	}
	if err == nil && m.kind == "NoObsAll" && resp.Batch.ObsAllSeats != nil {
		clear(resp.Batch.ObsAllSeats.Data)
	}
	return resp, err
}

func (m *mutant) Session(stream flickv1.EnvService_SessionServer) error {
	return m.Server.Session(&mutantStream{stream, m.kind})
}

// mutantStream corrupts what a session sends.
type mutantStream struct {
	flickv1.EnvService_SessionServer
	kind string
}

func (s *mutantStream) Send(r *flickv1.SessionResponse) error {
	switch s.kind {
	case "SessionEchoesNoID":
		r.RequestId = 0
	case "SessionErrorCode":
		if e := r.GetError(); e != nil {
			e.Code = int32(codes.Unknown)
		}
	}
	return s.EnvService_SessionServer.Send(r)
}

// mutants maps each protocol violation to the subtest that must catch it.
var mutants = map[string]string{
	"SpecLies":          "Info",
	"IgnoresSeed":       "MatchesVector",
	"ObsFlip":           "MatchesVector",
	"AcceptsNaN":        "BadInput",
	"WrongCode":         "BadInput",
	"ChangesOnError":    "BadInput",
	"NoObsAll":          "ObserveAllSeats",
	"SessionEchoesNoID": "MatchesVector",
	"SessionErrorCode":  "Session",
}

// serveMutant serves the mutant kind over bufconn and returns a connection.
func serveMutant(t *testing.T, kind string) *grpc.ClientConn {
	t.Helper()
	srv := envrpc.New(registry(t))
	g := grpc.NewServer()
	flickv1.RegisterEnvServiceServer(g, &mutant{srv, kind})
	lis := bufconn.Listen(1 << 20)
	go func() { _ = g.Serve(lis) }()
	t.Cleanup(func() { g.Stop(); _ = srv.Close() })
	conn, err := grpc.NewClient("passthrough:///bufconn",
		grpc.WithContextDialer(func(ctx context.Context, _ string) (net.Conn, error) { return lis.DialContext(ctx) }),
		grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// TestRun_Race is the control: the real server passes, for Race
// with two and three players.
func TestRun_Race(t *testing.T) {
	e := envrpctest.NewServer(t, registry(t))
	envrpctest.Run(t, e.Conn, race.ID, race.Factory, envrpctest.Config{})
	envrpctest.Run(t, e.Conn, race.ID, race.Factory, envrpctest.Config{Options: env.Options{"players": "3"}, NumEnvs: 3, Seed: 9})
}

// TestRun_Mutant runs the suite on the mutant server named by
// $ENVRPCTEST_MUTANT; TestRun_CatchesMutants runs it in a child process and
// expects a failure in the right check.
func TestRun_Mutant(t *testing.T) {
	kind := os.Getenv("ENVRPCTEST_MUTANT")
	if kind == "" {
		t.Skip("run by TestRun_CatchesMutants in a child process")
	}
	envrpctest.Run(t, serveMutant(t, kind), race.ID, race.Factory, envrpctest.Config{})
}

func TestRun_CatchesMutants(t *testing.T) {
	if os.Getenv("ENVRPCTEST_MUTANT") != "" {
		t.Skip("in a child process")
	}
	for kind, check := range mutants {
		t.Run(kind, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestRun_Mutant$", "-test.short", "-test.v")
			cmd.Env = append(os.Environ(), "ENVRPCTEST_MUTANT="+kind)
			out, err := cmd.CombinedOutput()
			if err == nil {
				t.Fatalf("the suite passed a server with the defect %s:\n%s", kind, out)
			}
			if want := "--- FAIL: TestRun_Mutant/" + check; !strings.Contains(string(out), want) {
				t.Errorf("defect %s: want a failure in %s, got:\n%s", kind, check, out)
			}
		})
	}
}

// TestDiffBatch checks that DiffBatch finds a difference in every field and
// compares floats by their bits.
func TestDiffBatch(t *testing.T) {
	v, err := env.NewVector(race.Factory, env.Config{NumEnvs: 2, Autoreset: env.SameStep})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	b, err := v.Reset(1)
	if err != nil {
		t.Fatal(err)
	}
	clone := func() *env.Batch {
		c := *b
		c.EnvID = append([]int32(nil), b.EnvID...)
		c.Obs = append([]float32(nil), b.Obs...)
		c.Reward = append([]float32(nil), b.Reward...)
		c.Terminated = append([]bool(nil), b.Terminated...)
		c.Mask = append([]bool(nil), b.Mask...)
		c.StateHash = append([]uint64(nil), b.StateHash...)
		c.FinalObs = append([]float32(nil), b.FinalObs...)
		return &c
	}
	if d := envrpctest.DiffBatch(clone(), b); d != "" {
		t.Fatalf("a copy differs: %s", d)
	}
	for _, c := range []struct {
		field  string
		mutate func(x *env.Batch)
	}{
		{"env_id", func(x *env.Batch) { x.EnvID[1] = 7 }},
		{"obs", func(x *env.Batch) { x.Obs[3] = math.Nextafter32(x.Obs[3], 2) }},
		{"reward", func(x *env.Batch) { x.Reward[0] = float32(math.Copysign(0, -1)) }}, // -0 vs +0
		{"terminated", func(x *env.Batch) { x.Terminated[1] = true }},
		{"action_mask", func(x *env.Batch) { x.Mask[0] = !x.Mask[0] }},
		{"state_hash", func(x *env.Batch) { x.StateHash[0]++ }},
		{"final_obs", func(x *env.Batch) { x.FinalObs[0] = 1 }},
	} {
		x := clone()
		c.mutate(x)
		if d := envrpctest.DiffBatch(x, b); !strings.HasPrefix(d, c.field) {
			t.Errorf("changed %s: DiffBatch = %q", c.field, d)
		}
	}
}
