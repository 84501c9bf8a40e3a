"""The pool's teacher (PoolConfig.teacher) through the Python envs: ``info["teacher_action"]`` is
in the env's action space, playing it is legal, and a teacher changes no trajectory."""

from __future__ import annotations

import pytest

from flickarena import FlickVectorEnv
from flickarena.errors import FlickarenaError
from flickarena.single_env import FlickEnv


@pytest.mark.parametrize("fmt", ["native", "box", "multidiscrete"])
def test_teacher_action_in_every_format(backend, fmt):
    n = 3
    kw = dict(server=backend.target, opponent="aimer", action_format=fmt, illegal="reject", autoreset_mode="same_step")
    taught, plain = FlickVectorEnv("flickago-v3", n, teacher="aimer", **kw), FlickVectorEnv("flickago-v3", n, **kw)
    try:
        _, info = taught.reset(seed=4)
        _, info_plain = plain.reset(seed=4)
        for _ in range(25):
            advice = info["teacher_action"]
            assert info["_teacher_action"].all()
            assert "teacher_action" not in info_plain
            if fmt == "native":
                assert set(advice) == {"discrete", "continuous"} and advice["discrete"].shape == (n, 3)
            else:
                assert taught.action_space.contains(advice.astype(taught.action_space.dtype)), advice
            _, r, term, trunc, info = taught.step(advice)  # illegal="reject": the advice is legal
            _, r2, term2, trunc2, info_plain = plain.step(advice)
            assert (info["state_hash"] == info_plain["state_hash"]).all()
            assert (r == r2).all() and (term == term2).all() and (trunc == trunc2).all()
    finally:
        taught.close()
        plain.close()


def test_teacher_single_env_and_refusal(server):
    env = FlickEnv("flickago-v3", server=server.target, teacher="aimer", illegal="reject")
    try:
        _, info = env.reset(seed=2)
        for _ in range(10):
            action = info["teacher_action"]
            assert env.action_space.contains(action), action
            _, _, term, trunc, info = env.step(action)
            if term or trunc:
                _, info = env.reset()
    finally:
        env.close()
    with pytest.raises(FlickarenaError, match="config.teacher"):
        FlickVectorEnv("race-v1", 1, server=server.target, teacher="aimer")


def test_teacher_on_a_server_without_teachers(server, monkeypatch):
    """A server that does not know PoolConfig.teacher drops it (its PoolSpec echoes no teacher):
    the pool refuses to start rather than return batches without advice."""
    from flickarena.client import Client

    create = Client.create_pool

    def old_server(self, config, *a, **kw):
        spec = create(self, config, *a, **kw)
        spec.config.teacher = ""
        return spec

    monkeypatch.setattr(Client, "create_pool", old_server)
    with pytest.raises(FlickarenaError, match="does not support teachers"):
        FlickVectorEnv("flickago-v3", 2, server=server.target, teacher="aimer")
