"""What each server-side opponent costs a training pool, measured through the wire.

A single-agent pool of ``--num-envs`` envs plays ``--steps`` steps against each opponent in
turn, the agent drawing every head among the values its mask allows (a random legal agent,
as the Go benchmark ``BenchmarkOpponents/.../agent-random`` of agents/builtin). For each
opponent it prints the env steps per second of the whole loop and of the time spent inside
``step()`` alone: the first includes the agent's sampling in Python (one ``sample(mask)``
per env and step, a few milliseconds per step), the second is what the server, the wire and
the client deliver, which is what a learner's loop adds its own time to. The server is
started on a private unix socket and stopped at the end; it uses every core it is given.

    python python/benchmarks/bench_opponents.py [--opponents random,aimer,planner-lite,planner]
        [--steps 150] [--num-envs 64] [--game flickago-v3]
"""

from __future__ import annotations

import argparse
import os
import platform
import time

import numpy as np

from flickarena import FlickVectorEnv
from flickarena.launch import EnvServer


def run(envs: FlickVectorEnv, steps: int, seed: int) -> tuple[float, float]:
    """Steps/s of steps rounds of sampling and stepping, and steps/s inside step() alone."""
    space = envs.single_action_space
    space.seed(seed)
    _, info = envs.reset(seed=seed)
    start, inside = time.perf_counter(), 0.0
    for _ in range(steps):
        acts = [space.sample(mask=m) for m in info["action_mask"]]
        batch = {k: np.stack([a[k] for a in acts]) for k in acts[0]}
        t = time.perf_counter()
        _, _, _, _, info = envs.step(batch)
        inside += time.perf_counter() - t
    total = time.perf_counter() - start
    n = steps * envs.num_envs
    return n / total, n / inside


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--opponents", default="random,aimer,planner-lite,planner",
                    help="comma-separated server opponents (default random,aimer,planner-lite,planner)")
    ap.add_argument("--steps", type=int, default=150, help="steps of the pool per opponent (default 150)")
    ap.add_argument("--num-envs", type=int, default=64, help="envs in the pool (default 64)")
    ap.add_argument("--game", default="flickago-v3", help="game id (default flickago-v3)")
    ap.add_argument("--seed", type=int, default=1, help="reset seed of the pool (default 1)")
    a = ap.parse_args()
    opponents = [o for o in a.opponents.split(",") if o]
    if a.steps < 1 or a.num_envs < 1 or not opponents:
        ap.error("--steps and --num-envs must be at least 1, --opponents must name one")
    server = EnvServer()
    rows = []
    try:
        for opp in opponents:
            envs = FlickVectorEnv(a.game, a.num_envs, server=server.target, opponent=opp)
            try:
                loop, inside = run(envs, a.steps, a.seed)
            finally:
                envs.close()
            rows.append((opp, loop, inside))
            print(f"{opp}: {loop:.0f} steps/s with the sampling, {inside:.0f} inside step()", flush=True)
    finally:
        server.stop()
        server.cleanup()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nMachine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores; load average {load} at end")
    print(f"{a.game}, {a.num_envs} envs, random legal agent, {a.steps} steps per opponent, seed {a.seed}")
    print(f"{'opponent':<14} {'loop steps/s':>12} {'step() steps/s':>15}")
    for opp, loop, inside in rows:
        print(f"{opp:<14} {loop:12.0f} {inside:15.0f}")


if __name__ == "__main__":
    main()
