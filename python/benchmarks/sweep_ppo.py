"""Which PPO settings learn fastest per second of wall clock: a small sweep of examples/ppo.py.

Each setting (envs, minibatches, epochs) trains for the same wall-clock budget (``--seconds``
of training, evaluations not counted) from each of ``--seeds`` seeds against the server's
opponent, then plays ``--eval-episodes`` games without shaping; the table gives each setting's
mean win rate and its spread over the seeds, its steps/s, and that rate as a share of the
wire's: the client's own rate with random legal actions on the same pools (ppo.py
--wire-probe, measured in every run, so the share compares two rates of one run). Runs are
subprocesses of this Python, one at a time, read back from their summary.json; the order is
setting by setting, seeds inside. Needs the ``ppo`` extra.

    python python/benchmarks/sweep_ppo.py --server unix:///tmp/fa.sock --seconds 60 --seeds 3
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import pathlib
import platform
import statistics
import subprocess
import sys
import tempfile

PPO = pathlib.Path(__file__).resolve().parents[1] / "examples" / "ppo.py"


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--server", required=True, help="env server target")
    p.add_argument("--game", default="flickago-v3", help="game id")
    p.add_argument("--opponent", default="random", help="the server's opponent")
    p.add_argument("--seconds", type=float, default=60.0, help="training seconds per run")
    p.add_argument("--seeds", type=int, default=3, help="seeds per setting (1, 2, ...)")
    p.add_argument("--envs", default="64,256", help="--num-envs values, comma-separated")
    p.add_argument("--minibatches", default="8,2", help="--num-minibatches values")
    p.add_argument("--epochs", default="8,4,2", help="--update-epochs values")
    p.add_argument("--eval-episodes", type=int, default=500, help="games of each run's final evaluation")
    args = p.parse_args(argv)
    ints = lambda s: [int(x) for x in s.split(",") if x]  # noqa: E731
    settings = list(itertools.product(ints(args.envs), ints(args.minibatches), ints(args.epochs)))
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; {len(settings)} settings x {args.seeds} seeds x "
          f"{args.seconds:g} s on {args.game} against {args.opponent}", flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for n, (envs, mb, ep) in enumerate(settings, 1):
            wins, rates, shares, steps = [], [], [], []
            for seed in range(1, args.seeds + 1):
                run_dir = os.path.join(tmp, f"{envs}-{mb}-{ep}-{seed}")
                cmd = [sys.executable, str(PPO), "--server", args.server, "--game", args.game,
                       "--opponent", args.opponent, "--num-envs", str(envs), "--num-minibatches", str(mb),
                       "--update-epochs", str(ep), "--seed", str(seed), "--time-limit", str(args.seconds),
                       "--total-steps", "100000000", "--eval-every", "0", "--eval-episodes", str(args.eval_episodes),
                       "--run-dir", run_dir]
                subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
                with open(os.path.join(run_dir, "summary.json")) as f:
                    s = json.load(f)
                wins.append(s["last_eval"]["win_rate"])
                rates.append(s["steps_per_second"])
                shares.append(s["wire_ratio"])
                steps.append(s["env_steps"])
            sd = statistics.stdev(wins) if len(wins) > 1 else 0.0
            rows.append((envs, mb, ep, statistics.mean(wins), sd, statistics.mean(steps), statistics.mean(rates),
                         statistics.mean(shares)))
            print(f"[{n}/{len(settings)}] envs {envs}, minibatches {mb}, epochs {ep}: win rate "
                  f"{statistics.mean(wins):.3f} (sd {sd:.3f}) after {statistics.mean(steps):.0f} steps", file=sys.stderr,
                  flush=True)
    print(f"\n| envs | minibatches | epochs | win rate after {args.seconds:g} s (mean of {args.seeds}) | sd | steps | "
          "steps/s | share of the wire's rate |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for envs, mb, ep, w, sd, st, r, sh in sorted(rows, key=lambda r: -r[3]):
        print(f"| {envs} | {mb} | {ep} | {w:.3f} | {sd:.3f} | {st:.0f} | {r:.0f} | {sh:.2f} |")


if __name__ == "__main__":
    main()
