"""Env steps per second of one FlickVectorEnv over one env server and over two
(:mod:`flickarena.split_pool`), on a real game (flickemup/showdown-v9, self-play, random
actions the masks allow, unary calls over unix sockets).

Rows, each a FlickVectorEnv of ``--envs`` envs, that take turns step by step (so that a
change of the machine's load hits them alike):

- ``1 server``: one envserver on every core (GOMAXPROCS unset);
- ``2 servers``: two envservers on every core, the batch split in two;
- ``1 server, 1 core``: one envserver pinned to core 0 (``taskset``, GOMAXPROCS=1);
- ``2 servers, 1 core each``: two envservers pinned to cores 0 and 1, GOMAXPROCS=1 each:
  what adding a machine of one core would give, on one host.

The client (this process) is not pinned: on a machine of two cores it shares them with the
servers. Only the time inside ``step()`` counts. Beside the wall-clock steps/s, the table gives
the CPU time per env step of the servers (``/proc/<pid>/stat``, every server of the row) and
of the client (``time.process_time``, all its threads): on a shared machine these hold when
the wall clock does not, and they say how far one client can drive more servers. Each row plays the same games (seed 1, actions
drawn alike), so the rows also check each other: their state hashes must be equal. The table
gives medians over the rounds, and the ratio of each row to ``1 server`` in the same round.

    python python/benchmarks/bench_split.py [--rounds 5] [--envs 256] [--steps 40]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import time
from contextlib import ExitStack

import numpy as np
from bench_wire import load, machine, random_actions

from flickarena import FlickVectorEnv
from flickarena.launch import EnvServer

GAME = "flickemup/showdown-v9"
ROWS = ("1 server", "2 servers", "1 server, 1 core", "2 servers, 1 core each")


def start(pin: int | None) -> EnvServer:
    """Starts an envserver, pinned with every thread to core ``pin`` and GOMAXPROCS=1 if given."""
    saved = os.environ.get("GOMAXPROCS")
    if pin is not None:
        os.environ["GOMAXPROCS"] = "1"
    try:
        s = EnvServer()
    finally:
        if saved is None:
            os.environ.pop("GOMAXPROCS", None)
        else:
            os.environ["GOMAXPROCS"] = saved
    if pin is not None:
        subprocess.run(["taskset", "-a", "-p", "-c", str(pin), str(s.process.pid)], check=True,
                       capture_output=True)
    return s


def cpu_seconds(pid: int) -> float:
    """Returns the CPU time (user + system) process pid has used, in seconds."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Row:
    """One configuration: a FlickVectorEnv over its servers, and what its steps cost."""

    def __init__(self, servers: list[EnvServer], n: int):
        targets = [s.target for s in servers]
        self.pids = [s.process.pid for s in servers]
        self.envs = FlickVectorEnv(GAME, n, server=targets[0] if len(targets) == 1 else targets,
                                   view="self_play", illegal="replace")
        self.n = n

    def reset(self) -> None:
        """Starts a round: the same games in every row (seed 1, actions drawn alike)."""
        self.rng = np.random.default_rng(1)
        _, self.info = self.envs.reset(seed=1)
        self.hashes = [self.info["state_hash"].tobytes()]
        self.wall = self.server_cpu = self.client_cpu = 0.0
        self.steps = 0

    def step(self) -> None:
        """Plays one step of random legal actions, timing only the step call."""
        sp = self.envs.pool.spaces
        act = random_actions(self.info["action_mask"], sp.nvec, sp.dim_low, sp.dim_high, self.rng)
        server0, client0, t = sum(cpu_seconds(p) for p in self.pids), time.process_time(), time.perf_counter()
        _, _, _, _, self.info = self.envs.step(act)
        self.wall += time.perf_counter() - t
        self.client_cpu += time.process_time() - client0
        self.server_cpu += sum(cpu_seconds(p) for p in self.pids) - server0
        self.hashes.append(self.info["state_hash"].tobytes())
        self.steps += self.n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are taken over them)")
    parser.add_argument("--envs", type=int, default=256, help="envs of the vector env, in all")
    parser.add_argument("--steps", type=int, default=40, help="steps per row and round")
    args = parser.parse_args()
    for name in ("rounds", "envs", "steps"):
        if getattr(args, name) < 1:
            parser.error(f"--{name}: {getattr(args, name)}; want at least 1")
    print(f"machine: {machine()}")
    print(f"load average at start: {load()}", flush=True)
    rates = {k: [] for k in ROWS}
    server_us = {k: [] for k in ROWS}
    client_us = {k: [] for k in ROWS}
    ratios = {k: [] for k in ROWS}
    started = time.monotonic()
    with ExitStack() as stack:
        free = [stack.enter_context(start(None)) for _ in range(2)]
        pinned = [stack.enter_context(start(c)) for c in (0, 1)]
        servers = {
            "1 server": free[:1],
            "2 servers": free,
            "1 server, 1 core": pinned[:1],
            "2 servers, 1 core each": pinned,
        }
        rows = {k: Row(servers[k], args.envs) for k in ROWS}
        for row in rows.values():
            stack.callback(row.envs.close)
        for r in range(-1, args.rounds):  # round -1 warms up: first pools, first games
            for row in rows.values():
                row.reset()
            # The rows take turns step by step, so that the machine's load hits them alike.
            for _ in range(args.steps if r >= 0 else min(args.steps, 5)):
                for row in rows.values():
                    row.step()
            if r < 0:
                continue
            for k, row in rows.items():
                if row.hashes != rows["1 server"].hashes:
                    raise SystemExit(f"round {r + 1}: {k!r} played other games than '1 server'")
                rates[k].append(row.steps / row.wall)
                server_us[k].append(1e6 * row.server_cpu / row.steps)
                client_us[k].append(1e6 * row.client_cpu / row.steps)
                ratios[k].append(rates[k][-1] / (rows["1 server"].steps / rows["1 server"].wall))
            print(f"round {r + 1}/{args.rounds} done, load average {load()}", flush=True)
    print(f"load average at end: {load()}; {time.monotonic() - started:.0f} s")
    print(f"\n{GAME}, self-play, {args.envs} envs, {args.steps} steps per row and round, "
          f"medians of {args.rounds} rounds (identical games in every row)\n")
    print("| configuration | env steps/s | ratio to 1 server (range) | server CPU µs/step | client CPU µs/step |")
    print("|---|---:|---:|---:|---:|")
    for k in ROWS:
        q = ratios[k]
        print(f"| {k} | {statistics.median(rates[k]):,.0f} | {statistics.median(q):.2f} "
              f"({min(q):.2f}-{max(q):.2f}) | {statistics.median(server_us[k]):.1f} | "
              f"{statistics.median(client_us[k]):.1f} |")


if __name__ == "__main__":
    main()
