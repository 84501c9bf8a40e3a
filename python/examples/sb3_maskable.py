"""sb3-contrib's MaskablePPO on a Flickarena game through the SB3 adapter, and its evaluation.

Trains ``MaskablePPO("MlpPolicy", ...)`` on :class:`flickarena.sb3.FlickSB3VecEnv` (the
multidiscrete format: each continuous dim in ``--bins`` values, every action legal under the
adapter's masks) against the server's ``--opponent``, with the settings of the flags (printed,
and saved beside the model), then plays ``--eval-episodes`` games against each of
``--eval-opponents`` with the model's most likely legal actions (``--no-deterministic``
samples; the heads drawn in order under the game's joint rule, see :class:`Decider`, so that no
move is illegal) and prints the win shares::

    python python/examples/sb3_maskable.py --server unix:///tmp/fa.sock --game flickago-v3 \\
        --total-steps 200000 --out runs/sb3/model.zip
    python python/examples/sb3_maskable.py --server unix:///tmp/fa.sock --evaluate runs/sb3/model.zip \\
        --eval-opponents random,aimer --eval-episodes 1000

``--evaluate MODEL`` skips training. ``--serve MODEL --listen ADDRESS`` serves the model as a
bot (an AgentService, for ``arena run --bots remote=ADDRESS``): the most likely legal action for
whichever seat is to move, each binned dim's value sent in the game's native encoding; play it
on the game and options it was trained on (``--scenarios 'flickago:flick=aim'`` for a model of
``--options '{"flick": "aim"}'``). The games run in this process unless ``--server`` is given.
Needs the ``sb3`` extra.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import threading
import time

import gymnasium as gym
import numpy as np
import torch
from stable_baselines3.common.vec_env import VecEnvWrapper

from flickarena import FlickVectorEnv
from flickarena.sb3 import FlickSB3VecEnv


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    a, flag = p.add_argument, argparse.BooleanOptionalAction
    a("--server", default="", help="env server target (default: the games run in this process)")
    a("--game", default="flickago-v3", help="the game id")
    a("--options", default="{}", help="the game's options, as a JSON object")
    a("--opponent", default="random", help="the server's opponent in training")
    a("--shaping", type=float, default=1.0, help="weight of the game's shaping reward in training (evaluations: none)")
    a("--bins", type=int, default=11, help="values of each continuous dim in the multidiscrete format")
    a("--joint-aim", action=argparse.BooleanOptionalAction, default=False,
      help="draw the dims x and y as one categorical over the bins x bins points of the grid (a policy that can "
      "hold several aiming points at once) instead of one categorical each; with --init of a model that draws them "
      "apart, the new model starts as that model's policy")
    a("--num-envs", type=int, default=64, help="envs of the training pool")
    a("--n-steps", type=int, default=64, help="MaskablePPO's steps per env per rollout")
    a("--batch-size", type=int, default=1024, help="MaskablePPO's minibatch size")
    a("--n-epochs", type=int, default=4, help="MaskablePPO's passes over each rollout")
    a("--lr", type=float, default=None, help="MaskablePPO's learning rate (default: 5e-4, or --init's own)")
    a("--ent-coef", type=float, default=None, help="MaskablePPO's entropy bonus (default: 0.01, or --init's own)")
    a("--hidden", type=int, default=64, help="width of the two hidden layers of the policy and of the value net (with "
      "--init of a narrower model, the new model starts as that model's policy)")
    a("--total-steps", type=int, default=200_000, help="agent env steps to train for")
    a("--seed", type=int, default=1, help="seed of torch, SB3 and the pool")
    a("--out", default="sb3_model.zip", help="the trained model (SB3's zip); its settings go to OUT.json")
    a("--init", default="", help="a model of this script to continue training (its game, options, bins and MaskablePPO "
      "hyperparameters are kept unless --lr or --ent-coef is given; --opponent and --shaping are this run's)")
    a("--save-every", type=int, default=0, help="also keep OUT-NNNNNNNNN.zip every this many steps (0: OUT alone)")
    a("--evaluate", default="", help="a trained model to evaluate (no training)")
    a("--serve", default="", help="a trained model to serve as a bot at --listen (no training, no evaluation)")
    a("--listen", default="127.0.0.1:50072", help="--serve's address (host:port or unix:///path)")
    a("--eval-opponents", default="random", help="the evaluations' opponents, comma-separated")
    a("--eval-episodes", type=int, default=200, help="evaluation games per opponent (0: none)")
    a("--deterministic", action=flag, default=True, help="play the most likely legal action instead of sampling")
    return p.parse_args(argv)


class Decider:
    """A model's moves in the game's native encoding, legal as a whole.

    MaskablePPO draws each head of the multidiscrete action on its own mask; a pair of heads
    each allowed can still be illegal together (Flickago's return and source). The decider
    draws the heads in order, each on its mask narrowed by the game's joint rule
    (:func:`flickarena.joint_rule`) given the heads drawn before it, from the model's own
    per-head distributions, then turns each binned dim into its value
    (``low + k (high - low) / (bins - 1)``, the server's own binning). Safe to call from
    several threads at once; deciders of one model from several threads must share ``lock``."""

    def __init__(self, model, spec, bins: int, joint_aim: bool = False, lock: threading.Lock | None = None):
        from flickarena import joint_rule

        self.model, self.bins = model, bins
        self.rule = joint_rule(spec)
        self.nvec = [h.n for h in spec.heads]
        self.low = np.array([d.low for d in spec.dims], np.float64)
        self.high = np.array([d.high for d in spec.dims], np.float64)
        self.joint = aim_dims(spec) if joint_aim else None
        # SB3's policy keeps the distribution it masks on itself (its action_dist): two calls of
        # one model at once (the agent server's threads) would read each other's logits.
        self.lock = lock or threading.Lock()

    @torch.no_grad()
    def __call__(self, obs: np.ndarray, mask: np.ndarray, deterministic: bool,
                 rng: np.random.Generator | None = None) -> tuple[np.ndarray, np.ndarray]:
        """The native action (heads ``[B, H]`` int32, dims ``[B, D]`` float32) for observations
        ``obs`` and factorised masks ``mask``: the most likely values, or drawn with ``rng``."""
        obs = np.asarray(obs, np.float32)
        mask = np.asarray(mask, bool)
        drawn = len(self.low) - (self.joint is not None)  # dims drawn, x and y as one if joint
        flat = np.concatenate([mask, np.ones((len(mask), drawn * self.bins + (self.bins**2 - self.bins
                                                                               if self.joint else 0)), bool)], 1)
        with self.lock:
            obs_t, _ = self.model.policy.obs_to_tensor(obs)
            dists = self.model.policy.get_distribution(obs_t, action_masks=flat).distributions
            head_logits = [d.logits.cpu().numpy().astype(np.float64) for d in dists]
        masks = np.split(mask, np.cumsum(self.nvec)[:-1], axis=1) if self.nvec else []
        chosen: list[np.ndarray] = []
        for i, logits in enumerate(head_logits):
            if i < len(self.nvec):
                allowed = self.rule.narrow(i, obs, chosen, masks[i])
                logits = np.where(allowed, logits, -np.inf)
            if deterministic or rng is None:
                chosen.append(logits.argmax(-1))
            else:
                p = np.exp(logits - logits.max(-1, keepdims=True))
                p /= p.sum(-1, keepdims=True)
                chosen.append((p.cumsum(-1) > rng.random((len(p), 1))).argmax(-1))
        act = np.stack(chosen, -1) if chosen else np.zeros((len(obs), 0), np.int64)
        h = len(self.nvec)
        if self.joint is not None:
            act = JointAim.split(act, h + self.joint[0], self.bins)
        cont = np.clip(self.low + act[:, h:] * (self.high - self.low) / (self.bins - 1), self.low, self.high)
        return act[:, :h].astype(np.int32), cont.astype(np.float32)


def aim_dims(spec) -> tuple[int, int]:
    """The indices of the dims x and y of a game's spec, which must be adjacent (x first)."""
    names = [d.name for d in spec.dims]
    if "x" not in names or names.index("x") + 1 >= len(names) or names[names.index("x") + 1] != "y":
        raise ValueError(f"--joint-aim: the game's dims are {names}; it needs x followed by y (the aiming action, "
                         "--options '{\"flick\": \"aim\"}')")
    return names.index("x"), names.index("x") + 1


class JointAim(VecEnvWrapper):
    """The SB3 adapter with its dims x and y drawn as one: the multidiscrete component of x
    becomes one of ``bins * bins`` values (``x_bin * bins + y_bin``) and y's is dropped, so
    that a policy's categorical can put its weight on several points of the board at once."""

    def __init__(self, venv: FlickSB3VecEnv, bins: int):
        self.x = len(venv.pool.game.heads) + aim_dims(venv.pool.game)[0]
        self.bins = bins
        nvec = list(venv.action_space.nvec)
        nvec[self.x:self.x + 2] = [bins * bins]
        super().__init__(venv, action_space=gym.spaces.MultiDiscrete(nvec))
        self.heads_mask = int(sum(venv.action_space.nvec[:len(venv.pool.game.heads)]))

    @staticmethod
    def split(act: np.ndarray, x: int, bins: int) -> np.ndarray:
        """The actions ``act`` ``[N, components]`` with component ``x`` (a joint point) split
        into its x and y bins."""
        k = act[:, x]
        return np.concatenate([act[:, :x], (k // bins)[:, None], (k % bins)[:, None], act[:, x + 1:]], 1)

    def step_async(self, actions: np.ndarray) -> None:
        self.venv.step_async(self.split(np.asarray(actions).reshape(self.num_envs, -1), self.x, self.bins))

    def reset(self):
        return self.venv.reset()

    def step_wait(self):
        return self.venv.step_wait()

    def action_masks(self) -> np.ndarray:
        """The adapter's masks with the dims' part (every value allowed) sized for the joint point."""
        m = self.venv.action_masks()[:, :self.heads_mask]
        return np.concatenate([m, np.ones((self.num_envs, int(sum(self.action_space.nvec)) - self.heads_mask), bool)], 1)

    def env_method(self, method_name: str, *method_args, indices=None, **method_kwargs):
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in self.venv._get_indices(indices)]
        return self.venv.env_method(method_name, *method_args, indices=indices, **method_kwargs)


def grown(start, venv, hidden: int):
    """A new MaskablePPO on ``venv`` with hidden layers ``hidden`` wide, playing exactly the
    policy (and valuing as the value net) of ``start``, a model of the same game with layers at
    most that wide, whose x and y may be drawn apart while ``venv`` draws them as one
    (:class:`JointAim`).

    Every weight of ``start`` is copied. A joint point's logit (x bin i, y bin j) is the sum of
    start's logits of i and of j, so the joint categorical starts as the product of start's two
    (a softmax of sums is the product of the softmaxes). The new units of a wider layer keep
    their fresh initial weights in, and their weights out are zero, so that nothing they
    compute reaches the outputs until training moves those. Its optimizer starts afresh; its
    step count is start's."""
    from sb3_contrib import MaskablePPO

    model = MaskablePPO("MlpPolicy", venv, n_steps=start.n_steps, batch_size=start.batch_size, n_epochs=start.n_epochs,
                        learning_rate=start.learning_rate, ent_coef=start.ent_coef, device="cpu", verbose=0,
                        policy_kwargs={"net_arch": [hidden, hidden]})
    old, new = dict(start.policy.state_dict()), model.policy.state_dict()
    rows = new["action_net.weight"].shape[0]
    if old["action_net.weight"].shape[0] != rows:  # split x and y, joined on venv
        if not isinstance(venv, JointAim):
            raise ValueError(f"{venv}: the model's actions do not fit this env's")
        x, b = venv.x, venv.bins
        before = int(sum(venv.action_space.nvec[:x]))  # logits of the components before x
        for key in ("action_net.weight", "action_net.bias"):
            w = old[key]
            xs, ys = w[before:before + b], w[before + b:before + 2 * b]
            point = (xs[:, None] + ys[None, :]).reshape(b * b, *w.shape[1:])
            old[key] = torch.cat([w[:before], point, w[before + 2 * b:]])
    for key, fresh in new.items():
        w = old[key]
        if w.shape == fresh.shape:
            new[key] = w.clone()
            continue
        if w.dim() != fresh.dim() or any(a > b for a, b in zip(w.shape, fresh.shape, strict=True)):
            raise ValueError(f"{key}: the model's {tuple(w.shape)} does not fit in {tuple(fresh.shape)} (--hidden {hidden})")
        t = fresh.clone()
        if w.dim() == 1:
            t[:w.shape[0]] = w
        else:  # an old unit's weights from the old inputs; none from the new ones
            t[:w.shape[0], :w.shape[1]] = w
            t[:w.shape[0], w.shape[1]:] = 0
        new[key] = t
    model.policy.load_state_dict(new)
    model.num_timesteps = start.num_timesteps
    return model


def load_model(path: str):
    """A model of this script and its settings (``path + ".json"``)."""
    from sb3_contrib import MaskablePPO

    with open(path + ".json") as f:
        settings = json.load(f)
    return MaskablePPO.load(path, device="cpu"), settings


def model_policy(path: str):
    """Returns (policy, settings) of a model of this script: ``policy(turn)`` as
    :func:`flickarena.serve_agent` takes it, playing the model's most likely legal action
    (:class:`Decider`); serve it for ``settings["game"]`` alone."""
    model, settings = load_model(path)
    deciders: dict[bytes, Decider] = {}
    lock = threading.Lock()  # one model: every decider of it shares its lock

    def policy(turn) -> tuple[np.ndarray, np.ndarray]:
        key = turn.game.SerializeToString()
        if key not in deciders:  # a racing thread's duplicate is harmless: the lock is shared
            deciders[key] = Decider(model, turn.game, settings["bins"], settings.get("joint_aim", False), lock)
        return deciders[key](turn.obs, turn.action_mask, True)

    return policy, settings


def evaluate(decide: Decider, game: str, options: dict, server: str, opponent: str, episodes: int, seed: int,
             deterministic: bool) -> dict:
    """Plays ``episodes`` whole games against ``opponent`` (seats alternating, no shaping, each env
    its share; the pool rejects an illegal action); returns the wins, draws, losses and win share."""
    n = min(64, episodes)
    quota = np.full(n, episodes // n) + (np.arange(n) < episodes % n)
    played = np.zeros(n, int)
    outcomes: list[float] = []
    rng = np.random.default_rng(seed)
    with contextlib.closing(FlickVectorEnv(game, n, server=server, options=options, opponent=opponent, agent_seat="alternate",
                                           illegal="reject", autoreset_mode="same_step")) as envs:
        obs, info = envs.reset(seed=[seed * 1_000_003 + i for i in range(n)])
        while played.sum() < episodes:
            disc, cont = decide(obs, info["action_mask"], deterministic, rng)
            obs, _, term, trunc, info = envs.step({"discrete": disc, "continuous": cont})
            for i in np.flatnonzero(term | trunc):
                if played[i] < quota[i]:
                    outcomes.append(float(info["episode_return"][i, info["agent_seat"][i]]))
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
    if args.serve:
        import flickarena

        policy, settings = model_policy(args.serve)
        with flickarena.serve_agent(policy, args.listen, name="sb3-maskable", games=[settings["game"]]) as server:
            print(f"serving {args.serve} ({settings['game']} {json.dumps(settings['options'])}) at {server.address}", flush=True)
            server.wait()
        return out
    with contextlib.ExitStack() as stack:
        server = args.server or None  # None: the in-process backend
        if args.evaluate:
            model, settings = load_model(args.evaluate)
            game, options, bins = settings["game"], settings["options"], settings["bins"]
            joint = settings.get("joint_aim", False)
        else:
            game, bins, joint = args.game, args.bins, args.joint_aim
            if args.init:
                with open(args.init + ".json") as f:
                    start = json.load(f)
                game, options, bins = start["game"], start["options"], start["bins"]
                joint = start.get("joint_aim", False) or args.joint_aim  # --joint-aim joins a split model's heads
            settings = {"game": game, "options": options, "bins": bins, "joint_aim": joint, "opponent": args.opponent,
                        "shaping": args.shaping,
                        "num_envs": args.num_envs, "n_steps": args.n_steps, "batch_size": args.batch_size,
                        "n_epochs": args.n_epochs, "learning_rate": 5e-4 if args.lr is None else args.lr,
                        "ent_coef": 0.01 if args.ent_coef is None else args.ent_coef,
                        "net_arch": [args.hidden, args.hidden], "total_steps": args.total_steps, "seed": args.seed}
            venv = stack.enter_context(contextlib.closing(FlickSB3VecEnv(
                game, args.num_envs, server=server, options=options, opponent=args.opponent, agent_seat="alternate",
                bins=bins, shaping=args.shaping, seed=args.seed)))
            if joint:
                venv = JointAim(venv, bins)
            if args.init:  # the model keeps its own hyperparameters: the settings say so
                start_hidden = start.get("net_arch", [64, 64])[0]
                settings["net_arch"] = [max(args.hidden, start_hidden)] * 2
                if (joint and not start.get("joint_aim", False)) or args.hidden > start_hidden:
                    model = grown(MaskablePPO.load(args.init, device="cpu"), venv, args.hidden)
                    settings["grown_from"] = args.init
                else:
                    model = MaskablePPO.load(args.init, env=venv, device="cpu")
                if args.lr is not None:  # a given rate replaces the model's own for the rest of its training
                    model.learning_rate = args.lr
                    model._setup_lr_schedule()
                if args.ent_coef is not None:
                    model.ent_coef = args.ent_coef
                settings.update(init=args.init, init_steps=int(model.num_timesteps), n_steps=model.n_steps,
                                batch_size=model.batch_size, n_epochs=model.n_epochs, ent_coef=model.ent_coef,
                                learning_rate=model.learning_rate if isinstance(model.learning_rate, float) else None)
            else:
                model = MaskablePPO("MlpPolicy", venv, n_steps=args.n_steps, batch_size=args.batch_size,
                                    n_epochs=args.n_epochs, learning_rate=settings["learning_rate"],
                                    ent_coef=settings["ent_coef"], seed=args.seed,
                                    device="cpu", verbose=0, policy_kwargs={"net_arch": [args.hidden, args.hidden]})
            print("MaskablePPO settings: " + json.dumps(settings), flush=True)
            callback = None
            if args.save_every > 0:
                from stable_baselines3.common.callbacks import CheckpointCallback

                class Checkpoints(CheckpointCallback):
                    """SB3's checkpoints (OUT_<steps>_steps.zip), each with its settings beside it."""

                    def _on_step(self) -> bool:
                        saving = self.n_calls % self.save_freq == 0
                        go_on = super()._on_step()
                        if saving:
                            seconds = before + time.perf_counter() - t0
                            with open(self._checkpoint_path(extension="zip") + ".json", "w") as f:
                                json.dump({**settings, "env_steps": int(self.num_timesteps), "total_seconds": seconds},
                                          f, indent=1)
                        return go_on

                stem = args.out.removesuffix(".zip")
                callback = Checkpoints(max(args.save_every // args.num_envs, 1), os.path.dirname(stem) or ".",
                                       name_prefix=os.path.basename(stem))
            before = float(start.get("total_seconds", start.get("train_seconds", 0.0))) if args.init else 0.0
            t0 = time.perf_counter()
            model.learn(args.total_steps, callback=callback, reset_num_timesteps=not args.init)
            seconds = time.perf_counter() - t0
            model.save(args.out)
            settings.update(env_steps=int(model.num_timesteps), train_seconds=seconds, total_seconds=before + seconds)
            with open(args.out + ".json", "w") as f:
                json.dump(settings, f, indent=1)
            print(f"{args.out}: {model.num_timesteps} steps in {seconds:.0f} s ({model.num_timesteps / seconds:,.0f} steps/s)",
                  flush=True)
            out["train"] = settings
        if args.eval_episodes > 0:
            with contextlib.closing(FlickVectorEnv(game, 1, server=server, options=options)) as probe:
                decide = Decider(model, probe.pool.game, bins, joint)
            for opp in [o for o in args.eval_opponents.split(",") if o]:
                r = evaluate(decide, game, options, server, opp, args.eval_episodes, 1000 + args.seed, args.deterministic)
                out[opp] = r
                print(f"MaskablePPO vs {opp} on {game}: {r['episodes']} games, {r['wins']}-{r['draws']}-{r['losses']} "
                      f"(wins-draws-losses), win share {r['win_rate']:.1%}", flush=True)
    return out


if __name__ == "__main__":
    main()
