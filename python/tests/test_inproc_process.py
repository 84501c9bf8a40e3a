"""The in-process backend and the process around it: fork, spawn and forkserver children,
Stable-Baselines3's SubprocVecEnv, signals, interpreter exit, and an import that loads
nothing."""

from __future__ import annotations

import functools
import multiprocessing
import os
import signal
import subprocess
import sys
import textwrap
import time

import gymnasium as gym
import numpy as np
import pytest

from flickarena import Pool
from flickarena.errors import InProcessError

PY = sys.executable
CHILD_TIMEOUT = 120  # seconds; a child that hangs fails the test instead of hanging it


def _script(code: str, *args: str, timeout: float = CHILD_TIMEOUT) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "-c", textwrap.dedent(code), *args], capture_output=True, text=True, timeout=timeout)


def _race_step(pool: Pool) -> None:
    n = pool.num_envs
    pool.step({"discrete": np.zeros((n, 2), np.int64), "continuous": np.zeros((n, 1), np.float32)})


def _use_in_child(queue, inherited: Pool | None) -> None:
    """Runs in a child: steps the inherited pool (if any), then a new pool of its own; puts
    what happened in the queue."""
    out = []
    if inherited is not None:
        try:
            _race_step(inherited)
            out.append("inherited: stepped")
        except InProcessError as e:
            out.append(f"inherited: InProcessError: {e.message}")
    try:
        with Pool("race-v1", 2) as p:
            p.reset(seed=3)
            _race_step(p)
            out.append(f"new: stepped {p.spec.config.num_envs}")
    except InProcessError as e:
        out.append(f"new: InProcessError: {e.message}")
    queue.put(out)


def _run_child(method: str, inherited: Pool | None) -> list[str]:
    ctx = multiprocessing.get_context(method)
    queue = ctx.Queue()
    child = ctx.Process(target=_use_in_child, args=(queue, inherited if method == "fork" else None))
    child.start()
    try:
        out = queue.get(timeout=CHILD_TIMEOUT)
    finally:
        child.join(CHILD_TIMEOUT)
        if child.is_alive():
            child.kill()
            pytest.fail(f"the {method} child hangs")
    assert child.exitcode == 0
    return out


def test_fork_after_use_raises_in_the_child():
    with Pool("race-v1", 2) as pool:
        pool.reset(seed=0)
        _race_step(pool)
        out = _run_child("fork", pool)
        assert len(out) == 2 and all(": InProcessError: " in o for o in out), out
        assert "does not survive fork" in out[0] and "'spawn' or 'forkserver'" in out[0]
        _race_step(pool)  # the parent's pool goes on


@pytest.mark.parametrize("method", ["spawn", "forkserver"])
def test_spawn_and_forkserver_children_work(method):
    with Pool("race-v1", 2) as pool:  # the parent has loaded the library
        pool.reset(seed=0)
        assert _run_child(method, None) == ["new: stepped 2"]


def test_import_loads_nothing():
    r = _script("""
        import flickarena, flickarena.sb3, flickarena._inproc as m
        maps = open("/proc/self/maps").read()
        print(m._library is None, "libflickarena" in maps)
    """)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["True", "False"]


@pytest.mark.parametrize("method", ["forkserver", "spawn"])
def test_sb3_subproc_vec_env(method):
    from stable_baselines3.common.vec_env import SubprocVecEnv

    # "flickarena:" makes Gymnasium import the package first: a forkserver child has not.
    make = functools.partial(gym.make, "flickarena:flickarena/race-v1", action_format="multidiscrete", max_episode_steps=5)
    venv = SubprocVecEnv([make, make], start_method=method)
    try:
        venv.seed(4)
        obs = venv.reset()
        assert obs.shape == (2, 8)
        ended = 0
        for _ in range(12):
            obs, rew, done, infos = venv.step(np.zeros((2, 3), np.int64))
            ended += int(done.sum())
        assert ended >= 4, "each env ends an episode every 5 steps"
    finally:
        venv.close()


LOOP = """
import signal, sys, numpy as np
from flickarena import Pool
pool = Pool("flickemup/showdown-v9", 64, illegal="replace")
b = pool.reset(seed=0)
act = {"discrete": np.zeros((64, 6), np.int64), "continuous": np.zeros((64, 3), np.float32)}
print("ready", flush=True)
steps = 0
try:
    while True:
        pool.step(act)
        steps += 1
except KeyboardInterrupt:
    b = pool.step(act)
    print("interrupted after", steps, "steps; stepped again:", b.obs.shape, flush=True)
    pool.close()
    print("closed", flush=True)
"""


def _start_loop() -> subprocess.Popen:
    p = subprocess.Popen([PY, "-c", LOOP], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert p.stdout is not None
    line = p.stdout.readline()
    assert line == "ready\n", line + p.stderr.read()
    time.sleep(0.5)  # in the stepping loop, most of the time inside the library
    return p


def test_sigint_gives_keyboard_interrupt_and_the_pool_goes_on():
    p = _start_loop()
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=CHILD_TIMEOUT)
    assert p.returncode == 0, err
    assert "stepped again: (64, 884)" in out and out.endswith("closed\n"), out + err


def test_sigterm_terminates_as_by_default():
    p = _start_loop()
    p.send_signal(signal.SIGTERM)
    out, err = p.communicate(timeout=CHILD_TIMEOUT)
    assert p.returncode == -signal.SIGTERM, (p.returncode, out, err)


def test_exit_with_pools_open():
    r = _script("""
        import numpy as np
        from flickarena import FlickVectorEnv, Pool
        a = Pool("race-v1", 4); a.reset(seed=0)
        b = Pool("flickago-v3", 8, illegal="replace"); b.reset(seed=1)
        b.send({"discrete": np.zeros((8, 3), np.int64), "continuous": np.zeros((8, 2), np.float32)})  # in flight
        envs = FlickVectorEnv("flickemup/showdown-v9", 4); envs.reset(seed=2)
        keep = [a, b, envs]
        print("done", flush=True)
    """, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout == "done\n" and r.stderr == "", r.stderr


def test_missing_library_is_a_clear_error(tmp_path):
    code = textwrap.dedent("""
        import flickarena
        try:
            flickarena.Pool("race-v1", 1)
        except flickarena.errors.InProcessError as e:
            print(e)
    """)
    env = {**os.environ, "FLICKARENA_LIB": str(tmp_path / "nothing.so")}
    r = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("FAILED_PRECONDITION: $FLICKARENA_LIB is") and "nothing.so" in r.stdout, r.stdout


def test_no_go_to_build_the_library_is_a_clear_error(tmp_path):
    code = textwrap.dedent("""
        import flickarena
        try:
            flickarena.Pool("race-v1", 1)
        except flickarena.errors.InProcessError as e:
            print(e)
    """)
    env = {k: v for k, v in os.environ.items() if k != "FLICKARENA_LIB"}
    env["PATH"] = str(tmp_path)  # no go there
    r = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=60, env=env)
    assert r.returncode == 0, r.stderr
    assert "no library and no `go` on the PATH to build it from" in r.stdout and "cmd/libflickarena" in r.stdout, r.stdout
