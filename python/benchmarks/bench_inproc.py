"""Env steps per second of the Python client's in-process backend (libflickarena through
ctypes, no server) beside Go's own in-process figure (``env.Vector``) and the gRPC path, on
flickemup/showdown-v9 and flickago-v3, self-play, random actions the masks allow, at batches
of 64 and 1024 envs.

Each round measures, for each game and batch in turn:

- the Go rows, one run of ``BenchmarkLocalPool`` (``envrpc``): ``env.Vector`` in process, and
  the LocalPool that the library serves (the request encoded, serialized and decoded, the
  batch written into bound buffers) driven from Go;
- right after, the Python rows: :class:`flickarena.Pool` in process, the same over a unix
  socket to an ``envserver`` (unary calls), and :class:`flickarena.FlickVectorEnv` in process
  (what a Gymnasium user gets, self-play view);
- the ``env.Vector`` row again.

Every row plays the same number of steps from a reset with seed 1 (the Python rows the same
games, actions drawn alike from a numpy stream), and only the time inside the step call counts:
choosing actions is the agent's cost. It is measured twice: on the wall clock, and on the
process's CPU time (every thread: the library's goroutines run in the Python process), which
other jobs on a shared machine disturb less (the gRPC row has no CPU figure: its server is
another process). A row's share is its steps/s over the mean of the round's two Go runs (so
that a change of load during the round hits both sides); the tables give the median over the
rounds of each figure and the range of the shares. The issue's goal: the in-process Pool at 90%
of Go or more. The per-call cost of the Python side is printed too: a step of one Race env
(a game of no physics), wall time.

    python python/benchmarks/bench_inproc.py [--rounds 5] [--scale 1]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import statistics
import subprocess
import tempfile
import time

import numpy as np
from bench_wire import build_go_bench, fmt_rate, load, machine, random_actions

from flickarena import FlickVectorEnv, Pool
from flickarena.launch import EnvServer

REPO = pathlib.Path(__file__).resolve().parents[2]
GAMES = {"flickemup": "flickemup/showdown-v9", "flickago": "flickago-v3"}  # BenchmarkLocalPool's names
SIZES = (64, 1024)
STEPS = {64: 100, 1024: 20}  # steps per row per round
ROWS = ("go", "go-local", "py-inprocess", "py-vectorenv-inprocess", "py-unix-unary")
LABELS = {
    "go": "Go `env.Vector`, in process",
    "go-local": "Go `LocalPool` (the library's pool), in process",
    "py-inprocess": "Python `Pool`, in process",
    "py-vectorenv-inprocess": "Python `FlickVectorEnv`, in process",
    "py-unix-unary": "Python `Pool`, unix socket, unary",
}


def go_row(binary: str, game: str, kind: str, n: int, steps: int) -> tuple[float, float]:
    """Runs the Go row ``kind`` (``vector`` or ``local``) of (game, n) once and returns its
    steps/s, wall and CPU."""
    out = subprocess.run(
        [binary, "-test.run", "^$", "-test.bench", f"BenchmarkLocalPool/{game}/{kind}/envs={n}$",
         "-test.benchtime", f"{steps}x"],
        cwd=REPO / "envrpc", check=True, capture_output=True, text=True,
    ).stdout
    wall, cpu = re.search(r"\s(\S+) steps/s", out), re.search(r"\s(\S+) cpu-steps/s", out)
    if wall is None or cpu is None:
        raise RuntimeError(f"go benchmark output lacks steps/s or cpu-steps/s:\n{out}")
    return float(wall.group(1)), float(cpu.group(1))


def time_steps(reset, step, sp, n: int, steps: int) -> tuple[float, float]:
    """Resets with seed 1, plays ``steps`` steps with random legal actions and returns env steps
    per second of time inside step(), wall and CPU."""
    rng = np.random.default_rng(1)
    mask = reset()
    in_step = in_step_cpu = 0.0
    for _ in range(steps):
        act = random_actions(mask, sp.nvec, sp.dim_low, sp.dim_high, rng)
        start, start_cpu = time.perf_counter(), time.process_time()
        mask = step(act)
        in_step += time.perf_counter() - start
        in_step_cpu += time.process_time() - start_cpu
    return steps * n / in_step, steps * n / in_step_cpu


def call_cost(calls: int = 2000) -> float:
    """Returns the wall time of one step of a one-env Race pool in process, in microseconds."""
    with Pool("race-v1", 1) as pool:
        pool.reset(seed=1)
        act = {"discrete": np.array([[3, 0]]), "continuous": np.zeros((1, 1), np.float32)}
        for _ in range(100):
            pool.step(act)
        start = time.perf_counter()
        for _ in range(calls):
            pool.step(act)
        return (time.perf_counter() - start) / calls * 1e6


def python_rows(game: str, n: int, steps: int, unix: str) -> dict[str, tuple[float, float]]:
    """Measures the Python rows of (game, n) once: steps/s, wall and CPU."""
    rows = {}
    for name, server in (("py-inprocess", None), ("py-unix-unary", unix)):
        with Pool(game, n, server=server, illegal="replace") as pool:
            rows[name] = time_steps(lambda p=pool: p.reset(seed=1).action_mask, lambda a, p=pool: p.step(a).action_mask,
                                    pool.spaces, n, steps)
    envs = FlickVectorEnv(game, n, view="self_play", illegal="replace")
    try:
        rows["py-vectorenv-inprocess"] = time_steps(
            lambda e=envs: e.reset(seed=1)[1]["action_mask"], lambda a, e=envs: e.step(a)[4]["action_mask"],
            envs.pool.spaces, n, steps)
    finally:
        envs.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="rounds (medians are taken over them)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the steps per row")
    args = parser.parse_args()
    steps = {n: max(1, round(k * args.scale)) for n, k in STEPS.items()}
    os.environ.setdefault("GOFLAGS", "-buildvcs=false")
    print(f"machine: {machine()}")
    print(f"load average at start: {load()}", flush=True)
    keys = [(g, n) for g in GAMES for n in SIZES]
    # rates[clock][(game, n)][row] and shares alike: one value per round; clock 0 wall, 1 CPU.
    rates: list[dict[tuple[str, int], dict[str, list[float]]]] = [{k: {} for k in keys} for _ in range(2)]
    shares: list[dict[tuple[str, int], dict[str, list[float]]]] = [{k: {} for k in keys} for _ in range(2)]
    costs = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, EnvServer() as unix:
        binary = os.path.join(tmp, "envrpc.test")
        build_go_bench(binary)
        with Pool("race-v1", 1):
            pass  # loads the library (or builds it) before any timing
        for r in range(args.rounds):
            for g, n in keys:
                before = go_row(binary, g, "vector", n, steps[n])
                row = {"go-local": go_row(binary, g, "local", n, steps[n])}
                row.update(python_rows(GAMES[g], n, steps[n], unix.target))
                after = go_row(binary, g, "vector", n, steps[n])
                row["go"] = ((before[0] + after[0]) / 2, (before[1] + after[1]) / 2)
                for k, v in row.items():
                    for clock in (0, 1):
                        rates[clock][g, n].setdefault(k, []).append(v[clock])
                        shares[clock][g, n].setdefault(k, []).append(v[clock] / row["go"][clock])
            costs.append(call_cost())
            print(f"round {r + 1}/{args.rounds} done, load average {load()}", flush=True)
    print(f"load average at end: {load()}; {time.monotonic() - started:.0f} s")
    print("\nself-play, random legal actions; steps per row and round: "
          + ", ".join(f"{steps[n]} at batch {n}" for n in SIZES)
          + f"; medians of {args.rounds} rounds, share of Go in process (range over the rounds)")
    for clock, title in ((0, "wall clock"), (1, "CPU time of the process")):
        print(f"\nsteps/s, {title}:\n")
        print("| configuration | " + " | ".join(f"{g} batch {n}" for g, n in keys) + " |")
        print("|---|" + "---|" * len(keys))
        for k in ROWS:
            if clock == 1 and k == "py-unix-unary":
                continue  # the server's CPU time is another process's
            cells = []
            for key in keys:
                s = shares[clock][key][k]
                cells.append(f"{fmt_rate(statistics.median(rates[clock][key][k]))} ({100 * statistics.median(s):.0f}%, "
                             f"{100 * min(s):.0f}-{100 * max(s):.0f}%)")
            print(f"| {LABELS[k]} | " + " | ".join(cells) + " |")
    print(f"\none in-process step of a one-env Race pool (the Python side's cost per call, and Go's least): "
          f"median {statistics.median(costs):.1f} us (range {min(costs):.1f}-{max(costs):.1f})")


if __name__ == "__main__":
    main()
