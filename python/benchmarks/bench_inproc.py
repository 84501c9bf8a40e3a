"""Env steps per second of the Python client's in-process backend (libflickarena through
ctypes, no server) beside Go's own ``env.Vector`` in process and the gRPC path, on
flickemup/showdown-v9 and flickago-v3, self-play, random actions the masks allow, at batches
of 64 and 1024 envs, every row playing exactly the same games.

First, for each game and batch, an untimed in-process run from a reset with seed 1 draws its
actions from a numpy stream (each head a value its mask allows, each dim uniform) and writes
them to a file with the last state hashes. Then each round measures, for each game and batch
in turn:

- the Go rows, one run of ``BenchmarkVectorReplay`` (``envrpc``): ``env.Vector`` in process
  stepped with the file's actions (it checks that its last state hashes are the file's: the
  same games), with the collector's target the library sets itself (GOGC=400 unless set),
  once as ``NewVector`` makes it and once with ``SetSpinWait(true)``, as the library's pools
  run (the workers poll briefly instead of sleeping between and at the end of calls);
- right after, the Python rows, the same actions again: :class:`flickarena.Pool` in process,
  :class:`flickarena.FlickVectorEnv` in process (what a Gymnasium user gets, self-play view),
  and the Pool over a unix socket to an ``envserver`` (unary calls);
- the Go rows again.

Only the time inside the step call counts (choosing actions is the agent's cost), twice: on the
wall clock, and on the process's CPU time (every thread: the library's goroutines run in the
Python process), which other jobs on a shared machine disturb less (the gRPC row has no CPU
figure: its server is another process). A row's share is its steps/s over the mean of the
round's two runs of the default Go row; the tables give the median over the rounds of each
figure and the range of the shares. The issue's goal: the in-process Pool at 90% of Go or
more. A Python row steps the recorded actions back to back, nothing computed between the
calls, as the Go rows do: the difference from the Pool's row is what the caller's work between
steps costs. The Python side's own cost per call is printed too: a step of one Race env (a game
without physics), wall time.

    python python/benchmarks/bench_inproc.py [--rounds 5] [--scale 1] [--games flickemup,flickago] [--sizes 64,1024]
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
from bench_wire import build_go_bench, fmt_rate, load, machine, random_actions, time_steps

from flickarena import FlickVectorEnv, Pool
from flickarena.launch import EnvServer

REPO = pathlib.Path(__file__).resolve().parents[2]
GAMES = {"flickemup": "flickemup/showdown-v9", "flickago": "flickago-v3"}
SIZES = (64, 1024)
STEPS = {64: 500, 1024: 100}  # steps per row per round
# The Go rows run with the collector's target the library sets itself (GOGC=400 unless $GOGC is
# set, as envserver: internal/gctune), so that both sides collect alike.
GO_ENV = {**os.environ, "GOGC": os.environ.get("GOGC", "400")}
ROWS = ("go", "go-spinwait", "py-inprocess", "py-inprocess-back-to-back", "py-vectorenv-inprocess", "py-unix-unary")
LABELS = {
    "go": "Go `env.Vector`, in process",
    "go-spinwait": "Go `env.Vector`, in process, `SetSpinWait(true)`",
    "py-inprocess": "Python `Pool`, in process",
    "py-inprocess-back-to-back": "Python `Pool`, in process, the actions drawn beforehand",
    "py-vectorenv-inprocess": "Python `FlickVectorEnv`, in process",
    "py-unix-unary": "Python `Pool`, unix socket, unary",
}


def record(game: str, n: int, steps: int, path: str) -> None:
    """Plays ``steps`` steps in process, untimed, and writes their actions and the last state
    hashes to ``path`` in BenchmarkVectorReplay's format."""
    rng = np.random.default_rng(1)
    with Pool(game, n, illegal="replace") as pool, open(path, "wb") as f:
        sp = pool.spaces
        f.write(f"flickarena-actions v1 game={game} envs={n} heads={sp.heads} dims={sp.dims} steps={steps} seed=1\n".encode())
        mask = pool.reset(seed=1).action_mask
        for _ in range(steps):
            act = random_actions(mask, sp.nvec, sp.dim_low, sp.dim_high, rng)
            f.write(np.ascontiguousarray(act["discrete"], "<i4").tobytes())
            f.write(np.ascontiguousarray(act["continuous"], "<f4").tobytes())
            b = pool.step(act)
            mask = b.action_mask
        f.write(np.ascontiguousarray(b.state_hash, "<u8").tobytes())


def read_actions(path: str) -> list[dict[str, np.ndarray]]:
    """Returns the actions of a file :func:`record` wrote, step by step."""
    with open(path, "rb") as f:
        head = dict(kv.split("=") for kv in f.readline().decode().split()[2:])
        n, h, d, k = (int(head[x]) for x in ("envs", "heads", "dims", "steps"))
        return [{"discrete": np.frombuffer(f.read(n * h * 4), "<i4").reshape(n, h),
                 "continuous": np.frombuffer(f.read(n * d * 4), "<f4").reshape(n, d)} for _ in range(k)]


def back_to_back(game: str, n: int, actions: list[dict[str, np.ndarray]]) -> tuple[float, float]:
    """Steps an in-process pool with the recorded actions one call after the other (nothing
    computed between them) and returns env steps per second inside step(), wall and CPU."""
    with Pool(game, n, illegal="replace") as pool:
        pool.reset(seed=1)
        start, start_cpu = time.perf_counter(), time.process_time()
        for act in actions:
            pool.step(act)
        return len(actions) * n / (time.perf_counter() - start), len(actions) * n / (time.process_time() - start_cpu)


def go_rows(binary: str, actions: str, steps: int) -> dict[str, tuple[float, float]]:
    """Runs the Go rows on the file of actions once (BenchmarkVectorReplay's default and
    spinwait runs) and returns each one's steps/s, wall and CPU."""
    out = subprocess.run(
        [binary, "-test.run", "^$", "-test.bench", "^BenchmarkVectorReplay$", "-test.benchtime", f"{steps}x"],
        cwd=REPO / "envrpc", check=True, capture_output=True, text=True,
        env={**GO_ENV, "FLICKARENA_BENCH_ACTIONS": actions},
    ).stdout
    rows = {}
    for row, sub in (("go", "default"), ("go-spinwait", "spinwait")):
        line = re.search(rf"^BenchmarkVectorReplay/{sub}\S*\s.*$", out, re.M)
        wall = line and re.search(r"\s(\S+) steps/s", line.group(0))
        cpu = line and re.search(r"\s(\S+) cpu-steps/s", line.group(0))
        if not wall or not cpu:
            raise RuntimeError(f"go benchmark output lacks {sub}'s steps/s or cpu-steps/s:\n{out}")
        rows[row] = float(wall.group(1)), float(cpu.group(1))
    return rows


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


def python_rows(game: str, n: int, steps: int, unix: str, actions: list[dict[str, np.ndarray]]) -> dict[str, tuple[float, float]]:
    """Measures the Python rows of (game, n) once: steps/s, wall and CPU."""
    rows = {"py-inprocess-back-to-back": back_to_back(game, n, actions)}
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
    parser.add_argument("--games", default=",".join(GAMES), help="the games measured, comma-separated, of: " + ", ".join(GAMES))
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="the batches measured, comma-separated, of: "
                        + ", ".join(map(str, SIZES)))
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g]
    sizes = [int(n) for n in args.sizes.split(",") if n]
    for g in games:
        if g not in GAMES:
            parser.error(f"--games: {g!r} is not one of {', '.join(GAMES)}")
    for n in sizes:
        if n not in SIZES:
            parser.error(f"--sizes: {n} is not one of {', '.join(map(str, SIZES))}")
    steps = {n: max(1, round(k * args.scale)) for n, k in STEPS.items()}
    os.environ.setdefault("GOFLAGS", "-buildvcs=false")
    print(f"machine: {machine()}")
    print(f"load average at start: {load()}", flush=True)
    keys = [(g, n) for g in games for n in sizes]
    # rates[clock][(game, n)][row] and shares alike: one value per round; clock 0 wall, 1 CPU.
    rates: list[dict[tuple[str, int], dict[str, list[float]]]] = [{k: {} for k in keys} for _ in range(2)]
    shares: list[dict[tuple[str, int], dict[str, list[float]]]] = [{k: {} for k in keys} for _ in range(2)]
    costs = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, EnvServer() as unix:
        binary = os.path.join(tmp, "envrpc.test")
        build_go_bench(binary)
        actions = {}
        for g, n in keys:
            actions[g, n] = os.path.join(tmp, f"{g}-{n}.actions")
            record(GAMES[g], n, steps[n], actions[g, n])
        for r in range(args.rounds):
            for g, n in keys:
                before = go_rows(binary, actions[g, n], steps[n])
                row = python_rows(GAMES[g], n, steps[n], unix.target, read_actions(actions[g, n]))
                after = go_rows(binary, actions[g, n], steps[n])
                for k in before:
                    row[k] = ((before[k][0] + after[k][0]) / 2, (before[k][1] + after[k][1]) / 2)
                for k, v in row.items():
                    for clock in (0, 1):
                        rates[clock][g, n].setdefault(k, []).append(v[clock])
                        shares[clock][g, n].setdefault(k, []).append(v[clock] / row["go"][clock])
            costs.append(call_cost())
            print(f"round {r + 1}/{args.rounds} done, load average {load()}", flush=True)
    print(f"load average at end: {load()}; {time.monotonic() - started:.0f} s")
    print("\nself-play, random legal actions, the same games in every row; steps per row and round: "
          + ", ".join(f"{steps[n]} at batch {n}" for n in sizes)
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
