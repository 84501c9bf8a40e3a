"""The PPO baseline's loop (examples/ppo.py) with the asynchronous step and without.

Each round trains two runs of the same length and seed, one with ``--async-step`` (each pool's
step sent, the other pool's forward pass computed while it runs) and one with
``--no-async-step`` (the same pools stepped one blocking call at a time: the same run, bit for
bit, as tests/test_ppo.py checks), in alternating order. It prints each run's steps/s and its
time shares (env wait, forward, update), and the ratio per round and its median. Each run is
the script itself (a subprocess with this Python), read back from its summary.json. Needs the
``ppo`` extra.

    python python/benchmarks/bench_ppo_async.py --server unix:///tmp/fa.sock --opponent aimer [--rounds 3]
"""

from __future__ import annotations

import argparse
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
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--server", required=True, help="env server target")
    parser.add_argument("--game", default="flickago-v3", help="game id")
    parser.add_argument("--opponent", default="aimer", help="the server's opponent")
    parser.add_argument("--steps", type=int, default=8192, help="agent env steps per run")
    parser.add_argument("--rounds", type=int, default=3, help="pairs of runs")
    args = parser.parse_args(argv)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}", flush=True)
    ratios = []
    with tempfile.TemporaryDirectory() as tmp:
        for r in range(args.rounds):
            sps = {}
            order = [True, False] if r % 2 == 0 else [False, True]
            for use_async in order:
                flag = "--async-step" if use_async else "--no-async-step"
                run_dir = os.path.join(tmp, f"{r}{flag}")
                subprocess.run([sys.executable, str(PPO), "--server", args.server, "--game", args.game,
                                "--opponent", args.opponent, "--total-steps", str(args.steps), "--eval-every", "0",
                                "--eval-episodes", "2", "--run-dir", run_dir, flag], check=True, stdout=subprocess.DEVNULL)
                with open(os.path.join(run_dir, "summary.json")) as f:
                    s = json.load(f)
                sps[use_async] = s["steps_per_second"]
                shares = ", ".join(f"{k} {v:.0%}" for k, v in s["shares"].items())
                print(f"round {r + 1} {flag}: {s['steps_per_second']:.0f} steps/s ({shares})", flush=True)
            ratios.append(sps[True] / sps[False])
            print(f"round {r + 1}: async / blocking = {ratios[-1]:.2f}", flush=True)
    print(f"median ratio over {args.rounds} rounds: {statistics.median(ratios):.2f} "
          f"(range {min(ratios):.2f} to {max(ratios):.2f}); load average now "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
