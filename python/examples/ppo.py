"""PPO on a Flickarena game against one of the server's opponents: one file, PyTorch.

The agent plays the single-agent view of a game served by ``envserver``; the server plays the
other seat with a built-in bot (``--opponent random``, ``aimer``, ``planner-lite``, ...) in
process. The action is the game's native hybrid action: one masked categorical per discrete
head (values the legal-action mask forbids get no probability) and one Gaussian per
continuous dim, drawn in [-1, 1] (clipped) and scaled to the dim's bounds. The actor and the
critic are separate two-layer tanh MLPs on the observation, normalised by running statistics.
The update is the clipped-surrogate PPO of Schulman et al. (2017) with GAE(lambda)
advantages, normalised per minibatch, a clipped value loss and an entropy bonus.

The envs are split into ``--groups`` pools. With ``--async-step`` (the default) each pool's
step is sent (``send``) before the next pool's forward pass is computed and received
(``recv``) just before its own next forward pass: the server steps one pool while the learner
computes the other's actions. ``--no-async-step`` steps the same pools one blocking call at a
time: the same seeds give the same run either way (only the timing differs).

``--opponent`` takes a bot's name or a mixture (a JSON object of weights, each episode's
opponent drawn by the server); ``--eval-opponent`` plays the evaluations against another one.
``--init CHECKPOINT`` starts from a trained policy (a curriculum: first against ``random``,
then against the ``aimer``); the curves' axes then count the checkpoint's steps and seconds
too. ``--target-kl`` ends a rollout's update after the epoch whose mean approx_kl passes it.

Logs go to TensorBoard (``--run-dir``, ``tensorboard --logdir runs``) and to
``metrics.csv`` (one row per evaluation, for ``plot_curves.py``); checkpoints to
``checkpoint.pt`` in the run directory. Every ``--eval-every`` updates the policy as it
samples plays ``--eval-episodes`` episodes in an outcome-only pool (no shaping), with the
seats alternating: the mean outcome (+1 win, -1 loss, 0 draw) and the win rate.

    go build -o /tmp/envserver ./cmd/envserver && /tmp/envserver --listen unix:///tmp/fa.sock &
    python python/examples/ppo.py --server unix:///tmp/fa.sock --game flickago-v3 \\
        --opponent aimer --total-steps 500000 --run-dir runs/flickago-aimer-s1 --seed 1
    python python/examples/ppo.py --server unix:///tmp/fa.sock --evaluate runs/flickago-aimer-s1/checkpoint.pt \\
        --opponent aimer --eval-episodes 1000

Without --server it starts a local envserver (see flickarena.launch). Needs the ``ppo``
extra (torch, tensorboard): ``pip install './python[ppo]'``.
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import time
from dataclasses import asdict, dataclass, fields

import numpy as np
import torch
import torch.nn as nn

from flickarena import FlickVectorEnv


@dataclass
class Args:
    """Settings; each is the flag of the same name (``--num-envs`` for num_envs)."""

    game: str = "flickago-v3"  # game id
    opponent: str = "random"  # the server's opponent: a bot's name, or a mixture as JSON, e.g. '{"aimer": 3, "random": 1}'
    eval_opponent: str = ""  # the evaluations' opponent, in the same form (empty: --opponent)
    agent_seat: str = "alternate"  # seat the agent plays: "zero", "alternate" or "random" per episode
    server: str = ""  # env server target; empty starts a local envserver
    options: str = "{}"  # game options as JSON, e.g. '{"max_turns": 10}'
    shaping: float = 1.0  # weight of the game's dense shaping reward while training (evaluations: outcome only)
    seed: int = 1  # seeds torch and the env pools
    total_steps: int = 200_000  # agent env steps to train for (each one agent move and the opponent's replies)
    max_minutes: float = 0.0  # stop after this many minutes of training (0: no limit; a file RUN_DIR/STOP also stops)
    num_envs: int = 64  # envs in all, split evenly over --groups pools
    groups: int = 2  # server pools the envs are split over (the async step overlaps them)
    async_step: bool = True  # send a pool's step, then compute the other pool's actions while it runs
    num_steps: int = 32  # steps per env per rollout (a rollout is num_envs * num_steps transitions)
    lr: float = 5e-4  # Adam step size, annealed linearly to 0 over total_steps
    gamma: float = 0.99  # discount per agent step
    gae_lambda: float = 0.95  # GAE's lambda
    update_epochs: int = 8  # passes over each rollout
    num_minibatches: int = 8  # minibatches per pass
    clip_coef: float = 0.2  # PPO's ratio clip (also clips the value loss)
    target_kl: float = 0.0  # end a rollout's update after the epoch whose mean approx_kl exceeds this (0: never)
    ent_coef: float = 0.01  # entropy bonus weight
    vf_coef: float = 0.5  # value loss weight
    max_grad_norm: float = 0.5  # gradient norm clip
    hidden: int = 64  # width of the two hidden layers of the actor and of the critic
    threads: int = 1  # torch CPU threads (the env server needs the other cores)
    cpu: bool = False  # use the CPU even when a GPU is present
    eval_every: int = 10  # evaluate every this many updates (0: only at the end)
    eval_episodes: int = 128  # episodes per evaluation (the final one with --evaluate: e.g. 1000)
    eval_shaping: float = 0.0  # shaping weight of --evaluate's pool (0: the outcome alone; 1: comparable to the training return)
    greedy: bool = False  # evaluate the most likely heads and mean dims instead of sampling
    run_dir: str = "runs/ppo"  # TensorBoard logs, metrics.csv and checkpoint.pt go here
    init: str = ""  # a checkpoint to start training from (its weights, observation statistics and, if saved, optimizer state; of --game or of another version of it with the same encodings)
    evaluate: str = ""  # a checkpoint to evaluate (no training; on --game if it is a version of the checkpoint's game with the same encodings, else on the checkpoint's game), or the baseline "random" or "passive"


HELP = {f.name: "" for f in fields(Args)}


def parse_args(argv: list[str] | None = None) -> Args:
    """Parses the flags, with help taken from the comments above."""
    src = open(__file__, encoding="utf-8").read().split("class Args:")[1].split("\n\n\n")[0]
    for line in src.splitlines():
        if ":" in line and "#" in line:
            HELP[line.split(":")[0].strip()] = line.split("#", 1)[1].strip()
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    for f in fields(Args):
        flag = "--" + f.name.replace("_", "-")
        if isinstance(f.default, bool):
            parser.add_argument(flag, action=argparse.BooleanOptionalAction, default=f.default, help=HELP[f.name])
        else:
            parser.add_argument(flag, type=type(f.default), default=f.default, help=HELP[f.name])
    args = Args(**vars(parser.parse_args(argv)))
    if args.num_envs % args.groups:
        parser.error(f"--num-envs {args.num_envs} is not a multiple of --groups {args.groups}")
    try:
        json.loads(args.options)
    except json.JSONDecodeError as e:
        parser.error(f"--options: not JSON: {e}")
    for flag, value in (("--opponent", args.opponent), ("--eval-opponent", args.eval_opponent)):
        try:
            opponent_of(value)
        except ValueError as e:
            parser.error(f"{flag}: {e}")
    return args


def opponent_of(value: str) -> str | dict[str, float]:
    """The opponent a flag names: a bot's name, or a mixture given as a JSON object of
    positive weights (each episode's opponent drawn from it by the server)."""
    if not value.lstrip().startswith("{"):
        return value
    try:
        mix = json.loads(value)
    except json.JSONDecodeError as e:
        raise ValueError(f"mixture not JSON: {e}") from e
    if not mix or not all(isinstance(w, (int, float)) and w > 0 for w in mix.values()):
        raise ValueError(f"mixture {value!r}: want bot names with positive weights")
    return mix


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


def layer(n_in: int, n_out: int, gain: float = np.sqrt(2)) -> nn.Linear:
    """A linear layer with orthogonal weights of ``gain`` and zero biases."""
    lin = nn.Linear(n_in, n_out)
    nn.init.orthogonal_(lin.weight, gain)
    nn.init.zeros_(lin.bias)
    return lin


class Agent(nn.Module):
    """Actor (masked categorical heads, Gaussian dims) and critic on the normalised observation.

    ``nvec`` gives each discrete head's number of values; ``dims`` the number of continuous
    dims. The flat mask ``[B, sum(nvec)]`` is the env's ``info["action_mask"]``; ``joint``
    (a :class:`JointRule`, set from the game's spec) narrows it head by head.
    """

    def __init__(self, obs_size: int, nvec: list[int], dims: int, hidden: int):
        super().__init__()
        self.nvec, self.dims = list(nvec), dims
        self.norm = RunningNorm(obs_size)
        self.critic = nn.Sequential(layer(obs_size, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh(), layer(hidden, 1, 1.0))
        self.trunk = nn.Sequential(layer(obs_size, hidden), nn.Tanh(), layer(hidden, hidden), nn.Tanh())
        self.logits = layer(hidden, sum(nvec), 0.01)
        self.mu = layer(hidden, dims, 0.01) if dims else None
        self.log_std = nn.Parameter(torch.full((dims,), -0.5))
        self.joint: JointRule | None = None  # set from the game's spec; not saved in checkpoints

    def value(self, obs: torch.Tensor) -> torch.Tensor:
        """The critic's value ``[B]``."""
        return self.critic(self.norm(obs)).squeeze(-1)

    def act(self, obs: torch.Tensor, mask: torch.Tensor, disc: torch.Tensor | None = None,
            u: torch.Tensor | None = None, greedy: bool = False):
        """Returns (discrete [B, H], u [B, D], log-prob [B], entropy [B], value [B]).

        Samples the action unless ``disc`` and ``u`` (the unclipped Gaussian draws) are given,
        whose log-probability is then computed; ``greedy`` takes each head's most likely value
        and the dims' means. The heads are drawn in order, each on its mask narrowed by
        ``self.joint`` (a :class:`JointRule`, or None) given the values drawn before it, so that
        the action is legal as a whole; the log-probability and entropy are those of this
        chain of masked categoricals.
        """
        h = self.trunk(self.norm(obs))
        chosen: list[torch.Tensor] = []
        logp = ent = 0
        for i, (logits, m) in enumerate(zip(torch.split(self.logits(h), self.nvec, -1),
                                            torch.split(mask, self.nvec, -1), strict=True)):
            if self.joint is not None:
                m = self.joint.narrow(i, obs, chosen, m)
            m = m | ~m.any(-1, keepdim=True)  # a head with no legal value (never expected): every value
            cat = torch.distributions.Categorical(logits=logits.masked_fill(~m, -1e9))
            x = disc[:, i] if disc is not None else (cat.probs.argmax(-1) if greedy else cat.sample())
            chosen.append(x)
            logp, ent = logp + cat.log_prob(x), ent + cat.entropy()
        disc = torch.stack(chosen, -1)
        if self.mu is not None:
            mu = self.mu(h)
            gauss = torch.distributions.Normal(mu, self.log_std.exp().expand_as(mu))
            if u is None:
                u = mu if greedy else gauss.sample()
            logp = logp + gauss.log_prob(u).sum(-1)
            ent = ent + gauss.entropy().sum(-1)
        else:
            u = torch.zeros(len(obs), 0)
        return disc, u, logp, ent, self.value(obs)


class JointRule:
    """Flickago's joint rules of the "return" and "source" heads, which the factorised mask
    cannot say (flickago's package doc, "Action Space"): a start point whose kind of disc the
    reserve lacks is usable only after returning a disc of that kind, and a family disc cannot
    be both returned and flicked. :meth:`narrow` removes from the source head's mask the values
    the chosen return makes illegal. Built from the game's spec (head value names, the
    ``reserve`` observation field) by :meth:`of`, which returns None for another game.
    """

    def __init__(self, heads: list[str], ret: list[str], src: list[str], reserve: int):
        self.ret_head, self.src_head = heads.index("return"), heads.index("source")
        kinds = {"T": 0, "F": 1}

        def parse(name: str) -> tuple[int, int]:
            """(kind, disc id) of a value name, -1 where it names none."""
            words = name.replace("(", " ").replace(")", " ").split()
            kind = kinds.get(words[-1], -1) if words[0] in ("disc", "point") else -1
            disc = int(words[-1]) if words[0] == "family" else int(words[1]) if words[0] == "disc" else -1
            return kind, disc

        self.ret_kind, self.ret_disc = (torch.tensor(x) for x in zip(*map(parse, ret), strict=True))
        self.src_kind, self.src_disc = (torch.tensor(x) for x in zip(*map(parse, src), strict=True))
        self.reserve = reserve  # offset of the observer's reserve of T, then of F, in the observation

    @classmethod
    def of(cls, spec) -> JointRule | None:
        """The rule of a GameSpec (``pool.game``, ``Turn.game``), or None if it has none."""
        names = [h.name for h in spec.heads]
        fields = [f.name for f in spec.obs]
        if not {"return", "source"} <= set(names) or "reserve" not in fields:
            return None
        off = sum(f.size for f in spec.obs[: fields.index("reserve")])
        return cls(names, list(spec.heads[names.index("return")].values),
                   list(spec.heads[names.index("source")].values), off)

    def narrow(self, head: int, obs: torch.Tensor, chosen: list[torch.Tensor], mask: torch.Tensor) -> torch.Tensor:
        """Head ``head``'s mask ``[B, n]`` given the values ``chosen`` of the heads before it.
        A row that the rule would leave empty (a phase without flicks) keeps its mask."""
        if head != self.src_head or len(chosen) <= self.ret_head:
            return mask
        dev = mask.device
        ret = chosen[self.ret_head]
        src_kind, src_disc = self.src_kind.to(dev), self.src_disc.to(dev)
        in_reserve = obs[:, self.reserve : self.reserve + 2] > 0  # [B, 2]: T, F
        returned_kind = self.ret_kind.to(dev)[ret][:, None]  # [B, 1]: the returned disc's kind, -1 for none
        point_ok = (src_kind < 0) | in_reserve[:, src_kind.clamp(min=0)] | (returned_kind == src_kind)
        disc_ok = (src_disc < 0) | (self.ret_disc.to(dev)[ret][:, None] != src_disc)
        narrowed = mask & point_ok & disc_ok
        return torch.where(narrowed.any(-1, keepdim=True), narrowed, mask)


class Game:
    """What the agent needs of the game's spec (saved with checkpoints)."""

    def __init__(self, game_id: str, obs_size: int, nvec: list[int], low: list[float], high: list[float]):
        self.id, self.obs_size, self.nvec = game_id, obs_size, nvec
        self.low, self.high = np.array(low, np.float32), np.array(high, np.float32)

    @classmethod
    def of(cls, envs: FlickVectorEnv) -> Game:
        spec = envs.pool.game
        return cls(spec.id, spec.obs_size, [h.n for h in spec.heads],
                   [d.low for d in spec.dims], [d.high for d in spec.dims])

    def encodes_as(self, other: Game) -> bool:
        """Whether other (another version of the game, say) has this game's observation and action shapes."""
        return {**self.to_dict(), "game_id": other.id} == other.to_dict()

    def to_dict(self) -> dict:
        return {"game_id": self.id, "obs_size": self.obs_size, "nvec": self.nvec,
                "low": self.low.tolist(), "high": self.high.tolist()}

    def env_action(self, disc: torch.Tensor, u: torch.Tensor) -> dict[str, np.ndarray]:
        """The native action of sampled heads and Gaussian draws: dims clipped to [-1, 1], scaled."""
        cont = self.low + (np.clip(u.cpu().numpy(), -1, 1) + 1) * 0.5 * (self.high - self.low)
        return {"discrete": disc.cpu().numpy().astype(np.int32), "continuous": cont.astype(np.float32)}


def base_id(game_id: str) -> str:
    """The game id without its version: "flickago" for "flickago-v3"."""
    return game_id.rsplit("-v", 1)[0]


def make_pools(args: Args, server: str, n: int, groups: int, shaping: float, opponent: str = "") -> list[FlickVectorEnv]:
    """``groups`` pools of ``n // groups`` envs against ``opponent`` (empty: --opponent)."""
    return [FlickVectorEnv(args.game, n // groups, server=server, opponent=opponent_of(opponent or args.opponent),
                           agent_seat=args.agent_seat, shaping=shaping, options=json.loads(args.options),
                           autoreset_mode="same_step")
            for _ in range(groups)]


def seeds(base: int, group: int, n: int) -> list[int]:
    """Env seeds of one group: distinct across groups and runs of different --seed."""
    return [base * 1_000_003 + group * n + i for i in range(n)]


def agent_return(info: dict) -> np.ndarray:
    """The agent's episode return per env (its seat's column), valid where an episode ended."""
    ret = info["episode_return"]
    return ret[np.arange(len(ret)), info.get("agent_seat", np.zeros(len(ret), int))]


@torch.no_grad()
def evaluate(agent: Agent, game: Game, pools: list[FlickVectorEnv], episodes: int, seed: int,
             greedy: bool, device: torch.device) -> dict[str, float]:
    """Plays ``episodes`` episodes (each env an equal share, so long games are not left out)
    and returns the mean outcome, the win, draw and loss counts."""
    envs = pools[0]
    n = envs.num_envs
    quota = np.full(n, episodes // n) + (np.arange(n) < episodes % n)
    obs, info = envs.reset(seed=seeds(seed, 0, n))
    outcomes: list[float] = []
    played = np.zeros(n, int)
    while played.sum() < episodes:
        o = torch.as_tensor(obs, device=device)
        m = torch.as_tensor(info["action_mask"], device=device)
        disc, u, *_ = agent.act(o, m, greedy=greedy)
        obs, _, term, trunc, info = envs.step(game.env_action(disc, u))
        for i in np.flatnonzero(term | trunc):
            if played[i] < quota[i]:
                outcomes.append(float(agent_return(info)[i]))
                played[i] += 1
    out = np.array(outcomes)
    return {"episodes": len(out), "mean_outcome": float(out.mean()), "wins": int((out > 0).sum()),
            "draws": int((out == 0).sum()), "losses": int((out < 0).sum()), "win_rate": float((out > 0).mean())}


def load(path: str, device: torch.device) -> tuple[Agent, Game, dict]:
    """Loads a checkpoint: the agent (in eval mode), its game and the run's settings."""
    ck = torch.load(path, map_location=device, weights_only=False)
    g = ck["game"]
    game = Game(g["game_id"], g["obs_size"], g["nvec"], g["low"], g["high"])
    agent = Agent(game.obs_size, game.nvec, len(game.low), ck["args"]["hidden"]).to(device)
    agent.load_state_dict(ck["model"])
    agent.eval()
    return agent, game, ck


def train(args: Args, server: str) -> dict:
    """Trains; returns the last evaluation, the time shares and the checkpoint's path."""
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    device = torch.device("cuda" if torch.cuda.is_available() and not args.cpu else "cpu")
    pools = make_pools(args, server, args.num_envs, args.groups, args.shaping)
    from torch.utils.tensorboard import SummaryWriter

    os.makedirs(args.run_dir, exist_ok=True)
    writer = SummaryWriter(args.run_dir)
    writer.add_text("args", json.dumps(asdict(args)))
    csv_file = open(os.path.join(args.run_dir, "metrics.csv"), "w", newline="")
    log = csv.writer(csv_file)
    log.writerow(["update", "env_steps", "train_seconds", "mean_outcome", "win_rate", "train_return",
                  "policy_loss", "value_loss", "entropy", "approx_kl"])
    try:
        game = Game.of(pools[0])
        agent = Agent(game.obs_size, game.nvec, len(game.low), args.hidden).to(device)
        prior_steps, prior_seconds = 0, 0.0  # the --init run's training, counted on the curves' axes
        start_ck: dict = {}  # the --init checkpoint
        if args.init:
            start_agent, start_game, start_ck = load(args.init, device)
            prior_steps, prior_seconds = start_ck["env_steps"], start_ck.get("train_seconds", 0.0)
            if (not start_game.encodes_as(game) or base_id(start_game.id) != base_id(game.id)
                    or start_agent.trunk[0].out_features != args.hidden):
                raise ValueError(f"--init {args.init}: a checkpoint of {start_game.id} with other shapes "
                                 f"(want {game.id}, --hidden {args.hidden})")
            agent.load_state_dict(start_agent.state_dict())
        agent.joint = JointRule.of(pools[0].pool.game)
        optim = torch.optim.Adam(agent.parameters(), lr=args.lr, eps=1e-5)
        # Adam's moments carry on from the --init run when its checkpoint has them: a fresh Adam
        # moves every weight by about lr in its first steps (approx_kl 0.5 in the first update
        # of a trained Flickago policy, docs/decisions/ppo-updates-and-curriculum.md), a restored one moves them as before.
        init_optimizer = "optim" in start_ck
        if init_optimizer:
            optim.load_state_dict(start_ck["optim"])
        if args.init:
            print(f"starting from {args.init}: {prior_steps} env steps, {prior_seconds:.0f} s of training, "
                  + ("its optimizer state" if init_optimizer else "a fresh optimizer (the checkpoint has no state of it)"),
                  flush=True)
        G, n, T = args.groups, args.num_envs // args.groups, args.num_steps
        N, H, D = args.num_envs, len(game.nvec), len(game.low)
        batch = N * T
        updates = max(1, args.total_steps // batch)
        cols = [slice(g * n, (g + 1) * n) for g in range(G)]
        # Rollout storage: row t holds the observation the actions of step t were chosen on, the
        # done flag that came with it (it starts an episode), and what those actions earned.
        b_obs = torch.zeros((T, N, game.obs_size), device=device)
        b_mask = torch.zeros((T, N, sum(game.nvec)), dtype=torch.bool, device=device)
        b_disc = torch.zeros((T, N, H), dtype=torch.long, device=device)
        b_u = torch.zeros((T, N, D), device=device)
        b_logp, b_val, b_rew, b_done = (torch.zeros((T, N), device=device) for _ in range(4))
        obs = [None] * G
        mask = [None] * G
        done = torch.zeros(N, device=device)
        for g, envs in enumerate(pools):
            o, info = envs.reset(seed=seeds(args.seed, g, n))
            obs[g], mask[g] = torch.as_tensor(o, device=device), torch.as_tensor(info["action_mask"], device=device)
        timers = {"env_wait": 0.0, "forward": 0.0, "update": 0.0, "eval": 0.0}
        returns: list[float] = []
        step_count = 0
        start = time.perf_counter()
        result: dict = {}
        stats = {"policy_loss": 0.0, "value_loss": 0.0, "entropy": 0.0, "approx_kl": 0.0}

        def take(g: int, t: int, res) -> None:
            """Stores what step t of group g returned and makes its result the current state."""
            o, r, term, trunc, info = res
            rows = cols[g]
            b_rew[t, rows] = torch.as_tensor(r, device=device)
            ended = term | trunc
            done[rows] = torch.as_tensor(ended, dtype=torch.float32, device=device)
            if ended.any():
                returns.extend(agent_return(info)[ended].tolist())
            obs[g], mask[g] = torch.as_tensor(o, device=device), torch.as_tensor(info["action_mask"], device=device)

        def choose(g: int, t: int) -> dict[str, np.ndarray]:
            """Computes group g's actions at step t, stores them and returns the env action."""
            rows = cols[g]
            with torch.no_grad():
                disc, u, logp, _, val = agent.act(obs[g], mask[g])
            b_obs[t, rows], b_mask[t, rows], b_done[t, rows] = obs[g], mask[g], done[rows]
            b_disc[t, rows], b_u[t, rows], b_logp[t, rows], b_val[t, rows] = disc, u, logp, val
            return game.env_action(disc, u)

        for update in range(1, updates + 1):
            if args.max_minutes and time.perf_counter() - start - timers["eval"] > args.max_minutes * 60:
                break
            if os.path.exists(os.path.join(args.run_dir, "STOP")):  # `touch RUN_DIR/STOP` ends a run early
                print("STOP file found: ending the run", flush=True)
                break
            for pg in optim.param_groups:
                pg["lr"] = args.lr * (1.0 - (update - 1) / updates)
            for t in range(T):
                for g, envs in enumerate(pools):
                    if args.async_step and t > 0:
                        t0 = time.perf_counter()
                        res = envs.recv()
                        timers["env_wait"] += time.perf_counter() - t0
                        take(g, t - 1, res)
                    t0 = time.perf_counter()
                    action = choose(g, t)
                    timers["forward"] += time.perf_counter() - t0
                    t0 = time.perf_counter()
                    if args.async_step:
                        envs.send(action)
                        timers["env_wait"] += time.perf_counter() - t0
                    else:
                        res = envs.step(action)
                        timers["env_wait"] += time.perf_counter() - t0
                        take(g, t, res)
            if args.async_step:
                for g, envs in enumerate(pools):
                    t0 = time.perf_counter()
                    res = envs.recv()
                    timers["env_wait"] += time.perf_counter() - t0
                    take(g, T - 1, res)
            step_count += batch

            t0 = time.perf_counter()
            stats = ppo_update(args, agent, optim, game, b_obs, b_mask, b_disc, b_u, b_logp, b_val, b_rew, b_done,
                               torch.cat(obs), done)
            # The observation statistics move after the update, so that the update sees the
            # normalisation the rollout's actions were drawn with.
            agent.norm.update(b_obs.reshape(-1, game.obs_size))
            timers["update"] += time.perf_counter() - t0

            train_seconds = time.perf_counter() - start - timers["eval"]
            sps = step_count / train_seconds
            x = prior_steps + step_count  # the curves' axis: every env step of the policy's training
            writer.add_scalar("charts/sps", sps, x)
            for k, v in stats.items():
                writer.add_scalar("losses/" + k, v, x)
            train_return = float(np.mean(returns)) if returns else float("nan")
            if returns:
                writer.add_scalar("charts/train_return", train_return, x)
            last = update == updates or (args.max_minutes and train_seconds > args.max_minutes * 60)
            if (args.eval_every and update % args.eval_every == 0) or last or update == 1:
                t0 = time.perf_counter()
                agent.eval()
                # A pool per evaluation: the server closes pools left idle (envserver
                # --idle-timeout, 10 minutes by default), as one would be between evaluations.
                eval_pools = make_pools(args, server, min(64, args.eval_episodes), 1, 0.0, args.eval_opponent)
                try:
                    result = evaluate(agent, game, eval_pools, args.eval_episodes, 10_000 + update, args.greedy, device)
                finally:
                    eval_pools[0].close()
                agent.train()
                timers["eval"] += time.perf_counter() - t0
                writer.add_scalar("charts/mean_outcome", result["mean_outcome"], x)
                writer.add_scalar("charts/win_rate", result["win_rate"], x)
                log.writerow([update, x, f"{prior_seconds + train_seconds:.2f}", f"{result['mean_outcome']:.4f}",
                              f"{result['win_rate']:.4f}", f"{train_return:.4f}",
                              *(f"{stats[k]:.5f}" for k in ("policy_loss", "value_loss", "entropy", "approx_kl"))])
                csv_file.flush()
                print(f"update {update}/{updates}: {step_count} steps, {train_seconds:.0f} s, {sps:.0f} steps/s, "
                      f"train return {train_return:+.3f}, eval outcome {result['mean_outcome']:+.3f}, "
                      f"win rate {result['win_rate']:.3f}, losses pi {stats['policy_loss']:+.4f} "
                      f"v {stats['value_loss']:.4f}, entropy {stats['entropy']:.3f}, approx_kl {stats['approx_kl']:.3f}", flush=True)
                save(args, agent, optim, game, x, prior_seconds + train_seconds, os.path.join(args.run_dir, "checkpoint.pt"))
            returns.clear()
        train_seconds = time.perf_counter() - start - timers["eval"]
        path = os.path.join(args.run_dir, "checkpoint.pt")
        save(args, agent, optim, game, prior_steps + step_count, prior_seconds + train_seconds, path)
        shares = {k: timers[k] / train_seconds for k in ("env_wait", "forward", "update")}
        shares["other"] = 1.0 - sum(shares.values())
        summary = {"env_steps": step_count, "train_seconds": train_seconds, "steps_per_second": step_count / train_seconds,
                   "shares": shares, "eval_seconds": timers["eval"], "last_eval": result, "checkpoint": path,
                   "prior_env_steps": prior_steps, "prior_train_seconds": prior_seconds, "init_optimizer": init_optimizer,
                   **{"final_" + k: v for k, v in stats.items()}}
        with open(os.path.join(args.run_dir, "summary.json"), "w") as f:
            json.dump({"args": asdict(args), **summary}, f, indent=1)
        print(f"{step_count} env steps in {train_seconds:.1f} s: {summary['steps_per_second']:.0f} steps/s; time shares: "
              + ", ".join(f"{k} {v:.1%}" for k, v in shares.items()), flush=True)
        return summary
    finally:
        writer.close()
        csv_file.close()
        for envs in pools:
            envs.close()


def ppo_update(args: Args, agent: Agent, optim: torch.optim.Optimizer, game: Game, b_obs, b_mask, b_disc, b_u,
               b_logp, b_val, b_rew, b_done, next_obs: torch.Tensor, next_done: torch.Tensor) -> dict[str, float]:
    """GAE advantages of the rollout, then the clipped PPO epochs (fewer when an epoch's mean
    approx_kl passes --target-kl); returns the last minibatch's losses and the epochs run."""
    T, N = b_rew.shape
    with torch.no_grad():
        next_val = agent.value(next_obs)
        adv = torch.zeros_like(b_rew)
        gae = torch.zeros(N, device=b_rew.device)
        for t in reversed(range(T)):
            nonterminal = 1.0 - (next_done if t == T - 1 else b_done[t + 1])
            nv = next_val if t == T - 1 else b_val[t + 1]
            delta = b_rew[t] + args.gamma * nv * nonterminal - b_val[t]
            gae = delta + args.gamma * args.gae_lambda * nonterminal * gae
            adv[t] = gae
        ret = adv + b_val
    obs, mask = b_obs.reshape(T * N, -1), b_mask.reshape(T * N, -1)
    disc, u = b_disc.reshape(T * N, -1), b_u.reshape(T * N, -1)
    logp0, adv, ret, val0 = b_logp.reshape(-1), adv.reshape(-1), ret.reshape(-1), b_val.reshape(-1)
    size = T * N // args.num_minibatches
    stats: dict[str, float] = {}
    for epoch in range(args.update_epochs):
        kls: list[float] = []
        order = torch.randperm(T * N, device=obs.device)
        for s in range(0, T * N - size + 1, size):
            i = order[s : s + size]
            _, _, logp, ent, val = agent.act(obs[i], mask[i], disc[i], u[i])
            log_ratio = logp - logp0[i]
            ratio = log_ratio.exp()
            a = (adv[i] - adv[i].mean()) / (adv[i].std() + 1e-8)
            pg_loss = torch.max(-a * ratio, -a * ratio.clamp(1 - args.clip_coef, 1 + args.clip_coef)).mean()
            v_clipped = val0[i] + (val - val0[i]).clamp(-args.clip_coef, args.clip_coef)
            v_loss = 0.5 * torch.max((val - ret[i]) ** 2, (v_clipped - ret[i]) ** 2).mean()
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
    return stats


def save(args: Args, agent: Agent, optim: torch.optim.Optimizer, game: Game, steps: int, seconds: float,
         path: str) -> None:
    """Writes the agent, its optimizer's state (for --init), its game, the settings and its
    training so far (env steps, seconds of training without evaluations, counting an --init
    checkpoint's) to ``path`` (atomically)."""
    tmp = path + ".tmp"
    torch.save({"model": agent.state_dict(), "optim": optim.state_dict(), "game": game.to_dict(), "args": asdict(args),
                "env_steps": steps, "train_seconds": seconds}, tmp)
    os.replace(tmp, path)


class Baseline(Agent):
    """The untrained baselines of ``--evaluate random`` and ``--evaluate passive``."""

    def __init__(self, game: Game, kind: str):
        super().__init__(game.obs_size, game.nvec, len(game.low), 8)
        self.kind = kind

    def act(self, obs, mask, disc=None, u=None, greedy=False):
        b = len(obs)
        heads: list[torch.Tensor] = []
        for i, m in enumerate(torch.split(mask, self.nvec, -1)):
            if self.joint is not None:
                m = self.joint.narrow(i, obs, heads, m)
            m = m | ~m.any(-1, keepdim=True)
            # random: uniform over the legal values; passive: the first legal value.
            heads.append(torch.multinomial(m.float(), 1).squeeze(-1) if self.kind == "random" else m.float().argmax(-1))
        disc = torch.stack(heads, -1)
        u = torch.rand(b, self.dims) * 2 - 1 if self.kind == "random" else torch.zeros(b, self.dims)
        zero = torch.zeros(b)
        return disc, u, zero, zero, zero


def run(args: Args, server: str) -> dict:
    """Trains, or with --evaluate evaluates a checkpoint."""
    if not args.evaluate:
        return train(args, server)
    device = torch.device("cuda" if torch.cuda.is_available() and not args.cpu else "cpu")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    if args.evaluate in ("random", "passive"):
        # Baselines: uniformly random legal values and dims ("random": an untrained agent whose
        # logits are all 0 and whose dims are drawn uniformly), or the first legal value of each
        # head and every dim at its middle ("passive", Flick 'em Up!'s zero velocity).
        probe = make_pools(args, server, 1, 1, 0.0)[0]
        game = Game.of(probe)
        probe.close()
        agent = Baseline(game, args.evaluate).to(device)
        ck = {"env_steps": 0}
    else:
        agent, game, ck = load(args.evaluate, device)
        if base_id(args.game) != base_id(game.id):
            args.game = game.id  # --game names another game: play the checkpoint's own
    pools = make_pools(args, server, min(64, args.eval_episodes), 1, args.eval_shaping, args.eval_opponent)
    played = Game.of(pools[0])
    if not game.encodes_as(played):
        pools[0].close()
        raise ValueError(f"--evaluate {args.evaluate}: a checkpoint of {game.id} with other shapes than {played.id}")
    game = played
    agent.joint = JointRule.of(pools[0].pool.game)
    try:
        t0 = time.perf_counter()
        result = evaluate(agent, game, pools, args.eval_episodes, args.seed, args.greedy, device)
        result["seconds"] = time.perf_counter() - t0
    finally:
        pools[0].close()
    print(f"{args.evaluate} ({ck['env_steps']} training steps) vs {args.eval_opponent or args.opponent} on {game.id}, seats {args.agent_seat}, "
          f"{'greedy' if args.greedy else 'sampled'} actions: {result['episodes']} games, {result['wins']} wins, "
          f"{result['draws']} draws, {result['losses']} losses: win rate {result['win_rate']:.1%}, "
          + (f"mean outcome {result['mean_outcome']:+.3f}" if not args.eval_shaping else
             f"mean return with shaping {args.eval_shaping:g} {result['mean_outcome']:+.3f} (wins: return > 0)")
          + f" ({result['seconds']:.0f} s)", flush=True)
    return result


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    if args.server:
        return run(args, args.server)
    from flickarena.launch import EnvServer

    with EnvServer() as server:
        return run(args, server.target)


if __name__ == "__main__":
    main()
