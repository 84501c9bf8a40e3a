"""Exceptions of the Flickarena client.

Every error the server returns, from a unary call or in-band on a Session stream, becomes
one of these exceptions in one place, :func:`error_from_status`. The message is the server's:
it names the offending request field ("step.continuous: env 3 column 0 is nan; values must
be finite").
"""

from __future__ import annotations

import grpc


class FlickarenaError(Exception):
    """Base class of every error the server returns.

    Attributes:
        code: the gRPC status code.
        message: the server's message, naming the offending field.
    """

    code: grpc.StatusCode = grpc.StatusCode.UNKNOWN

    def __init__(self, message: str, code: grpc.StatusCode | None = None):
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

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


def error_from_status(code: grpc.StatusCode | int, message: str) -> FlickarenaError:
    """Returns the exception for a gRPC status code (enum or number) and message."""
    if isinstance(code, int):
        code = _BY_NUMBER.get(code, grpc.StatusCode.UNKNOWN)
    cls = _BY_CODE.get(code, FlickarenaError)
    return cls(message, code)


def error_from_rpc(e: grpc.RpcError) -> FlickarenaError:
    """Returns the exception for a failed gRPC call."""
    code = e.code() if hasattr(e, "code") else grpc.StatusCode.UNKNOWN
    details = e.details() if hasattr(e, "details") else str(e)
    return error_from_status(code, details or "")
