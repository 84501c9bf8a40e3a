"""The learning benchmark: each training method of python/examples on Flickago, from several
seeds, evaluated against the built-in bots.

Methods (each trained once per seed; the commands are printed as they run):

- ``random``, ``passive``: the untrained baselines of ``ppo.py --evaluate``;
- ``ppo``: ppo.py against the server's random opponent, ``--steps`` agent steps;
- ``selfplay``: selfplay.py, ``--steps`` learner decisions against its league;
- ``bc``: record_teacher.py records ``--bc-episodes`` games of ``--teacher`` against
  ``--bc-opponent``, then bc.py clones them for ``--bc-seconds``;
- ``bc+ppo``: the bc checkpoint continued by ppo.py against ``--bc-opponent`` for
  ``--finetune-steps`` steps;
- ``sb3``: sb3-contrib's MaskablePPO (examples/sb3_maskable.py, its default settings, printed
  with the table) against ``--train-opponent``, ``--steps`` agent steps, each continuous dim in
  ``--sb3-bins`` values.

``ppo`` trains against ``--train-opponent``; ``--options`` are the game's options for every run
and evaluation.

Every checkpoint then plays ``--eval-episodes`` games against each of ``--opponents``
(outcome only, seats alternating, sampled actions, evaluation seeds apart from training's), and
the table gives the win share over the seeds' games pooled with its 95% Wilson interval, the
spread of the seeds' own shares, the training steps and the training's wall time (every process
of the run counted as one wall clock). Runs are subprocesses of this Python, one at a time.
Needs the ``ppo`` extra.

    python python/benchmarks/learning_table.py --server unix:///tmp/fa.sock --seeds 3
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import os
import pathlib
import platform
import subprocess
import sys
import tempfile
import time

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))

import ppo  # noqa: E402  (from the examples' folder)
import sb3_maskable  # noqa: E402


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a share of wins out of n games."""
    if n == 0:
        return float("nan"), float("nan")
    p = wins / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, mid - half), min(1.0, mid + half)


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a = p.add_argument
    a("--server", required=True, help="env server target")
    a("--game", default="flickago-v3", help="game id")
    a("--options", default="{}", help="the game's options, as JSON, for every run and evaluation")
    a("--methods", default="random,passive,ppo,selfplay,bc,bc+ppo,sb3", help="methods, comma-separated")
    a("--train-opponent", default="random", help="ppo's and sb3's opponent in training")
    a("--sb3-bins", type=int, default=11, help="sb3's values of each continuous dim")
    a("--opponents", default="random,aimer", help="the evaluations' opponents, comma-separated")
    a("--seeds", type=int, default=3, help="training seeds per method (1, 2, ...)")
    a("--steps", type=int, default=200_000, help="ppo's agent steps and selfplay's learner decisions")
    a("--teacher", default="aimer", help="bc's teacher")
    a("--bc-opponent", default="random", help="the teacher's opponent in bc's dataset, and bc+ppo's opponent")
    a("--bc-episodes", type=int, default=1000, help="games in bc's dataset")
    a("--bc-seconds", type=float, default=60.0, help="bc's training budget")
    a("--finetune-steps", type=int, default=100_000, help="bc+ppo's PPO steps")
    a("--eval-episodes", type=int, default=1000, help="evaluation games per checkpoint and opponent")
    args = p.parse_args(argv)
    methods = [m for m in args.methods.split(",") if m]
    opponents = [o for o in args.opponents.split(",") if o]
    unknown = set(methods) - {"random", "passive", "ppo", "selfplay", "bc", "bc+ppo", "sb3"}
    if unknown:
        p.error(f"--methods: unknown {sorted(unknown)}")
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; {args.game}, seeds 1-{args.seeds}, "
          f"{args.eval_episodes} evaluation games per checkpoint and opponent", flush=True)
    py, srv = sys.executable, ["--server", args.server]
    opt = ["--options", args.options]

    def sh(cmd: list[str]) -> float:
        """Runs a training command; returns its wall seconds."""
        shown = " ".join(x if x.isprintable() and " " not in x else repr(x) for x in cmd[1:])
        print(f"  $ python {shown.replace(str(EXAMPLES) + '/', 'python/examples/')}", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        return time.perf_counter() - t0

    def steps_of(path: str) -> int:
        import torch

        return int(torch.load(path, map_location="cpu", weights_only=False)["env_steps"])

    rows = []
    sb3_settings: dict = {}
    with tempfile.TemporaryDirectory() as tmp:
        trained: dict[int, tuple[str, float]] = {}  # seed -> bc's checkpoint and wall seconds, for bc+ppo
        for method in methods:
            results = {o: [] for o in opponents}
            steps, wall = [], []
            for seed in range(1, args.seeds + 1) if method not in ("random", "passive") else [1]:
                d = os.path.join(tmp, f"{method}-{seed}")
                os.makedirs(d, exist_ok=True)
                ck = os.path.join(d, "checkpoint.pt")
                if method == "ppo":
                    wall.append(sh([py, str(EXAMPLES / "ppo.py"), *srv, "--game", args.game, *opt,
                                    "--opponent", args.train_opponent, "--total-steps", str(args.steps), "--seed", str(seed),
                                    "--eval-every", "0", "--eval-episodes", "16", "--wire-probe", "0", "--save-every", "0",
                                    "--run-dir", d]))
                elif method == "selfplay":
                    wall.append(sh([py, str(EXAMPLES / "selfplay.py"), *srv, "--game", args.game, *opt,
                                    "--total-steps", str(args.steps), "--seed", str(seed), "--eval-every", "0",
                                    "--eval-episodes", "16", "--eval-opponents", "random", "--save-every", "0",
                                    "--run-dir", d]))
                elif method == "bc":
                    data = os.path.join(d, "data.npz")
                    w = sh([py, str(EXAMPLES / "record_teacher.py"), *srv, "--game", args.game, *opt, "--teacher", args.teacher,
                            "--opponent", args.bc_opponent, "--episodes", str(args.bc_episodes), "--seed", str(seed),
                            "--out", data])
                    w += sh([py, str(EXAMPLES / "bc.py"), *srv, "--data", data, "--seconds", str(args.bc_seconds),
                             "--seed", str(seed), "--eval-episodes", "0", "--out", ck])
                    wall.append(w)
                    trained[seed] = (ck, w)
                elif method == "bc+ppo":
                    if seed not in trained:
                        p.error("bc+ppo needs bc before it in --methods")
                    start, bc_wall = trained[seed]
                    wall.append(bc_wall + sh([py, str(EXAMPLES / "ppo.py"), *srv, "--game", args.game, *opt, "--init", start,
                                    "--opponent", args.bc_opponent, "--total-steps", str(args.finetune_steps),
                                    "--seed", str(seed), "--eval-every", "0", "--eval-episodes", "16", "--wire-probe",
                                    "0", "--save-every", "0", "--run-dir", d]))
                elif method == "sb3":
                    model = os.path.join(d, "model.zip")
                    wall.append(sh([py, str(EXAMPLES / "sb3_maskable.py"), *srv, "--game", args.game, *opt, "--opponent",
                                    args.train_opponent, "--bins", str(args.sb3_bins), "--total-steps", str(args.steps),
                                    "--seed", str(seed), "--eval-episodes", "0", "--out", model]))
                    with open(model + ".json") as f:
                        trained_sb3 = json.load(f)
                    sb3_settings = {k: v for k, v in trained_sb3.items() if k not in ("env_steps", "train_seconds", "seed")}
                    steps.append(trained_sb3["env_steps"])
                    for o in opponents:
                        with contextlib.redirect_stdout(io.StringIO()):
                            r = sb3_maskable.main([*srv, "--evaluate", model, "--eval-opponents", o,
                                                   "--eval-episodes", str(args.eval_episodes), "--seed", str(1000 + seed),
                                                   "--no-deterministic"])[o]
                        results[o].append((r["wins"], r["episodes"]))
                        print(f"[{method} seed {seed}] vs {o}: {r['wins']}/{r['episodes']} wins", file=sys.stderr, flush=True)
                    continue
                target = method if method in ("random", "passive") else ck
                if target == ck:
                    steps.append(steps_of(ck))
                for o in opponents:
                    with contextlib.redirect_stdout(io.StringIO()):
                        r = ppo.main([*srv, "--game", args.game, *opt, "--evaluate", target, "--opponent", o,
                                      "--eval-episodes", str(args.eval_episodes), "--seed", str(1000 + seed)])
                    results[o].append((r["wins"], r["episodes"]))
                    print(f"[{method} seed {seed}] vs {o}: {r['wins']}/{r['episodes']} wins", file=sys.stderr, flush=True)
            rows.append((method, results, steps, wall))

    print(f"\nppo: against {args.train_opponent}; bc: {args.teacher}'s games against {args.bc_opponent}; bc+ppo: then PPO "
          f"against {args.bc_opponent}; wall s: the training's, bc+ppo's including bc's")
    if sb3_settings:
        print(f"sb3: MaskablePPO with {json.dumps(sb3_settings)}")
    print()
    print("| method | seeds | steps | wall s | " + " | ".join(f"win share vs {o} [95%] (seeds' range)" for o in opponents)
          + " |")
    print("|---|---:|---:|---:|" + "---:|" * len(opponents))
    for method, results, steps, wall in rows:
        cells = []
        for o in opponents:
            wins, n = sum(w for w, _ in results[o]), sum(g for _, g in results[o])
            lo, hi = wilson(wins, n)
            shares = [w / g for w, g in results[o]]
            spread = f" ({min(shares):.1%}-{max(shares):.1%})" if len(shares) > 1 else ""
            cells.append(f"{wins / n:.1%} [{lo:.1%}, {hi:.1%}]{spread}")
        st = f"{sum(steps) / len(steps):,.0f}" if steps else "0"
        wl = f"{sum(wall) / len(wall):.0f}" if wall else "0"
        print(f"| {method} | {len(results[opponents[0]])} | {st} | {wl} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
