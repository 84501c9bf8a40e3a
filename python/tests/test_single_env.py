"""The num_envs=1 adapter passes Gymnasium's env checker, in every action format."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import flickarena


@pytest.mark.parametrize("fmt", ["native", "box", "multidiscrete"])
@pytest.mark.parametrize("options", [{}, {"players": 3, "rounds": 2}])
def test_check_env(backend, fmt, options):
    env = gym.make("flickarena/race-v1", server=backend.target, action_format=fmt, options=options)
    try:
        assert isinstance(env.unwrapped, flickarena.FlickEnv)
        check_env(env.unwrapped, skip_render_check=True)
    finally:
        env.close()


def test_episode(backend):
    env = flickarena.FlickEnv(server=backend.target)
    try:
        obs, info = env.reset(seed=4)
        first = obs.copy()
        steps, ret = 0, 0.0
        done = False
        while not done:
            obs, r, term, trunc, info = env.step({"discrete": np.array([0, 0]), "continuous": np.array([0.0], np.float32)})
            steps, ret, done = steps + 1, ret + r, term or trunc
        assert steps == 5, "five own turns in a two-player game of five rounds"
        assert info["episode_return"] == ret and info["episode_length"] == 5
        with pytest.raises(flickarena.FailedPreconditionError):
            env.step({"discrete": np.array([0, 0]), "continuous": np.array([0.0], np.float32)})
        np.testing.assert_array_equal(env.reset(seed=4)[0], first)
    finally:
        env.close()
