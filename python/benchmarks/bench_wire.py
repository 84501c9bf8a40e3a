"""Env steps per second through the wire, Go and Python clients, beside the in-process figure,
on a real game (flickemup/showdown-v9, self-play, random actions the masks allow).

Each round measures, for batches of 1, 64 and 1024 envs in turn:

- the Go rows, one run of ``BenchmarkWire_Showdown`` (``envrpc``): in process
  (``env.Vector``), and the Go client (``RemoteVector``) over a unix socket and TCP loopback,
  Session stream and unary calls;
- right after, the Python rows: :class:`flickarena.Pool` against an ``envserver`` process over
  a unix socket and TCP loopback, Session and unary, and :class:`flickarena.FlickVectorEnv`
  (what a Gymnasium user gets, self-play view, unary) over the unix socket; then both without
  a server, in process (the Go library through ctypes; ``bench_inproc.py`` measures that
  backend on two games).

Every row plays the same number of steps from a reset with seed 1 (the Go rows the same
games; the Python rows the same games as each other, with actions drawn alike from a numpy
stream), and only the time inside the step call counts: choosing actions is the agent's cost.
A row's share is its steps/s over the in-process figure of the same round (the mean of an
in-process run before the client rows and one after them); the table gives the median over the
rounds of each figure and the range of the shares, since the machine may be shared with other
jobs.

    make python-bench        # or: python python/benchmarks/bench_wire.py [--rounds 7] [--scale 1]
"""

from __future__ import annotations

import argparse
import os
import pathlib
import platform
import re
import statistics
import subprocess
import tempfile
import time
from importlib import metadata

import numpy as np

from flickarena import FlickVectorEnv, Pool
from flickarena.launch import EnvServer

REPO = pathlib.Path(__file__).resolve().parents[2]
GAME = "flickemup/showdown-v9"
SIZES = (1, 64, 1024)
STEPS = {1: 2000, 64: 100, 1024: 20}  # steps per row per round (about 0.2, 0.7 and 2 s in process)
GO_ROWS = ("go-unix-session", "go-unix-unary", "go-tcp-session", "go-tcp-unary")
PY_ROWS = ("py-unix-session", "py-unix-unary", "py-tcp-session", "py-tcp-unary", "py-vectorenv-unix-unary",
           "py-inprocess", "py-vectorenv-inprocess")
LABELS = {
    "inprocess": "in process (`env.Vector`)",
    "go-unix-session": "Go client, unix socket, Session",
    "go-unix-unary": "Go client, unix socket, unary",
    "go-tcp-session": "Go client, TCP loopback, Session",
    "go-tcp-unary": "Go client, TCP loopback, unary",
    "py-unix-session": "Python `Pool`, unix socket, Session",
    "py-unix-unary": "Python `Pool`, unix socket, unary",
    "py-tcp-session": "Python `Pool`, TCP loopback, Session",
    "py-tcp-unary": "Python `Pool`, TCP loopback, unary",
    "py-vectorenv-unix-unary": "Python `FlickVectorEnv`, unix socket, unary",
    "py-inprocess": "Python `Pool`, in process (no server)",
    "py-vectorenv-inprocess": "Python `FlickVectorEnv`, in process (no server)",
}


def machine() -> str:
    """Returns the machine line: CPU, cores, memory, versions."""
    cpu = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as f:
        mem = int(f.readline().split()[1]) / (1 << 20)
    go = subprocess.run(["go", "env", "GOVERSION"], capture_output=True, text=True).stdout.strip()
    return (f"{cpu}, {os.cpu_count()} cores, {mem:.0f} GiB, {platform.system().lower()}/{platform.machine()}, "
            f"{go}, Python {platform.python_version()}, grpcio {metadata.version('grpcio')}, "
            f"protobuf {metadata.version('protobuf')}, numpy {np.__version__}")


def load() -> str:
    with open("/proc/loadavg") as f:
        return f.read().split()[0]


def build_go_bench(out: str) -> None:
    """Compiles the envrpc test binary once, so that every round runs the same code."""
    subprocess.run(["go", "test", "-c", "-o", out, "./envrpc"], cwd=REPO, check=True)


def go_rows(binary: str, n: int, rows: str = ".*") -> dict[str, float]:
    """Runs the Go rows of batch n whose names match ``rows`` once and returns steps/s by row
    name."""
    out = subprocess.run(
        [binary, "-test.run", "^$", "-test.bench", f"BenchmarkWire_Showdown/{rows}/envs={n}$",
         "-test.benchtime", f"{STEPS[n]}x"],
        cwd=REPO / "envrpc", check=True, capture_output=True, text=True,
    ).stdout
    found = {}
    for m in re.finditer(r"BenchmarkWire_Showdown/(\S+?)/envs=(\d+)-\d+\s.*?(\S+) steps/s", out):
        found[m.group(1)] = float(m.group(3))
    return found


def all_go_rows(binary: str, n: int) -> dict[str, float]:
    """Runs every Go row of batch n once."""
    rows = go_rows(binary, n)
    missing = {"inprocess", *GO_ROWS} - rows.keys()
    if missing:
        raise RuntimeError(f"go benchmark output lacks {sorted(missing)}; it has {sorted(rows)}")
    return rows


def random_actions(mask: np.ndarray, nvec: np.ndarray, low: np.ndarray, high: np.ndarray,
                   rng: np.random.Generator) -> dict[str, np.ndarray]:
    """A random value each head's mask allows, and uniform continuous values, per env."""
    n = len(mask)
    disc = np.zeros((n, len(nvec)), np.int32)
    off = 0
    for h, k in enumerate(nvec):
        disc[:, h] = ((rng.random((n, k)) + 1.0) * mask[:, off : off + k]).argmax(axis=1)
        off += k
    cont = rng.uniform(low, high, (n, len(low))).astype(np.float32)
    return {"discrete": disc, "continuous": cont}


def time_steps(reset, step, sp, n: int, steps: int) -> tuple[float, float]:
    """Resets with seed 1, plays ``steps`` steps with random legal actions (seed 1: the same
    stream, the same masks, for every caller) and returns env steps per second of time inside
    step(), by the wall clock and by the process's CPU time."""
    rng = np.random.default_rng(1)
    mask = reset()
    in_step = in_step_cpu = 0.0
    for _ in range(steps):
        act = random_actions(mask, sp.nvec, sp.dim_low, sp.dim_high, rng)
        start_cpu = time.process_time()
        start = time.perf_counter()
        mask = step(act)
        in_step += time.perf_counter() - start
        in_step_cpu += time.process_time() - start_cpu
    return steps * n / in_step, steps * n / in_step_cpu


def python_rows(targets: dict[str, str], n: int) -> dict[str, float]:
    """Measures the Python rows of batch n once."""
    rows = {}
    for name, target in (("unix", targets["unix"]), ("tcp", targets["tcp"])):
        for transport in ("session", "unary"):
            with Pool(GAME, n, server=target, transport=transport, illegal="replace") as pool:
                rows[f"py-{name}-{transport}"] = time_steps(
                    lambda p=pool: p.reset(seed=1).action_mask, lambda a, p=pool: p.step(a).action_mask, pool.spaces, n,
                    STEPS[n])[0]
    with Pool(GAME, n, illegal="replace") as pool:
        rows["py-inprocess"] = time_steps(
            lambda p=pool: p.reset(seed=1).action_mask, lambda a, p=pool: p.step(a).action_mask, pool.spaces, n, STEPS[n])[0]
    for name, server in (("py-vectorenv-unix-unary", targets["unix"]), ("py-vectorenv-inprocess", None)):
        envs = FlickVectorEnv(GAME, n, server=server, view="self_play", illegal="replace")
        try:
            rows[name] = time_steps(
                lambda e=envs: e.reset(seed=1)[1]["action_mask"], lambda a, e=envs: e.step(a)[4]["action_mask"],
                envs.pool.spaces, n, STEPS[n])[0]
        finally:
            envs.close()
    return rows


def fmt_rate(x: float) -> str:
    if x >= 1e6:
        return f"{x / 1e6:.2f} M"
    if x >= 1e4:
        return f"{x / 1e3:.1f} k"
    return f"{x:,.0f}"


def main() -> None:
    global STEPS
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=7, help="rounds (medians are taken over them)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiplies the steps per row")
    args = parser.parse_args()
    STEPS = {n: max(1, round(k * args.scale)) for n, k in STEPS.items()}
    os.environ.setdefault("GOFLAGS", "-buildvcs=false")
    print(f"machine: {machine()}")
    print(f"load average at start: {load()}", flush=True)
    # rates[n][row] and shares[n][row]: one value per round.
    rates = {n: {} for n in SIZES}
    shares = {n: {} for n in SIZES}
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as tmp, EnvServer() as unix, EnvServer(listen="127.0.0.1:0") as tcp:
        binary = os.path.join(tmp, "envrpc.test")
        build_go_bench(binary)
        targets = {"unix": unix.target, "tcp": tcp.target}
        for r in range(args.rounds):
            for n in SIZES:
                row = all_go_rows(binary, n)
                row.update(python_rows(targets, n))
                # The in-process figure of the round: the mean of one run before the client rows
                # and one after, so that a change of load during the round hits both sides.
                again = go_rows(binary, n, "inprocess")["inprocess"]
                row["inprocess"] = (row["inprocess"] + again) / 2
                for k, v in row.items():
                    rates[n].setdefault(k, []).append(v)
                    shares[n].setdefault(k, []).append(v / row["inprocess"])
            print(f"round {r + 1}/{args.rounds} done, load average {load()}", flush=True)
    print(f"load average at end: {load()}; {time.monotonic() - started:.0f} s")
    print(f"\n{GAME}, self-play, random legal actions; steps per row and round: "
          + ", ".join(f"{STEPS[n]} at batch {n}" for n in SIZES)
          + f"; medians of {args.rounds} rounds\n")
    print("| configuration | " + " | ".join(f"batch {n}" for n in SIZES) + " | batch 1024: share of in-process (range) |")
    print("|---|" + "---|" * len(SIZES) + "---|")
    for k in ("inprocess", *GO_ROWS, *PY_ROWS):
        cells = []
        for n in SIZES:
            med = statistics.median(rates[n][k])
            share = statistics.median(shares[n][k])
            cells.append(f"{fmt_rate(med)} ({100 * share:.0f}%)")
        s = shares[1024][k]
        rng = f"{100 * statistics.median(s):.0f}% ({100 * min(s):.0f}-{100 * max(s):.0f}%)"
        print(f"| {LABELS[k]} | " + " | ".join(cells) + f" | {rng} |")


if __name__ == "__main__":
    main()
