"""A thin connection to a Flickarena env server.

:class:`Client` wraps the generated EnvService stub: one method per RPC, protobuf messages in
and out, every gRPC error turned into a :mod:`flickarena.errors` exception. It holds no RL
logic; :mod:`flickarena.pool` builds on it.

Targets are ``host:port`` or ``unix:///abs/path``. The token, if any, is sent as
``authorization: Bearer <token>``. The default target and token come from the environment
variables ``FLICKARENA_SERVER`` (else ``127.0.0.1:50051``) and ``FLICKARENA_TOKEN``.
"""

from __future__ import annotations

import os
import queue
from typing import Any

import grpc

from flickarena._deadline import Watchdog
from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena._gen.v1 import flickarena_pb2_grpc as pb_grpc
from flickarena.errors import DeadlineExceededError, FlickarenaError, error_from_rpc, error_from_status

DEFAULT_SERVER = "127.0.0.1:50051"
DEFAULT_MAX_MESSAGE_BYTES = 64 << 20
PROTOCOL_MAJOR = "1"


def default_server() -> str:
    """Returns $FLICKARENA_SERVER, or 127.0.0.1:50051."""
    return os.environ.get("FLICKARENA_SERVER") or DEFAULT_SERVER


class Client:
    """A connection to an env server.

    Args:
        target: ``host:port`` or ``unix:///abs/path``; default :func:`default_server`.
        token: bearer token; default $FLICKARENA_TOKEN (none if unset).
        timeout: seconds each call may take, unary or on a session.
        max_message_bytes: the largest message either way; the default, 64 MiB, is the
            server's default limit. A server started with a larger ``--max-message-bytes``
            (``server_info().limits.max_message_bytes``) sends batches up to its limit: pass
            that value here, or a large pool's batches fail with RESOURCE_EXHAUSTED.
    """

    def __init__(
        self,
        target: str | None = None,
        token: str | None = None,
        timeout: float = 60.0,
        max_message_bytes: int = DEFAULT_MAX_MESSAGE_BYTES,
    ):
        self.target = target or default_server()
        token = token if token is not None else os.environ.get("FLICKARENA_TOKEN")
        self.timeout = timeout
        self._metadata = (("authorization", f"Bearer {token}"),) if token else None
        self._channel = grpc.insecure_channel(
            self.target,
            options=[
                ("grpc.max_receive_message_length", max_message_bytes),
                ("grpc.max_send_message_length", max_message_bytes),
            ],
        )
        self._stub = pb_grpc.EnvServiceStub(self._channel)

    def _call(self, method: Any, request: Any, timeout: float | None = None) -> Any:
        try:
            return method(request, timeout=timeout or self.timeout, metadata=self._metadata)
        except grpc.RpcError as e:
            raise error_from_rpc(e) from None

    def server_info(self) -> pb.GetServerInfoResponse:
        """Returns the server's versions, capabilities, limits, games and opponents."""
        info = self._call(self._stub.GetServerInfo, pb.GetServerInfoRequest())
        if info.protocol_version.split(".")[0] != PROTOCOL_MAJOR:
            raise FlickarenaError(
                f"server speaks protocol {info.protocol_version}, this client {PROTOCOL_MAJOR}.x"
            )
        return info

    def list_games(self) -> list[pb.GameInfo]:
        """Returns every registered game with its spec under default options, sorted by id:
        the pages of ListGames followed to the last (a server with thousands of scenario
        files answers in several)."""
        games: list[pb.GameInfo] = []
        token = ""
        while True:
            resp = self._call(self._stub.ListGames, pb.ListGamesRequest(page_token=token))
            games.extend(resp.games)
            if not resp.next_page_token:
                return games
            if resp.next_page_token == token or not resp.games:
                raise FlickarenaError(f"ListGames: the server repeated the page token {token!r}")
            token = resp.next_page_token

    def create_pool(self, config: pb.PoolConfig) -> pb.PoolSpec:
        """Creates a pool and returns its spec."""
        return self._call(self._stub.CreatePool, pb.CreatePoolRequest(config=config)).spec

    def reset(self, request: pb.ResetRequest) -> pb.Batch:
        """Resets envs of a pool and returns the batch."""
        return self._call(self._stub.Reset, request).batch

    def step(self, request: pb.StepRequest) -> pb.Batch:
        """Steps a pool and returns the batch."""
        return self._call(self._stub.Step, request).batch

    def step_send(self, request: pb.StepRequest) -> Any:
        """Sends a Step without waiting: returns the handle :meth:`step_recv` takes."""
        return self._stub.Step.future(request, timeout=self.timeout, metadata=self._metadata)

    def step_recv(self, handle: Any) -> pb.Batch:
        """Waits for the Step sent with :meth:`step_send` and returns its batch."""
        try:
            return handle.result().batch
        except grpc.RpcError as e:
            raise error_from_rpc(e) from None

    def close_pool(self, pool_id: str, timeout: float | None = None) -> None:
        """Closes a pool."""
        self._call(self._stub.ClosePool, pb.ClosePoolRequest(pool_id=pool_id), timeout)

    def session(self) -> Session:
        """Opens a Session stream (the pipelined hot path) on this connection; each of its
        calls has the client's timeout as its deadline."""
        return Session(self._stub, self._metadata, self.timeout)

    def close(self) -> None:
        """Closes the connection."""
        self._channel.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_END = object()


class Session:
    """A Session stream: the same calls as :class:`Client`, answered in order on one stream.

    In-band errors raise the same exceptions as the unary calls; the stream goes on. Every
    call has a deadline, as a unary call has: its answer may take ``timeout`` seconds (the
    client's) from the moment the call waits for it. A call not answered by then raises
    :class:`~flickarena.errors.DeadlineExceededError` and cancels the stream (the answers
    come in order, so the session cannot go on without the late one): later calls raise,
    and the server closes the session's pools, as it does whenever a session ends. Not
    thread-safe.
    """

    def __init__(self, stub: pb_grpc.EnvServiceStub, metadata: Any, timeout: float = 60.0):
        self.timeout = timeout
        self._requests: queue.SimpleQueue = queue.SimpleQueue()
        self._responses = stub.Session(iter(self._requests.get, _END), metadata=metadata)
        self._watchdog = Watchdog(self._responses.cancel, "flickarena-session-deadline")
        self._next_id = 0
        self._closed = False

    def _call(self, timeout: float | None = None, **kind: Any) -> pb.SessionResponse:
        return self._recv(self._send(**kind), timeout)

    def _send(self, **kind: Any) -> int:
        if self._closed:
            raise FlickarenaError("session closed", grpc.StatusCode.FAILED_PRECONDITION)
        self._next_id += 1
        self._requests.put(pb.SessionRequest(request_id=self._next_id, **kind))
        return self._next_id

    def _recv(self, request_id: int, timeout: float | None = None) -> pb.SessionResponse:
        if self._closed:
            raise FlickarenaError("session closed", grpc.StatusCode.FAILED_PRECONDITION)
        timeout = timeout or self.timeout
        self._watchdog.arm(timeout)
        try:
            resp = next(self._responses)
        except grpc.RpcError as e:
            self._end()
            if self._watchdog.disarm():
                raise DeadlineExceededError(
                    f"session: no answer to request {request_id} within its deadline of {timeout:g} s "
                    f"(the server is stopped, overloaded or unreachable); the session is cancelled, "
                    f"and the server closes its pools"
                ) from None
            raise error_from_rpc(e) from None
        except StopIteration:
            self._watchdog.disarm()
            self._end()
            raise error_from_status(grpc.StatusCode.UNAVAILABLE, "session ended by the server") from None
        if self._watchdog.disarm():
            self._end()  # cancelled just as the answer came: the stream is gone
        if resp.request_id != request_id:
            raise FlickarenaError(f"session answered request {resp.request_id}, want {request_id}")
        if resp.HasField("error"):
            raise error_from_status(resp.error.code, resp.error.message, resp.error.details)
        return resp

    def _end(self) -> None:
        """Marks the session closed and ends the request stream (gRPC's thread that sends
        the requests waits for it)."""
        if not self._closed:
            self._closed = True
            self._requests.put(_END)

    def create_pool(self, config: pb.PoolConfig) -> pb.PoolSpec:
        """Creates a pool owned by this session and returns its spec."""
        return self._call(create_pool=pb.CreatePoolRequest(config=config)).create_pool.spec

    def reset(self, request: pb.ResetRequest) -> pb.Batch:
        """Resets envs of a pool and returns the batch."""
        return self._call(reset=request).reset.batch

    def step(self, request: pb.StepRequest) -> pb.Batch:
        """Steps a pool and returns the batch."""
        return self._call(step=request).step.batch

    def step_send(self, request: pb.StepRequest) -> int:
        """Sends a Step without waiting for its answer; returns the handle of :meth:`step_recv`.
        Answers come in order: receive each before the next call on this session."""
        return self._send(step=request)

    def step_recv(self, handle: int) -> pb.Batch:
        """Waits for the Step sent with :meth:`step_send` and returns its batch."""
        return self._recv(handle).step.batch

    def close_pool(self, pool_id: str, timeout: float | None = None) -> None:
        """Closes a pool, waiting ``timeout`` seconds at most (default the session's)."""
        self._call(timeout, close_pool=pb.ClosePoolRequest(pool_id=pool_id))

    def close(self, timeout: float | None = None) -> None:
        """Ends the stream (the server closes the session's pools), waiting ``timeout``
        seconds at most (default the session's) for the server to answer what it received;
        then the stream is cancelled."""
        self._end()
        self._watchdog.arm(timeout if timeout is not None else self.timeout)
        try:
            for _ in self._responses:
                pass
        except grpc.RpcError:
            pass
        self._watchdog.stop()
