// Package envrpc serves Flickarena's vectorised games over gRPC: a Server
// implements EnvService (proto/flickarena/v1) on the games of an
// env.Registry, each pool being one env.Vector; RemoteVector drives such a
// pool from Go as if it were a local Vector; AgentPolicy plays a seat with a
// remote bot behind AgentService, and RemoteBot is such a bot as the arena
// enters it (its name, version and games, asked by DialRemoteBot; a lost
// connection reported as env.ErrDisconnected). It is the only package,
// besides cmd/, that knows gRPC.
//
// # Serving
//
//	srv := envrpc.New(reg, envrpc.WithLimits(limits), envrpc.WithLogger(slog.Default()))
//	g := envrpc.NewGRPCServer(srv, token) // health, reflection, auth, recovery
//	l, _ := envrpc.Listen("unix:///tmp/flickarena.sock")
//	go g.Serve(l)
//	// on SIGTERM:
//	srv.Drain(); g.GracefulStop(); srv.Close()
//
// # Semantics
//
// Every RPC has the semantics of the env.Vector method it maps to: see the
// env package for autoreset, seeding, views, illegal actions and rewards,
// and flickarena.proto for the wire form of each field. Calls on one pool
// are serialised; pools run in parallel. The Session stream serves the same
// calls, one at a time in order, with errors in-band.
//
// A pool's spec carries a content digest (PoolSpec.content_digest): the
// server's build, the game id and options, the game's own content
// ([ContentDigester]: a scenario file) and its opponents' versions
// ([Opponent].Version), so that a client spreading one batch over several
// servers can check that they play the same games. ListGames answers in
// pages that fit the message limit; [ListAllGames] follows them.
//
// # Errors
//
// Requests are checked before any game is touched, and a refused request
// changes nothing. The status codes (one function, toStatus, maps every
// error) are:
//
//   - InvalidArgument: a wrong dtype, shape or data length, a non-finite
//     continuous or box value, an out-of-range, masked-out or jointly
//     illegal action (with ILLEGAL_MODE_REJECT), a bad option or config
//     value (options are checked against the game's env.OptionSpecs, which
//     ListGames lists), or bytes that are not a valid protobuf request
//     (gRPC itself would say Internal; see codec.go). The message names
//     the field ("step.continuous: env 3 column 0 is NaN") and, for
//     actions, the env and the action part.
//   - NotFound: an unknown pool or game.
//   - ResourceExhausted: a pool over MaxEnvsPerPool, MaxEnvs or MaxPools, or
//     whose batch would not fit in MaxMessageBytes; a call that used up the
//     CPU budget of one call (MaxCallCPU), cut short as for
//     DeadlineExceeded.
//   - FailedPrecondition: stepping an env never reset, or ended with
//     autoreset disabled; a Step or partial Reset of an interrupted pool
//     (below).
//   - Unauthenticated: a missing or wrong bearer token.
//   - Internal: a game failed (returned an error or panicked) during the
//     call, or the pool's opponent did (a remote bot's error, illegal
//     action or silence past its timeout: never the client's fault, and the
//     message names the opponent). The call fails, naming the env; the
//     server and every other pool go on. As in env.Vector the other envs of
//     the pool have stepped and the failed env is reset at its next step:
//     call Reset to resynchronise.
//   - DeadlineExceeded, Canceled: the client's deadline passed, or it
//     cancelled (or went away), while the server was playing the call. The
//     server stops promptly: the Vector between envs and between opponent
//     decisions, a remote opponent ([ContextPolicy]) with the client's call,
//     the built-in bots inside their searches. Nothing is rolled back: the
//     batch is lost and the envs may be partly stepped, so the pool is
//     interrupted: every Step and partial Reset fails with
//     FailedPrecondition until a Reset of every env (with a seed, or
//     without a mask) succeeds.
//   - Unavailable: the server is shutting down.
//
// # Limits
//
// Limits (DefaultLimits: 16384 envs per pool, 65536 envs and 64 pools in
// all, 10 minutes of idleness before a pool is closed, 64 MiB messages, 10
// minutes of CPU time per call) are set with WithLimits, within caps
// (Limits.Check).
//
// # Remote opponents
//
// An opponent that is a [ContextPolicy] (AgentPolicy is) plays under the
// client call's context, and the envs of its pool call it concurrently (up
// to 64 at once; every env draws from its own generators, so results do
// not change): a silent bot holds a call for one timeout, not one per env.
//
// # In process
//
// A [LocalPool] (Server.NewLocalPool) is a pool of the Server driven without gRPC, from the
// same request messages, on the same pool code, with the same errors (gRPC statuses, details
// included): only its batches differ, written by the games straight into arrays the caller
// binds ([Buffers], [LocalPool.Bind]), each call reporting the fields it filled
// ([Present]). cmd/libflickarena serves it to other languages through a C ABI.
//
// # Logging
//
// The Server logs through a Logger (*slog.Logger fits): one record per pool
// created ("pool created": pool, game, num_envs, modes, session) and closed
// ("pool closed": pool, game, reason client|idle|session ended|shutdown,
// steps, lifetime_s), and every internal error. It never prints.
package envrpc
