"""A game that fails inside the in-process library: the library's fault build (``-tags fault``,
the test-only game test/fault-v1) panics on demand; the caller gets an exception, the
interpreter goes on, and the other pools keep working.

The library is $FLICKARENA_FAULT_LIB (`make python-test` builds it), else it is built here with
Go. Its tests run in a child process: a process holds one library (one Go runtime), and the
fault build must never serve the other tests.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

from flickarena import _inproc

CHILD = textwrap.dedent("""
    import numpy as np
    import flickarena
    from flickarena import Pool, _inproc
    from flickarena._gen.v1 import flickarena_pb2 as pb

    PASS = {"discrete": np.tile([3, 0], (4, 1)), "continuous": np.zeros((4, 1), np.float32)}
    faulty = Pool("test/fault-v1", 4, options={"panic_step": 3})
    other = Pool("race-v1", 4)
    faulty.reset(seed=0)
    want = other.reset(seed=0)
    for t in range(1, 6):
        try:
            b = faulty.step(PASS)
            print("step", t, "episodes", b.episode.tolist(), "truncated", b.truncated.tolist())
        except flickarena.GameFaultError as e:
            print("step", t, "GameFaultError", e.message)
        other.step(PASS)
    print("other pool", other.step(PASS).obs.shape)
    try:
        Pool("test/fault-v1", 2, options={"panic_specs": "true"})
    except flickarena.FlickarenaError as e:
        print("create", type(e).__name__, e.message)
    try:
        _inproc.list_games(pb.ListGamesRequest(page_token="fault:panic"))
    except flickarena.FlickarenaError as e:
        print("list", type(e).__name__, e.message)
    faulty.close()
    print("alive")
""")


@pytest.fixture(scope="module")
def fault_lib(tmp_path_factory) -> str:
    path = os.environ.get("FLICKARENA_FAULT_LIB")
    if path:
        return path
    out = tmp_path_factory.mktemp("faultlib") / _inproc.LIB_NAME
    subprocess.run(["go", "build", "-tags", "fault", "-buildmode=c-shared", "-o", str(out), "./cmd/libflickarena"],
                   cwd=_inproc.repository(), check=True, capture_output=True)
    return str(out)


def test_a_game_fault_is_an_exception_and_the_rest_goes_on(fault_lib):
    env = {**os.environ, "FLICKARENA_LIB": fault_lib}
    r = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("step 1 episodes [0, 0, 0, 0]") and lines[1].startswith("step 2 "), r.stdout
    assert lines[2].startswith("step 3 GameFaultError env 0: step: game failed: panic: fault: step 3"), r.stdout
    assert lines[3].startswith("step 4 episodes [1, 1, 1, 1]"), "a faulted env starts its next episode: " + r.stdout
    assert lines[5] == "other pool (4, 8)"
    assert lines[6] == "create GameFaultError /flickarena.v1.EnvService/CreatePool: panic: fault: option specs", r.stdout
    assert lines[7] == "list GameFaultError fa_list_games: panic: fault: requested", r.stdout
    assert lines[8:] == ["alive"] and r.stderr == "", r.stderr
