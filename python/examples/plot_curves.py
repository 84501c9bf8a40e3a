"""Learning curves of PPO runs (examples/ppo.py): mean and spread over seeds, as PNG files.

Each ``--curve "TITLE=DIR[,DIR...]"`` is one curve of the runs in those directories (their
``metrics.csv``, one per seed): the evaluations' mean outcome (+1 win, -1 loss, 0 draw) and win
rate, and the training episodes' return (with the run's shaping), against env steps and
against training wall time (evaluations not counted). The line is
the mean over seeds, the band their range (smallest to largest). ``--baseline
"LABEL=VALUE"`` draws a horizontal line on the outcome panels (the mean outcome of a baseline
policy against the same opponent, from ``ppo.py --evaluate random|passive``), and
``--baseline-return`` one on the training-return panels (``--evaluate ... --eval-shaping 1``). Needs the
``plot`` extra (matplotlib)::

    python python/examples/plot_curves.py --out flickago-aimer.png \\
        --curve "Flickago vs aimer=runs/flickago-aimer-s1,runs/flickago-aimer-s2,runs/flickago-aimer-s3"
"""

from __future__ import annotations

import argparse
import csv
import os

import numpy as np


def read(run_dir: str) -> dict[str, np.ndarray]:
    """The columns of a run's metrics.csv as float arrays."""
    path = os.path.join(run_dir, "metrics.csv")
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise ValueError(f"{path}: no evaluations yet")
    return {k: np.array([float(r[k]) for r in rows]) for k in rows[0]}


def spread(xs: list[np.ndarray], ys: list[np.ndarray], points: int = 200) -> tuple[np.ndarray, ...]:
    """The seeds' curves on a common x grid (up to the shortest run): grid, mean, min, max."""
    grid = np.linspace(max(x[0] for x in xs), min(x[-1] for x in xs), points)
    on = np.array([np.interp(grid, x, y) for x, y in zip(xs, ys, strict=True)])
    return grid, on.mean(0), on.min(0), on.max(0)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--curve", action="append", required=True, help='"TITLE=DIR[,DIR...]", one run directory per seed')
    parser.add_argument("--baseline", action="append", default=[], help='"LABEL=VALUE": a mean outcome drawn as a line')
    parser.add_argument("--baseline-return", action="append", default=[],
                        help='"LABEL=VALUE": a mean training return (shaped as in training) drawn as a line')
    parser.add_argument("--out", required=True, help="the PNG to write")
    args = parser.parse_args(argv)
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curves = []
    for c in args.curve:
        if "=" not in c:
            parser.error(f"--curve {c!r}: want TITLE=DIR[,DIR...]")
        title, dirs = c.split("=", 1)
        curves.append((title, [read(d) for d in dirs.split(",")]))
    def lines(flag: str, values: list[str]) -> list[tuple[str, float]]:
        out = []
        for b in values:
            label, _, value = b.partition("=")
            try:
                out.append((label, float(value)))
            except ValueError:
                parser.error(f"{flag} {b!r}: want LABEL=VALUE with a number")
        return out

    baselines = lines("--baseline", args.baseline)
    baseline_returns = lines("--baseline-return", args.baseline_return)

    fig, axes = plt.subplots(3, 2, figsize=(11, 10), sharey="row")
    for title, runs in curves:
        for col, (xkey, xlabel, scale) in enumerate([("env_steps", "agent env steps", 1.0),
                                                     ("train_seconds", "training wall time (min)", 1 / 60)]):
            for row, (ykey, ylabel) in enumerate([("mean_outcome", "evaluation: mean outcome (win +1, loss -1)"),
                                                  ("win_rate", "evaluation: win rate"),
                                                  ("train_return", "training return (shaped)")]):
                ax = axes[row][col]
                ok = [np.isfinite(r[ykey]) for r in runs]
                grid, mean, lo, hi = spread([r[xkey][k] * scale for r, k in zip(runs, ok, strict=True)],
                                            [r[ykey][k] for r, k in zip(runs, ok, strict=True)])
                line, = ax.plot(grid, mean, label=f"{title} ({len(runs)} seeds)")
                ax.fill_between(grid, lo, hi, color=line.get_color(), alpha=0.2)
                ax.set_xlabel(xlabel)
                ax.set_ylabel(ylabel)
                ax.grid(alpha=0.3)
    for row, values in ((0, baselines), (2, baseline_returns)):
        for i, (label, value) in enumerate(values):
            for ax in axes[row]:
                ax.axhline(value, color=f"C{len(curves) + i}", linestyle="--", label=label)
        axes[row][0].legend(fontsize=8)
    fig.suptitle("PPO (examples/ppo.py): evaluations during training, mean and range over seeds")
    fig.tight_layout(rect=(0, 0, 1, 0.97))
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    fig.savefig(args.out, dpi=90)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
