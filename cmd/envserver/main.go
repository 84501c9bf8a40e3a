// Command envserver serves Flickarena's games over gRPC: the EnvService of
// proto/flickarena/v1 (batched pools of games for trainers in any language),
// the standard health service and server reflection.
//
// Usage:
//
//	envserver [flags]
//
// Flags:
//
//	--listen ADDR            where to listen: host:port, or unix:///abs/path for a unix socket
//	                         (default 127.0.0.1:50051, loopback only)
//	--token TOKEN            require "authorization: Bearer TOKEN" on every call but health
//	                         checks (default $FLICKARENA_TOKEN; none if empty)
//	--token-file PATH        read the token from a regular file instead (an empty or blank
//	                         file, or --token given too, is an error: the server never starts
//	                         without the authentication it was asked for)
//	--max-envs-per-pool N    largest pool, 1 to 16777216 (default 16384)
//	--max-envs N             envs over all pools, 1 to 16777216 (default 65536)
//	--max-pools N            open pools, 1 to 65536 (default 64)
//	--idle-timeout D         close a pool idle this long, 0 for never (default 10m)
//	--max-message-bytes N    largest message either way, 1024 to 1073741824 (default 67108864)
//	--max-call-cpu D         CPU time one Reset or Step may take, its opponents' included, 0 for
//	                         no bound (default 10m): enforced as a wall-clock deadline of D
//	                         divided by the CPUs the pool keeps busy; a call over it fails
//	                         with RESOURCE_EXHAUSTED. A call cut short by it, by the client's
//	                         deadline or by a disconnect stops its work promptly and leaves
//	                         the pool needing a Reset of every env (Step: FAILED_PRECONDITION)
//	--opponent NAME=TARGET   a remote bot (an AgentService at TARGET) that single-agent pools
//	                         can name as their opponent; repeatable. Every built-in bot
//	                         (agents/builtin: random, aimer, planner-lite, planner,
//	                         planner-deep) is an opponent too, played in process, by its
//	                         name; a remote bot may not take a built-in name
//	--opponent-timeout D     how long a remote opponent may take for one move (default 10s); a
//	                         pool's envs call their opponent concurrently, and a call ends
//	                         with the client's deadline
//	--shutdown-timeout D     on SIGTERM or SIGINT, how long in-flight calls may take before
//	                         the server stops hard (default 30s)
//	--log-format text|json   log format on stderr (default text)
//	--http ADDR              serve the replay viewer at ADDR (host:port): the page, the replays
//	                         of --replays, the live game of pools created with the option
//	                         watch=true (env 0 of the newest such pool), and the play mode at
//	                         http://ADDR/play/: a person plays any served game (--scenarios
//	                         included) against the built-in bots and the --opponent remote
//	                         bots, several people at one screen in turn; the server referees
//	                         every action (package viewer/play)
//	--replays DIR            the replay files the viewer lists (with --http); only regular
//	                         files are served, and a link that leads out of DIR is not. The
//	                         games played at /play are saved there (play-<game>-<time>-<id>
//	                         .jsonl.gz), and the page links each to the viewer
//	--play-sessions N        games people may play at once at /play, 1 to 1024 (default 16);
//	                         a new game beyond it is refused until one ends
//	--play-idle D            close a game at /play whose page made no request for D, 1s to 24h
//	                         (default 10m); its replay is saved. A bot's decision there is
//	                         bounded by --opponent-timeout
//	--scenarios PATH         serve Flick 'em Up! scenario files: PATH is a .scn file or a
//	                         directory of them; each file is the game flickemup/file/<stem>-vN,
//	                         <stem> its name without .scn (lower-case letters, digits, '-', '_'),
//	                         e.g. my-town.scn is flickemup/file/my-town-v9 (in Python,
//	                         flickarena/flickemup-file-my-town-v9); repeatable. Every file is
//	                         checked at start-up (each must be a regular file): the server
//	                         does not start while one has a problem, and prints each as
//	                         file:line: field: message. A pool's spec carries the file's
//	                         content in its content_digest, so that a client splitting one
//	                         batch over servers refuses different files under one id
//
// With a token, the viewer and its play mode require it too: open http://ADDR/?token=TOKEN
// (or /play?token=TOKEN) once, and the browser keeps a cookie for the rest of the visit. Without one, a viewer on a loopback
// address answers only requests naming a loopback host (localhost, 127.0.0.1, [::1]), so
// that another site's page cannot read it by rebinding its DNS name to 127.0.0.1; behind a
// reverse proxy, have it pass such a Host, or give a token.
//
// On SIGTERM or SIGINT the server stops accepting pools, ends every Session
// after its current request, lets in-flight calls finish, closes every pool
// and exits 0. It logs one line per pool created and closed.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/flickarena/flickarena/internal/gctune"
)

func main() {
	gctune.Default() // GOGC=400 unless the environment says otherwise
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	m := NewMain()
	err := m.ParseFlags(os.Args[1:], os.Stderr)
	if err == nil {
		err = m.Run(ctx)
	}
	stop()
	switch {
	case err == nil:
	case errors.Is(err, flag.ErrHelp):
	case errors.Is(err, errUsage):
		os.Exit(2)
	default:
		fmt.Fprintln(os.Stderr, "envserver:", err)
		os.Exit(1)
	}
}
