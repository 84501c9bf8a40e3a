"""How precisely a flick must be aimed: a teacher's games with its targets blurred, and a clone's
choices beside its teacher's.

On a game with the aiming action (``flick=aim``: the dims say where the flick should stop, in
the board's normalised coordinates, and the push beyond), every move of the agent's seat is the
teacher's (the pool's ``teacher=`` option) with Gaussian noise of standard deviation ``s`` cm
added to the target's two coordinates (then clipped to the dims' bounds: a target on the
bounds, where a flick that leaves them is aimed, stays a legal one), for each ``s`` of ``--blur``; the table gives the win
share against ``--opponent`` with its 95% Wilson interval. The game's own execution noise applies
on top, as for any agent. With ``--checkpoint`` (a ppo.py or bc.py checkpoint of the same game
and options) three rows follow: the clone alone (most likely heads, mean dims), the teacher's
heads with the clone's dims (does the clone aim where its teacher would, given the piece?), and
the clone's heads with the teacher's dims. The pool rejects an illegal action (none is sent)::

    python python/benchmarks/aim_precision.py --server unix:///tmp/fa.sock --teacher planner \\
        --opponent aimer --episodes 500
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import pathlib
import platform
import sys

import numpy as np

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"
sys.path.insert(0, str(EXAMPLES))

from learning_table import wilson  # noqa: E402  (beside this file)

from flickarena import FlickVectorEnv  # noqa: E402


def play(envs: FlickVectorEnv, episodes: int, seed: int, choose) -> tuple[int, int]:
    """Plays ``episodes`` whole games (each env its share), each move ``choose(obs, info)``;
    returns the agent's wins and the games played."""
    n = envs.num_envs
    quota = np.full(n, episodes // n) + (np.arange(n) < episodes % n)
    played = np.zeros(n, int)
    wins = 0
    obs, info = envs.reset(seed=[seed * 1_000_003 + i for i in range(n)])
    while played.sum() < episodes:
        obs, _, term, trunc, info = envs.step(choose(obs, info))
        for i in np.flatnonzero(term | trunc):
            if played[i] < quota[i]:
                seat = info["agent_seat"][i] if "agent_seat" in info else 0
                wins += int(info["episode_return"][i, seat] > 0)
                played[i] += 1
    return wins, int(played.sum())


def main(argv: list[str] | None = None) -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    a = p.add_argument
    a("--server", required=True, help="env server target")
    a("--game", default="flickago-v3", help="game id (one with the option flick=aim)")
    a("--options", default='{"flick": "aim"}', help="the game's options, as JSON (flick=aim needed)")
    a("--teacher", default="planner", help="the built-in bot whose moves are played")
    a("--opponent", default="aimer", help="the built-in bot played against")
    a("--blur", default="0,0.25,0.5,1,2,4", help="standard deviations of the target's noise, cm, comma-separated")
    a("--size", default="48,72", help="the board's width and length, cm (the aim dims' normalisation)")
    a("--checkpoint", default="", help="a clone's checkpoint to compare with its teacher (optional)")
    a("--episodes", type=int, default=500, help="games per row")
    a("--num-envs", type=int, default=50, help="envs played at once")
    a("--seed", type=int, default=7, help="seed of the envs' streams (the same games for every row)")
    args = p.parse_args(argv)
    width, length = (float(x) for x in args.size.split(","))
    blurs = [float(x) for x in args.blur.split(",") if x]
    rng = np.random.default_rng(args.seed)
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, load average "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; {args.game} {args.options}, {args.teacher} against "
          f"{args.opponent}, {args.episodes} games a row\n", flush=True)
    rows: list[tuple[str, int, int]] = []
    with contextlib.closing(FlickVectorEnv(args.game, args.num_envs, server=args.server, options=json.loads(args.options),
                                           opponent=args.opponent, agent_seat="alternate", teacher=args.teacher,
                                           illegal="reject", autoreset_mode="same_step")) as envs:
        dims = [d.name for d in envs.pool.game.dims]
        if dims[:2] != ["x", "y"]:
            raise SystemExit(f"{args.game} {args.options}: dims {dims}, not the aiming action's x, y (option flick=aim)")
        scale = np.array([width, length], np.float32)
        low, high = envs.pool.spaces.dim_low, envs.pool.spaces.dim_high

        def blurred(sd: float):
            def choose(_obs, info):
                t = info["teacher_action"]
                cont = t["continuous"].copy()
                cont[:, :2] += rng.normal(0, sd, (len(cont), 2)).astype(np.float32) / scale
                np.clip(cont, low, high, out=cont)
                return {"discrete": t["discrete"], "continuous": cont}
            return choose

        for sd in blurs:
            wins, n = play(envs, args.episodes, args.seed, blurred(sd))
            rows.append((f"{args.teacher}, target blurred by {sd:g} cm", wins, n))
            print(f"  {rows[-1][0]}: {wins}/{n}", file=sys.stderr, flush=True)
        if args.checkpoint:
            import torch
            from ppo_agent import load

            from flickarena import joint_rule

            torch.set_num_threads(1)
            agent, game, _ = load(args.checkpoint, torch.device("cpu"))
            agent.rule = joint_rule(envs.pool.game)

            def mixed(heads: str, dims_from: str):
                @torch.no_grad()
                def choose(obs, info):
                    d, u, *_ = agent.get_action_and_value(torch.as_tensor(obs), torch.as_tensor(info["action_mask"]),
                                                          greedy=True)
                    act, t = game.env_action(d, u), info["teacher_action"]
                    if heads == "teacher":
                        act["discrete"] = t["discrete"]
                    if dims_from == "teacher":
                        act["continuous"] = t["continuous"]
                    return act
                return choose

            for label, h, dm in (("the clone", "clone", "clone"), ("the teacher's heads, the clone's dims", "teacher", "clone"),
                                 ("the clone's heads, the teacher's dims", "clone", "teacher")):
                wins, n = play(envs, args.episodes, args.seed, mixed(h, dm))
                rows.append((label, wins, n))
                print(f"  {label}: {wins}/{n}", file=sys.stderr, flush=True)
    print(f"| moves played | games | wins | win share vs {args.opponent} [95%] |\n|---|---:|---:|---:|")
    for label, wins, n in rows:
        lo, hi = wilson(wins, n)
        print(f"| {label} | {n} | {wins} | {wins / n:.1%} [{lo:.1%}, {hi:.1%}] |")


if __name__ == "__main__":
    main()
