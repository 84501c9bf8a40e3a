"""PPO on a Flickarena game against one of the server's opponents: one file, PyTorch.

The agent plays the single-agent view of a game served by ``envserver``, whose built-in bot
(``--opponent``) plays the other seat. The agent (examples/ppo_agent.py, shared with
serve_ppo.py) draws the native hybrid action: masked categorical heads, legal as a whole by the
game's joint rule, and Gaussian dims. The update is the clipped-surrogate PPO of Schulman et al.
(2017) with GAE(lambda) advantages, a clipped value loss and an entropy bonus.

``--bins K`` draws each continuous dim as a categorical of K evenly spaced values, the heads
autoregressive (examples/ppo_agent.py's Game): with the aiming action (``--options '{"flick":
"aim"}'``) the agent then chooses a point of a grid and a push, rather than the mean of a Gaussian.

The envs are split into ``--groups`` pools; with ``--async-step`` the server steps one pool while
the learner draws the other's actions, with ``--no-async-step`` one blocking step at a time: the
same seeds give the same weights either way. ``--init CHECKPOINT`` starts from a trained policy
of the same game, its optimizer state included (a curriculum: random, then aimer). Logs go to
TensorBoard and ``metrics.csv`` (one row per evaluation, for ``plot_curves.py``) in ``--run-dir``,
with ``checkpoint.pt`` and ``summary.json``, and numbered checkpoints
(``checkpoints/step-000123456.pt``, after the first update, every ``--save-every`` and the last)
for rate_checkpoints.py's Elo curve; an evaluation plays ``--eval-episodes`` episodes
without shaping, seats alternating: the mean outcome (+1 win, -1 loss, 0 draw) and win rate.

    go build -o /tmp/envserver ./cmd/envserver && /tmp/envserver --listen unix:///tmp/fa.sock &
    python python/examples/ppo.py --server unix:///tmp/fa.sock --game flickago-v3 \\
        --opponent aimer --total-steps 500000 --run-dir runs/flickago-aimer-s1 --seed 1
    python python/examples/ppo.py --server unix:///tmp/fa.sock --evaluate runs/flickago-aimer-s1/checkpoint.pt \\
        --opponent aimer --eval-episodes 1000

Without --server it starts a local envserver (see flickarena.launch). Needs the ``ppo`` extra
(torch, tensorboard): ``pip install './python[ppo]'``.
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
import torch.nn as nn
from ppo_agent import Baseline, Game, agent_return, env_seeds, evaluate, load, save, save_checkpoint
from torch.utils.tensorboard import SummaryWriter

from flickarena import FlickVectorEnv, joint_rule
from flickarena.launch import EnvServer


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    a, flag = p.add_argument, argparse.BooleanOptionalAction
    a("--game", default="flickago-v3", help="game id")
    a("--opponent", default="random", help='the server\'s opponent: a bot, or a mixture as JSON: \'{"aimer": 3, "random": 1}\'')
    a("--eval-opponent", default="", help="the evaluations' opponent, in the same form (empty: --opponent)")
    a("--agent-seat", default="alternate", help='seat the agent plays: "zero", "alternate" or "random" per episode')
    a("--server", default="", help="env server target; empty starts a local envserver")
    a("--options", default="{}", help='game options as JSON, e.g. \'{"max_turns": 10}\'')
    a("--shaping", type=float, default=1.0, help="weight of the game's shaping reward in training (evaluations: none)")
    a("--seed", type=int, default=1, help="seeds torch and the envs")
    a("--total-steps", type=int, default=200_000, help="agent env steps to train for (each an agent move and the replies)")
    a("--time-limit", type=float, default=0.0, help="also stop after this many seconds of training (0: none); "
      "the learning rate anneals over --total-steps")
    a("--wire-probe", type=float, default=3.0, help="before training, step the same pools with random legal actions "
      "for this many seconds and print that rate beside the trainer's (0: skip)")
    a("--num-envs", type=int, default=256, help="envs in all, split evenly over --groups pools")
    a("--groups", type=int, default=2, help="pools the envs are split over (the async step overlaps them)")
    a("--async-step", action=flag, default=True, help="send a pool's step, then compute the other pool's actions")
    a("--num-steps", type=int, default=32, help="steps per env per rollout")
    a("--lr", type=float, default=5e-4, help="Adam step size, annealed linearly to 0")
    a("--gamma", type=float, default=0.99, help="discount per agent step")
    a("--gae-lambda", type=float, default=0.95, help="GAE's lambda")
    a("--update-epochs", type=int, default=8, help="passes over each rollout")
    a("--num-minibatches", type=int, default=8, help="minibatches per pass")
    a("--clip-coef", type=float, default=0.2, help="the ratio clip (also clips the value loss)")
    a("--target-kl", type=float, default=0.0, help="end an update after the epoch whose mean approx_kl exceeds this (0: never)")
    a("--ent-coef", type=float, default=0.01, help="entropy bonus weight")
    a("--vf-coef", type=float, default=0.5, help="value loss weight")
    a("--max-grad-norm", type=float, default=0.5, help="gradient norm clip")
    a("--hidden", type=int, default=64, help="width of the hidden layers of the actor and of the critic")
    a("--bins", type=int, default=0, help="draw each continuous dim as a categorical of this many evenly spaced values "
      "(0: a Gaussian); with --init, the checkpoint's")
    a("--threads", type=int, default=1, help="torch CPU threads (the env server needs the other cores)")
    a("--cpu", action=flag, default=False, help="use the CPU even when a GPU is present")
    a("--eval-every", type=int, default=10, help="evaluate every this many updates (0: only at the start and end)")
    a("--eval-episodes", type=int, default=128, help="episodes per evaluation")
    a("--eval-shaping", type=float, default=0.0, help="shaping weight of --evaluate's pool (1: like the training return)")
    a("--greedy", action=flag, default=False, help="evaluate the most likely heads and mean dims instead of sampling")
    a("--save-every", type=int, default=10, help="keep a numbered checkpoint (checkpoints/step-NNNNNNNNN.pt, 360 kB on "
      "Flickago at --hidden 64, optimizer included) after the first update, every this many, the last (0: checkpoint.pt alone)")
    a("--run-dir", default="runs/ppo", help="TensorBoard logs, metrics.csv, summary.json and checkpoint.pt go here")
    a("--init", default="", help="a checkpoint of --game to start training from")
    a("--evaluate", default="", help='a checkpoint to evaluate on its game (no training), or the baseline "random" or "passive"')
    args = p.parse_args(argv)
    if args.num_envs % args.groups:
        p.error(f"--num-envs {args.num_envs} is not a multiple of --groups {args.groups}")
    try:
        json.loads(args.options)
    except json.JSONDecodeError as e:
        p.error(f"--options: not JSON: {e}")
    for name, value in (("--opponent", args.opponent), ("--eval-opponent", args.eval_opponent)):
        try:
            opponent_of(value)
        except ValueError as e:
            p.error(f"{name}: {e}")
    return args


def opponent_of(value: str) -> str | dict[str, float]:
    """The opponent a flag names: a bot's name, or a mixture given as a JSON object of positive weights."""
    if not value.lstrip().startswith("{"):
        return value
    try:
        mix = json.loads(value)
    except json.JSONDecodeError as e:
        raise ValueError(f"mixture not JSON: {e}") from e
    if not mix or not all(isinstance(w, (int, float)) and w > 0 for w in mix.values()):
        raise ValueError(f"mixture {value!r}: want bot names with positive weights")
    return mix


def make_envs(args: argparse.Namespace, server: str, n: int, shaping: float,
              opponent: str = "") -> contextlib.closing[FlickVectorEnv]:
    """A pool of n envs of --game against ``opponent`` (empty: --opponent), closed on leaving ``with``."""
    return contextlib.closing(FlickVectorEnv(args.game, n, server=server, opponent=opponent_of(opponent or args.opponent),
                                             agent_seat=args.agent_seat, shaping=shaping, options=json.loads(args.options),
                                             autoreset_mode="same_step"))


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    device = torch.device("cuda" if torch.cuda.is_available() and not args.cpu else "cpu")
    with contextlib.ExitStack() as stack:
        server = args.server or stack.enter_context(EnvServer()).target
        if args.evaluate:
            return evaluate_only(args, server, device)
        return train(args, server, device, stack)


def train(args: argparse.Namespace, server: str, device: torch.device, stack: contextlib.ExitStack) -> dict:
    """Trains; returns the summary (also written to summary.json)."""
    G, n, T, N = args.groups, args.num_envs // args.groups, args.num_steps, args.num_envs
    pools = [stack.enter_context(make_envs(args, server, n, args.shaping)) for _ in range(G)]
    os.makedirs(args.run_dir, exist_ok=True)
    writer = stack.enter_context(contextlib.closing(SummaryWriter(args.run_dir)))
    writer.add_text("args", json.dumps(vars(args)))
    csv_file = stack.enter_context(open(os.path.join(args.run_dir, "metrics.csv"), "w", newline=""))
    log = csv.writer(csv_file)
    log.writerow(["update", "env_steps", "train_seconds", "mean_outcome", "win_rate", "train_return",
                  "policy_loss", "value_loss", "entropy", "approx_kl"])

    # Agent and optimizer, from --init's checkpoint if given (its weights, statistics and Adam's moments).
    spec = pools[0].pool.game
    if args.init:  # the checkpoint's binning
        args.bins = torch.load(args.init, map_location="cpu", weights_only=False)["game"].get("bins", 0)
    game = Game.of(spec, args.bins)
    agent = game.agent(args.hidden).to(device)
    prior_steps, prior_seconds, prior_wall, start_ck = 0, 0.0, 0.0, {}
    if args.init:
        start, start_game, start_ck = load(args.init, device)
        if start_game != game or start.trunk[0].out_features != args.hidden:
            raise ValueError(f"--init {args.init}: a checkpoint of {start_game.game_id} with other shapes "
                             f"(want {game.game_id}, --hidden {args.hidden})")
        agent.load_state_dict(start.state_dict())
        prior_steps, prior_seconds = start_ck["env_steps"], start_ck["train_seconds"]
        prior_wall = start_ck.get("wall_seconds", prior_seconds)
    agent.rule = joint_rule(spec)
    optim = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    if args.init:
        optim.load_state_dict(start_ck["optim"])
        print(f"starting from {args.init}: {prior_steps} env steps, {prior_seconds:.0f} s of training", flush=True)

    # Rollout storage: row t holds the observation step t's actions were drawn on, their (narrowed)
    # masks, the done flag that came with the observation (it starts an episode) and what they earned.
    H, D, M = len(game.policy_nvec), game.policy_dims, sum(game.policy_nvec)
    obs_buf = torch.zeros((T, N, game.obs_size), device=device)
    mask_buf = torch.zeros((T, N, M), dtype=torch.bool, device=device)
    disc_buf = torch.zeros((T, N, H), dtype=torch.long, device=device)
    u_buf = torch.zeros((T, N, D), device=device)
    logp_buf, val_buf, rew_buf, done_buf = (torch.zeros((T, N), device=device) for _ in range(4))
    next_obs = torch.zeros((N, game.obs_size), device=device)
    next_mask = torch.zeros((N, sum(game.nvec)), dtype=torch.bool, device=device)  # the env's masks
    next_done = torch.zeros(N, device=device)
    rows = [slice(g * n, (g + 1) * n) for g in range(G)]
    for g, envs in enumerate(pools):
        o, info = envs.reset(seed=env_seeds(args.seed, g, n))
        next_obs[rows[g]], next_mask[rows[g]] = torch.as_tensor(o), torch.as_tensor(info["action_mask"])
    wire_rate = wire_probe(pools, game, args.wire_probe, args.seed) if args.wire_probe > 0 else float("nan")
    if args.wire_probe > 0:
        for g, envs in enumerate(pools):
            o, info = envs.reset(seed=env_seeds(args.seed, g, n))
            next_obs[rows[g]], next_mask[rows[g]] = torch.as_tensor(o), torch.as_tensor(info["action_mask"])
        print(f"wire: {wire_rate:.0f} steps/s with random legal actions on the same {N} envs "
              f"({args.wire_probe:g} s)", flush=True)
    timers = {"env_wait": 0.0, "forward": 0.0, "update": 0.0, "eval": 0.0}
    returns: list[float] = []
    result: dict = {}
    stats: dict[str, float] = {}
    step_count, batch = 0, N * T
    updates = max(1, args.total_steps // batch)
    start_time = time.perf_counter()

    def timed(key: str, fn, *fn_args):
        """fn(*fn_args), its seconds counted in timers[key]."""
        t0 = time.perf_counter()
        out = fn(*fn_args)
        timers[key] += time.perf_counter() - t0
        return out

    def store(g: int, t: int, res) -> None:
        """Stores what step t of pool g earned and makes its result the next observation."""
        o, r, term, trunc, info = res
        ended = term | trunc
        rew_buf[t, rows[g]] = torch.as_tensor(r, device=device)
        next_done[rows[g]] = torch.as_tensor(ended, dtype=torch.float32, device=device)
        if ended.any():
            returns.extend(agent_return(info)[ended].tolist())
        next_obs[rows[g]], next_mask[rows[g]] = torch.as_tensor(o), torch.as_tensor(info["action_mask"])

    @torch.no_grad()
    def act(g: int, t: int) -> dict[str, np.ndarray]:
        """Draws pool g's actions at step t, stores them and returns the env action."""
        r = rows[g]
        disc, u, logp, _, val, mask = agent.get_action_and_value(next_obs[r], next_mask[r])
        obs_buf[t, r], mask_buf[t, r], done_buf[t, r] = next_obs[r], mask, next_done[r]
        disc_buf[t, r], u_buf[t, r], logp_buf[t, r], val_buf[t, r] = disc, u, logp, val
        return game.env_action(disc, u)

    for update in range(1, updates + 1):
        for pg in optim.param_groups:
            pg["lr"] = args.lr * (1.0 - (update - 1) / updates)
        for t in range(T):
            for g, envs in enumerate(pools):
                if args.async_step and t > 0:
                    store(g, t - 1, timed("env_wait", envs.recv))
                action = timed("forward", act, g, t)
                if args.async_step:
                    timed("env_wait", envs.send, action)
                else:
                    store(g, t, timed("env_wait", envs.step, action))
        for g, envs in enumerate(pools if args.async_step else []):
            store(g, T - 1, timed("env_wait", envs.recv))
        step_count += batch

        # GAE(lambda) advantages, then the clipped PPO epochs (fewer when one's mean approx_kl passes --target-kl).
        t0 = time.perf_counter()
        with torch.no_grad():
            next_value = agent.get_value(next_obs)
            adv = torch.zeros_like(rew_buf)
            gae = torch.zeros(N, device=device)
            for t in reversed(range(T)):
                nonterminal = 1.0 - (next_done if t == T - 1 else done_buf[t + 1])
                nv = next_value if t == T - 1 else val_buf[t + 1]
                delta = rew_buf[t] + args.gamma * nv * nonterminal - val_buf[t]
                adv[t] = gae = delta + args.gamma * args.gae_lambda * nonterminal * gae
            ret = adv + val_buf
        b_obs, b_mask, b_disc, b_u = (x.reshape(T * N, -1) for x in (obs_buf, mask_buf, disc_buf, u_buf))
        b_logp, b_adv, b_ret, b_val = (x.reshape(-1) for x in (logp_buf, adv, ret, val_buf))
        size = batch // args.num_minibatches
        for epoch in range(args.update_epochs):
            kls = []
            order = torch.randperm(batch, device=device)
            for s in range(0, batch - size + 1, size):
                i = order[s : s + size]
                _, _, logp, ent, val, _ = agent.get_action_and_value(b_obs[i], b_mask[i], b_disc[i], b_u[i])
                log_ratio = logp - b_logp[i]
                ratio = log_ratio.exp()
                a = (b_adv[i] - b_adv[i].mean()) / (b_adv[i].std() + 1e-8)
                pg_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
                v_clipped = b_val[i] + (val - b_val[i]).clamp(-args.clip_coef, args.clip_coef)
                v_loss = 0.5 * torch.max((val - b_ret[i]) ** 2, (v_clipped - b_ret[i]) ** 2).mean()
                entropy = ent.mean()
                loss = pg_loss - args.ent_coef * entropy + args.vf_coef * v_loss
                optim.zero_grad()
                loss.backward()
                nn.utils.clip_grad_norm_(agent.parameters(), args.max_grad_norm)
                optim.step()
                with torch.no_grad():
                    kls.append(((ratio - 1) - log_ratio).mean().item())
            stats = {"policy_loss": pg_loss.item(), "value_loss": v_loss.item(), "entropy": entropy.item(),
                     "approx_kl": kls[-1], "epochs": epoch + 1}
            if args.target_kl and float(np.mean(kls)) > args.target_kl:
                break
        # The statistics move after the update, which sees the normalisation the rollout drew with.
        agent.norm.update(b_obs)
        timers["update"] += time.perf_counter() - t0

        train_seconds = time.perf_counter() - start_time - timers["eval"]
        x = prior_steps + step_count  # the curves' axis: every env step of the policy's training
        writer.add_scalar("charts/sps", step_count / train_seconds, x)
        for k, v in stats.items():
            writer.add_scalar("losses/" + k, v, x)
        train_return = float(np.mean(returns)) if returns else float("nan")
        if returns:
            writer.add_scalar("charts/train_return", train_return, x)
        returns.clear()
        last = update == updates or (args.time_limit and time.perf_counter() - start_time - timers["eval"] >= args.time_limit)
        if update == 1 or last or (args.eval_every and update % args.eval_every == 0):
            t0 = time.perf_counter()
            agent.eval()
            # A pool per evaluation: the server closes pools left idle (envserver --idle-timeout).
            with make_envs(args, server, min(64, args.eval_episodes), 0.0, args.eval_opponent) as eval_envs:
                result = evaluate(agent, game, eval_envs, args.eval_episodes, 10_000 + update, args.greedy, device)
            agent.train()
            timers["eval"] += time.perf_counter() - t0
            writer.add_scalar("charts/mean_outcome", result["mean_outcome"], x)
            writer.add_scalar("charts/win_rate", result["win_rate"], x)
            log.writerow([update, x, f"{prior_seconds + train_seconds:.2f}", f"{result['mean_outcome']:.4f}",
                          f"{result['win_rate']:.4f}", f"{train_return:.4f}",
                          *(f"{stats[k]:.5f}" for k in ("policy_loss", "value_loss", "entropy", "approx_kl"))])
            csv_file.flush()
            print(f"update {update}/{updates}: {step_count} steps, {train_seconds:.0f} s, {step_count / train_seconds:.0f} "
                  f"steps/s, train return {train_return:+.3f}, eval outcome {result['mean_outcome']:+.3f}, win rate "
                  f"{result['win_rate']:.3f}, losses pi {stats['policy_loss']:+.4f} v {stats['value_loss']:.4f}, "
                  f"entropy {stats['entropy']:.3f}, approx_kl {stats['approx_kl']:.3f}", flush=True)
            save(os.path.join(args.run_dir, "checkpoint.pt"), agent, optim, game, vars(args), x, prior_seconds + train_seconds,
                 wall_seconds=prior_wall + time.perf_counter() - start_time)
        if args.save_every and (update == 1 or last or update % args.save_every == 0):
            save_checkpoint(args.run_dir, agent, optim, game, vars(args), x, prior_seconds + train_seconds,
                            prior_wall + time.perf_counter() - start_time)
        if last:
            break  # --time-limit (or the planned updates) reached: this update was evaluated and saved

    train_seconds = time.perf_counter() - start_time - timers["eval"]
    path = os.path.join(args.run_dir, "checkpoint.pt")
    save(path, agent, optim, game, vars(args), prior_steps + step_count, prior_seconds + train_seconds,
         wall_seconds=prior_wall + time.perf_counter() - start_time)
    shares = {k: timers[k] / train_seconds for k in ("env_wait", "forward", "update")}
    shares["other"] = 1.0 - sum(shares.values())
    summary = {"env_steps": step_count, "train_seconds": train_seconds, "steps_per_second": step_count / train_seconds,
               "shares": shares, "eval_seconds": timers["eval"], "last_eval": result, "checkpoint": path,
               "wire_steps_per_second": wire_rate, "wire_ratio": step_count / train_seconds / wire_rate,
               "prior_env_steps": prior_steps, "prior_train_seconds": prior_seconds,
               **{"final_" + k: v for k, v in stats.items()}}
    with open(os.path.join(args.run_dir, "summary.json"), "w") as f:
        json.dump({"args": vars(args), **summary}, f, indent=1)
    print(f"{step_count} env steps in {train_seconds:.1f} s: {summary['steps_per_second']:.0f} steps/s"
          + (f" ({summary['wire_ratio']:.2f} of the wire's {wire_rate:.0f})" if args.wire_probe > 0 else "")
          + "; time shares: " + ", ".join(f"{k} {v:.1%}" for k, v in shares.items()), flush=True)
    return summary


def wire_probe(pools: list[FlickVectorEnv], game: Game, seconds: float, seed: int) -> float:
    """Steps the pools with uniformly random legal head values (per head, the game's joint
    rule aside) and uniform dims for about ``seconds``; returns agent steps per second. This is
    the client's own rate, the ceiling of any trainer on these pools."""
    rng = np.random.default_rng(seed)
    low, high = np.array(game.low, np.float32), np.array(game.high, np.float32)
    cuts = np.cumsum(game.nvec)[:-1]
    infos = [envs.reset(seed=[seed + i for i in range(envs.num_envs)])[1] for envs in pools]
    steps, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for g, envs in enumerate(pools):
            mask = infos[g]["action_mask"]
            noise = rng.random(mask.shape) * mask  # a legal value's key in (0, 1), an illegal one's 0
            disc = np.stack([part.argmax(-1) for part in np.split(noise, cuts, -1)], -1).astype(np.int32)
            cont = rng.uniform(low, high, (envs.num_envs, len(low))).astype(np.float32)
            infos[g] = envs.step({"discrete": disc, "continuous": cont})[4]
            steps += envs.num_envs
    return steps / (time.perf_counter() - t0)


def evaluate_only(args: argparse.Namespace, server: str, device: torch.device) -> dict:
    """--evaluate: plays a checkpoint on its game, or a baseline on --game."""
    if args.evaluate in ("random", "passive"):
        with make_envs(args, server, 1, 0.0) as probe:
            game = Game.of(probe.pool.game)
        agent, steps = Baseline(game, args.evaluate).to(device), 0
    else:
        agent, game, ck = load(args.evaluate, device)
        args.game, steps = game.game_id, ck["env_steps"]
    with make_envs(args, server, min(64, args.eval_episodes), args.eval_shaping, args.eval_opponent) as envs:
        agent.rule = joint_rule(envs.pool.game)
        t0 = time.perf_counter()
        result = evaluate(agent, game, envs, args.eval_episodes, args.seed, args.greedy, device)
        result["seconds"] = time.perf_counter() - t0
    print(f"{args.evaluate} ({steps} training steps) vs {args.eval_opponent or args.opponent} on {game.game_id}, "
          f"{'greedy' if args.greedy else 'sampled'}, shaping {args.eval_shaping:g}: {result['episodes']} games, "
          f"{result['wins']}-{result['draws']}-{result['losses']} (wins-draws-losses; with shaping, a win is a return > 0), "
          f"win rate {result['win_rate']:.1%}, mean return {result['mean_outcome']:+.3f} ({result['seconds']:.0f} s)", flush=True)
    return result


if __name__ == "__main__":
    main()
