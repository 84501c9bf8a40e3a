"""The in-process backend under threads: pools of their own step concurrently, and two threads
on one pool are serialised (every step applied once, whole)."""

from __future__ import annotations

import threading

import numpy as np

from flickarena import Pool

PASS = {"discrete": np.tile(np.array([3, 0], np.int64), (8, 1)), "continuous": np.zeros((8, 1), np.float32)}  # Race: pass


def _run(threads: list[threading.Thread]) -> None:
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
        assert not t.is_alive(), "a thread hangs"


def _replay(game: str, n: int, seed: int, steps: int, **kwargs) -> list[np.ndarray]:
    """The state hashes of ``steps`` steps with random legal actions drawn from ``seed``."""
    out = []
    with Pool(game, n, illegal="replace", **kwargs) as p:
        b = p.reset(seed=seed)
        rng = np.random.default_rng(seed)
        for _ in range(steps):
            mask = b.action_mask
            disc = np.stack([((rng.random((n, k)) + 1) * mask[:, o : o + k]).argmax(1)
                             for o, k in zip(np.cumsum([0, *p.spaces.nvec[:-1]]), p.spaces.nvec, strict=True)], 1)
            cont = rng.uniform(p.spaces.dim_low, p.spaces.dim_high, (n, p.spaces.dims)).astype(np.float32)
            b = p.step({"discrete": disc, "continuous": cont})
            out.append(np.array(b.state_hash))
    return out


def test_threads_step_their_own_pools():
    games = ["flickago-v3", "race-v1", "flickemup/showdown-v9", "flickago-v3"]
    want = [_replay(g, 8, k, 40) for k, g in enumerate(games)]
    got: list = [None] * len(games)
    errors: list = []

    def work(k: int) -> None:
        try:
            got[k] = _replay(games[k], 8, k, 40)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    _run([threading.Thread(target=work, args=(k,)) for k in range(len(games))])
    assert not errors, errors
    for k, g in enumerate(games):
        assert all(np.array_equal(a, b) for a, b in zip(got[k], want[k], strict=True)), g


def test_two_threads_on_one_pool_are_serialised():
    steps = 300
    with Pool("race-v1", 8) as shared, Pool("race-v1", 8) as alone:
        shared.reset(seed=5)
        errors: list = []

        def work() -> None:
            try:
                for _ in range(steps):
                    shared.step(PASS)
            except Exception as e:  # pragma: no cover - reported below
                errors.append(e)

        _run([threading.Thread(target=work) for _ in range(2)])
        assert not errors, errors
        got = shared.step(PASS)  # the 601st step: its batch says where the 600 before led
        alone.reset(seed=5)
        for _ in range(2 * steps + 1):
            want = alone.step(PASS)
        assert np.array_equal(got.state_hash, want.state_hash)
        assert np.array_equal(got.episode, want.episode) and want.episode.min() > 0, "episodes ended on the way"
        assert np.array_equal(got.obs, want.obs)
