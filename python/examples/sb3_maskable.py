"""sb3-contrib's MaskablePPO on a Flickarena game through the SB3 adapter, and its evaluation.

Trains ``MaskablePPO("MlpPolicy", ...)`` on :class:`flickarena.sb3.FlickSB3VecEnv` (the
multidiscrete format: each continuous dim in ``--bins`` values, every action legal under the
adapter's masks) against the server's ``--opponent``, with the settings of the flags (printed,
and saved beside the model), then plays ``--eval-episodes`` games against each of
``--eval-opponents`` with the model's most likely legal actions (``--no-deterministic``
samples) and prints the win shares::

    python python/examples/sb3_maskable.py --server unix:///tmp/fa.sock --game flickago-v3 \\
        --total-steps 200000 --out runs/sb3/model.zip
    python python/examples/sb3_maskable.py --server unix:///tmp/fa.sock --evaluate runs/sb3/model.zip \\
        --eval-opponents random,aimer --eval-episodes 1000

``--evaluate MODEL`` skips training. It starts its own env server unless ``--server`` is given.
Needs the ``sb3`` extra.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import time

import numpy as np
import torch

from flickarena.launch import EnvServer
from flickarena.sb3 import FlickSB3VecEnv


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    a, flag = p.add_argument, argparse.BooleanOptionalAction
    a("--server", default="", help="env server target (default: start one)")
    a("--game", default="flickago-v3", help="the game id")
    a("--options", default="{}", help="the game's options, as a JSON object")
    a("--opponent", default="random", help="the server's opponent in training")
    a("--shaping", type=float, default=1.0, help="weight of the game's shaping reward in training (evaluations: none)")
    a("--bins", type=int, default=11, help="values of each continuous dim in the multidiscrete format")
    a("--num-envs", type=int, default=64, help="envs of the training pool")
    a("--n-steps", type=int, default=64, help="MaskablePPO's steps per env per rollout")
    a("--batch-size", type=int, default=1024, help="MaskablePPO's minibatch size")
    a("--n-epochs", type=int, default=4, help="MaskablePPO's passes over each rollout")
    a("--lr", type=float, default=5e-4, help="MaskablePPO's learning rate")
    a("--ent-coef", type=float, default=0.01, help="MaskablePPO's entropy bonus")
    a("--hidden", type=int, default=64, help="width of the two hidden layers of the policy and of the value net")
    a("--total-steps", type=int, default=200_000, help="agent env steps to train for")
    a("--seed", type=int, default=1, help="seed of torch, SB3 and the pool")
    a("--out", default="sb3_model.zip", help="the trained model (SB3's zip); its settings go to OUT.json")
    a("--init", default="", help="a model of this script to continue training (its game, options and bins are kept)")
    a("--save-every", type=int, default=0, help="also keep OUT-NNNNNNNNN.zip every this many steps (0: OUT alone)")
    a("--evaluate", default="", help="a trained model to evaluate (no training)")
    a("--eval-opponents", default="random", help="the evaluations' opponents, comma-separated")
    a("--eval-episodes", type=int, default=200, help="evaluation games per opponent (0: none)")
    a("--deterministic", action=flag, default=True, help="play the most likely legal action instead of sampling")
    return p.parse_args(argv)


def evaluate(model, game: str, options: dict, bins: int, server: str, opponent: str, episodes: int, seed: int,
             deterministic: bool) -> dict:
    """Plays ``episodes`` whole games against ``opponent`` (seats alternating, no shaping, each env
    its share); returns the wins, draws, losses and win share."""
    n = min(64, episodes)
    quota = np.full(n, episodes // n) + (np.arange(n) < episodes % n)
    played = np.zeros(n, int)
    outcomes: list[float] = []
    venv = FlickSB3VecEnv(game, n, server=server, options=options, opponent=opponent, agent_seat="alternate",
                          bins=bins, shaping=0.0, seed=seed)
    with contextlib.closing(venv):
        obs = venv.reset()
        while played.sum() < episodes:
            act, _ = model.predict(obs, action_masks=venv.action_masks(), deterministic=deterministic)
            obs, _, done, infos = venv.step(act)
            for i in np.flatnonzero(done):
                if played[i] < quota[i]:
                    outcomes.append(float(infos[i]["episode"]["r"]))
                    played[i] += 1
    out = np.array(outcomes)
    return {"episodes": len(out), "wins": int((out > 0).sum()), "draws": int((out == 0).sum()),
            "losses": int((out < 0).sum()), "win_rate": float((out > 0).mean())}


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    from sb3_contrib import MaskablePPO

    torch.set_num_threads(1)
    options = json.loads(args.options)
    out: dict = {}
    with contextlib.ExitStack() as stack:
        server = args.server or stack.enter_context(EnvServer()).target
        if args.evaluate:
            model = MaskablePPO.load(args.evaluate, device="cpu")
            with open(args.evaluate + ".json") as f:
                settings = json.load(f)
            game, options, bins = settings["game"], settings["options"], settings["bins"]
        else:
            game, bins = args.game, args.bins
            if args.init:
                with open(args.init + ".json") as f:
                    start = json.load(f)
                game, options, bins = start["game"], start["options"], start["bins"]
            settings = {"game": game, "options": options, "bins": bins, "opponent": args.opponent, "shaping": args.shaping,
                        "num_envs": args.num_envs, "n_steps": args.n_steps, "batch_size": args.batch_size,
                        "n_epochs": args.n_epochs, "learning_rate": args.lr, "ent_coef": args.ent_coef,
                        "net_arch": [args.hidden, args.hidden], "total_steps": args.total_steps, "seed": args.seed}
            print("MaskablePPO settings: " + json.dumps(settings), flush=True)
            venv = stack.enter_context(contextlib.closing(FlickSB3VecEnv(
                game, args.num_envs, server=server, options=options, opponent=args.opponent, agent_seat="alternate",
                bins=bins, shaping=args.shaping, seed=args.seed)))
            if args.init:
                model = MaskablePPO.load(args.init, env=venv, device="cpu")
                settings["init"] = args.init
                settings["init_steps"] = int(model.num_timesteps)
            else:
                model = MaskablePPO("MlpPolicy", venv, n_steps=args.n_steps, batch_size=args.batch_size,
                                    n_epochs=args.n_epochs, learning_rate=args.lr, ent_coef=args.ent_coef, seed=args.seed,
                                    device="cpu", verbose=0, policy_kwargs={"net_arch": [args.hidden, args.hidden]})
            callback = None
            if args.save_every > 0:
                from stable_baselines3.common.callbacks import CheckpointCallback

                stem = args.out.removesuffix(".zip")
                callback = CheckpointCallback(max(args.save_every // args.num_envs, 1), os.path.dirname(stem) or ".",
                                              name_prefix=os.path.basename(stem))
            t0 = time.perf_counter()
            model.learn(args.total_steps, callback=callback, reset_num_timesteps=not args.init)
            seconds = time.perf_counter() - t0
            model.save(args.out)
            settings.update(env_steps=int(model.num_timesteps), train_seconds=seconds)
            with open(args.out + ".json", "w") as f:
                json.dump(settings, f, indent=1)
            print(f"{args.out}: {model.num_timesteps} steps in {seconds:.0f} s ({model.num_timesteps / seconds:,.0f} steps/s)",
                  flush=True)
            out["train"] = settings
        if args.eval_episodes > 0:
            for opp in [o for o in args.eval_opponents.split(",") if o]:
                r = evaluate(model, game, options, bins, server, opp, args.eval_episodes, 1000 + args.seed,
                             args.deterministic)
                out[opp] = r
                print(f"MaskablePPO vs {opp} on {game}: {r['episodes']} games, {r['wins']}-{r['draws']}-{r['losses']} "
                      f"(wins-draws-losses), win share {r['win_rate']:.1%}", flush=True)
    return out


if __name__ == "__main__":
    main()
