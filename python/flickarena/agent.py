"""Serve a Python policy as a bot (an AgentService), so that it can play in the arena or be
the opponent of single-agent pools (``envserver --opponent name=<address>``).

A policy is a function of a :class:`Turn` (B positions of one game) returning the native
actions: ``(discrete [B, heads] ints, continuous [B, dims] floats)``::

    def policy(turn):
        rng = np.random.default_rng(turn.seed[0])
        ...
        return discrete, continuous

    with flickarena.serve_agent(policy, "unix:///tmp/bot.sock", name="mybot") as server:
        server.wait()
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from concurrent import futures
from dataclasses import dataclass
from typing import NoReturn

import grpc
import numpy as np

from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena._gen.v1 import flickarena_pb2_grpc as pb_grpc
from flickarena.tensor import from_numpy, to_numpy


@dataclass
class Turn:
    """B positions of one game, each with the seat to act.

    Attributes:
        game: the game's spec (id, observation fields, action heads and dims).
        player: ``[B]`` int32, the seat to act.
        obs: ``[B, O]`` float32, that seat's observation.
        action_mask: ``[B, M]`` bool, its factorised legal-action mask.
        seed: ``[B]`` uint64, one seed per position (use it for any randomness, so that
            the bot is deterministic).
    """

    game: pb.GameSpec
    player: np.ndarray
    obs: np.ndarray
    action_mask: np.ndarray
    seed: np.ndarray

    def field(self, name: str) -> np.ndarray:
        """Returns the observation field ``name``, ``[B, size]``."""
        off = 0
        for f in self.game.obs:
            if f.name == name:
                return self.obs[:, off : off + f.size]
            off += f.size
        raise KeyError(f"{self.game.id} has no observation field {name!r}")

    def head_mask(self, head: int) -> np.ndarray:
        """Returns the mask of head ``head``, ``[B, n]``."""
        off = sum(h.n for h in self.game.heads[:head])
        return self.action_mask[:, off : off + self.game.heads[head].n]


Policy = Callable[[Turn], "tuple[np.ndarray, np.ndarray]"]


def random_policy(turn: Turn) -> tuple[np.ndarray, np.ndarray]:
    """Plays uniformly random values the mask allows, and uniform continuous values."""
    b = len(turn.player)
    disc = np.zeros((b, len(turn.game.heads)), dtype=np.int32)
    cont = np.zeros((b, len(turn.game.dims)), dtype=np.float32)
    for i in range(b):
        rng = np.random.default_rng(int(turn.seed[i]))
        for h in range(len(turn.game.heads)):
            allowed = np.flatnonzero(turn.head_mask(h)[i])
            disc[i, h] = rng.choice(allowed) if len(allowed) else 0
        for d, dim in enumerate(turn.game.dims):
            cont[i, d] = rng.uniform(dim.low, dim.high)
    return disc, cont


def _abort(context: grpc.ServicerContext, code: grpc.StatusCode, details: str) -> NoReturn:
    """Ends the call with ``code``: ``context.abort``, which raises (grpc's stubs do not say so)."""
    context.abort(code, details)
    raise RuntimeError(f"grpc: context.abort({code}) returned")


class _Servicer(pb_grpc.AgentServiceServicer):
    def __init__(self, policy: Policy, name: str, games: Iterable[str], version: str):
        self.policy = policy
        self.info = pb.GetAgentInfoResponse(name=name, games=list(games), version=version)

    def GetAgentInfo(self, request: pb.GetAgentInfoRequest, context: grpc.ServicerContext) -> pb.GetAgentInfoResponse:
        return self.info

    def Act(self, request: pb.ActRequest, context: grpc.ServicerContext) -> pb.ActResponse:
        g = request.game
        if self.info.games and g.id not in self.info.games:
            _abort(context, grpc.StatusCode.INVALID_ARGUMENT, f"game: {self.info.name} does not play {g.id}")
        try:
            turn = Turn(g, to_numpy(request.player), to_numpy(request.obs),
                        to_numpy(request.action_mask), to_numpy(request.seed))
        except ValueError as e:
            _abort(context, grpc.StatusCode.INVALID_ARGUMENT, f"act: {e}")
        b, h, d = len(turn.player), len(g.heads), len(g.dims)
        if turn.obs.shape != (b, g.obs_size) or turn.action_mask.shape != (b, g.mask_size) or turn.seed.shape != (b,):
            _abort(context, grpc.StatusCode.INVALID_ARGUMENT,
                   "act: obs, action_mask and seed do not match player and the game spec")
        disc, cont = self.policy(turn)
        disc = np.asarray(disc).reshape(b, h) if h else np.zeros((b, 0))
        cont = np.asarray(cont).reshape(b, d) if d else np.zeros((b, 0))
        try:  # a policy's 0.9 or 2**32 for a head is its bug: say so rather than send 0
            return pb.ActResponse(discrete=from_numpy(disc, np.int32, "discrete"),
                                  continuous=from_numpy(cont, np.float32, "continuous"))
        except (ValueError, TypeError) as e:
            _abort(context, grpc.StatusCode.INTERNAL, f"act: policy of {self.info.name}: {e}")


class AgentServer:
    """A running AgentService. ``address`` is where it listens (the port resolved)."""

    def __init__(self, server: grpc.Server, address: str):
        self._server = server
        self.address = address
        self._stopped = threading.Event()

    def wait(self) -> None:
        """Blocks until the server stops."""
        self._server.wait_for_termination()

    def stop(self, grace: float | None = 1.0) -> None:
        """Stops the server, letting calls in flight finish within ``grace`` seconds."""
        if not self._stopped.is_set():
            self._stopped.set()
            self._server.stop(grace).wait()

    def __enter__(self) -> AgentServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()


def serve_agent(
    policy: Policy,
    address: str = "127.0.0.1:0",
    *,
    name: str = "python-agent",
    games: Iterable[str] = (),
    version: str = "",
    max_workers: int = 4,
) -> AgentServer:
    """Serves ``policy`` as an AgentService at ``address`` (``host:port``, port 0 for a free
    one, or ``unix:///abs/path``) and returns the running server.

    ``games`` limits the game ids it accepts (empty: any). A policy that raises fails that
    call (UNKNOWN) and the server goes on.
    """
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=max_workers))
    pb_grpc.add_AgentServiceServicer_to_server(_Servicer(policy, name, games, version), server)
    port = server.add_insecure_port(address)
    if port == 0:
        raise OSError(f"serve_agent: cannot listen on {address}")
    if not address.startswith("unix:"):
        host = address.rsplit(":", 1)[0]
        address = f"{host}:{port}"
    server.start()
    return AgentServer(server, address)
