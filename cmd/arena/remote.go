package main

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/credentials/insecure"
	"google.golang.org/grpc/status"

	"github.com/flickarena/flickarena/agents/bygame"
	"github.com/flickarena/flickarena/arena"
	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/envrpc"
)

// infoTimeout bounds the GetAgentInfo handshake with a remote bot.
const infoTimeout = 10 * time.Second

// remoteBot is a bot served by an AgentService at an address: an arena.Bot
// (and arena.ContextActor) whose every decision is one Act call with one
// position, made by envrpc.AgentPolicy. It is safe for concurrent use, as a
// gRPC connection is.
type remoteBot struct {
	addr    string
	conn    *grpc.ClientConn
	policy  *envrpc.AgentPolicy
	name    string
	version string
	games   []string // the game ids it plays; empty means any
}

// dialRemote connects to the AgentService at addr (HOST:PORT, or any gRPC
// target such as unix:///path) and asks the bot its name, version and
// games. Close the bot when done.
func dialRemote(ctx context.Context, addr string) (*remoteBot, error) {
	conn, err := grpc.NewClient(addr, grpc.WithTransportCredentials(insecure.NewCredentials()))
	if err != nil {
		return nil, fmt.Errorf("remote bot at %s: %w", addr, err)
	}
	// The arena's per-decision deadline bounds every call; the policy's own
	// timeout only backs it up.
	b := &remoteBot{addr: addr, conn: conn, policy: envrpc.NewAgentPolicy(conn, time.Hour)}
	ictx, cancel := context.WithTimeout(ctx, infoTimeout)
	defer cancel()
	info, err := b.policy.Info(ictx)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("remote bot at %s: no answer to GetAgentInfo: %w", addr, err)
	}
	b.name, b.version, b.games = info.GetName(), info.GetVersion(), info.GetGames()
	if b.version == "" {
		b.version = "unversioned"
	}
	if err := checkRemoteInfo(b.name, b.version, b.games); err != nil {
		conn.Close()
		return nil, fmt.Errorf("remote bot at %s: %w", addr, err)
	}
	return b, nil
}

// maxRemoteGames bounds the number of game ids a remote bot may say it plays.
const maxRemoteGames = 1000

// checkRemoteInfo checks what a remote bot says of itself before the arena
// stores or prints any of it: a valid name (arena.CheckBotName: at most 64
// letters, digits, '_', '.', '+', '-'), a printable version of at most 128
// bytes, and at most maxRemoteGames game ids. The errors quote the bad
// text escaped and shortened, never raw.
func checkRemoteInfo(name, version string, games []string) error {
	if name == "" {
		return errors.New("it gave no name")
	}
	if err := arena.CheckBotName(name); err != nil {
		return fmt.Errorf("its name is refused: %w", err)
	}
	if err := arena.CheckBotVersion(version); err != nil {
		return fmt.Errorf("bot %s: its version is refused: %w", name, err)
	}
	if len(games) > maxRemoteGames {
		return fmt.Errorf("bot %s: it lists %d games, more than the limit of %d", name, len(games), maxRemoteGames)
	}
	for _, g := range games {
		if len(g) > 200 || strings.IndexFunc(g, func(r rune) bool { return r < 0x20 || r > 0x7e }) >= 0 {
			return fmt.Errorf("bot %s: it lists a game id that is not printable ASCII of at most 200 bytes: %s", name, arena.QuoteShort(g))
		}
	}
	return nil
}

// Name returns the name the bot gave.
func (b *remoteBot) Name() string { return b.name }

// Version returns the version the bot gave.
func (b *remoteBot) Version() string { return b.version }

// Close closes the connection.
func (b *remoteBot) Close() error { return b.conn.Close() }

// plays reports whether the bot says it plays game id.
func (b *remoteBot) plays(id string) bool { return len(b.games) == 0 || slices.Contains(b.games, id) }

// Act implements env.Policy, without a deadline of its own.
func (b *remoteBot) Act(dst env.Action, t env.Turn, rng *rand.Rand) error {
	return b.ActContext(context.Background(), dst, t, rng)
}

// ActContext implements arena.ContextActor: one Act call with the position
// t, seeded from rng. A lost connection wraps arena.ErrDisconnected and an
// expired deadline context.DeadlineExceeded; a malformed answer is an
// error (the bot's crash).
func (b *remoteBot) ActContext(ctx context.Context, dst env.Action, t env.Turn, rng *rand.Rand) error {
	err := b.policy.ActContext(ctx, dst, t, rng)
	if err == nil {
		return nil
	}
	switch status.Code(err) {
	case codes.Unavailable:
		return fmt.Errorf("%s: %w: %v", b.addr, arena.ErrDisconnected, err)
	case codes.DeadlineExceeded:
		return fmt.Errorf("%s: %w", b.addr, context.DeadlineExceeded)
	}
	return fmt.Errorf("%s: %w", b.addr, err)
}

// checkRemoteGames fails if a remote bot does not play the game of one of
// the scenarios.
func checkRemoteGames(bots []arena.Player, setups map[string]arena.EnvScenario) error {
	ids := make([]string, 0, len(setups))
	for id := range setups {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var errs []error
	for _, p := range bots {
		rb, ok := p.(*remoteBot)
		if !ok {
			continue
		}
		for _, id := range ids {
			if g := setups[id].Game; !rb.plays(g) {
				errs = append(errs, fmt.Errorf("remote bot %s at %s does not play %s (scenario %s); it plays %s",
					rb.name, rb.addr, g, id, strings.Join(rb.games, ", ")))
			}
		}
	}
	return errors.Join(errs...)
}

// router is a built-in bot made of one policy per game (agents/bygame): it
// says which games it plays.
type router interface {
	Policy(g env.Game) bygame.Policy
	Games() []string
}

// checkBuiltinGames fails if a built-in bot that plays only some games
// (a router) does not play the game of one of the scenarios: every game it
// played there would be lost as a crash.
func checkBuiltinGames(bots []arena.Player, setups map[string]arena.EnvScenario, reg *env.Registry) error {
	ids := make([]string, 0, len(setups))
	for id := range setups {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var errs []error
	for _, p := range bots {
		r, ok := p.(router)
		if !ok {
			continue
		}
		for _, id := range ids {
			g, err := reg.New(setups[id].Game, setups[id].Options)
			if err != nil {
				continue // the referee reports it
			}
			if r.Policy(g) == nil {
				errs = append(errs, fmt.Errorf("bot %s does not play %s (scenario %s); it plays %s",
					p.Name(), setups[id].Game, id, strings.Join(r.Games(), ", ")))
			}
		}
	}
	return errors.Join(errs...)
}
