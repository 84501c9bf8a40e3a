"""Env steps per second of one FlickVectorEnv over one env server and over two
(:mod:`flickarena.split_pool`), on a real game (flickemup/showdown-v2, self-play, random
actions the masks allow, unary calls over unix sockets).

Rows, each a FlickVectorEnv of ``--envs`` envs, measured in turn in every round (so that a
change of the machine's load hits them alike):

- ``1 server``: one envserver on every core (GOMAXPROCS unset);
- ``2 servers``: two envservers on every core, the batch split in two;
- ``1 server, 1 core``: one envserver pinned to core 0 (``taskset``, GOMAXPROCS=1);
- ``2 servers, 1 core each``: two envservers pinned to cores 0 and 1, GOMAXPROCS=1 each:
  what adding a machine of one core would give, on one host.

The client (this process) is not pinned: on a machine of two cores it shares them with the
servers. Only the time inside ``step()`` counts. Each row plays the same games (seed 1, actions
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

GAME = "flickemup/showdown-v2"
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


def run(targets: list[str], n: int, steps: int) -> tuple[float, bytes]:
    """Plays ``steps`` steps of n envs over targets and returns steps/s inside step() and the
    bytes of every state hash seen."""
    server = targets[0] if len(targets) == 1 else targets
    envs = FlickVectorEnv(GAME, n, server=server, view="self_play", illegal="replace")
    try:
        sp = envs.pool.spaces
        rng = np.random.default_rng(1)
        _, info = envs.reset(seed=1)
        hashes = [info["state_hash"].tobytes()]
        in_step = 0.0
        for _ in range(steps):
            act = random_actions(info["action_mask"], sp.nvec, sp.dim_low, sp.dim_high, rng)
            t = time.perf_counter()
            _, _, _, _, info = envs.step(act)
            in_step += time.perf_counter() - t
            hashes.append(info["state_hash"].tobytes())
        return steps * n / in_step, b"".join(hashes)
    finally:
        envs.close()


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
    ratios = {k: [] for k in ROWS}
    started = time.monotonic()
    with ExitStack() as stack:
        free = [stack.enter_context(start(None)) for _ in range(2)]
        pinned = [stack.enter_context(start(c)) for c in (0, 1)]
        targets = {
            "1 server": [free[0].target],
            "2 servers": [s.target for s in free],
            "1 server, 1 core": [pinned[0].target],
            "2 servers, 1 core each": [s.target for s in pinned],
        }
        for r in range(args.rounds):
            got = {k: run(targets[k], args.envs, args.steps) for k in ROWS}
            want = got["1 server"][1]
            for k in ROWS:
                if got[k][1] != want:
                    raise SystemExit(f"round {r + 1}: {k!r} played other games than '1 server'")
                rates[k].append(got[k][0])
                ratios[k].append(got[k][0] / got["1 server"][0])
            print(f"round {r + 1}/{args.rounds} done, load average {load()}", flush=True)
    print(f"load average at end: {load()}; {time.monotonic() - started:.0f} s")
    print(f"\n{GAME}, self-play, {args.envs} envs, {args.steps} steps per row and round, "
          f"medians of {args.rounds} rounds (identical games in every row)\n")
    print("| configuration | env steps/s | ratio to 1 server (range) |")
    print("|---|---:|---:|")
    for k in ROWS:
        q = ratios[k]
        print(f"| {k} | {statistics.median(rates[k]):,.0f} | {statistics.median(q):.2f} "
              f"({min(q):.2f}-{max(q):.2f}) |")


if __name__ == "__main__":
    main()
