"""The research helpers: observation fields by name, one flat mask shape everywhere, and the
replaced-actions counter and warning."""

from __future__ import annotations

import warnings

import gymnasium as gym
import numpy as np
import pytest

import flickarena
from flickarena import FlickVectorEnv
from flickarena.illegal import IllegalActionsWarning, ReplacedWatch
from flickarena.observation import ObsFields


def test_obs_fields_slice_the_observation(server):
    envs = FlickVectorEnv("flickago-v3", 3, server=server.target)
    try:
        obs, _ = envs.reset(seed=1)
        fields = ObsFields.of(envs)
        assert fields.size == obs.shape[1] and len(fields.names) == len(envs.pool.game.obs)
        start = 0
        for f, spec in zip(fields.fields, envs.pool.game.obs, strict=True):
            assert (f.name, f.size, f.doc) == (spec.name, spec.size, spec.doc) and f.start == start
            got = fields.get(obs, f.name)
            assert got.shape == (3, f.size)
            np.testing.assert_array_equal(got, obs[:, start:start + f.size])
            np.testing.assert_array_equal(fields.get(obs[0], f.name), obs[0, start:start + f.size])
            start += f.size
        assert set(fields.split(obs)) == set(fields.names)
        assert len(fields.describe().splitlines()) == len(fields.names)
        with pytest.raises(KeyError, match="no observation field 'nope'"):
            fields.get(obs, "nope")
        with pytest.raises(ValueError, match="last axis"):
            fields.get(obs[:, :-1], fields.names[0])
    finally:
        envs.close()
    with pytest.raises(TypeError, match="not a Flickarena env"):
        ObsFields.of(object())


@pytest.mark.parametrize("fmt", ["native", "box", "multidiscrete"])
def test_one_flat_mask_shape(server, fmt):
    """The vector env, the single env and PettingZoo give the same flat mask: the action
    space's (with multidiscrete, one mask per MultiDiscrete dimension, joined)."""
    envs = FlickVectorEnv("flickago-v3", 2, server=server.target, action_format=fmt)
    single = gym.make(flickarena.gym_id("flickago-v3"), server=server.target, action_format=fmt)
    aec = flickarena.env("flickago-v3", server=server.target, action_format=fmt)
    try:
        _, info = envs.reset(seed=5)
        _, sinfo = single.reset(seed=5)
        aec.reset(seed=5)
        size = envs.pool.spaces.mask_size
        assert info["action_mask"].shape == (2, size)
        assert sinfo["action_mask"].shape == (size,)
        assert aec.observe(aec.agent_selection)["action_mask"].shape == (size,)
        if fmt == "multidiscrete":
            assert size == int(envs.single_action_space.nvec.sum())
            # sample(mask) takes it, and the draw is legal.
            a = envs.single_action_space.sample(mask=info["action_mask"][0].astype(np.int8))
            assert info["action_mask"][0][np.cumsum(np.r_[0, envs.single_action_space.nvec[:-1]]) + a].all()
    finally:
        envs.close()
        single.close()
        aec.close()


def test_replaced_watch_counts_and_warns():
    w = ReplacedWatch(2, "multidiscrete", window=8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        ended = w.update(np.array([True, False]), np.array([False, False]))
        assert ended.tolist() == [0, 0]
        ended = w.update(np.array([True, True]), np.array([True, False]))
        assert ended.tolist() == [2, 0]  # env 0's episode had 2 replaced actions
    with pytest.warns(IllegalActionsWarning, match=r"75\.0% of the last 8 actions.*MaskablePPO.*box"):
        w.update(np.array([True, True]), np.array([False, False]))
        w.update(np.array([False, True]), np.array([False, True]))
    assert w.warned
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # once per env object
        for _ in range(8):
            w.update(np.array([True, True]), np.array([False, False]))


def test_vector_env_counts_replaced_actions(server):
    """Random multidiscrete actions, masks ignored: most are replaced; each ended episode's
    count is in info["episode_illegal"], and the env warns."""
    envs = FlickVectorEnv("flickago-v3", 8, server=server.target, action_format="multidiscrete", max_episode_steps=4)
    envs.replaced.window = 64
    envs.action_space.seed(0)
    try:
        envs.reset(seed=2)
        counts = []
        with pytest.warns(IllegalActionsWarning):
            for _ in range(16):
                _, _, term, trunc, info = envs.step(envs.action_space.sample())
                if "episode_illegal" in info:
                    done = info["_episode_illegal"]
                    np.testing.assert_array_equal(done, term | trunc)
                    counts.extend(info["episode_illegal"][done].tolist())
        assert counts and max(counts) <= 4 and sum(counts) > len(counts)
    finally:
        envs.close()
