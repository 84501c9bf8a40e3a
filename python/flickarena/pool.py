"""A pool of games, driven with numpy arrays, in this process or on an env server.

:class:`Pool` is the layer every env of this package builds on: it builds and checks the
requests (create, reset, step) and hands them to its :class:`Transport`, which returns a
:class:`Batch` of read-only numpy views. Without ``server=`` the games run inside this process
(:mod:`flickarena._inproc`: the Go library through ctypes, no server, views of buffers the
library fills); with ``server=`` they run on an env server (over unary calls or a Session
stream, views of the answer's tensors, ``numpy.frombuffer``, no copy). Both give the same
batches and raise the same errors for the same requests.
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

import numpy as np
from gymnasium.vector import AutoresetMode

from flickarena._closing import Closing
from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena._inproc import InProcess
from flickarena._wire import Wire
from flickarena.batch import Batch, decode_batch
from flickarena.client import Client
from flickarena.errors import FlickarenaError
from flickarena.spaces import FORMATS, GameSpaces
from flickarena.tensor import from_numpy

__all__ = ["AUTORESET", "ILLEGAL", "SEATS", "VIEWS", "Batch", "Pool", "Transport", "decode_batch"]

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


class Transport(Protocol):
    """How a :class:`Pool` reaches its games: the library in this process
    (:class:`flickarena._inproc.InProcess`) or an env server over gRPC
    (:class:`flickarena._wire.Wire`). Both take the requests the pool built and checked, and
    raise the :mod:`flickarena.errors` exception of a failed call."""

    def create_pool(self, config: pb.PoolConfig) -> pb.PoolSpec:
        """Creates the pool and returns its spec (the config with every default resolved)."""
        ...

    def reset(self, request: pb.ResetRequest) -> Batch:
        """Resets envs of the pool and returns the batch."""
        ...

    def step(self, request: pb.StepRequest) -> Batch:
        """Steps the pool and returns the batch."""
        ...

    def step_send(self, request: pb.StepRequest) -> Any:
        """Starts a step without waiting for it; returns the handle of :meth:`step_recv`."""
        ...

    def step_recv(self, handle: Any) -> Batch:
        """Waits for the step :meth:`step_send` started and returns its batch."""
        ...

    def spec(self) -> pb.PoolSpec:
        """Returns the pool's spec."""
        ...

    def close(self, timeout: float | None = None) -> None:
        """Closes the pool (and what the transport owns) within about ``timeout`` seconds."""
        ...


class Pool(Closing):
    """A pool of ``num_envs`` games of ``game_id``: in this process, or on an env server.

    Args:
        game_id: the game, e.g. ``"race-v1"``.
        num_envs: number of envs.
        server: None (the default) runs the games inside this process, through the Go
            library (:mod:`flickarena._inproc`: no server to start; the library is found or
            built on the first pool); a target (``host:port`` or ``unix:///path``), or a
            :class:`Client` to share, runs them on that env server over gRPC.
        token: bearer token (default $FLICKARENA_TOKEN); a server's only.
        options: the game's options (strings or numbers).
        autoreset_mode: ``"next_step"`` (default), ``"same_step"``, ``"disabled"`` or a
            ``gymnasium.vector.AutoresetMode``.
        view: ``"self_play"`` (the client plays every seat) or ``"single_agent"`` (seat 0;
            the pool plays the others with ``opponent``, in the library or on the server).
        opponent: single-agent only: the name of an opponent the pool plays (``"random"`` by
            default; the built-in bots ``"aimer"``, ``"planner"``, ...; a server also has the
            remote bots it was started with, and ``Client.server_info().opponent_info`` lists
            them all with the games each plays), or a mixture for league-style
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
            the stream of (s, env_offset + i)); non-zero needs, over gRPC, a server with the
            capability ``"pool.env_offset"`` (see :class:`flickarena.split_pool.SplitPool`).
        transport: a server's calls: ``"unary"`` calls or one ``"session"`` stream (in
            process there is neither: the value is checked, then unused).
        teacher: a built-in bot's name (as for ``opponent``, a bot that plays the game):
            every batch then carries the action this bot would take in each env where the
            agent is to act (``Batch.teacher_discrete``, ``Batch.teacher_continuous``, the
            native encoding whatever ``action_format``; zeros on the other rows), for
            imitation or kickstarting. It changes no trajectory. Needs, over gRPC, a server
            with the capability ``"teacher"``.
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
        if transport not in ("unary", "session"):
            raise ValueError(f"transport: unknown value {transport!r} (known: ['session', 'unary'])")
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
        #: The pool's connection to its server; None in process.
        self.client: Client | None = None
        self._transport: Transport
        if server is None:
            self._transport = InProcess()
        else:
            client = server if isinstance(server, Client) else Client(server, token)
            self.client = client
            self._transport = Wire(client, client is not server, transport == "session")
        try:
            self.spec: pb.PoolSpec = self._transport.create_pool(config)
        except BaseException:
            self._transport.close()
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
        return self._transport.reset(req)

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
        return self._transport.step(self.step_request(actions))

    def send(self, actions: Any) -> None:
        """Sends a step without waiting (EnvPool's ``send``): the server (in process, a worker
        thread, without the GIL) steps the pool while the caller computes; :meth:`recv` returns
        the batch. One step may be in flight per pool."""
        if self._pending is not None:
            raise FlickarenaError("send: a step is already in flight; recv() it first")
        self._pending = self._transport.step_send(self.step_request(actions))

    def recv(self) -> Batch:
        """Waits for the step sent with :meth:`send` and returns its batch."""
        if self._pending is None:
            raise FlickarenaError("recv: no step in flight; send() one first")
        handle, self._pending = self._pending, None
        return self._transport.step_recv(handle)

    def step_request(self, actions: Any) -> pb.StepRequest:
        """Returns the StepRequest of ``actions``."""
        fmt = self.spaces.format
        if fmt == "box":
            return pb.StepRequest(pool_id=self.id, box=from_numpy(actions, np.float32, "actions"))
        if fmt == "multidiscrete":
            return pb.StepRequest(pool_id=self.id, multi_discrete=from_numpy(actions, np.int64, "actions"))
        if not isinstance(actions, Mapping):
            raise TypeError(f"step: native actions are a mapping with 'discrete' and 'continuous', got {type(actions).__name__}")
        d, c = actions.get("discrete"), actions.get("continuous")
        return pb.StepRequest(
            pool_id=self.id,
            discrete=None if d is None else from_numpy(d, np.int32, "actions['discrete']"),
            continuous=None if c is None else from_numpy(c, np.float32, "actions['continuous']"),
        )

    def close(self, timeout: float | None = None) -> None:
        """Closes the pool (idempotent), within about ``timeout`` seconds (default the
        client's): a server that does not answer in time (stopped, unreachable) is left to
        close the pool itself, after its idle timeout or when the session ends; in process,
        the pool closes once a call in flight (another thread's) has returned."""
        if getattr(self, "closed", True):
            return
        self.closed = True
        self._transport.close(timeout)


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
