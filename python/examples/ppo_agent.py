"""The agent of examples/ppo.py and what its two scripts share: the actor-critic network,
checkpoints, evaluation, and a checkpoint's policy for serving as a bot (examples/serve_ppo.py).

The action is the game's native hybrid action: one masked categorical per discrete head (values
the mask forbids get no probability) and one Gaussian per continuous dim, drawn in [-1, 1]
(clipped) and scaled to the dim's bounds. The heads are drawn in order, each on its mask narrowed
by the game's joint rule (:func:`flickarena.joint_rule`) given the heads drawn before it, so that
the action is legal as a whole; the narrowed masks are returned with the action, and computing
the log-probability of a stored action on its stored masks needs no rule. The actor and the
critic are separate two-layer tanh MLPs on the observation, normalised by running statistics.
"""

from __future__ import annotations

import math
import os
from dataclasses import asdict, dataclass

import numpy as np
import torch
import torch.nn as nn

import flickarena


@dataclass
class Game:
    """What the agent needs of the game's spec (saved with checkpoints), and how the agent's
    action maps to the game's native one.

    With ``bins`` 0 the agent draws one Gaussian per continuous dim; with ``bins`` k > 1 it
    draws each dim as one more categorical head of k values, evenly spaced from the dim's low
    bound to its high bound (``low + j (high - low) / (k - 1)``), so that a multimodal choice
    (this spot or that one) is a choice between values rather than a mean between them, and
    its heads are autoregressive (each sees the values drawn before it: the piece, then x,
    then y). The env is stepped in the native format either way."""

    game_id: str
    obs_size: int
    nvec: list[int]
    low: list[float]  # each continuous dim's bounds
    high: list[float]
    bins: int = 0  # values per continuous dim drawn as a head; 0: Gaussian dims

    @classmethod
    def of(cls, spec, bins: int = 0) -> Game:
        """The Game of a GameSpec (``envs.pool.game``), its dims drawn in ``bins`` values (0: Gaussian)."""
        if bins == 1 or bins < 0:
            raise ValueError(f"bins {bins}: want 0 (Gaussian dims) or at least 2 values per dim")
        return cls(spec.id, spec.obs_size, [h.n for h in spec.heads], [d.low for d in spec.dims], [d.high for d in spec.dims],
                   bins)

    @property
    def policy_nvec(self) -> list[int]:
        """The agent's categorical heads: the game's, then one of ``bins`` values per dim if binned."""
        return self.nvec + [self.bins] * len(self.low) if self.bins else list(self.nvec)

    @property
    def policy_dims(self) -> int:
        """The agent's Gaussian dims: the game's, none if binned."""
        return 0 if self.bins else len(self.low)

    def agent(self, hidden: int) -> Agent:
        """A new agent for this game, its hidden layers ``hidden`` wide."""
        return Agent(self.obs_size, self.policy_nvec, self.policy_dims, hidden, autoregressive=self.bins > 0)

    def env_action(self, disc: torch.Tensor, u: torch.Tensor) -> dict[str, np.ndarray]:
        """The native action of drawn heads ``[B, len(policy_nvec)]`` and Gaussian draws ``u``:
        dims clipped to [-1, 1] and scaled, or each binned dim's value."""
        low, high = np.array(self.low, np.float32), np.array(self.high, np.float32)
        d = disc.cpu().numpy()
        if self.bins:
            h = len(self.nvec)
            cont = low + d[:, h:] * ((high - low) / (self.bins - 1))
            return {"discrete": d[:, :h].astype(np.int32), "continuous": cont.astype(np.float32)}
        cont = low + (np.clip(u.cpu().numpy(), -1, 1) + 1) * 0.5 * (high - low)
        return {"discrete": d.astype(np.int32), "continuous": cont.astype(np.float32)}

    def bin_of(self, cont: np.ndarray) -> np.ndarray:
        """The nearest bin of each native dim value ``[B, dims]`` (int64), for cloning a teacher."""
        low, high = np.array(self.low), np.array(self.high)
        span = np.where(high > low, high - low, 1)
        return np.clip(np.rint((cont - low) / span * (self.bins - 1)), 0, self.bins - 1).astype(np.int64)


class RunningNorm(nn.Module):
    """Normalises observations by their running mean and variance (parallel-variance update)."""

    def __init__(self, size: int):
        super().__init__()
        self.register_buffer("mean", torch.zeros(size))
        self.register_buffer("var", torch.ones(size))
        self.register_buffer("count", torch.tensor(1e-4))

    def update(self, x: torch.Tensor) -> None:
        """Adds a batch ``[B, size]`` to the statistics."""
        m, v, n = x.mean(0), x.var(0, unbiased=False), x.shape[0]
        delta, total = m - self.mean, self.count + n
        self.mean += delta * n / total
        self.var = (self.var * self.count + v * n + delta**2 * self.count * n / total) / total
        self.count = total

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return ((x - self.mean) / torch.sqrt(self.var + 1e-8)).clamp(-10, 10)


def layer_init(n_in: int, n_out: int, std: float = np.sqrt(2)) -> nn.Linear:
    """A linear layer with orthogonal weights of gain ``std`` and zero biases."""
    lin = nn.Linear(n_in, n_out)
    nn.init.orthogonal_(lin.weight, std)
    nn.init.zeros_(lin.bias)
    return lin


class Agent(nn.Module):
    """Actor (masked categorical heads, Gaussian dims) and critic on the normalised observation.
    ``rule`` (the game's joint rule, not saved in checkpoints) narrows the heads' masks when
    actions are drawn."""

    def __init__(self, obs_size: int, nvec: list[int], dims: int, hidden: int, autoregressive: bool = False):
        super().__init__()
        self.nvec, self.dims = list(nvec), dims
        self.rule = flickarena.JointRule()
        self.norm = RunningNorm(obs_size)
        self.critic = nn.Sequential(layer_init(obs_size, hidden), nn.Tanh(), layer_init(hidden, hidden), nn.Tanh(),
                                    layer_init(hidden, 1, 1.0))
        self.trunk = nn.Sequential(layer_init(obs_size, hidden), nn.Tanh(), layer_init(hidden, hidden), nn.Tanh())
        self.logits = layer_init(hidden, sum(nvec), 0.01)
        # With autoregressive heads, head i's logits add a linear map of the one-hot values of
        # heads 0 to i-1 (``coupling``, masked to that block-lower-triangular shape, zero at
        # the start): where to aim is drawn knowing which piece, x and y one after the other.
        self.coupling = nn.Parameter(torch.zeros(sum(nvec), sum(nvec))) if autoregressive else None
        ends = np.cumsum(nvec) if nvec else np.zeros(0, np.int64)
        head_of = np.repeat(np.arange(len(nvec)), nvec)
        self.register_buffer("before", torch.as_tensor(head_of[:, None] < head_of[None, :]), persistent=False)
        self.head_ends = [int(e) for e in ends]
        self.mu = layer_init(hidden, dims, 0.01) if dims else None
        self.log_std = nn.Parameter(torch.full((dims,), -0.5))
        # The heads side by side, padded to the widest: pad_index[h, j] is value j of head h in
        # the flat logits (0 past the head's end, where pad_valid is False). Not saved.
        width = max(nvec, default=1)
        starts = np.concatenate([[0], np.cumsum(nvec)[:-1]]).astype(np.int64) if nvec else np.zeros(0, np.int64)
        index = np.array([[s + min(j, n - 1) for j in range(width)] for s, n in zip(starts, nvec, strict=True)], np.int64)
        valid = np.array([[j < n for j in range(width)] for n in nvec], bool)
        self.register_buffer("pad_index", torch.as_tensor(index.reshape(len(nvec), width)), persistent=False)
        self.register_buffer("pad_valid", torch.as_tensor(valid.reshape(len(nvec), width)), persistent=False)

    def one_hot(self, disc: torch.Tensor) -> torch.Tensor:
        """The heads' values ``[B, H]`` one-hot side by side: ``[B, sum(nvec)]`` float."""
        return torch.cat([nn.functional.one_hot(x, n).float() for x, n in zip(disc.unbind(-1), self.nvec, strict=True)], -1)

    def full_mask(self, mask: torch.Tensor) -> torch.Tensor:
        """The mask over every head of the agent: the env's factorised mask, then every value of
        the binned dims' heads (see :class:`Game`) allowed."""
        missing = sum(self.nvec) - mask.shape[-1]
        if missing <= 0:
            return mask
        return torch.cat([mask, torch.ones(*mask.shape[:-1], missing, dtype=torch.bool, device=mask.device)], -1)

    def get_value(self, obs: torch.Tensor) -> torch.Tensor:
        """The critic's value ``[B]``."""
        return self.critic(self.norm(obs)).squeeze(-1)

    def get_action_and_value(self, obs: torch.Tensor, mask: torch.Tensor, disc: torch.Tensor | None = None,
                             u: torch.Tensor | None = None, greedy: bool = False):
        """Returns (heads [B, H], u [B, D], log-prob [B], entropy [B], value [B], mask [B, M]).

        Draws the action, each head on its mask narrowed by ``self.rule``, and returns the
        narrowed masks; given ``disc`` and ``u`` (the unclipped Gaussian draws) and the masks
        they were drawn on, computes their log-probability instead. ``greedy`` takes each
        head's most likely value and the dims' means.
        """
        mask = self.full_mask(mask)
        if disc is not None and u is not None and not greedy:
            logp, ent, value = self.evaluate_actions(obs, mask, disc, u)
            return disc, u, logp, ent, value, mask
        h = self.trunk(self.norm(obs))
        obs_np = obs.cpu().numpy() if disc is None else None
        chosen: list[torch.Tensor] = []
        masks: list[torch.Tensor] = []
        logp = ent = torch.zeros(len(obs), device=obs.device)
        base = self.logits(h)
        drawn = torch.zeros_like(base)  # one-hot of the heads drawn so far
        starts = [0, *self.head_ends[:-1]]
        for i, (logits, m) in enumerate(zip(torch.split(base, self.nvec, -1),
                                            torch.split(mask, self.nvec, -1), strict=True)):
            if self.coupling is not None and i > 0:
                logits = logits + drawn @ self.coupling[:, starts[i]:self.head_ends[i]]
            if obs_np is not None:
                narrowed = self.rule.narrow(i, obs_np, [c.cpu().numpy() for c in chosen], m.cpu().numpy())
                m = torch.as_tensor(narrowed, device=mask.device)
            m = m | ~m.any(-1, keepdim=True)  # a head with no legal value (never expected): every value
            cat = torch.distributions.Categorical(logits=logits.masked_fill(~m, -1e9), validate_args=False)
            x = disc[:, i] if disc is not None else (cat.probs.argmax(-1) if greedy else cat.sample())
            chosen.append(x)
            masks.append(m)
            if self.coupling is not None:
                drawn[torch.arange(len(x), device=x.device), starts[i] + x] = 1
            logp, ent = logp + cat.log_prob(x), ent + cat.entropy()
        if self.mu is not None:
            mu = self.mu(h)
            gauss = torch.distributions.Normal(mu, self.log_std.exp().expand_as(mu), validate_args=False)
            if u is None:
                u = mu if greedy else gauss.sample()
            logp, ent = logp + gauss.log_prob(u).sum(-1), ent + gauss.entropy().sum(-1)
        else:
            u = torch.zeros(len(obs), 0, device=obs.device)
        return torch.stack(chosen, -1), u, logp, ent, self.get_value(obs), torch.cat(masks, -1)


    def evaluate_actions(self, obs: torch.Tensor, mask: torch.Tensor, disc: torch.Tensor,
                         u: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        """The log-probability [B], entropy [B] and value [B] of stored actions (heads ``disc``,
        unclipped Gaussian draws ``u``) on the masks they were drawn on: what
        :meth:`get_action_and_value` gives for them, computed with every head at once (the
        heads padded side by side) instead of one distribution object per head, the update's
        cost at PPO's minibatch sizes."""
        mask = self.full_mask(mask)
        x = self.norm(obs)
        h = self.trunk(x)
        value = self.critic(x).squeeze(-1)
        flat = self.logits(h)
        if self.coupling is not None:
            flat = flat + self.one_hot(disc) @ (self.coupling * self.before)
        logits = flat[:, self.pad_index]  # [B, H, W]
        m = mask[:, self.pad_index] & self.pad_valid
        m = m | (~m.any(-1, keepdim=True) & self.pad_valid)  # a head with no legal value: every value
        logp_all = torch.log_softmax(logits.masked_fill(~m, -1e9), -1)
        logp = logp_all.gather(-1, disc.unsqueeze(-1)).squeeze(-1).sum(-1)
        ent = -(logp_all.exp() * logp_all).sum((-2, -1))
        if self.mu is not None:
            mu, log_std = self.mu(h), self.log_std.expand(len(obs), -1)
            z = (u - mu) / log_std.exp()
            logp = logp + (-0.5 * z * z - log_std - 0.5 * math.log(2 * math.pi)).sum(-1)
            ent = ent + (0.5 + 0.5 * math.log(2 * math.pi) + log_std).sum(-1)
        return logp, ent, value


class Baseline(Agent):
    """The untrained baselines of ``ppo.py --evaluate random`` (uniformly random legal values
    and dims) and ``--evaluate passive`` (each head's first legal value, every dim at its middle)."""

    def __init__(self, game: Game, kind: str):
        super().__init__(game.obs_size, game.nvec, len(game.low), 8)
        self.kind = kind

    def get_action_and_value(self, obs, mask, disc=None, u=None, greedy=False):
        b, obs_np = len(obs), obs.cpu().numpy()
        heads: list[torch.Tensor] = []
        for i, m in enumerate(torch.split(mask, self.nvec, -1)):
            m = torch.as_tensor(self.rule.narrow(i, obs_np, [x.cpu().numpy() for x in heads], m.cpu().numpy()))
            m = m | ~m.any(-1, keepdim=True)
            heads.append(torch.multinomial(m.float(), 1).squeeze(-1) if self.kind == "random" else m.float().argmax(-1))
        u = torch.rand(b, self.dims) * 2 - 1 if self.kind == "random" else torch.zeros(b, self.dims)
        zero = torch.zeros(b)
        return torch.stack(heads, -1), u, zero, zero, zero, mask


def env_seeds(base: int, group: int, n: int) -> list[int]:
    """Env seeds of one pool of n envs: distinct across pools and runs of different seeds."""
    return [base * 1_000_003 + group * n + i for i in range(n)]


def agent_return(info: dict) -> np.ndarray:
    """The agent's episode return per env (its seat's column), valid where an episode ended."""
    ret = info["episode_return"]
    return ret[np.arange(len(ret)), info.get("agent_seat", np.zeros(len(ret), int))]


@torch.no_grad()
def evaluate(agent: Agent, game: Game, envs: flickarena.FlickVectorEnv, episodes: int, seed: int, greedy: bool,
             device: torch.device) -> dict[str, float]:
    """Plays ``episodes`` episodes (each env an equal share, so long games are not left out)
    and returns the mean outcome, the win rate, and the win, draw and loss counts."""
    n = envs.num_envs
    quota = np.full(n, episodes // n) + (np.arange(n) < episodes % n)
    obs, info = envs.reset(seed=env_seeds(seed, 0, n))
    outcomes: list[float] = []
    played = np.zeros(n, int)
    while played.sum() < episodes:
        o, m = torch.as_tensor(obs, device=device), torch.as_tensor(info["action_mask"], device=device)
        disc, u, *_ = agent.get_action_and_value(o, m, greedy=greedy)
        obs, _, term, trunc, info = envs.step(game.env_action(disc, u))
        for i in np.flatnonzero(term | trunc):
            if played[i] < quota[i]:
                outcomes.append(float(agent_return(info)[i]))
                played[i] += 1
    out = np.array(outcomes)
    return {"episodes": len(out), "mean_outcome": float(out.mean()), "wins": int((out > 0).sum()),
            "draws": int((out == 0).sum()), "losses": int((out < 0).sum()), "win_rate": float((out > 0).mean())}


def save(path: str, agent: Agent, optim: torch.optim.Optimizer, game: Game, args: dict, steps: int,
         seconds: float, **extra) -> None:
    """Writes the agent, its optimizer's state (for ``--init``), its game, the run's settings
    and its training so far (env steps, seconds of training without evaluations) to ``path``
    (atomically), with the ``extra`` entries (e.g. ``wall_seconds``)."""
    torch.save({"model": agent.state_dict(), "optim": optim.state_dict(), "game": asdict(game), "args": args,
                "env_steps": steps, "train_seconds": seconds, **extra}, path + ".tmp")
    os.replace(path + ".tmp", path)


CHECKPOINTS = "checkpoints"
"""The folder of a run's numbered checkpoints, in its run directory."""


def checkpoint_path(run_dir: str, steps: int) -> str:
    """The numbered checkpoint of a run after ``steps`` env steps: ``RUN_DIR/checkpoints/step-000123456.pt``."""
    return os.path.join(run_dir, CHECKPOINTS, f"step-{steps:09d}.pt")


def save_checkpoint(run_dir: str, agent: Agent, optim: torch.optim.Optimizer, game: Game, args: dict, steps: int,
                    seconds: float, wall_seconds: float) -> str:
    """Keeps a numbered checkpoint of the run (:func:`checkpoint_path`), as :func:`save` writes
    it (``seconds``: of training, evaluations not counted) with ``wall_seconds`` (since the
    start of training, evaluations counted; both include an ``--init`` checkpoint's); returns
    its path. Any of them loads, serves (examples/serve_ppo.py) and starts a run (``--init``)
    as ``checkpoint.pt`` does; examples/rate_checkpoints.py rates them in the arena."""
    path = checkpoint_path(run_dir, steps)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    save(path, agent, optim, game, args, steps, seconds, wall_seconds=wall_seconds)
    return path


def run_checkpoints(run_dir: str) -> list[str]:
    """The paths of a run's numbered checkpoints, fewest steps first."""
    folder = os.path.join(run_dir, CHECKPOINTS)
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.startswith("step-") and f.endswith(".pt"))


def load(path: str, device: torch.device) -> tuple[Agent, Game, dict]:
    """Loads a checkpoint: the agent (in eval mode, without its game's rule), its game and the
    checkpoint's dict (settings, training so far, optimizer state)."""
    ck = torch.load(path, map_location=device, weights_only=False)
    game = Game(**ck["game"])
    agent = game.agent(ck["args"]["hidden"]).to(device)
    agent.load_state_dict(ck["model"])
    agent.eval()
    return agent, game, ck


def checkpoint_policy(path: str):
    """Returns (policy, game id) of a checkpoint: ``policy(turn)`` as
    :func:`flickarena.serve_agent` takes it, playing the most likely heads and the mean dims
    (deterministic) for whichever seat is to move, legal actions only; serve it for that game
    alone (``games=[game_id]``)."""
    torch.set_num_threads(1)
    agent, game, _ = load(path, torch.device("cpu"))

    @torch.no_grad()
    def policy(turn: flickarena.Turn) -> tuple[np.ndarray, np.ndarray]:
        agent.rule = flickarena.joint_rule(turn.game)
        obs = torch.as_tensor(np.array(turn.obs, np.float32))  # copies: the turn's arrays are read-only
        disc, u, *_ = agent.get_action_and_value(obs, torch.as_tensor(np.array(turn.action_mask, bool)), greedy=True)
        action = game.env_action(disc, u)
        return action["discrete"], action["continuous"]

    return policy, game.game_id
