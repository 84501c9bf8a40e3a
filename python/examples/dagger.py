"""DAgger: behaviour cloning on the positions the clone itself reaches, labelled by a teacher.

Each round plays ``--episodes`` games against ``--opponent`` through a pool with the teacher
option (``teacher=``: the server sends, with every batch, the action the named bot would play
in the agent's position). Each move is the teacher's with probability beta (``--beta`` in the
first round, times ``--beta-decay`` each round after) and the clone's most likely action
otherwise; every position is kept with the teacher's action as its label, the dataset grows
by the round's positions, and the clone is fitted again on all of them (examples/bc.py's
maximum likelihood, ``--seconds`` a round, from the weights it has). Ross, Gordon and Bagnell
(2011) show why: a clone trained only on the teacher's games meets positions its teacher
never reached and has no label for them::

    python python/examples/record_teacher.py --teacher planner --opponent aimer --episodes 2000 \\
        --options '{"flick": "aim"}' --out planner.npz
    python python/examples/dagger.py --data planner.npz --teacher planner --opponent aimer \\
        --options '{"flick": "aim"}' --rounds 8 --run-dir runs/dagger

``--data`` (optional) seeds the dataset with recorded games; ``--init`` starts from a
checkpoint (bc.py's or ppo.py's, with its ``--hidden``). The run directory gets a numbered
checkpoint per round (``checkpoints/step-NNNNNNNNN.pt``, its number the positions played so far,
for rate_checkpoints.py), ``checkpoint.pt`` (the last), ``metrics.csv`` (one row per round:
beta, positions, games won with the round's mixture, the fit's likelihood and head accuracy)
and the aggregated dataset ``data.npz`` (record_teacher.py's format, rewards and episode
fields zero: only the labels are the teacher's), so ``--data RUN/data.npz --init
RUN/checkpoint.pt`` continues a stopped run. The checkpoints are ppo.py's: ``ppo.py --init``
fine-tunes one, ``ppo.py --evaluate`` plays it. It starts its own env server unless
``--server`` is given.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import json
import os
import time

import numpy as np
import torch
from bc import fit, load_dataset, tensors
from ppo_agent import Agent, Game, agent_return, env_seeds, load, save, save_checkpoint

from flickarena import FlickVectorEnv, joint_rule
from flickarena.launch import EnvServer


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    a = p.add_argument
    a("--server", default="", help="env server target (default: start one)")
    a("--game", default="flickago-v3", help="the game id")
    a("--options", default="{}", help="the game's options, as a JSON object")
    a("--teacher", default="planner", help="the built-in bot that labels every position")
    a("--opponent", default="aimer", help="the built-in bot played against")
    a("--agent-seat", default="alternate", help='the clone\'s seat: "zero", "alternate" or "random"')
    a("--data", default="", help="a record_teacher.py dataset to start from (optional)")
    a("--init", default="", help="a checkpoint to start from (its --hidden is kept)")
    a("--rounds", type=int, default=8, help="rounds of play and fitting")
    a("--episodes", type=int, default=500, help="games per round")
    a("--num-envs", type=int, default=64, help="envs played at once")
    a("--beta", type=float, default=0.5, help="the share of the teacher's moves in the first round")
    a("--beta-decay", type=float, default=0.5, help="beta's factor from one round to the next")
    a("--seconds", type=float, default=60.0, help="fitting time a round (wall clock)")
    a("--batch-size", type=int, default=256, help="positions per gradient step")
    a("--lr", type=float, default=1e-3, help="Adam step size")
    a("--hidden", type=int, default=256, help="width of the hidden layers (without --init)")
    a("--bins", type=int, default=0, help="draw each continuous dim as a categorical of this many values (0: a Gaussian; "
      "without --init)")
    a("--seed", type=int, default=1, help="torch seed, the mixture's draws and the envs' seeds")
    a("--threads", type=int, default=1, help="torch CPU threads")
    a("--run-dir", default="runs/dagger", help="checkpoints, metrics.csv and data.npz go here")
    args = p.parse_args(argv)
    try:
        json.loads(args.options)
    except json.JSONDecodeError as e:
        p.error(f"--options: not JSON: {e}")
    if not 0 <= args.beta <= 1 or not 0 <= args.beta_decay <= 1:
        p.error("--beta and --beta-decay must lie in [0, 1]")
    return args


FIELDS = ("observations", "action_discrete", "action_continuous", "action_mask")


@torch.no_grad()
def play_round(agent: Agent, game: Game, envs: FlickVectorEnv, episodes: int, beta: float, rng: np.random.Generator,
               seed: int) -> tuple[dict[str, np.ndarray], dict]:
    """Plays ``episodes`` whole games (each env its share), each move the teacher's with
    probability ``beta``, else the clone's most likely one; returns every position of the agent
    with the teacher's action, and the games' wins, draws, losses and the share of moves that
    were the teacher's."""
    n = envs.num_envs
    quota = np.full(n, episodes // n) + (np.arange(n) < episodes % n)
    played = np.zeros(n, int)
    obs, info = envs.reset(seed=env_seeds(seed, 0, n))
    rows: dict[str, list[np.ndarray]] = {k: [] for k in FIELDS}
    outcomes: list[float] = []
    teacher_moves = moves = 0
    while played.sum() < episodes:
        live = played < quota  # envs whose positions still count
        mask = np.asarray(info["action_mask"], bool)
        advice = info["teacher_action"]
        disc, u, *_ = agent.get_action_and_value(torch.as_tensor(obs), torch.as_tensor(mask), greedy=True)
        act = game.env_action(disc, u)
        take = rng.random(n) < beta
        for k in act:
            act[k][take] = advice[k][take]
        rows["observations"].append(obs[live])
        rows["action_discrete"].append(advice["discrete"][live])
        rows["action_continuous"].append(advice["continuous"][live])
        rows["action_mask"].append(mask[live])
        teacher_moves += int(take[live].sum())
        moves += int(live.sum())
        obs, _, term, trunc, info = envs.step(act)
        for i in np.flatnonzero(term | trunc):
            if played[i] < quota[i]:
                outcomes.append(float(agent_return(info)[i]))
                played[i] += 1
    out = np.array(outcomes)
    stats = {"games": len(out), "wins": int((out > 0).sum()), "draws": int((out == 0).sum()),
             "losses": int((out < 0).sum()), "teacher_share": teacher_moves / max(moves, 1)}
    return {k: np.concatenate(v) for k, v in rows.items()}, stats


def write_dataset(path: str, data: dict[str, np.ndarray], meta: dict) -> None:
    """Writes the aggregated positions in record_teacher.py's format (atomically)."""
    T = len(data["observations"])
    np.savez_compressed(path + ".tmp.npz", **{k: data[k] for k in (*FIELDS, "nvec", "dim_low", "dim_high")},
                        rewards=np.zeros(T, np.float32), terminations=np.zeros(T, bool), truncations=np.zeros(T, bool),
                        episode_ids=np.zeros(T, np.int64), episode_returns=np.zeros(0, np.float32),
                        meta=np.array(json.dumps(meta)))
    os.replace(path + ".tmp.npz", path)


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    os.makedirs(args.run_dir, exist_ok=True)
    options = json.loads(args.options)
    metrics_path = os.path.join(args.run_dir, "metrics.csv")
    t_start = time.perf_counter()
    with contextlib.ExitStack() as stack:
        server = args.server or stack.enter_context(EnvServer()).target
        envs = stack.enter_context(contextlib.closing(FlickVectorEnv(
            args.game, args.num_envs, server=server, options=options, opponent=args.opponent, agent_seat=args.agent_seat,
            teacher=args.teacher, autoreset_mode="same_step")))
        sp = envs.pool.spaces
        game = Game.of(envs.pool.game, args.bins)
        data: dict[str, np.ndarray] = {k: np.zeros((0, w), t) for k, w, t in (
            ("observations", game.obs_size, np.float32), ("action_discrete", sp.heads, np.int32),
            ("action_continuous", sp.dims, np.float32), ("action_mask", int(sp.nvec.sum()), bool))}
        data.update(nvec=sp.nvec.astype(np.int64), dim_low=sp.dim_low, dim_high=sp.dim_high)
        if args.data:
            loaded, meta = load_dataset(args.data)
            if meta["game"] != args.game or loaded["observations"].shape[1] != game.obs_size:
                raise SystemExit(f"--data {args.data}: a dataset of {meta['game']}, not of {args.game}")
            for k in FIELDS:
                data[k] = loaded[k]
        if args.init:
            agent, start_game, ck = load(args.init, torch.device("cpu"))
            game = Game.of(envs.pool.game, start_game.bins)
            if start_game != game:
                raise SystemExit(f"--init {args.init}: a checkpoint of {start_game.game_id} with another action space")
            args.hidden = ck["args"]["hidden"]
        else:
            agent = game.agent(args.hidden)
            if len(data["observations"]):
                agent.norm.update(torch.as_tensor(data["observations"]))
        agent.rule = joint_rule(envs.pool.game)
        optim = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
        if len(data["observations"]) and not args.init:
            stats = fit(agent, optim, tensors(data, game), args.seconds, 0, args.batch_size)
            print(f"round 0: fitted {stats['transitions']} recorded positions in {stats['train_seconds']:.0f} s, "
                  f"nll {stats['final_nll']:.3f}", flush=True)
        result: dict = {}
        with open(metrics_path, "w", newline="") as f:
            w = csv.writer(f)
            w.writerow(["round", "beta", "teacher_share", "games", "wins", "draws", "losses", "win_share", "positions",
                        "play_seconds", "fit_seconds", "final_nll", "head_accuracy", "wall_seconds"])
            for r in range(1, args.rounds + 1):
                beta = args.beta * args.beta_decay ** (r - 1)
                t0 = time.perf_counter()
                rows, games = play_round(agent, game, envs, args.episodes, beta, rng, args.seed * 1000 + r)
                play_s = time.perf_counter() - t0
                if r == 1 and not len(data["observations"]) and not args.init:
                    agent.norm.update(torch.as_tensor(rows["observations"]))  # fixed from here on
                for k in FIELDS:
                    data[k] = np.concatenate([data[k], rows[k]])
                stats = fit(agent, optim, tensors(data, game), args.seconds, 0, args.batch_size)
                wall = time.perf_counter() - t_start
                share = games["wins"] / max(games["games"], 1)
                w.writerow([r, f"{beta:.4f}", f"{games['teacher_share']:.4f}", games["games"], games["wins"], games["draws"],
                            games["losses"], f"{share:.4f}", stats["transitions"], f"{play_s:.1f}",
                            f"{stats['train_seconds']:.1f}", f"{stats['final_nll']:.4f}",
                            " ".join(f"{h:.4f}" for h in stats["head_accuracy"]), f"{wall:.1f}"])
                f.flush()
                save_args = {**vars(args), "dagger_round": r}
                save_checkpoint(args.run_dir, agent, optim, game, save_args, stats["transitions"], wall, wall)
                save(os.path.join(args.run_dir, "checkpoint.pt"), agent, optim, game, save_args, stats["transitions"], wall)
                write_dataset(os.path.join(args.run_dir, "data.npz"), data,
                              {"game": args.game, "options": options, "teacher": args.teacher, "opponent": args.opponent,
                               "agent_seat": args.agent_seat, "shaping": 0.0, "seed": args.seed, "episodes": 0,
                               "transitions": stats["transitions"], "seconds": wall, "wins": 0, "draws": 0, "losses": 0,
                               "dagger_rounds": r})
                print(f"round {r}: beta {beta:.3f} ({games['teacher_share']:.0%} of moves the teacher's), "
                      f"{games['wins']}-{games['draws']}-{games['losses']} against {args.opponent} "
                      f"(win share {share:.1%}) in {play_s:.0f} s; fitted {stats['transitions']} positions in "
                      f"{stats['train_seconds']:.0f} s, nll {stats['final_nll']:.3f}, heads' argmax = the teacher's: "
                      + ", ".join(f"{h:.1%}" for h in stats["head_accuracy"]), flush=True)
                result = {"round": r, "beta": beta, "win_share": share, **games, "positions": stats["transitions"]}
    return result


if __name__ == "__main__":
    main()
