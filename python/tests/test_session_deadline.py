"""Every call on a Session stream has a deadline: against a stopped server (SIGSTOP) ``step()``
raises DeadlineExceededError, and ``close()`` and ``__del__`` return, instead of blocking
until the server resumes (which froze a whole split env)."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import flickarena
from flickarena.client import Client
from flickarena.launch import EnvServer
from flickarena.pool import Pool
from flickarena.split_pool import SplitPool

# How long a call may block before the test calls it a hang: far above the 1 s deadlines, so
# that only a call that ignores its deadline fails the test (never a slow machine), and the
# test ends instead of hanging on a client without deadlines.
HANG = 60.0


def bounded(call: Callable[[], Any]) -> tuple[str, Any]:
    """Runs call in a thread and returns ("ok", result) or ("raised", exception), or
    ("blocked", None) if it has not returned after HANG seconds."""
    out: list[tuple[str, Any]] = []

    def run() -> None:
        try:
            out.append(("ok", call()))
        except BaseException as e:  # reported to the test
            out.append(("raised", e))

    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(HANG)
    return out[0] if out else ("blocked", None)


def stop(pid: int) -> None:
    """Sends SIGSTOP to pid and waits until it has stopped: on a loaded machine a thread of the
    server can still be running (and answer a call) for a while after kill() returns."""
    os.kill(pid, signal.SIGSTOP)
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        with open(f"/proc/{pid}/stat") as f:
            if f.read().rsplit(")", 1)[1].split()[0] == "T":
                return
        time.sleep(0.001)
    raise AssertionError(f"process {pid} has not stopped {HANG} s after SIGSTOP")


def actions(n: int) -> dict[str, np.ndarray]:
    return {"discrete": np.zeros((n, 2), np.int64), "continuous": np.zeros((n, 1), np.float32)}


@pytest.fixture
def stoppable():
    """Two envservers of their own; the test may SIGSTOP the first. Both are resumed and
    stopped at the end."""
    servers = [EnvServer(), EnvServer()]
    yield servers
    for s in servers:
        os.kill(s.process.pid, signal.SIGCONT)
        assert s.stop() == 0, s.read_log()
        s.cleanup()


def test_session_calls_have_a_deadline(stoppable):
    server = stoppable[0]
    client = Client(server.target, timeout=1.0)
    pool = Pool("race-v1", 2, server=client, transport="session", illegal="replace")
    other = Pool("race-v1", 2, server=client, transport="session")
    pool.reset(seed=1)
    stop(server.process.pid)
    try:
        kind, got = bounded(lambda: pool.step(actions(2)))
        assert kind == "raised", f"step() against a stopped server: {kind} {got!r}"
        assert isinstance(got, flickarena.DeadlineExceededError) and isinstance(got, TimeoutError), repr(got)
        assert "deadline" in str(got)
        # The session is cancelled: later calls fail at once, naming why.
        with pytest.raises(flickarena.FlickarenaError, match="session closed"):
            pool.step(actions(2))
        kind, got = bounded(lambda: pool.close(timeout=1.0))
        assert kind == "ok", f"close(timeout=1.0) against a stopped server: {kind} {got!r}"
        kind, got = bounded(other.__del__)  # close(timeout=2.0), what garbage collection runs
        assert kind == "ok", f"__del__ against a stopped server: {kind} {got!r}"
        assert other.closed
    finally:
        os.kill(server.process.pid, signal.SIGCONT)
    client.close()


def test_a_stopped_server_does_not_freeze_a_split_env(stoppable):
    """A split env over a stopped server and a running one: step() raises, naming the stopped
    server, and close() returns."""
    clients = [Client(s.target, timeout=1.0) for s in stoppable]
    split = SplitPool("race-v1", 4, clients, transport="session", illegal="replace")
    split.reset(seed=1)
    stop(stoppable[0].process.pid)
    try:
        kind, got = bounded(lambda: split.step(actions(4)))
        assert kind == "raised", f"step() with one server stopped: {kind} {got!r}"
        assert isinstance(got, flickarena.DeadlineExceededError), repr(got)
        assert f"server {stoppable[0].target}:" in str(got)
        kind, got = bounded(lambda: split.close(timeout=1.0))
        assert kind == "ok", f"close(timeout=1.0) with one server stopped: {kind} {got!r}"
    finally:
        os.kill(stoppable[0].process.pid, signal.SIGCONT)
    for c in clients:
        c.close()


def test_a_session_still_works_after_slow_answers(server):
    """The deadline counts per call: a session used for longer than its timeout goes on."""
    client = Client(server.target, timeout=2.0)
    with Pool("race-v1", 2, server=client, transport="session", illegal="replace") as pool:
        pool.reset(seed=1)
        time.sleep(2.2)
        pool.send(actions(2))
        time.sleep(0.2)
        assert pool.recv().obs.shape[0] == 2
    client.close()
