"""Train a policy on a Flickarena game with REINFORCE, numpy only, in a few minutes on a CPU.

The agent is seat 0 of the single-agent view: the server plays the other seats with its
built-in random opponent. The policy is linear in the observation: a masked softmax per
discrete head and a Gaussian per continuous dim (the game's native hybrid action). Returns
are the game's outcome (+1 win, -1 loss, 0 draw), credited to every move of the episode,
minus a running baseline.

It prints the mean return of a uniformly random policy and of the trained policy (its mean
action), each over the same evaluation episodes (same seeds), before and after training.

    go build -o /tmp/envserver ./cmd/envserver && /tmp/envserver --listen unix:///tmp/fa.sock &
    python python/examples/train.py --server unix:///tmp/fa.sock

Without --server it starts a local envserver (see flickarena.launch).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass

import numpy as np

from flickarena import FlickVectorEnv


@dataclass
class Args:
    """Training settings (flags of the same names)."""

    game: str = "dummy/race-v1"  # the game id
    server: str = ""  # env server target; empty starts a local one
    num_envs: int = 256  # envs stepped together
    iterations: int = 60  # policy updates
    steps: int = 16  # env steps per update
    lr: float = 0.1  # learning rate of the normalised-advantage gradient
    sigma_start: float = 0.5  # std of the continuous actions, annealed linearly...
    sigma_end: float = 0.1  # ...to this
    eval_episodes: int = 2048  # episodes of each evaluation
    seed: int = 1  # seeds the policy's sampling and the env pool


class LinearPolicy:
    """Masked softmax heads and Gaussian dims, linear in (obs, 1)."""

    def __init__(self, obs_size: int, nvec: list[int], low: np.ndarray, high: np.ndarray):
        f = obs_size + 1
        self.heads = [np.zeros((f, n)) for n in nvec]
        self.dims = np.zeros((f, len(low)))
        self.low, self.high = low, high
        self.nvec = nvec

    @staticmethod
    def features(obs: np.ndarray) -> np.ndarray:
        return np.concatenate([obs, np.ones((len(obs), 1), obs.dtype)], axis=1).astype(np.float64)

    def probs(self, x: np.ndarray, mask: np.ndarray) -> list[np.ndarray]:
        out, off = [], 0
        for w, n in zip(self.heads, self.nvec, strict=True):
            logits = x @ w
            m = mask[:, off : off + n]
            logits = np.where(m, logits, -np.inf)
            logits -= logits.max(axis=1, keepdims=True)
            p = np.exp(logits) * m
            out.append(p / p.sum(axis=1, keepdims=True))
            off += n
        return out

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None, sigma: float):
        """Returns (discrete, continuous, grads): grads[k] is d log pi / d params[k] per env."""
        x = self.features(obs)
        probs = self.probs(x, mask)
        disc = np.zeros((len(x), len(self.nvec)), dtype=np.int32)
        grads = []
        for h, p in enumerate(probs):
            if rng is None:
                a = p.argmax(axis=1)
            else:
                a = (p.cumsum(axis=1) > rng.random((len(p), 1))).argmax(axis=1)
            disc[:, h] = a
            onehot = np.eye(p.shape[1])[a]
            grads.append(np.einsum("bf,bn->bfn", x, onehot - p))
        mu = x @ self.dims
        cont = mu if rng is None else mu + sigma * rng.standard_normal(mu.shape)
        grads.append(np.einsum("bf,bd->bfd", x, (cont - mu) / sigma**2))
        return disc, np.clip(cont, self.low, self.high).astype(np.float32), grads

    def params(self) -> list[np.ndarray]:
        return [*self.heads, self.dims]


def random_actions(mask: np.ndarray, nvec: list[int], low: np.ndarray, high: np.ndarray, rng: np.random.Generator):
    """Uniform legal values per head and uniform continuous values."""
    disc = np.zeros((len(mask), len(nvec)), dtype=np.int32)
    off = 0
    for h, n in enumerate(nvec):
        m = mask[:, off : off + n]
        r = rng.random(m.shape) * m
        disc[:, h] = r.argmax(axis=1)
        off += n
    cont = rng.uniform(low, high, size=(len(mask), len(low))).astype(np.float32)
    return disc, cont


def evaluate(envs: FlickVectorEnv, choose, episodes: int, seed: int) -> float:
    """Mean return of seat 0 over ``episodes`` episodes (the first to end, env seeds fixed)."""
    obs, info = envs.reset(seed=seed)
    returns: list[float] = []
    while len(returns) < episodes:
        disc, cont = choose(obs, info["action_mask"])
        obs, reward, term, trunc, info = envs.step({"discrete": disc, "continuous": cont})
        returns.extend(reward[term | trunc].tolist())
    return float(np.mean(returns[:episodes]))


def train(args: Args, server: str) -> dict[str, float]:
    """Trains and returns the evaluations and the time taken."""
    envs = FlickVectorEnv(args.game, args.num_envs, server=server)
    try:
        spec = envs.pool.game
        nvec = [h.n for h in spec.heads]
        low = np.array([d.low for d in spec.dims], np.float32)
        high = np.array([d.high for d in spec.dims], np.float32)
        policy = LinearPolicy(spec.obs_size, nvec, low, high)
        rng = np.random.default_rng(args.seed)
        eval_rng = np.random.default_rng(args.seed + 1)
        eval_seed = 10_000 + args.seed
        rand = lambda o, m: random_actions(m, nvec, low, high, eval_rng)  # noqa: E731
        result = {"random": evaluate(envs, rand, args.eval_episodes, eval_seed)}
        result["untrained"] = evaluate(envs, lambda o, m: policy.act(o, m, None, 1.0)[:2], args.eval_episodes, eval_seed)

        start = time.monotonic()
        obs, info = envs.reset(seed=args.seed)
        acc = [np.zeros((args.num_envs, *p.shape)) for p in policy.params()]  # per-env episode gradients
        fresh = np.zeros(args.num_envs, bool)  # the next step resets these envs (next-step autoreset)
        baseline = 0.0
        for it in range(args.iterations):
            sigma = args.sigma_start + (args.sigma_end - args.sigma_start) * it / max(args.iterations - 1, 1)
            total = [np.zeros(p.shape) for p in policy.params()]
            ended = []
            for _ in range(args.steps):
                disc, cont, grads = policy.act(obs, info["action_mask"], rng, sigma)
                live = ~fresh
                for a, g in zip(acc, grads, strict=True):
                    a[live] += g[live]
                obs, reward, term, trunc, info = envs.step({"discrete": disc, "continuous": cont})
                done = (term | trunc) & live
                for i in np.flatnonzero(done):
                    ended.append((i, float(reward[i]), [a[i].copy() for a in acc]))
                    for a in acc:
                        a[i] = 0
                fresh = term | trunc
            if not ended:
                continue
            g = np.array([r for _, r, _ in ended])
            adv = g - baseline
            adv = adv / (adv.std() + 1e-8)
            baseline = 0.9 * baseline + 0.1 * g.mean()
            for (_, _, grads), w in zip(ended, adv, strict=True):
                for t, gr in zip(total, grads, strict=True):
                    t += w * gr
            for p, t in zip(policy.params(), total, strict=True):
                p += args.lr * t / len(ended)
        result["train_seconds"] = time.monotonic() - start
        result["trained"] = evaluate(envs, lambda o, m: policy.act(o, m, None, 1.0)[:2], args.eval_episodes, eval_seed)
        return result
    finally:
        envs.close()


def main(argv: list[str] | None = None) -> dict[str, float]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for name, default in Args().__dict__.items():
        parser.add_argument("--" + name.replace("_", "-"), type=type(default), default=default)
    args = Args(**vars(parser.parse_args(argv)))
    if args.server:
        result = train(args, args.server)
    else:
        from flickarena.launch import EnvServer

        with EnvServer() as server:
            result = train(args, server.target)
    print(f"game {args.game}, {args.num_envs} envs, {args.iterations} updates of {args.steps} steps, vs the random opponent")
    print(f"mean return over {args.eval_episodes} episodes: random policy {result['random']:+.3f}, "
          f"untrained {result['untrained']:+.3f}, trained {result['trained']:+.3f} "
          f"(training took {result['train_seconds']:.1f} s)")
    return result


if __name__ == "__main__":
    main()
