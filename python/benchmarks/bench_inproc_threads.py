"""Threads stepping pools of their own in process, against the same pools stepped one after the
other from one thread: ctypes releases the GIL during each call, so the threads' steps run at
once (the speed-up is the point; the tests only check that the results are right).

Each of K pools (flickago-v3, self-play, REPLACE mode, a few envs each, so that a step is short
and the Python side's share is large) plays the same number of steps from a reset with its own
seed, with the zero action (the pool replaces what the masks forbid). The table gives, for each
K, env steps per second on the wall clock over all the pools, sequential and threaded, and their
ratio: the median over the rounds.

    python python/benchmarks/bench_inproc_threads.py [--rounds 5] [--envs 4] [--steps 400]
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

import numpy as np
from bench_wire import load, machine

from flickarena import Pool

GAME = "flickago-v3"


def play(pool: Pool, seed: int, steps: int) -> None:
    """Resets ``pool`` with ``seed`` and steps it ``steps`` times with the zero action."""
    n, sp = pool.num_envs, pool.spaces
    act = {"discrete": np.zeros((n, sp.heads), np.int32), "continuous": np.zeros((n, sp.dims), np.float32)}
    pool.reset(seed=seed)
    for _ in range(steps):
        pool.step(act)


def sequential(pools: list[Pool], steps: int) -> float:
    """Plays every pool in turn from this thread; returns env steps/s over all of them."""
    start = time.perf_counter()
    for k, p in enumerate(pools):
        play(p, k, steps)
    return len(pools) * pools[0].num_envs * steps / (time.perf_counter() - start)


def threaded(pools: list[Pool], steps: int) -> float:
    """Plays every pool from a thread of its own, all at once; returns env steps/s."""
    threads = [threading.Thread(target=play, args=(p, k, steps)) for k, p in enumerate(pools)]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return len(pools) * pools[0].num_envs * steps / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--envs", type=int, default=4, help="envs per pool")
    parser.add_argument("--steps", type=int, default=400, help="steps per pool per run")
    parser.add_argument("--threads", default="1,2,4", help="numbers of pools (and threads), comma-separated")
    args = parser.parse_args()
    counts = [int(k) for k in args.threads.split(",")]
    print(f"machine: {machine()}")
    print(f"load average at start: {load()}", flush=True)
    rates: dict[int, dict[str, list[float]]] = {k: {"sequential": [], "threaded": []} for k in counts}
    for r in range(args.rounds):
        for k in counts:
            pools = [Pool(GAME, args.envs, illegal="replace") for _ in range(k)]
            try:
                rates[k]["sequential"].append(sequential(pools, args.steps))
                rates[k]["threaded"].append(threaded(pools, args.steps))
            finally:
                for p in pools:
                    p.close()
        print(f"round {r + 1}/{args.rounds} done, load average {load()}", flush=True)
    print(f"\n{GAME}, {args.envs} envs a pool, {args.steps} steps a pool, zero actions; medians of {args.rounds} rounds\n")
    print("| pools | one thread, one pool after the other | a thread per pool | speed-up |")
    print("|---|---|---|---|")
    for k in counts:
        s, t = statistics.median(rates[k]["sequential"]), statistics.median(rates[k]["threaded"])
        ratios = [b / a for a, b in zip(rates[k]["sequential"], rates[k]["threaded"], strict=True)]
        print(f"| {k} | {s:,.0f} steps/s | {t:,.0f} steps/s | {statistics.median(ratios):.2f}x "
              f"({min(ratios):.2f}-{max(ratios):.2f}) |")


if __name__ == "__main__":
    main()
