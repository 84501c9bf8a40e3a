"""A pool of games on the server, driven with numpy arrays.

:class:`Pool` is the layer every env of this package builds on: it creates the pool, sends
resets and steps (over unary calls or a Session stream), and returns a :class:`Batch` of
read-only numpy views of the server's tensors (``numpy.frombuffer``, no copy).
"""

from __future__ import annotations

import operator
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import numpy as np
from gymnasium.vector import AutoresetMode

from flickarena._closing import Closing
from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena.client import Client, Session
from flickarena.errors import FlickarenaError
from flickarena.spaces import FORMATS, GameSpaces
from flickarena.tensor import from_numpy, to_numpy

AUTORESET = {
    "next_step": pb.AUTORESET_MODE_NEXT_STEP,
    "same_step": pb.AUTORESET_MODE_SAME_STEP,
    "disabled": pb.AUTORESET_MODE_DISABLED,
    AutoresetMode.NEXT_STEP: pb.AUTORESET_MODE_NEXT_STEP,
    AutoresetMode.SAME_STEP: pb.AUTORESET_MODE_SAME_STEP,
    AutoresetMode.DISABLED: pb.AUTORESET_MODE_DISABLED,
}
VIEWS = {"self_play": pb.VIEW_SELF_PLAY, "single_agent": pb.VIEW_SINGLE_AGENT}
SEATS = {"zero": pb.AGENT_SEAT_ZERO, "alternate": pb.AGENT_SEAT_ALTERNATE, "random": pb.AGENT_SEAT_RANDOM}
ILLEGAL = {"reject": pb.ILLEGAL_MODE_REJECT, "replace": pb.ILLEGAL_MODE_REPLACE}


_Enum = TypeVar("_Enum", bound=int)


def _lookup(table: Mapping[Any, _Enum], value: Any, what: str) -> _Enum:
    try:
        return table[value]
    except KeyError:
        known = sorted(str(k) for k in table if isinstance(k, str))
        raise ValueError(f"{what}: unknown value {value!r} (known: {known})") from None


@dataclass
class Batch:
    """One Reset or Step result, row i for env i (N envs, P players, O obs, M mask).

    Arrays are read-only views of the message; copy what you keep past the next call if
    you need it writable.
    """

    obs: np.ndarray  # [N, O] float32
    reward: np.ndarray  # [N, P] float32
    terminated: np.ndarray  # [N] bool
    truncated: np.ndarray  # [N] bool
    current_player: np.ndarray  # [N] int32
    action_mask: np.ndarray  # [N, M] bool, factorised
    state_hash: np.ndarray  # [N] uint64
    episode: np.ndarray  # [N] uint64
    illegal: np.ndarray  # [N] bool
    episode_return: np.ndarray  # [N, P] float32, on the call an episode ended
    episode_length: np.ndarray  # [N] int32, on the call an episode ended
    final_obs: np.ndarray | None  # [N, O] float32, same-step autoreset only
    final_state_hash: np.ndarray | None  # [N] uint64, same-step autoreset only
    obs_all_seats: np.ndarray | None  # [N, P, O] float32, observe_all_seats only
    agent_seat: np.ndarray | None = None  # [N] int32, single-agent view only
    teacher_discrete: np.ndarray | None = None  # [N, heads] int32, teacher only (native)
    teacher_continuous: np.ndarray | None = None  # [N, dims] float32, teacher only (native)

    @property
    def done(self) -> np.ndarray:
        """``terminated | truncated``."""
        return self.terminated | self.truncated

    def agent_reward(self) -> np.ndarray:
        """The agent's reward per env (single-agent view): ``reward[i, agent_seat[i]]``, the
        seat the agent plays in the episode the reward belongs to (seat 0 without
        ``agent_seat``)."""
        if self.agent_seat is None:
            return np.array(self.reward[:, 0], dtype=np.float32)
        return np.array(self.reward[np.arange(len(self.agent_seat)), self.agent_seat], dtype=np.float32)

    def agent_return(self) -> np.ndarray:
        """The agent's episode return per env, as :meth:`agent_reward` for ``reward``."""
        if self.agent_seat is None:
            return np.array(self.episode_return[:, 0], dtype=np.float32)
        return np.array(self.episode_return[np.arange(len(self.agent_seat)), self.agent_seat], dtype=np.float32)


def decode_batch(b: pb.Batch) -> Batch:
    """Returns numpy views of a wire batch."""
    opt = lambda name: to_numpy(getattr(b, name)) if b.HasField(name) else None  # noqa: E731
    return Batch(
        obs=to_numpy(b.obs),
        reward=to_numpy(b.reward),
        terminated=to_numpy(b.terminated),
        truncated=to_numpy(b.truncated),
        current_player=to_numpy(b.current_player),
        action_mask=to_numpy(b.action_mask),
        state_hash=to_numpy(b.state_hash),
        episode=to_numpy(b.episode),
        illegal=to_numpy(b.illegal),
        episode_return=to_numpy(b.episode_return),
        episode_length=to_numpy(b.episode_length),
        final_obs=opt("final_obs"),
        final_state_hash=opt("final_state_hash"),
        obs_all_seats=opt("obs_all_seats"),
        agent_seat=opt("agent_seat"),
        teacher_discrete=opt("teacher_discrete"),
        teacher_continuous=opt("teacher_continuous"),
    )


class Pool(Closing):
    """A pool of ``num_envs`` games of ``game_id`` on the server.

    Args:
        game_id: the game, e.g. ``"race-v1"``.
        num_envs: number of envs.
        server: target (``host:port`` or ``unix:///path``), or a :class:`Client` to share.
        token: bearer token (default $FLICKARENA_TOKEN).
        options: the game's options (strings or numbers).
        autoreset_mode: ``"next_step"`` (default), ``"same_step"``, ``"disabled"`` or a
            ``gymnasium.vector.AutoresetMode``.
        view: ``"self_play"`` (the client plays every seat) or ``"single_agent"`` (seat 0;
            the server plays the others with ``opponent``).
        opponent: single-agent only: a server-side opponent's name (``"random"`` by default;
            ``Client.server_info().opponent_info`` lists them with the games each plays: the
            built-in bots ``"aimer"``, ``"planner"``, ...), or a mixture for league-style
            training, ``{"aimer": 3, "random": 1}`` (or a list of ``(name, weight)``): each
            episode plays one of them, drawn with probability proportional to its weight
            from the episode's seed stream.
        agent_seat: single-agent only: the seat the agent plays, ``"zero"`` (default),
            ``"alternate"`` (each env goes round the seats, episode by episode) or
            ``"random"`` (drawn per episode); ``Batch.agent_seat`` reports it, and
            :meth:`Batch.agent_reward` reads the agent's reward.
        illegal: ``"reject"`` (an illegal action fails the step) or ``"replace"`` (the
            game's default action is played instead, with ``illegal_penalty``).
        shaping: weight of the game's dense shaping reward (0: outcome rewards only).
        max_episode_steps: episode step limit (None: the game's; a negative value: none).
        action_format: ``"native"``, ``"box"`` or ``"multidiscrete"`` (see
            :mod:`flickarena.spaces`), with ``bins`` per dim for the last.
        observe_all_seats: also return every seat's observation (``Batch.obs_all_seats``).
        env_offset: global index of env 0 in the seed streams (``reset(seed=s)`` gives env i
            the stream of (s, env_offset + i)); non-zero needs a server with the capability
            ``"pool.env_offset"`` (see :class:`flickarena.split_pool.SplitPool`).
        transport: ``"unary"`` calls or one ``"session"`` stream.
        teacher: a built-in bot's name (as for ``opponent``, a bot that plays the game):
            every batch then carries the action this bot would take in each env where the
            agent is to act (``Batch.teacher_discrete``, ``Batch.teacher_continuous``, the
            native encoding whatever ``action_format``; zeros on the other rows), for
            imitation or kickstarting. It changes no trajectory. Needs a server with the
            capability ``"teacher"``.
    """

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        *,
        server: str | Client | None = None,
        token: str | None = None,
        options: Mapping[str, Any] | None = None,
        autoreset_mode: Any = "next_step",
        view: str = "self_play",
        opponent: str | Mapping[str, float] | Sequence[tuple[str, float]] | None = None,
        agent_seat: str | None = None,
        illegal: str = "reject",
        illegal_penalty: float = 0.0,
        shaping: float = 0.0,
        max_episode_steps: int | None = None,
        action_format: str = "native",
        bins: int | None = None,
        observe_all_seats: bool = False,
        env_offset: int = 0,
        transport: str = "unary",
        teacher: str | None = None,
    ):
        if isinstance(server, Client):
            self.client, self._own_client = server, False
        else:
            self.client, self._own_client = Client(server, token), True
        config = pb.PoolConfig(
            game_id=game_id,
            num_envs=num_envs,
            options={k: str(v) for k, v in (options or {}).items()},
            autoreset_mode=_lookup(AUTORESET, autoreset_mode, "autoreset_mode"),
            view=_lookup(VIEWS, view, "view"),
            opponent=opponent if isinstance(opponent, str) else "",
            opponent_mix=_mixture(opponent),
            agent_seat=_lookup(SEATS, agent_seat, "agent_seat") if agent_seat is not None else pb.AGENT_SEAT_UNSPECIFIED,
            illegal_mode=_lookup(ILLEGAL, illegal, "illegal"),
            illegal_penalty=illegal_penalty,
            shaping=shaping,
            max_episode_steps=max_episode_steps or 0,
            action_format=_lookup(FORMATS, action_format, "action_format"),
            bins=bins or 0,
            observe_all_seats=observe_all_seats,
            env_offset=env_offset,
            teacher=teacher or "",
        )
        if transport not in ("unary", "session"):
            raise ValueError(f"transport: unknown value {transport!r} (known: ['session', 'unary'])")
        self._calls: Client | Session = self.client
        if transport == "session":
            self._calls = self.client.session()
        try:
            self.spec: pb.PoolSpec = self._calls.create_pool(config)
        except Exception:
            self._close_transport()
            raise
        self.id = self.spec.pool_id
        self.closed = False
        if teacher and self.spec.config.teacher != teacher:
            # A server without the capability drops the field it does not know: no advice would come.
            self.close()
            raise FlickarenaError(f"teacher {teacher!r}: the server does not support teachers (capability \"teacher\"); "
                                  "update it")
        self.game: pb.GameSpec = self.spec.game
        self.num_envs = num_envs
        self.num_players = self.game.num_players
        self.spaces = GameSpaces(self.spec)
        self._pending: Any = None  # the handle of a step sent and not yet received
        self.closed = False

    def reset(
        self,
        seed: int | None = None,
        mask: np.ndarray | Sequence[bool] | None = None,
        seeds: np.ndarray | Sequence[int] | None = None,
    ) -> Batch:
        """Starts new episodes and returns the batch.

        With ``seed``, env i gets the stream of (seed, i) and episode 0. With ``mask`` and/or
        ``seeds`` (one per env), only the masked envs reset, each with its own seed (or its
        next episode). With nothing, every env starts its next episode.
        """
        req = pb.ResetRequest(pool_id=self.id)
        if seed is not None:
            req.seed = _seed(seed, "seed")
        if mask is not None:
            req.mask.CopyFrom(from_numpy(mask, np.bool_, "mask"))
        if seeds is not None:
            flat = np.asarray(seeds, dtype=object).ravel()
            s = np.asarray([_seed(x, f"seeds[{i}]") for i, x in enumerate(flat)], dtype=np.uint64)
            req.seeds.CopyFrom(from_numpy(s, np.uint64, "seeds"))
        return decode_batch(self._calls.reset(req))

    def step(self, actions: Any) -> Batch:
        """Applies one action per env, in the pool's action format, and returns the batch.

        ``"native"``: ``{"discrete": [N, heads] ints, "continuous": [N, dims] floats}``;
        ``"box"``: ``[N, box_size]`` floats; ``"multidiscrete"``: ``[N, heads+dims]`` ints.
        Values are converted to the wire's dtypes exactly or refused before anything is sent:
        ``2**32`` or ``0.9`` for a discrete head raises ValueError naming the element (whole
        floats such as ``1.0`` are fine); the server checks shapes and game ranges.
        """
        if self._pending is not None:
            raise FlickarenaError("step: a step sent with send() is in flight; recv() it first")
        return decode_batch(self._calls.step(self.step_request(actions)))

    def send(self, actions: Any) -> None:
        """Sends a step without waiting (EnvPool's ``send``): the server steps the pool while the
        caller computes; :meth:`recv` returns the batch. One step may be in flight per pool."""
        if self._pending is not None:
            raise FlickarenaError("send: a step is already in flight; recv() it first")
        self._pending = self._calls.step_send(self.step_request(actions))

    def recv(self) -> Batch:
        """Waits for the step sent with :meth:`send` and returns its batch."""
        if self._pending is None:
            raise FlickarenaError("recv: no step in flight; send() one first")
        handle, self._pending = self._pending, None
        return decode_batch(self._calls.step_recv(handle))

    def step_request(self, actions: Any) -> pb.StepRequest:
        """Returns the StepRequest of ``actions``."""
        fmt = self.spaces.format
        if fmt == "box":
            return pb.StepRequest(pool_id=self.id, box=from_numpy(actions, np.float32, "actions"))
        if fmt == "multidiscrete":
            return pb.StepRequest(pool_id=self.id, multi_discrete=from_numpy(actions, np.int64, "actions"))
        if not isinstance(actions, Mapping):
            raise TypeError(f"step: native actions are a mapping with 'discrete' and 'continuous', got {type(actions).__name__}")
        req = pb.StepRequest(pool_id=self.id)
        if actions.get("discrete") is not None:
            req.discrete.CopyFrom(from_numpy(actions["discrete"], np.int32, "actions['discrete']"))
        if actions.get("continuous") is not None:
            req.continuous.CopyFrom(from_numpy(actions["continuous"], np.float32, "actions['continuous']"))
        return req

    def _close_transport(self, timeout: float | None = None) -> None:
        if isinstance(self._calls, Session):
            self._calls.close(timeout)
        if self._own_client:
            self.client.close()

    def close(self, timeout: float | None = None) -> None:
        """Closes the pool (idempotent), within about ``timeout`` seconds (default the
        client's): a server that does not answer in time (stopped, unreachable) is left to
        close the pool itself, after its idle timeout or when the session ends."""
        if getattr(self, "closed", True):
            return
        self.closed = True
        start = time.monotonic()
        try:
            self._calls.close_pool(self.id, timeout)
        except Exception:  # the server may be gone; the pool dies with it
            pass
        left = None if timeout is None else max(0.0, timeout - (time.monotonic() - start))
        self._close_transport(left)


def _mixture(opponent: Any) -> list[pb.WeightedOpponent]:
    """Returns the opponent mixture of ``opponent`` (a mapping or pairs), or [] for a name."""
    if opponent is None or isinstance(opponent, str):
        return []
    pairs = opponent.items() if isinstance(opponent, Mapping) else opponent
    out = []
    for k, pair in enumerate(pairs):
        try:
            name, weight = pair
        except (TypeError, ValueError):
            raise TypeError(f"opponent[{k}]: {pair!r} is not a (name, weight) pair") from None
        if not isinstance(name, str):
            raise TypeError(f"opponent[{k}]: name {name!r} is not a string")
        out.append(pb.WeightedOpponent(name=name, weight=float(weight)))
    if not out:
        raise ValueError("opponent: an empty mixture; give a name, or names with weights")
    return out


def _seed(x: Any, field: str) -> int:
    """Returns the seed x as a uint64 (a negative int counts from 2**64, as before); a value
    that is not a whole number is refused with TypeError naming field."""
    if isinstance(x, (float, np.floating)):
        if not float(x).is_integer():
            raise TypeError(f"{field}: {x!r} is not an integer")
        x = int(x)
    try:
        return operator.index(x) % (1 << 64)
    except TypeError:
        raise TypeError(f"{field}: {x!r} is not an integer") from None
