package envrpc

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"google.golang.org/grpc"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// AgentPolicy is an env.Policy played by a remote bot behind an
// AgentService: each Act is one Act call with a batch of one position. It
// lets a bot written in any language be the opponent of a single-agent pool
// (WithOpponent) or a player in the arena. It is safe for concurrent use. It
// is a [ContextPolicy]: as a pool's opponent, its calls end with the
// client's call, and the pool's envs call it concurrently.
type AgentPolicy struct {
	client  flickv1.AgentServiceClient
	timeout time.Duration
}

// NewAgentPolicy returns a Policy calling the AgentService behind conn, each
// call bounded by timeout (0 means 10 s).
func NewAgentPolicy(conn grpc.ClientConnInterface, timeout time.Duration) *AgentPolicy {
	if timeout <= 0 {
		timeout = 10 * time.Second
	}
	return &AgentPolicy{client: flickv1.NewAgentServiceClient(conn), timeout: timeout}
}

// Info returns the agent's name, games and version.
func (a *AgentPolicy) Info(ctx context.Context) (*flickv1.GetAgentInfoResponse, error) {
	resp, err := a.client.GetAgentInfo(ctx, &flickv1.GetAgentInfoRequest{})
	if err != nil {
		return nil, fmt.Errorf("envrpc: agent info: %w", err)
	}
	return resp, nil
}

// Act implements env.Policy: it sends t's spec, seat, observation and mask,
// with a seed drawn from rng (so that a random bot is deterministic), and
// writes the agent's action into dst. A failed call or a response of the
// wrong shape is an error; an illegal action is caught by the caller.
func (a *AgentPolicy) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	return a.ActContext(context.Background(), dst, t, rng)
}

// ActContext is [AgentPolicy.Act] under ctx: the call ends at ctx's deadline
// or the policy's timeout, whichever comes first. A failed call's error wraps
// the gRPC status, so status.Code reports it (codes.Unavailable for a lost
// connection, codes.DeadlineExceeded for a late answer).
func (a *AgentPolicy) ActContext(ctx context.Context, dst env.Action, t env.Turn, rng *rand.Rand) error {
	var buf []byte
	req := &flickv1.ActRequest{
		Game:       GameSpec(t.Spec),
		Player:     tensor(&buf, []int32{int32(t.Player)}, 1),
		Obs:        tensor(&buf, t.Obs, 1, len(t.Obs)),
		ActionMask: tensor(&buf, t.Mask, 1, len(t.Mask)),
		Seed:       tensor(&buf, []uint64{rng.Uint64()}, 1),
	}
	ctx, cancel := context.WithTimeout(ctx, a.timeout)
	defer cancel()
	resp, err := a.client.Act(ctx, req)
	if err != nil {
		return fmt.Errorf("envrpc: agent act: %w", err)
	}
	// checkTensor's error is a *requestError (InvalidArgument), the fault of a request; here
	// the agent answered badly, so its text is kept but not its type (toStatus would otherwise
	// blame the caller of the pool).
	if err := checkTensor(resp.GetDiscrete(), "act.discrete", flickv1.DType_DTYPE_INT32, 1, len(dst.Discrete)); err != nil {
		return fmt.Errorf("envrpc: agent response %v", err) //nolint:errorlint // not a request's fault, see above
	}
	if err := checkTensor(resp.GetContinuous(), "act.continuous", flickv1.DType_DTYPE_FLOAT32, 1, len(dst.Continuous)); err != nil {
		return fmt.Errorf("envrpc: agent response %v", err) //nolint:errorlint // not a request's fault, see above
	}
	decodeLE(dst.Discrete, resp.GetDiscrete().GetData())
	decodeLE(dst.Continuous, resp.GetContinuous().GetData())
	return nil
}
