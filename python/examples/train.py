"""Train a policy on a Flickarena game with REINFORCE, numpy only, in a few minutes on a CPU.

The agent is seat 0 of the single-agent view: the server plays the other seats with its
built-in random opponent. The policy is linear in the observation: a masked softmax per
discrete head and a Gaussian per continuous dim (the game's native hybrid action, the dims
drawn in [-1, 1] and scaled to their bounds). It learns with REINFORCE on the rewards to go
(each reward credits the moves made before it in its episode) minus a running per-step
baseline, and Adam steps. Rewards are the game's outcome (+1 win, -1 loss, 0 draw), plus
``--shaping`` times the game's dense shaping reward if asked (Flickago's: the change of the
score margin, in tens of points); evaluations always count the outcome only.

It prints the mean return of a uniformly random policy and of the trained policy (its most
likely heads and mean dims), each over the same evaluation episodes (same seeds), before and
after training.

    go build -o /tmp/envserver ./cmd/envserver && /tmp/envserver --listen unix:///tmp/fa.sock &
    python python/examples/train.py --server unix:///tmp/fa.sock                  # Race, 2 s
    python python/examples/train.py --server unix:///tmp/fa.sock \
        --game flickago-v3 --iterations 80 --shaping 1                            # Flickago, 2 min

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

    game: str = "race-v1"  # the game id
    server: str = ""  # env server target; empty starts a local one
    num_envs: int = 256  # envs stepped together
    iterations: int = 60  # policy updates
    steps: int = 16  # env steps per update
    lr: float = 0.01  # Adam step size
    sigma_start: float = 0.5  # std of the continuous actions, annealed linearly...
    sigma_end: float = 0.2  # ...to this
    eval_episodes: int = 2048  # episodes of each evaluation
    shaping: float = 0.0  # weight of the game's shaping reward while training (evaluations: outcome only)
    seed: int = 1  # seeds the policy's sampling and the env pool
    log_every: int = 0  # print the mean training return every this many updates (0: never)


class LinearPolicy:
    """Masked softmax heads and Gaussian dims, linear in (obs, 1).

    The dims are drawn in a normalised space, [-1, 1] for [low, high], so that one ``sigma``
    fits dims of any unit (Race's power in [-1, 1], a flick's cm/s in [-300, 300]).
    """

    def __init__(self, obs_size: int, nvec: list[int], low: np.ndarray, high: np.ndarray):
        f = obs_size + 1
        self.heads = [np.zeros((f, n)) for n in nvec]
        self.dims = np.zeros((f, len(low)))
        self.low, self.high = low, high
        self.nvec = nvec

    def scale(self, u: np.ndarray) -> np.ndarray:
        """Returns the dims' values of normalised values u, clipped to [low, high]."""
        return (self.low + (np.clip(u, -1.0, 1.0) + 1.0) * 0.5 * (self.high - self.low)).astype(np.float32)

    @staticmethod
    def features(obs: np.ndarray) -> np.ndarray:
        """Returns (obs / sqrt(O), 1): Adam moves every weight alike, so the scale keeps the
        observation's O weights together from outweighing the bias in one step."""
        x = obs.astype(np.float64) / np.sqrt(obs.shape[1])
        return np.concatenate([x, np.ones((len(obs), 1))], axis=1)

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
        u = mu if rng is None else mu + sigma * rng.standard_normal(mu.shape)
        grads.append(np.einsum("bf,bd->bfd", x, (u - mu) / sigma**2))
        return disc, self.scale(u), grads

    def params(self) -> list[np.ndarray]:
        return [*self.heads, self.dims]


class Adam:
    """Adam's step (Kingma and Ba, 2015) for gradient ascent on a list of arrays in place."""

    def __init__(self, params: list[np.ndarray], lr: float, b1: float = 0.9, b2: float = 0.999, eps: float = 1e-8):
        self.lr, self.b1, self.b2, self.eps = lr, b1, b2, eps
        self.m = [np.zeros_like(p) for p in params]
        self.v = [np.zeros_like(p) for p in params]
        self.t = 0

    def ascend(self, params: list[np.ndarray], grads: list[np.ndarray]) -> None:
        self.t += 1
        for p, g, m, v in zip(params, grads, self.m, self.v, strict=True):
            m += (1 - self.b1) * (g - m)
            v += (1 - self.b2) * (g * g - v)
            mhat = m / (1 - self.b1**self.t)
            vhat = v / (1 - self.b2**self.t)
            p += self.lr * mhat / (np.sqrt(vhat) + self.eps)


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
        if "episode_return" in info:
            returns.extend(info["episode_return"][term | trunc, 0].tolist())
    return float(np.mean(returns[:episodes]))


def train(args: Args, server: str) -> dict[str, float]:
    """Trains and returns the evaluations and the time taken."""
    envs = FlickVectorEnv(args.game, args.num_envs, server=server, shaping=args.shaping)
    # Evaluations count the outcome only (+1 win, -1 loss, 0 draw): a pool without shaping.
    eval_envs = FlickVectorEnv(args.game, args.num_envs, server=server) if args.shaping else envs
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
        result = {"random": evaluate(eval_envs, rand, args.eval_episodes, eval_seed)}
        result["untrained"] = evaluate(eval_envs, lambda o, m: policy.act(o, m, None, 1.0)[:2], args.eval_episodes, eval_seed)

        start = time.monotonic()
        obs, info = envs.reset(seed=args.seed)
        n = args.num_envs
        # Per env, over its current episode: acc[k] sums the gradients of log pi so far, and
        # credit[k] sums (r_t - rbar) * acc[k] after each step t: the gradient of the rewards to
        # go, each reward crediting the moves made before it (REINFORCE with rewards to go and
        # a running per-step baseline rbar).
        acc = [np.zeros((n, *p.shape)) for p in policy.params()]
        credit = [np.zeros((n, *p.shape)) for p in policy.params()]
        fresh = np.zeros(n, bool)  # the next step resets these envs (next-step autoreset)
        rbar = 0.0
        adam = Adam(policy.params(), args.lr)
        for it in range(args.iterations):
            sigma = args.sigma_start + (args.sigma_end - args.sigma_start) * it / max(args.iterations - 1, 1)
            total = [np.zeros(p.shape) for p in policy.params()]
            returns, rewards = [], []
            for _ in range(args.steps):
                disc, cont, grads = policy.act(obs, info["action_mask"], rng, sigma)
                live = ~fresh
                for a, g in zip(acc, grads, strict=True):
                    a[live] += g[live]
                obs, reward, term, trunc, info = envs.step({"discrete": disc, "continuous": cont})
                r = np.where(live, reward - rbar, 0.0)
                rewards.append(reward[live])
                for c, a in zip(credit, acc, strict=True):
                    c += r.reshape(-1, *[1] * (a.ndim - 1)) * a
                done = (term | trunc) & live
                for i in np.flatnonzero(done):
                    returns.append(float(info["episode_return"][i, 0]))
                    for t, c, a in zip(total, credit, acc, strict=True):
                        t += c[i]
                        c[i] = 0
                        a[i] = 0
                fresh = term | trunc
            rbar = 0.9 * rbar + 0.1 * float(np.concatenate(rewards).mean())
            if not returns:
                continue
            if args.log_every and (it + 1) % args.log_every == 0:
                print(f"update {it + 1}: mean training return {np.mean(returns):+.3f} over {len(returns)} episodes, "
                      f"{time.monotonic() - start:.0f} s", flush=True)
            adam.ascend(policy.params(), [t / len(returns) for t in total])
        result["train_seconds"] = time.monotonic() - start
        result["trained"] = evaluate(eval_envs, lambda o, m: policy.act(o, m, None, 1.0)[:2], args.eval_episodes, eval_seed)
        return result
    finally:
        envs.close()
        eval_envs.close()


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
    print(f"game {args.game}, {args.num_envs} envs, {args.iterations} updates of {args.steps} steps, "
          f"shaping {args.shaping:g}, seed {args.seed}, vs the random opponent")
    print(f"mean return over {args.eval_episodes} episodes: random policy {result['random']:+.3f}, "
          f"untrained {result['untrained']:+.3f}, trained {result['trained']:+.3f} "
          f"(training took {result['train_seconds']:.1f} s)")
    return result


if __name__ == "__main__":
    main()
