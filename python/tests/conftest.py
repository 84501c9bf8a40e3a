"""Fixtures: real envserver processes, started once per test session.

The binary is $FLICKARENA_ENVSERVER (`make python-test` builds it), else one is built with
`go build`. Servers listen only on unix sockets in private temporary directories or on
127.0.0.1, and every call has a timeout (flickarena.Client's default).
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
