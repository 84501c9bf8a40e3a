"""What the asynchronous step buys a training loop: step() against send()/recv().

A training loop steps the envs, then computes (the policy's forward pass for the next actions,
and between rollouts a gradient step). With ``send``/``recv`` the server steps the pool while
the learner computes. Here the learner is simulated by a fixed numpy workload of about
``--learner-ms`` milliseconds per step (matrix products on one thread), and the envs are a
64-env single-agent Flickago pool against the server's ``random`` opponent (unix socket). Both
loops play the same steps, interleaved in rounds; the table gives the median steps/s of each
and the median ratio. On a machine of 2 cores, the overlap can only use the second core: the
ratio is bounded by (env + learner) / max(env, learner).

    python python/benchmarks/bench_async.py [--rounds 5] [--steps 200] [--learner-ms 5]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time

import numpy as np

from flickarena import FlickVectorEnv
from flickarena.launch import EnvServer


def learner(work: np.ndarray, reps: int) -> None:
    """About reps products of work with itself: the simulated learner."""
    x = work
    for _ in range(reps):
        x = np.tanh(x @ work)


def calibrate(work: np.ndarray, ms: float) -> int:
    """The reps of learner() that take about ms milliseconds."""
    reps = 1
    while True:
        t = time.perf_counter()
        learner(work, reps)
        dt = (time.perf_counter() - t) * 1000
        if dt >= 20:
            return max(1, round(reps * ms / dt))
        reps *= 2


def run(envs: FlickVectorEnv, steps: int, work: np.ndarray, reps: int, overlap: bool, seed: int) -> float:
    """Steps/s of a loop of steps rounds of env step and learner, overlapped or not."""
    envs.reset(seed=seed)
    envs.action_space.seed(seed)
    acts = [envs.action_space.sample() for _ in range(steps)]
    t = time.perf_counter()
    for k in range(steps):
        if overlap:
            envs.send(acts[k])
            learner(work, reps)
            envs.recv()
        else:
            envs.step(acts[k])
            learner(work, reps)
    return steps * envs.num_envs / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    ap.add_argument("--steps", type=int, default=200, help="steps per loop and round (default 200)")
    ap.add_argument("--learner-ms", type=float, default=5.0, help="simulated learner time per step, ms (default 5)")
    ap.add_argument("--num-envs", type=int, default=64, help="envs in the pool (default 64)")
    a = ap.parse_args()
    if a.rounds < 1 or a.steps < 1 or a.learner_ms < 0 or a.num_envs < 1:
        ap.error("--rounds, --steps and --num-envs must be at least 1, --learner-ms at least 0")
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    work = np.random.default_rng(0).standard_normal((128, 128)).astype(np.float32) / 12
    reps = calibrate(work, a.learner_ms) if a.learner_ms > 0 else 0
    server = EnvServer()
    try:
        envs = FlickVectorEnv("flickago-v3", a.num_envs, server=server.target)
        sync, over, ratios = [], [], []
        for r in range(a.rounds):
            s = run(envs, a.steps, work, reps, False, r)
            o = run(envs, a.steps, work, reps, True, r)
            sync.append(s)
            over.append(o)
            ratios.append(o / s)
            print(f"round {r + 1}/{a.rounds}: step {s:.0f} steps/s, send/recv {o:.0f} steps/s", flush=True)
        envs.close()
    finally:
        server.stop()
        server.cleanup()
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"\nMachine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores; load average {load} at end")
    print(f"flickago-v3, {a.num_envs} envs vs random, learner {a.learner_ms:g} ms/step, {a.steps} steps x {a.rounds} rounds")
    print(f"step():       {statistics.median(sync):8.0f} steps/s (median)")
    print(f"send/recv():  {statistics.median(over):8.0f} steps/s (median)")
    print(f"speed-up:     {statistics.median(ratios):8.2f}x (median of rounds; range {min(ratios):.2f}-{max(ratios):.2f})")


if __name__ == "__main__":
    main()
