"""Env steps per second through the wire, Go and Python clients, beside the in-process figure.

One run measures, on the dummy game (no physics: the wire's own cost shows in full):

- the Go rows: ``go test -bench BenchmarkWire ./envrpc`` (in process, and the Go client over
  TCP loopback and a unix socket, unary calls and the Session stream);
- the Python rows: :class:`flickarena.Pool` against an envserver process over TCP loopback
  and a unix socket, unary and session, and :class:`flickarena.FlickVectorEnv` (what a
  Gymnasium user gets) over the unix socket;

for batches of 1, 64 and 1024 envs, and prints one table with each row's share of the
in-process figure. Every step sends the zero action (always legal in the dummy game).

    make python-bench        # or: python python/benchmarks/bench_wire.py [--seconds 2]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import subprocess
import time

import numpy as np

from flickarena import FlickVectorEnv, Pool
from flickarena.launch import EnvServer

REPO = pathlib.Path(__file__).resolve().parents[2]
SIZES = (1, 64, 1024)


def go_rows(seconds: float) -> dict[str, float]:
    """Runs the Go benchmark and returns steps/s by row name."""
    out = subprocess.run(
        ["go", "test", "-run", "^$", "-bench", "BenchmarkWire", "-benchtime", f"{seconds}s", "./envrpc"],
        cwd=REPO, check=True, capture_output=True, text=True,
    ).stdout
    rows = {}
    for m in re.finditer(r"BenchmarkWire/(\S+?)/envs=(\d+)-\d+\s+\d+\s+\S+ ns/op\s+(\S+) steps/s", out):
        rows[f"{m.group(1)}/envs={m.group(2)}"] = float(m.group(3))
    return rows


def time_steps(step, n: int, seconds: float) -> float:
    """Calls step() for about ``seconds`` and returns env steps per second."""
    for _ in range(10):
        step()
    calls, start = 0, time.perf_counter()
    while True:
        for _ in range(10):
            step()
        calls += 10
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls * n / elapsed


def python_rows(seconds: float) -> dict[str, float]:
    rows = {}
    with EnvServer() as unix, EnvServer(listen="127.0.0.1:0") as tcp:
        for n in SIZES:
            act = {"discrete": np.zeros((n, 2), np.int32), "continuous": np.zeros((n, 1), np.float32)}
            for name, target in (("tcp", tcp.target), ("unix", unix.target)):
                for transport in ("unary", "session"):
                    with Pool("dummy/race-v1", n, server=target, transport=transport) as pool:
                        pool.reset(seed=1)
                        rows[f"py-{name}-{transport}/envs={n}"] = time_steps(lambda p=pool, a=act: p.step(a), n, seconds)
            envs = FlickVectorEnv("dummy/race-v1", n, server=unix.target, illegal="reject")
            envs.reset(seed=1)
            rows[f"py-vectorenv-unix-unary/envs={n}"] = time_steps(lambda e=envs, a=act: e.step(a), n, seconds)
            envs.close()
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="time per row")
    args = parser.parse_args()
    os.environ.setdefault("GOFLAGS", "-buildvcs=false")
    go = go_rows(args.seconds)
    py = python_rows(args.seconds)
    print(f"{'configuration':<34} {'steps/s':>12} {'of in-process':>14}")
    for n in SIZES:
        base = go.get(f"inprocess/envs={n}")
        for table in (go, py):
            for key, value in table.items():
                if key.endswith(f"/envs={n}"):
                    share = f"{100 * value / base:.1f}%" if base else "-"
                    print(f"{key:<34} {value:>12,.0f} {share:>14}")
        print()


if __name__ == "__main__":
    main()
