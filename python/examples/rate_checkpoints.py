"""Rate a training run's checkpoints in the arena against the built-in bots: its Elo curve.

The numbered checkpoints of RUN_DIR (``ppo.py --save-every K`` keeps them as
``checkpoints/step-000123456.pt``, ``sb3_maskable.py --save-every K --out RUN_DIR/NAME.zip`` as
``NAME_123456_steps.zip``; ``--every k`` takes every k-th, the last always) are served
as remote bots from this one process (an AgentService each on 127.0.0.1, named after the file,
``step-000123456``, its version the file's digest; each plays as examples/serve_ppo.py or
``sb3_maskable.py --serve`` does: the most likely legal action) and play the built-in ``--bots`` in the arena, on the
checkpoint's game (``--scenario``; its ``--options`` come along). Every game goes to one results
database (``--db``, default RUN_DIR/elo.db), so that one fit puts the checkpoints and the bots on
one rating scale (Elo relative to the pool mean, 95% cluster-robust intervals: ``arena ratings``).

``--pairing ladder`` (the default) plays each checkpoint against each bot (an ``arena run
--gauntlet``, one checkpoint served at a time) and the bots against each other: C*B + B*(B-1)/2
pairings of ``--games`` games for C checkpoints and B bots. ``--pairing all`` plays one
round-robin of everything (checkpoints against each other too): (C+B)*(C+B-1)/2 pairings, a
firmer scale between neighbouring checkpoints at a cost that grows with C squared.

It writes RUN_DIR/elo.csv (one row per checkpoint, fewest steps first, then the bots; columns
``checkpoint,step,seconds,wall_seconds,elo,low,high,games,points``: env steps, seconds of
training without evaluations and since the start, as the checkpoint records them, empty for
the bots) and RUN_DIR/elo.png: Elo with its interval against env steps and against wall time,
each bot a horizontal line with its interval shaded. The arena plays only the games missing from
the database: run the same command again after an interruption (Ctrl-C) to go on. Needs the
``ppo`` and ``plot`` extras (torch, matplotlib) and Go (the arena binary is built from this
repository unless ``--arena`` or $FLICKARENA_ARENA names one)::

    python python/examples/ppo.py --total-steps 100000 --save-every 12 --run-dir runs/elo
    python python/examples/rate_checkpoints.py runs/elo --bots random,aimer --games 40
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import hashlib
import io
import json
import os
import pathlib
import re
import signal
import subprocess
import sys
import time
from dataclasses import dataclass

import numpy as np
import torch
from ppo_agent import checkpoint_policy, run_checkpoints

import flickarena

REPO = pathlib.Path(__file__).resolve().parents[2]
COLUMNS = ["checkpoint", "step", "seconds", "wall_seconds", "elo", "low", "high", "games", "points"]


@dataclass
class Checkpoint:
    """A numbered checkpoint of the run: its file, bot name and version, and its training so far."""

    path: str
    name: str  # the bot's name in the arena: the file's stem, step-000123456
    version: str  # the first 12 hex digits of the file's SHA-256
    game_id: str
    options: dict
    steps: int
    seconds: float  # of training, evaluations not counted
    wall_seconds: float  # since the start of training, evaluations counted

    @classmethod
    def read(cls, path: str) -> Checkpoint:
        """Reads a checkpoint's metadata (not its policy)."""
        with open(path, "rb") as f:
            digest = hashlib.sha256(f.read()).hexdigest()[:12]
        if path.endswith(".zip"):  # sb3_maskable.py's: its settings beside it
            with open(path + ".json") as f:
                s = json.load(f)
            seconds = float(s.get("total_seconds", "nan"))
            return cls(path, f"step-{s['env_steps']:09d}", digest, s["game"], s["options"], int(s["env_steps"]), seconds,
                       seconds)
        ck = torch.load(path, map_location="cpu", weights_only=False)
        return cls(path, pathlib.Path(path).stem, digest, ck["game"]["game_id"], json.loads(ck["args"].get("options", "{}")),
                   int(ck["env_steps"]), float(ck["train_seconds"]), float(ck.get("wall_seconds", ck["train_seconds"])))


class _Help(argparse.RawDescriptionHelpFormatter, argparse.ArgumentDefaultsHelpFormatter):
    """The module's text as written, the flags with their defaults."""


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], epilog=__doc__.split("\n\n", 1)[1].replace("::", ":"),
                                formatter_class=_Help)
    a = p.add_argument
    a("run_dir", metavar="RUN_DIR", help="a run directory of ppo.py or sb3_maskable.py with numbered checkpoints (--save-every)")
    a("--bots", default="random,aimer", help="the built-in bots to rate the checkpoints against, comma-separated")
    a("--games", type=int, default=40, help="games per pairing (even: pairs with the sides swapped)")
    a("--every", type=int, default=1, help="rate every k-th checkpoint (the last always)")
    a("--pairing", choices=["ladder", "all"], default="ladder",
      help="ladder: each checkpoint against each bot, the bots against each other; all: one round-robin of everything")
    a("--scenario", default="", help="the arena scenario (default: the checkpoints' game, with their --options)")
    a("--db", default="", help="the results database (default: RUN_DIR/elo.db)")
    a("--seed", type=int, default=1, help="the tournaments' seed (the same seed plays the same deals for every checkpoint)")
    a("--concurrency", type=int, default=2, help="games the arena plays at once")
    a("--deadline", default="2s", help="time a bot has for each decision (wall clock for the checkpoints)")
    a("--prior", default="auto",
      help="Gaussian prior tau in Elo on the ratings (0: none, maximum likelihood); auto: none, else 400 when a bot won or lost "
           "every game (the ratings would be infinite), said so")
    a("--arena", default=os.environ.get("FLICKARENA_ARENA", ""),
      help="the arena binary (default: $FLICKARENA_ARENA, else built into .tmp/bin/arena of this repository)")
    a("--out", default="", help="the picture to write (default: RUN_DIR/elo.png)")
    args = p.parse_args(argv)
    if args.games < 2 or args.games % 2:
        p.error(f"--games {args.games}: want an even number, at least 2")
    if args.every < 1:
        p.error(f"--every {args.every}: want at least 1")
    if args.prior != "auto":
        try:
            if float(args.prior) < 0:
                raise ValueError
        except ValueError:
            p.error(f"--prior {args.prior}: want auto or a number of Elo, at least 0")
    args.bots = [b for b in args.bots.split(",") if b]
    if not args.bots:
        p.error("--bots: want at least one built-in bot")
    return args


def sb3_checkpoints(run_dir: str) -> list[str]:
    """The numbered models of an sb3_maskable.py run (``--save-every``: OUT_<steps>_steps.zip,
    each with its settings beside it), fewest steps first."""
    found = [(int(m.group(1)), os.path.join(run_dir, f)) for f in os.listdir(run_dir)
             if (m := re.fullmatch(r".*_(\d+)_steps\.zip", f)) and os.path.exists(os.path.join(run_dir, f + ".json"))]
    return [p for _, p in sorted(found)]


def select(paths: list[str], every: int) -> list[str]:
    """Every ``every``-th of paths from the first, and the last."""
    picked = paths[::every]
    if paths and picked[-1] != paths[-1]:
        picked.append(paths[-1])
    return picked


def arena_binary(path: str) -> str:
    """The arena binary: ``path`` if given, else built from this repository into .tmp/bin/arena."""
    if path:
        return path
    out = REPO / ".tmp" / "bin" / "arena"
    print(f"building {out} (go build ./cmd/arena)", flush=True)
    subprocess.run(["go", "build", "-o", str(out), "./cmd/arena"], cwd=REPO, check=True)
    return str(out)


def scenario_of(arena: str, game_id: str, options: dict) -> str:
    """The arena scenario that plays ``game_id`` (from ``arena scenarios``), with the game's options."""
    listing = subprocess.run([arena, "scenarios"], capture_output=True, text=True, check=True).stdout
    names = [m.group(1) for m in re.finditer(r"^\s+(\S+)\s+(\S+)\s*$", listing, re.M) if m.group(2) == game_id]
    if not names:
        raise SystemExit(f"no arena scenario plays {game_id}: name one with --scenario")
    return names[0] + (":" + ",".join(f"{k}={v}" for k, v in sorted(options.items())) if options else "")


def play(cmd: list[str]) -> None:
    """Runs an arena command, its progress on this terminal. On Ctrl-C (which the arena gets
    too, from the terminal) it waits for the arena to stop, then re-raises."""
    print("$ " + " ".join(cmd), flush=True)
    proc = subprocess.Popen(cmd)
    try:
        code = proc.wait()
    except BaseException:
        with contextlib.suppress(ProcessLookupError):
            proc.send_signal(signal.SIGINT)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        raise
    if code != 0:
        raise SystemExit(f"arena exited with {code}: {' '.join(cmd)}")


@contextlib.contextmanager
def served(checkpoints: list[Checkpoint]):
    """Serves each checkpoint as a bot on 127.0.0.1 (a free port each); yields their addresses."""
    with contextlib.ExitStack() as stack:
        addresses = []
        for ck in checkpoints:
            if ck.path.endswith(".zip"):
                from sb3_maskable import model_policy

                policy, game_id = model_policy(ck.path)[0], ck.game_id
            else:
                policy, game_id = checkpoint_policy(ck.path)
            server = stack.enter_context(flickarena.serve_agent(policy, "127.0.0.1:0", name=ck.name, version=ck.version,
                                                                games=[game_id]))
            print(f"serving {ck.path} ({ck.steps} steps, {ck.wall_seconds:.0f} s) as {ck.name} at {server.address}", flush=True)
            addresses.append(server.address)
        yield addresses


AUTO_PRIOR = 400.0
"""The prior of ``--prior auto`` when maximum likelihood has no finite answer (as ``arena ratings`` suggests)."""


def ratings(arena: str, db: str, bots: list[str], prior: str) -> tuple[dict[str, dict[str, float]], float]:
    """The joint ratings of ``bots`` from the database (``arena ratings --csv``), by name, and
    the prior they were fitted with (``auto``: none, else AUTO_PRIOR when the ratings would be infinite)."""
    tau = 0.0 if prior == "auto" else float(prior)
    while True:
        cmd = [arena, "ratings", "--db", db, "--csv", "--bots", ",".join(bots), "--prior", f"{tau:g}"]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode == 0:
            sys.stderr.write(done.stderr)
            break
        if prior == "auto" and tau == 0 and "would be infinite" in done.stderr:
            print(f"maximum likelihood has no finite ratings (a bot won or lost every game); fitting with a Gaussian "
                  f"prior of tau = {AUTO_PRIOR:g} Elo (MAP): such a bot's rating is pulled toward the mean, a bound "
                  f"rather than an estimate", flush=True)
            tau = AUTO_PRIOR
            continue
        sys.stderr.write(done.stderr)
        raise SystemExit(f"arena ratings exited with {done.returncode}: {' '.join(cmd)}")
    rows = csv.DictReader(io.StringIO(done.stdout))
    return {r["bot"]: {k: int(v) if k == "games" else float(v) for k, v in r.items() if k != "bot"} for r in rows}, tau


def write_csv(path: str, checkpoints: list[Checkpoint], bots: list[str], rated: dict[str, dict[str, float]]) -> list[dict]:
    """Writes elo.csv (COLUMNS) and returns its rows."""
    rows: list[dict] = []
    for ck in checkpoints:
        rows.append({"checkpoint": ck.name, "step": ck.steps, "seconds": round(ck.seconds, 2),
                     "wall_seconds": round(ck.wall_seconds, 2), **{k: rated[ck.name][k] for k in COLUMNS[4:]}})
    for b in bots:
        rows.append({"checkpoint": b, "step": "", "seconds": "", "wall_seconds": "", **{k: rated[b][k] for k in COLUMNS[4:]}})
    with open(path + ".tmp", "w", newline="") as f:
        w = csv.DictWriter(f, COLUMNS)
        w.writeheader()
        w.writerows(rows)
    os.replace(path + ".tmp", path)
    return rows


def extreme(row: dict) -> str:
    """ " (won every game)" or " (lost every game)" when the row's rating is only a bound, else ""."""
    if row["points"] == row["games"]:
        return " (won every game)"
    return " (lost every game)" if row["points"] == 0 else ""


def plot(path: str, rows: list[dict], title: str) -> None:
    """Draws Elo against env steps and against wall time (bots as horizontal lines, their intervals shaded)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    cks = [r for r in rows if r["step"] != ""]
    bots = [r for r in rows if r["step"] == ""]
    elo, low, high = (np.array([r[k] for r in cks], float) for k in ("elo", "low", "high"))
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.5), sharey=True)
    for ax, (xkey, xlabel, scale) in zip(axes, [("step", "agent env steps", 1.0),
                                                 ("wall_seconds", "training wall time (min, evaluations included)", 1 / 60)],
                                         strict=True):
        x = np.array([r[xkey] for r in cks], float) * scale
        for i, b in enumerate(bots):
            color = f"C{i + 1}"
            label = f"{b['checkpoint']} {b['elo']:+.0f} [{b['low']:+.0f}, {b['high']:+.0f}]{extreme(b)}"
            ax.axhline(b["elo"], color=color, linestyle="--", label=label)
            ax.axhspan(b["low"], b["high"], color=color, alpha=0.12)
        line, = ax.plot(x, elo, marker="o", color="C0", label="checkpoints")
        ax.fill_between(x, low, high, color=line.get_color(), alpha=0.2, label="95% interval")
        ax.set_xlabel(xlabel)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("arena Elo (relative to the pool mean)")
    axes[0].legend(fontsize=8)
    fig.suptitle(title)
    fig.tight_layout(rect=(0, 0, 1, 0.95))
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    fig.savefig(path, dpi=90)
    plt.close(fig)


def main(argv: list[str] | None = None) -> list[dict]:
    args = parse_args(argv)
    if __name__ == "__main__":  # SIGTERM unwinds like Ctrl-C: the arena stopped, every server closed
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    paths = select(run_checkpoints(args.run_dir) or sb3_checkpoints(args.run_dir), args.every)
    if not paths:
        folder = os.path.join(args.run_dir, "checkpoints")
        raise SystemExit(f"no numbered checkpoints in {folder} nor in {args.run_dir}: train with ppo.py --save-every K "
                         f"or sb3_maskable.py --save-every K")
    checkpoints = [Checkpoint.read(p) for p in paths]
    games = {ck.game_id for ck in checkpoints}
    if len(games) != 1:
        raise SystemExit(f"the checkpoints play several games: {sorted(games)}")
    arena = arena_binary(args.arena)
    scenario = args.scenario or scenario_of(arena, checkpoints[0].game_id, checkpoints[0].options)
    db = args.db or os.path.join(args.run_dir, "elo.db")
    common = ["--scenarios", scenario, "--games", str(args.games), "--seed", str(args.seed), "--db", db,
              "--concurrency", str(args.concurrency), "--deadline", args.deadline]
    n_pairs = (len(checkpoints) * len(args.bots) + len(args.bots) * (len(args.bots) - 1) // 2 if args.pairing == "ladder"
               else (len(checkpoints) + len(args.bots)) * (len(checkpoints) + len(args.bots) - 1) // 2)
    print(f"rating {len(checkpoints)} checkpoints of {args.run_dir} against {','.join(args.bots)} on {scenario}: "
          f"{n_pairs} pairings of {args.games} games ({args.pairing}), into {db}", flush=True)
    t0 = time.perf_counter()
    if args.pairing == "all":
        with served(checkpoints) as addresses:
            play([arena, "run", "--bots", ",".join(args.bots + [f"remote={a}" for a in addresses]), *common])
    else:
        if len(args.bots) > 1:
            print(f"the bots against each other: {','.join(args.bots)}", flush=True)
            play([arena, "run", "--bots", ",".join(args.bots), *common])
        for i, ck in enumerate(checkpoints, 1):
            print(f"[{i}/{len(checkpoints)}] {ck.name} against {','.join(args.bots)}", flush=True)
            with served([ck]) as (address,):
                play([arena, "run", "--bots", ",".join([f"remote={address}", *args.bots]), "--gauntlet", ck.name, *common])
    print(f"played in {time.perf_counter() - t0:.0f} s", flush=True)

    rated, tau = ratings(arena, db, [ck.name for ck in checkpoints] + args.bots, args.prior)
    csv_path = os.path.join(args.run_dir, "elo.csv")
    rows = write_csv(csv_path, checkpoints, args.bots, rated)
    out = args.out or os.path.join(args.run_dir, "elo.png")
    plot(out, rows, f"{os.path.basename(os.path.normpath(args.run_dir))}: arena Elo of its checkpoints on {scenario}, "
                    f"{args.games} games per pairing" + (f", prior τ = {tau:g} Elo" if tau else ""))
    print(f"{'checkpoint':>16} {'steps':>10} {'wall s':>8} {'Elo':>7}  95% interval  games  score", flush=True)
    for r in rows:
        wall = f"{r['wall_seconds']:.0f}" if r["step"] != "" else ""
        print(f"{r['checkpoint']:>16} {r['step']!s:>10} {wall:>8} {r['elo']:+7.1f}  [{r['low']:+.0f}, {r['high']:+.0f}]"
              f"  {r['games']:5d}  {r['points'] / max(r['games'], 1):5.1%}{extreme(r)}", flush=True)
    print(f"wrote {csv_path} and {out}", flush=True)
    return rows


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("interrupted: the games played are in the database; the same command plays the rest", file=sys.stderr)
        sys.exit(130)
