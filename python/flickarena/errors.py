"""Exceptions of the Flickarena client.

Every error the games return, from a unary call, in-band on a Session stream or from the
in-process library (a serialized ``google.rpc.Status``, :func:`error_from_rpc_status`),
becomes one of these exceptions in one place, :func:`error_from_status`. The message is the server's:
it names the offending request field ("step.continuous: env 3 column 0 is nan; values must
be finite"). The same facts come in the status's standard ``google.rpc`` details
(``BadRequest``, ``ErrorInfo``), read into attributes so that a client corrects a request
without parsing the message::

    try:
        batch = client.step(request)
    except InvalidArgumentError as e:
        if e.reason == ILLEGAL_ACTION:
            actions[e.env] = fallback(e.env)  # the env whose action was refused; nothing changed
"""

from __future__ import annotations

from collections.abc import Sequence

import grpc
from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2

# The domain of the server's google.rpc.ErrorInfo details, and their reasons.
ERROR_DOMAIN = "flickarena.v1"
ILLEGAL_ACTION = "ILLEGAL_ACTION"
"""An env's action, or a value of its row, is refused (``env``, ``field``, ``part``)."""
ENV_NOT_RESET = "ENV_NOT_RESET"
"""An env was never reset: call Reset first (``env``)."""
EPISODE_OVER = "EPISODE_OVER"
"""An env's episode is over with autoreset disabled: reset it with a masked Reset (``env``)."""

_STATUS_DETAILS_KEY = "grpc-status-details-bin"


class FlickarenaError(Exception):
    """Base class of every error the server returns.

    Attributes:
        code: the gRPC status code.
        message: the server's message, naming the offending field.
        details: the status's details (``google.protobuf.Any``), as the server sent them.
        violations: the ``google.rpc.BadRequest`` field violations, as (field path,
            description) pairs; the path ends with ``[i]`` when the fault is env i's row
            ("step.discrete[3]").
        reason: the ``google.rpc.ErrorInfo`` reason of an error that concerns one env
            (:data:`ILLEGAL_ACTION`, :data:`ENV_NOT_RESET`, :data:`EPISODE_OVER`), else None.
        env: the index of that env in the pool, else None.
        field: the request field at fault ("step.discrete", "config.options"), else None.
        part: the part of the env's action at fault (``discrete[1] "target"``,
            ``continuous[0] "vx"``, "action" for a joint rule, "column 0" of a non-finite
            value), else None.
    """

    code: grpc.StatusCode = grpc.StatusCode.UNKNOWN

    def __init__(self, message: str, code: grpc.StatusCode | None = None, details: Sequence[any_pb2.Any] = ()):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = list(details)
        self.violations: list[tuple[str, str]] = []
        self.reason: str | None = None
        self.env: int | None = None
        self.field: str | None = None
        self.part: str | None = None
        for d in self.details:
            if d.Is(error_details_pb2.BadRequest.DESCRIPTOR):
                br = error_details_pb2.BadRequest()
                d.Unpack(br)
                self.violations += [(v.field, v.description) for v in br.field_violations]
            elif d.Is(error_details_pb2.ErrorInfo.DESCRIPTOR):
                info = error_details_pb2.ErrorInfo()
                d.Unpack(info)
                if info.domain == ERROR_DOMAIN and info.metadata.get("env", "").isdigit():
                    self.reason, self.env = info.reason, int(info.metadata["env"])
                    self.field = info.metadata.get("field") or None
                    self.part = info.metadata.get("part") or None
        if self.field is None and self.violations:
            self.field = self.violations[0][0].split("[", 1)[0]

    def __str__(self) -> str:
        return f"{self.code.name}: {self.message}"


class InvalidArgumentError(FlickarenaError, ValueError):
    """A wrong shape, dtype or value, an illegal action, a bad option (INVALID_ARGUMENT)."""

    code = grpc.StatusCode.INVALID_ARGUMENT


class NotFoundError(FlickarenaError, LookupError):
    """An unknown pool or game (NOT_FOUND)."""

    code = grpc.StatusCode.NOT_FOUND


class ResourceExhaustedError(FlickarenaError):
    """A request over one of the server's limits (RESOURCE_EXHAUSTED)."""

    code = grpc.StatusCode.RESOURCE_EXHAUSTED


class FailedPreconditionError(FlickarenaError):
    """A step on an env that must be reset first (FAILED_PRECONDITION)."""

    code = grpc.StatusCode.FAILED_PRECONDITION


class UnauthenticatedError(FlickarenaError, PermissionError):
    """A missing or wrong bearer token (UNAUTHENTICATED)."""

    code = grpc.StatusCode.UNAUTHENTICATED


class GameFaultError(FlickarenaError):
    """A game failed (returned an error or panicked) during the call (INTERNAL).

    The other envs of the pool have stepped; reset the pool to resynchronise.
    """

    code = grpc.StatusCode.INTERNAL


class UnavailableError(FlickarenaError, ConnectionError):
    """The server cannot be reached or is shutting down (UNAVAILABLE)."""

    code = grpc.StatusCode.UNAVAILABLE


class DeadlineExceededError(FlickarenaError, TimeoutError):
    """The call took longer than its timeout (DEADLINE_EXCEEDED)."""

    code = grpc.StatusCode.DEADLINE_EXCEEDED


class InProcessError(FlickarenaError):
    """The in-process backend cannot serve this process (FAILED_PRECONDITION): its library
    is missing, cannot be built or loaded, speaks another ABI version, or was loaded before
    this process was forked (the Go runtime does not survive a fork). The message says what
    to do; ``server=`` reaches an env server instead."""

    code = grpc.StatusCode.FAILED_PRECONDITION


_BY_CODE: dict[grpc.StatusCode, type[FlickarenaError]] = {
    cls.code: cls
    for cls in (
        InvalidArgumentError,
        NotFoundError,
        ResourceExhaustedError,
        FailedPreconditionError,
        UnauthenticatedError,
        GameFaultError,
        UnavailableError,
        DeadlineExceededError,
    )
}

_BY_NUMBER: dict[int, grpc.StatusCode] = {c.value[0]: c for c in grpc.StatusCode}


def error_from_status(
    code: grpc.StatusCode | int, message: str, details: Sequence[any_pb2.Any] = ()
) -> FlickarenaError:
    """Returns the exception for a gRPC status code (enum or number), message and details
    (``google.rpc.Status.details``, or ``Error.details`` of a Session)."""
    if isinstance(code, int):
        code = _BY_NUMBER.get(code, grpc.StatusCode.UNKNOWN)
    cls = _BY_CODE.get(code, FlickarenaError)
    return cls(message, code, details)


def error_from_rpc_status(status: status_pb2.Status) -> FlickarenaError:
    """Returns the exception for a ``google.rpc.Status`` message: what the in-process
    library (:mod:`flickarena._inproc`) returns, serialized, for a failed call. Its code,
    message and details are those the server's gRPC status carries, so the exception is the
    one the gRPC path raises."""
    return error_from_status(status.code, status.message, status.details)


def _status_details(e: grpc.RpcError) -> Sequence[any_pb2.Any]:
    """The details of a failed call's google.rpc.Status (its grpc-status-details-bin
    trailer); none if it has no such trailer or the trailer is not a Status."""
    trailer = e.trailing_metadata() if hasattr(e, "trailing_metadata") else None
    for key, value in trailer or ():
        if key == _STATUS_DETAILS_KEY and isinstance(value, bytes):
            try:
                return list(status_pb2.Status.FromString(value).details)
            except Exception:  # a foreign or corrupt trailer: the message still says it all
                return []
    return []


def error_from_rpc(e: grpc.RpcError) -> FlickarenaError:
    """Returns the exception for a failed gRPC call."""
    code = e.code() if hasattr(e, "code") else grpc.StatusCode.UNKNOWN
    message = e.details() if hasattr(e, "details") else str(e)
    return error_from_status(code, message or "", _status_details(e))
