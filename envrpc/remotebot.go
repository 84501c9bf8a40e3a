package envrpc

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/env"
)

// RemoteBot is a bot served by an AgentService at an address, as the arena plays it: a name,
// a version and the games it says it plays (asked once, by [DialRemoteBot]), and an
// env.Policy whose every decision is one Act call with one position ([AgentPolicy]). Its
// ActContext honours the context's deadline, which the arena sets per decision. It is safe
// for concurrent use, as a gRPC connection is.
type RemoteBot struct {
	addr    string
	conn    *grpc.ClientConn
	policy  *AgentPolicy
	name    string
	version string
	games   []string // the game ids it plays; empty means any
}

// The bounds of what a remote bot may say of itself.
const (
	// RemoteInfoTimeout bounds the GetAgentInfo handshake of [DialRemoteBot].
	RemoteInfoTimeout = 10 * time.Second
	// MaxRemoteGames is the most game ids a remote bot may say it plays.
	MaxRemoteGames = 1000
	// maxGameIDLen is the longest game id a remote bot may list, in bytes.
	maxGameIDLen = 200
)

// DialRemoteBot connects to the AgentService at addr (HOST:PORT, or any gRPC target such as
// unix:///path) and asks the bot its name, version and games, within RemoteInfoTimeout. A
// bot that gives no version is "unversioned". It refuses a bot without a name, or one that
// lists more than MaxRemoteGames games or a game id that is not printable ASCII of at most
// 200 bytes. Close the bot when done.
func DialRemoteBot(ctx context.Context, addr string) (*RemoteBot, error) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, fmt.Errorf("envrpc: remote bot at %s: %w", addr, err)
	}
	// The caller's per-decision deadline bounds every call; the policy's own timeout only
	// backs it up.
	b := &RemoteBot{addr: addr, conn: conn, policy: NewAgentPolicy(conn, time.Hour)}
	ictx, cancel := context.WithTimeout(ctx, RemoteInfoTimeout)
	defer cancel()
	info, err := b.policy.Info(ictx)
	if err != nil {
		_ = conn.Close() // the handshake's error is the one to report
		return nil, fmt.Errorf("envrpc: remote bot at %s: no answer to GetAgentInfo: %w", addr, err)
	}
	b.name, b.version, b.games = info.GetName(), info.GetVersion(), info.GetGames()
	if b.version == "" {
		b.version = "unversioned"
	}
	if err := checkRemoteGames(b.name, b.games); err != nil {
		_ = conn.Close() // the bot is refused
		return nil, fmt.Errorf("envrpc: remote bot at %s: %w", addr, err)
	}
	return b, nil
}

// checkRemoteGames checks that a bot gave a name and a list of games within the bounds.
func checkRemoteGames(name string, games []string) error {
	if name == "" {
		return errors.New("it gave no name")
	}
	if len(games) > MaxRemoteGames {
		return fmt.Errorf("it lists %d games, more than the limit of %d", len(games), MaxRemoteGames)
	}
	for _, g := range games {
		if len(g) > maxGameIDLen || strings.IndexFunc(g, func(r rune) bool { return r < 0x20 || r > 0x7e }) >= 0 {
			return fmt.Errorf("it lists a game id that is not printable ASCII of at most %d bytes: %s",
				maxGameIDLen, strconv.QuoteToASCII(g[:min(len(g), 40)]))
		}
	}
	return nil
}

// Name returns the name the bot gave, unchecked: the caller checks it against its own rules.
func (b *RemoteBot) Name() string { return b.name }

// Version returns the version the bot gave, or "unversioned".
func (b *RemoteBot) Version() string { return b.version }

// Addr returns the address the bot was dialled at.
func (b *RemoteBot) Addr() string { return b.addr }

// Games returns the game ids the bot says it plays; empty means any. The caller must not
// modify the slice.
func (b *RemoteBot) Games() []string { return b.games }

// Plays reports whether the bot says it plays game id.
func (b *RemoteBot) Plays(id string) bool { return len(b.games) == 0 || slices.Contains(b.games, id) }

// Close closes the connection.
func (b *RemoteBot) Close() error { return b.conn.Close() }

// Act implements env.Policy, without a deadline of its own.
func (b *RemoteBot) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	return b.ActContext(context.Background(), dst, t, rng)
}

// ActContext is one Act call with the position t, seeded from rng, under ctx. A lost
// connection wraps env.ErrDisconnected and an expired deadline context.DeadlineExceeded; a
// malformed answer is an error (the bot's crash).
func (b *RemoteBot) ActContext(ctx context.Context, dst env.Action, t env.Turn, rng *rand.Rand) error {
	err := b.policy.ActContext(ctx, dst, t, rng)
	if err == nil {
		return nil
	}
	switch status.Code(err) {
	case codes.Unavailable:
		// Only the sentinel is wrapped: the bot's gRPC status is its connection's, and must not
		// become the status of a call that serves this bot's game.
		return fmt.Errorf("%s: %w: %v", b.addr, env.ErrDisconnected, err) //nolint:errorlint // see above
	case codes.DeadlineExceeded:
		return fmt.Errorf("%s: %w", b.addr, context.DeadlineExceeded)
	}
	return fmt.Errorf("%s: %w", b.addr, err)
}
