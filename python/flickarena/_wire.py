"""The gRPC transport of a pool: an env server reached through a :class:`~flickarena.client.Client`,
with unary calls or one Session stream."""

from __future__ import annotations

import time
from typing import Any

from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena.batch import Batch, decode_batch
from flickarena.client import Client, Session


class Wire:
    """The :class:`flickarena.pool.Transport` of one pool on an env server.

    Args:
        client: the connection; closed with the pool when ``own_client``.
        own_client: whether the pool owns ``client``.
        session: one Session stream (the pipelined hot path) rather than unary calls.
    """

    def __init__(self, client: Client, own_client: bool, session: bool):
        self.client = client
        self._own_client = own_client
        self._calls: Client | Session = client.session() if session else client
        self._spec: pb.PoolSpec | None = None

    def create_pool(self, config: pb.PoolConfig) -> pb.PoolSpec:
        """Creates the pool on the server."""
        self._spec = self._calls.create_pool(config)
        return self._spec

    def reset(self, request: pb.ResetRequest) -> Batch:
        """Resets envs of the pool; returns views of the answer's tensors."""
        return decode_batch(self._calls.reset(request))

    def step(self, request: pb.StepRequest) -> Batch:
        """Steps the pool; returns views of the answer's tensors."""
        return decode_batch(self._calls.step(request))

    def step_send(self, request: pb.StepRequest) -> Any:
        """Sends a step without waiting; returns the handle :meth:`step_recv` takes."""
        return self._calls.step_send(request)

    def step_recv(self, handle: Any) -> Batch:
        """Waits for the step :meth:`step_send` sent and returns its batch."""
        return decode_batch(self._calls.step_recv(handle))

    def spec(self) -> pb.PoolSpec:
        """Returns the spec the server gave at creation (the server has no call to ask again)."""
        if self._spec is None:
            raise RuntimeError("spec: no pool created")
        return self._spec

    def close(self, timeout: float | None = None) -> None:
        """Closes the pool, then the session and the connection if owned, within about
        ``timeout`` seconds (default the client's): a server that does not answer in time
        (stopped, unreachable) is left to close the pool itself, after its idle timeout or
        when the session ends."""
        start = time.monotonic()
        if self._spec is not None:
            try:
                self._calls.close_pool(self._spec.pool_id, timeout)
            except Exception:  # the server may be gone; the pool dies with it
                pass
        left = None if timeout is None else max(0.0, timeout - (time.monotonic() - start))
        if isinstance(self._calls, Session):
            self._calls.close(left)
        if self._own_client:
            self.client.close()
