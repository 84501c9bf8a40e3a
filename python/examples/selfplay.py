"""PPO by self-play against a league of the learner's own frozen past checkpoints.

One self-play pool (the client plays every seat) steps all envs at once. Each episode of each
env gives the learner one seat, drawn at random (so it learns every seat, for 2 to 5 seats), and
each other seat an opponent drawn from the league: the learner's current weights (with chance
--p-latest) or one of its last --league-size frozen snapshots (one is taken every
--snapshot-every updates). At every step the envs are grouped by the policy whose seat is to
move, so each policy's forward pass covers all its envs at once: no bot in the loop and no
process per opponent. Only the learner's own decisions are trained on; its reward is what its
seat earned from its move until its next one (the replies included), so the advantage is
computed over its decisions alone.

The network, checkpoints and evaluation are examples/ppo_agent.py's: a checkpoint of this
script is played by ``ppo.py --evaluate``, served by serve_ppo.py, and continued by
``selfplay.py --init`` or ``ppo.py --init``. Evaluations play the server's built-in bots
(--eval-opponents) in the single-agent view, outcome only, the agent's seat alternating.

    python python/examples/selfplay.py --game flickago-v3 --total-steps 500000 --run-dir runs/sp

Needs the ``ppo`` extra (torch).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import csv
import json
import os
import time

import numpy as np
import torch
import torch.nn as nn
from ppo_agent import Game, env_seeds, evaluate, load, save, save_checkpoint

from flickarena import FlickVectorEnv, joint_rule
from flickarena.launch import EnvServer


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    a, flag = p.add_argument, argparse.BooleanOptionalAction
    a("--game", default="flickago-v3", help="game id")
    a("--options", default="{}", help='game options as JSON, e.g. \'{"players": 3}\'')
    a("--server", default="", help="env server target; empty starts a local envserver")
    a("--shaping", type=float, default=1.0, help="weight of the game's shaping reward in training (evaluations: none)")
    a("--seed", type=int, default=1, help="seeds torch, the envs and the league's draws")
    a("--total-steps", type=int, default=200_000, help="the learner's decisions to train on")
    a("--num-envs", type=int, default=64, help="envs of the self-play pool")
    a("--num-steps", type=int, default=32, help="pool steps per rollout (every seat's moves)")
    a("--league-size", type=int, default=8, help="frozen snapshots kept (the oldest goes first)")
    a("--snapshot-every", type=int, default=5, help="updates between snapshots of the learner into the league")
    a("--p-latest", type=float, default=0.5, help="chance that an opponent seat plays the learner's current weights")
    a("--lr", type=float, default=5e-4, help="Adam step size, annealed linearly to 0")
    a("--gamma", type=float, default=0.99, help="discount per learner decision")
    a("--gae-lambda", type=float, default=0.95, help="GAE's lambda")
    a("--update-epochs", type=int, default=8, help="passes over each rollout")
    a("--num-minibatches", type=int, default=8, help="minibatches per pass")
    a("--clip-coef", type=float, default=0.2, help="the ratio clip (also clips the value loss)")
    a("--ent-coef", type=float, default=0.01, help="entropy bonus weight")
    a("--vf-coef", type=float, default=0.5, help="value loss weight")
    a("--max-grad-norm", type=float, default=0.5, help="gradient norm clip")
    a("--hidden", type=int, default=64, help="width of the hidden layers of the actor and of the critic")
    a("--threads", type=int, default=1, help="torch CPU threads (the env server needs the other cores)")
    a("--eval-opponents", default="random,aimer", help="built-in bots the evaluations play, comma-separated")
    a("--eval-every", type=int, default=10, help="evaluate every this many updates (0: only at the start and end)")
    a("--eval-episodes", type=int, default=128, help="episodes per evaluation and opponent")
    a("--greedy", action=flag, default=False, help="evaluate the most likely heads and mean dims instead of sampling")
    a("--save-every", type=int, default=10, help="keep a numbered checkpoint (checkpoints/step-NNNNNNNNN.pt, for "
      "rate_checkpoints.py) after the first update, every this many updates and the last (0: none)")
    a("--run-dir", default="runs/selfplay", help="metrics.csv, summary.json, checkpoint.pt and league.pt go here")
    a("--init", default="", help="a checkpoint of --game to start from (ppo.py's, bc.py's or this script's)")
    args = p.parse_args(argv)
    if not 0 <= args.p_latest <= 1:
        p.error(f"--p-latest {args.p_latest}: want a chance in [0, 1]")
    if args.league_size < 1 or args.snapshot_every < 1:
        p.error("--league-size and --snapshot-every: want at least 1")
    try:
        json.loads(args.options)
    except json.JSONDecodeError as e:
        p.error(f"--options: not JSON: {e}")
    return args


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    device = torch.device("cpu")
    with contextlib.ExitStack() as stack:
        server = args.server or stack.enter_context(EnvServer()).target
        return train(args, server, device, stack)


def train(args: argparse.Namespace, server: str, device: torch.device, stack: contextlib.ExitStack) -> dict:
    """Trains; returns the summary (also written to summary.json)."""
    N, T = args.num_envs, args.num_steps
    options = json.loads(args.options)
    envs = stack.enter_context(contextlib.closing(FlickVectorEnv(
        args.game, N, server=server, view="self_play", shaping=args.shaping, options=options,
        autoreset_mode="same_step")))
    spec = envs.pool.game
    game, P, rule = Game.of(spec), spec.num_players, joint_rule(spec)
    os.makedirs(args.run_dir, exist_ok=True)
    csv_file = stack.enter_context(open(os.path.join(args.run_dir, "metrics.csv"), "w", newline=""))
    log = csv.writer(csv_file)
    log.writerow(["update", "env_steps", "train_seconds", "opponent", "win_rate", "mean_outcome", "league_win_rate"])

    agent = game.agent(args.hidden).to(device)
    optim = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    prior_steps, prior_seconds, prior_wall = 0, 0.0, 0.0
    league: list[dict] = []  # frozen snapshots' state dicts, oldest first
    if args.init:
        start, start_game, ck = load(args.init, device)
        if start_game != game or start.trunk[0].out_features != args.hidden:
            raise ValueError(f"--init {args.init}: a checkpoint of {start_game.game_id} with other shapes "
                             f"(want {game.game_id}, --hidden {args.hidden})")
        agent.load_state_dict(start.state_dict())
        if "optim" in ck:
            optim.load_state_dict(ck["optim"])
        prior_steps, prior_seconds = ck["env_steps"], ck["train_seconds"]
        prior_wall = ck.get("wall_seconds", prior_seconds)
        league_path = os.path.join(os.path.dirname(args.init), "league.pt")
        if os.path.exists(league_path):
            league = torch.load(league_path, map_location=device, weights_only=False)[-args.league_size:]
        print(f"starting from {args.init}: {prior_steps} steps, {prior_seconds:.0f} s, a league of {len(league)}", flush=True)
    agent.rule = rule
    frozen = [game.agent(args.hidden).to(device) for _ in range(args.league_size)]
    for net in frozen:
        net.rule = rule
        net.eval()
    for net, sd in zip(frozen, league, strict=False):
        net.load_state_dict(sd)

    # Who plays each seat of each env this episode: -1 the learner (trained on), 0 its current
    # weights (not trained on), k >= 1 the league's snapshot k-1.
    rng = np.random.default_rng(args.seed)
    seats = np.zeros((N, P), dtype=np.int64)

    def draw(rows: np.ndarray) -> None:
        """Draws the seats of a new episode of each env in rows."""
        for i in rows:
            latest = rng.random(P) < args.p_latest if league else np.ones(P, bool)
            seats[i] = np.where(latest, 0, rng.integers(1, len(league) + 1, P) if league else 0)
            seats[i, rng.integers(P)] = -1

    # The learner's decision in each env that waits for its reward (until its next decision).
    H, D, M = len(game.policy_nvec), game.policy_dims, sum(game.policy_nvec)
    pend = {"obs": torch.zeros((N, game.obs_size)), "mask": torch.zeros((N, M), dtype=torch.bool),
            "disc": torch.zeros((N, H), dtype=torch.long), "u": torch.zeros((N, D)),
            "logp": torch.zeros(N), "val": torch.zeros(N)}
    pend_rew, pend_has = np.zeros(N, np.float32), np.zeros(N, bool)
    done_rows: dict[str, list[torch.Tensor]] = {k: [] for k in (*pend, "rew", "next_val", "done", "env")}

    def finish(rows: np.ndarray, next_val: torch.Tensor, done: bool) -> None:
        """Moves the pending decisions of rows (those that have one) to the rollout."""
        rows = rows[pend_has[rows]]
        if len(rows) == 0:
            return
        r = torch.as_tensor(rows)
        for k, v in pend.items():
            done_rows[k].append(v[r].clone())
        done_rows["rew"].append(torch.as_tensor(pend_rew[rows]))
        done_rows["next_val"].append(next_val[: len(rows)] if not done else torch.zeros(len(rows)))
        done_rows["done"].append(torch.full((len(rows),), float(done)))
        done_rows["env"].append(r)
        pend_has[rows] = False
        pend_rew[rows] = 0

    obs, info = envs.reset(seed=env_seeds(args.seed, 0, N))
    draw(np.arange(N))
    timers = {"env_wait": 0.0, "forward": 0.0, "update": 0.0, "eval": 0.0}
    league_results: list[float] = []
    learner_steps, update, stats = 0, 0, {}
    seat_decisions = np.zeros(P, np.int64)  # the learner's decisions per seat
    results: dict[str, dict] = {}
    start_time = time.perf_counter()

    def evaluate_all(label: int) -> None:
        """Evaluates against every --eval-opponents bot; logs and prints the results."""
        t0 = time.perf_counter()
        agent.eval()
        for name in filter(None, args.eval_opponents.split(",")):
            with contextlib.closing(FlickVectorEnv(args.game, min(64, args.eval_episodes), server=server, opponent=name,
                                                   agent_seat="alternate", options=options,
                                                   autoreset_mode="same_step")) as ev:
                results[name] = evaluate(agent, game, ev, args.eval_episodes, 10_000 + label, args.greedy, device)
        agent.train()
        timers["eval"] += time.perf_counter() - t0
        seconds = time.perf_counter() - start_time - timers["eval"]
        league_rate = float(np.mean(league_results)) if league_results else float("nan")
        for name, res in results.items():
            log.writerow([update, prior_steps + learner_steps, f"{prior_seconds + seconds:.2f}", name,
                          f"{res['win_rate']:.4f}", f"{res['mean_outcome']:.4f}", f"{league_rate:.4f}"])
        csv_file.flush()
        evals = ", ".join(f"vs {k} {v['win_rate']:.3f}" for k, v in results.items())
        print(f"update {update}: {learner_steps} learner steps, {seconds:.0f} s, {learner_steps / max(seconds, 1e-9):.0f} "
              f"steps/s, league {len(league)}, win rate vs the league {league_rate:.3f}, {evals}", flush=True)

    while learner_steps < args.total_steps:
        update += 1
        frac = min(1.0, learner_steps / args.total_steps)
        for pg in optim.param_groups:
            pg["lr"] = args.lr * (1.0 - frac)
        for _ in range(T):
            t0 = time.perf_counter()
            to_move = info["current_player"].astype(np.int64)
            who = seats[np.arange(N), to_move]
            o, m = torch.as_tensor(obs), torch.as_tensor(info["action_mask"])
            disc = torch.zeros((N, H), dtype=torch.long)
            u = torch.zeros((N, D))
            with torch.no_grad():
                mine = np.flatnonzero(who <= 0)
                if len(mine):
                    d, uu, logp, _, val, mask = agent.get_action_and_value(o[mine], m[mine])
                    disc[mine], u[mine] = d, uu
                    lr = np.flatnonzero(who[mine] == -1)
                    rows = mine[lr]
                    finish(rows, val[lr][pend_has[rows]], done=False)
                    r = torch.as_tensor(rows)
                    for k, v in (("obs", o[rows]), ("mask", mask[lr]), ("disc", d[lr]), ("u", uu[lr]),
                                 ("logp", logp[lr]), ("val", val[lr])):
                        pend[k][r] = v
                    pend_has[rows] = True
                    learner_steps += len(rows)
                    np.add.at(seat_decisions, to_move[rows], 1)
                for k in np.unique(who[who > 0]):
                    rows = np.flatnonzero(who == k)
                    d, uu, *_ = frozen[k - 1].get_action_and_value(o[rows], m[rows])
                    disc[rows], u[rows] = d, uu
            timers["forward"] += time.perf_counter() - t0
            t0 = time.perf_counter()
            obs, _, term, trunc, info = envs.step(game.env_action(disc, u))
            timers["env_wait"] += time.perf_counter() - t0
            own = (seats == -1).argmax(1)  # the learner's seat per env
            pend_rew[:] += info["reward_all_seats"][np.arange(N), own]
            ended = np.flatnonzero(term | trunc)
            if len(ended):
                ret = info["episode_return"][ended, own[ended]]
                league_results.extend((ret > 0).astype(float).tolist())
                finish(ended, torch.zeros(0), done=True)
                draw(ended)

        # GAE(lambda) over each env's decisions in order, then the clipped PPO epochs.
        t0 = time.perf_counter()
        if not done_rows["env"]:
            continue
        b = {k: torch.cat(v) for k, v in done_rows.items()}
        for v in done_rows.values():
            v.clear()
        B = len(b["env"])
        adv = torch.zeros(B)
        for e in torch.unique(b["env"]):
            idx = torch.nonzero(b["env"] == e).squeeze(-1)
            gae = 0.0
            for j in reversed(idx.tolist()):
                nonterminal = 1.0 - b["done"][j].item()
                delta = b["rew"][j].item() + args.gamma * b["next_val"][j].item() * nonterminal - b["val"][j].item()
                gae = delta + args.gamma * args.gae_lambda * nonterminal * gae
                adv[j] = gae
        ret = adv + b["val"]
        size = max(1, B // args.num_minibatches)
        for epoch in range(args.update_epochs):
            order = torch.randperm(B)
            for s in range(0, B - size + 1, size):
                i = order[s : s + size]
                _, _, logp, ent, val, _ = agent.get_action_and_value(b["obs"][i], b["mask"][i], b["disc"][i], b["u"][i])
                log_ratio = logp - b["logp"][i]
                ratio = log_ratio.exp()
                a = (adv[i] - adv[i].mean()) / (adv[i].std() + 1e-8)
                pg_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
                v_clipped = b["val"][i] + (val - b["val"][i]).clamp(-args.clip_coef, args.clip_coef)
                v_loss = 0.5 * torch.max((val - ret[i]) ** 2, (v_clipped - ret[i]) ** 2).mean()
                loss = pg_loss - args.ent_coef * ent.mean() + args.vf_coef * v_loss
                optim.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optim.step()
            stats = {"policy_loss": pg_loss.item(), "value_loss": v_loss.item(), "entropy": ent.mean().item(),
                     "epochs": epoch + 1}
        agent.norm.update(b["obs"])
        if update % args.snapshot_every == 0:
            league.append(copy.deepcopy(agent.state_dict()))
            del league[: -args.league_size]
            for net, sd in zip(frozen, league, strict=False):
                net.load_state_dict(sd)
        timers["update"] += time.perf_counter() - t0

        last = learner_steps >= args.total_steps
        if update == 1 or last or (args.eval_every and update % args.eval_every == 0):
            evaluate_all(update)
            league_results.clear()
            seconds = time.perf_counter() - start_time - timers["eval"]
            wall = prior_wall + time.perf_counter() - start_time
            save(os.path.join(args.run_dir, "checkpoint.pt"), agent, optim, game, vars(args),
                 prior_steps + learner_steps, prior_seconds + seconds, wall_seconds=wall)
            torch.save(league, os.path.join(args.run_dir, "league.pt"))
        if args.save_every and (update == 1 or last or update % args.save_every == 0):
            save_checkpoint(args.run_dir, agent, optim, game, vars(args), prior_steps + learner_steps,
                            prior_seconds + time.perf_counter() - start_time - timers["eval"],
                            prior_wall + time.perf_counter() - start_time)

    seconds = time.perf_counter() - start_time - timers["eval"]
    shares = {k: timers[k] / seconds for k in ("env_wait", "forward", "update")}
    shares["other"] = 1.0 - sum(shares.values())
    summary = {"learner_steps": learner_steps, "train_seconds": seconds, "steps_per_second": learner_steps / seconds,
               "shares": shares, "eval_seconds": timers["eval"], "last_eval": results, "league": len(league),
               "seat_decisions": seat_decisions.tolist(),
               "prior_env_steps": prior_steps, "prior_train_seconds": prior_seconds, **stats}
    with open(os.path.join(args.run_dir, "summary.json"), "w") as f:
        json.dump({"args": vars(args), **summary}, f, indent=1)
    print(f"{learner_steps} learner steps in {seconds:.1f} s: {summary['steps_per_second']:.0f} steps/s; time shares: "
          + ", ".join(f"{k} {v:.1%}" for k, v in shares.items()), flush=True)
    return summary


if __name__ == "__main__":
    main()
