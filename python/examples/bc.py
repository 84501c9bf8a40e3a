"""Behaviour cloning: trains the PPO agent's network on a teacher's dataset, then evaluates it.

The network is examples/ppo_agent.py's Agent (the actor's heads and Gaussian dims, the critic
left untrained), fitted by maximum likelihood on a dataset of examples/record_teacher.py: each
discrete head's cross-entropy on its stored legal-action mask (forbidden values get no
probability, as ppo_agent masks them) plus the Gaussian log-likelihood of each dim, normalised to
[-1, 1] as the agent draws it. The observation statistics are the dataset's. The checkpoint is a
ppo.py checkpoint, so PPO fine-tunes it::

    python python/examples/record_teacher.py --teacher aimer --opponent random --episodes 200 --out data.npz
    python python/examples/bc.py --data data.npz --seconds 60 --out bc_checkpoint.pt --eval-opponent random
    python python/examples/ppo.py --init bc_checkpoint.pt --opponent random

It evaluates the cloned policy over ``--eval-episodes`` games against ``--eval-opponent`` (most
likely heads and mean dims unless ``--no-greedy``) and prints its win share beside the teacher's
in the dataset. It starts its own env server unless ``--server`` is given.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time

import numpy as np
import torch
from ppo_agent import Agent, Game, evaluate, save

from flickarena import FlickVectorEnv, joint_rule
from flickarena.launch import EnvServer


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    a, flag = p.add_argument, argparse.BooleanOptionalAction
    a("--data", default="data.npz", help="a dataset of examples/record_teacher.py")
    a("--server", default="", help="env server target for the evaluation (default: start one)")
    a("--seconds", type=float, default=60.0, help="training time budget (wall clock)")
    a("--epochs", type=int, default=0, help="passes over the dataset (0: as many as --seconds allows)")
    a("--batch-size", type=int, default=256, help="transitions per gradient step")
    a("--lr", type=float, default=1e-3, help="Adam step size")
    a("--hidden", type=int, default=64, help="width of the hidden layers (ppo.py's --hidden for --init)")
    a("--bins", type=int, default=0, help="draw each continuous dim as a categorical of this many values (0: a Gaussian)")
    a("--seed", type=int, default=1, help="torch seed and the evaluation's env seeds")
    a("--threads", type=int, default=1, help="torch CPU threads")
    a("--out", default="bc_checkpoint.pt", help="the checkpoint (loads with ppo.py --init or --evaluate)")
    a("--eval-opponent", default="", help="the evaluation's opponent (default: the dataset's)")
    a("--eval-episodes", type=int, default=200, help="evaluation games (0: none)")
    a("--greedy", action=flag, default=True, help="evaluate the most likely heads and mean dims instead of sampling")
    return p.parse_args(argv)


def load_dataset(path: str) -> tuple[dict[str, np.ndarray], dict]:
    """The arrays of a record_teacher.py dataset and its meta dict."""
    with np.load(path) as d:
        data = {k: d[k] for k in d.files}
    return data, json.loads(str(data.pop("meta")))


def nll(agent: Agent, obs: torch.Tensor, mask: torch.Tensor, disc: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
    """The mean negative log-likelihood of the stored actions under the agent's policy: the heads'
    masked cross-entropy plus the dims' Gaussian negative log-likelihood."""
    _, _, logp, *_ = agent.get_action_and_value(obs, mask, disc=disc, u=u)
    return -logp.mean()


def tensors(data: dict[str, np.ndarray], game: Game) -> dict[str, torch.Tensor]:
    """A dataset's arrays as the agent's tensors: observations, masks, heads, and the dims
    normalised to [-1, 1] as the agent draws them (``u``), or, for a game with ``bins``, each
    dim's nearest bin as one more head."""
    obs, mask = torch.as_tensor(data["observations"]), torch.as_tensor(data["action_mask"])
    heads, cont = data["action_discrete"].astype(np.int64), data["action_continuous"]
    if game.bins:
        return {"obs": obs, "mask": mask, "disc": torch.as_tensor(np.concatenate([heads, game.bin_of(cont)], 1)),
                "u": torch.zeros(len(obs), 0)}
    low, high = data["dim_low"], data["dim_high"]
    span = np.where(high > low, high - low, 1).astype(np.float32)
    return {"obs": obs, "mask": mask, "disc": torch.as_tensor(heads),
            "u": torch.as_tensor(np.clip(2 * (cont - low) / span - 1, -1, 1).astype(np.float32))}


def fit(agent: Agent, optim: torch.optim.Optimizer, t: dict[str, torch.Tensor], seconds: float, epochs: int,
        batch_size: int) -> dict:
    """Fits the agent's actor to the transitions ``t`` (:func:`tensors`) by minibatch maximum
    likelihood, for ``epochs`` passes or, with ``epochs`` 0, as many as ``seconds`` of wall clock
    allow (at least one); returns the statistics: transitions, epochs, gradient steps, seconds,
    the first pass's and the final negative log-likelihood, and how often each head's most
    likely value is the teacher's."""
    agent.train()
    T = len(t["obs"])
    t0, steps, epoch, losses = time.perf_counter(), 0, 0, []
    while (epochs and epoch < epochs) or (not epochs and (epoch == 0 or time.perf_counter() - t0 < seconds)):
        perm = torch.randperm(T)
        total = 0.0
        for start in range(0, T, batch_size):
            idx = perm[start:start + batch_size]
            loss = nll(agent, t["obs"][idx], t["mask"][idx], t["disc"][idx], t["u"][idx])
            optim.zero_grad()
            loss.backward()
            optim.step()
            total += float(loss.detach()) * len(idx)
            steps += 1
        epoch += 1
        losses.append(total / T)
    seconds = time.perf_counter() - t0
    agent.eval()
    with torch.no_grad():
        final = float(nll(agent, t["obs"], t["mask"], t["disc"], t["u"]))
        logits = agent.logits(agent.trunk(agent.norm(t["obs"])))
        if agent.coupling is not None:  # each head given the teacher's values of the heads before it
            logits = logits + agent.one_hot(t["disc"]) @ (agent.coupling * agent.before)
        masks = torch.split(agent.full_mask(t["mask"]), agent.nvec, -1)
        hits = [(lg.masked_fill(~m, -1e9).argmax(-1) == t["disc"][:, i]).float().mean().item()
                for i, (lg, m) in enumerate(zip(torch.split(logits, agent.nvec, -1), masks, strict=True))]
    return {"transitions": T, "epochs": epoch, "gradient_steps": steps, "train_seconds": seconds, "final_nll": final,
            "first_epoch_nll": losses[0], "head_accuracy": hits}


def train(args: argparse.Namespace) -> tuple[Agent, Game, dict, dict]:
    """Fits the agent; returns it, its game, the dataset's meta and the training's statistics."""
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    data, meta = load_dataset(args.data)
    game = Game(meta["game"], data["observations"].shape[1], [int(x) for x in data["nvec"]],
                [float(x) for x in data["dim_low"]], [float(x) for x in data["dim_high"]], args.bins)
    agent = game.agent(args.hidden)
    t = tensors(data, game)
    agent.norm.update(t["obs"])  # the dataset's statistics, fixed while training
    optim = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
    stats = fit(agent, optim, t, args.seconds, args.epochs, args.batch_size)
    save(args.out, agent, optim, game, {**vars(args), "bc": stats, "bc_meta": meta}, 0, stats["train_seconds"])
    return agent, game, meta, stats


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    agent, game, meta, stats = train(args)
    print(f"{args.out}: {stats['transitions']} transitions, {stats['epochs']} epochs ({stats['gradient_steps']} steps) in "
          f"{stats['train_seconds']:.1f} s; negative log-likelihood {stats['first_epoch_nll']:.3f} (first epoch) -> "
          f"{stats['final_nll']:.3f}; heads' argmax = the teacher's: " + ", ".join(f"{h:.1%}" for h in stats["head_accuracy"]),
          flush=True)
    teacher = meta["wins"] / max(meta["episodes"], 1)
    out: dict = {"bc": stats, "teacher_win_share": teacher, "checkpoint": args.out}
    if args.eval_episodes > 0:
        opponent = args.eval_opponent or meta["opponent"]
        with contextlib.ExitStack() as stack:
            server = args.server or stack.enter_context(EnvServer()).target
            envs = stack.enter_context(contextlib.closing(FlickVectorEnv(
                game.game_id, min(64, args.eval_episodes), server=server, options=meta["options"], opponent=opponent,
                agent_seat=meta["agent_seat"], autoreset_mode="same_step")))
            agent.rule = joint_rule(envs.pool.game)
            t0 = time.perf_counter()
            result = evaluate(agent, game, envs, args.eval_episodes, args.seed, args.greedy, torch.device("cpu"))
            result["seconds"] = time.perf_counter() - t0
        out["eval"] = result
        how = "greedy" if args.greedy else "sampled"
        print(f"behaviour cloning of {meta['teacher']} vs {opponent} on {game.game_id} ({how}, "
              f"seat {meta['agent_seat']}): {result['episodes']} games, {result['wins']}-{result['draws']}-{result['losses']} "
              f"(wins-draws-losses), win share {result['win_rate']:.1%}; the teacher won {teacher:.1%} of its "
              f"{meta['episodes']} recorded games against {meta['opponent']} ({result['seconds']:.0f} s)", flush=True)
    return out


if __name__ == "__main__":
    main()
