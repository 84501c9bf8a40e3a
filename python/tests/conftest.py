"""Fixtures: real envserver processes, started once per test session, and the two backends.

The binary is $FLICKARENA_ENVSERVER (`make python-test` builds it), else one is built with
`go build`. Servers listen only on unix sockets in private temporary directories or on
127.0.0.1, and every call has a timeout (flickarena.Client's default). The in-process backend's
library is $FLICKARENA_LIB (`make python-test` builds it), else flickarena._inproc builds one.
"""

from __future__ import annotations

import pytest

from flickarena.launch import EnvServer

TOKEN = "test-token"


def _stop(server: EnvServer) -> None:
    code = server.stop()
    log = server.read_log()
    server.cleanup()
    assert code == 0, f"envserver exited with {code} after SIGTERM:\n{log}"
    assert "msg=stopped" in log, f"envserver did not shut down cleanly:\n{log}"


@pytest.fixture(scope="session")
def server():
    """An envserver on a unix socket, with default limits and no token."""
    s = EnvServer()
    yield s
    _stop(s)


class InProcess:
    """Stands for a server where a test runs on both backends: no target, so every pool runs
    in this process."""

    target = None


@pytest.fixture(params=["grpc", "inproc"])
def backend(request):
    """Each backend in turn, in the place of the server fixture: the envserver (``.target``
    its address), then the in-process library (``.target`` None)."""
    if request.param == "inproc":
        return InProcess()
    return request.getfixturevalue("server")


@pytest.fixture(scope="session")
def token() -> str:
    """The token limited_server requires."""
    return TOKEN


@pytest.fixture(scope="session")
def limited_server():
    """An envserver on 127.0.0.1 (a free port) that requires a token and has small limits."""
    s = EnvServer(["--max-envs-per-pool", "16", "--max-pools", "4"], listen="127.0.0.1:0", token=TOKEN)
    yield s
    _stop(s)
