"""FlickVectorEnv through gymnasium.make_vec: registration, declared autoreset modes, seeding,
action formats, views, and Gymnasium's standard vector wrappers."""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers import vector as vw

import flickarena
from flickarena import FlickVectorEnv

GYM_ID = "flickarena/race-v1"


def make(server, n=8, **kwargs):
    return gym.make_vec(GYM_ID, num_envs=n, vectorization_mode="vector_entry_point", server=server.target, **kwargs)


def legal(envs, info, rng):
    """Random legal native actions from the masks in info."""
    mask = info["action_mask"]
    n = len(mask)
    disc = np.zeros((n, 2), dtype=np.int64)
    for i in range(n):
        disc[i, 0] = rng.choice(np.flatnonzero(mask[i, :4]))
    return {"discrete": disc, "continuous": rng.uniform(-1, 1, (n, 1)).astype(np.float32)}


def test_make_vec(server):
    envs = make(server)
    try:
        assert isinstance(envs, FlickVectorEnv)
        assert isinstance(envs.metadata["autoreset_mode"], AutoresetMode)
        assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
        assert envs.num_envs == 8
        assert envs.single_observation_space.shape == (8,)
        assert envs.observation_space.shape == (8, 8)
        assert envs.single_action_space["discrete"].nvec.tolist() == [4, 1]
        obs, info = envs.reset(seed=0)
        assert obs.shape == (8, 8) and obs.dtype == np.float32 and obs in envs.observation_space
        assert info["action_mask"].shape == (8, 5) and info["_action_mask"].all()
        assert envs.spec.id == GYM_ID
    finally:
        envs.close()
    assert GYM_ID in flickarena.register_server_games(server.target)


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP, AutoresetMode.DISABLED])
def test_autoreset_modes(backend, mode):
    envs = make(backend, 4, autoreset_mode=mode, max_episode_steps=3)
    rng = np.random.default_rng(0)
    try:
        assert envs.metadata["autoreset_mode"] == mode
        obs, info = envs.reset(seed=1)
        for _ in range(3):
            obs, rew, term, trunc, info = envs.step(legal(envs, info, rng))
        done = term | trunc
        assert done.all(), "every episode ends at the step limit of 3"
        assert (info["episode_length"] == 3).all() and info["_episode_length"].all()
        if mode == AutoresetMode.NEXT_STEP:
            obs, rew, term, trunc, info = envs.step(legal(envs, info, rng))
            assert not (term | trunc).any() and (rew == 0).all(), "the step after the end resets"
            assert (info["episode_number"] == 1).all()
        elif mode == AutoresetMode.SAME_STEP:
            assert info["_final_obs"].all()
            assert all(f.shape == (8,) for f in info["final_obs"])
            assert (info["episode_number"] == 1).all(), "same-step: obs is the next episode's"
        else:
            with pytest.raises(flickarena.FailedPreconditionError):
                envs.step(legal(envs, info, rng))
            obs, info = envs.reset(options={"reset_mask": np.array([True, False, True, False])})
            assert info["episode_number"].tolist() == [1, 0, 1, 0]
            obs, info = envs.reset(options={"reset_mask": np.array([False, True, False, True])})
            obs, rew, term, trunc, info = envs.step(legal(envs, info, rng))
            assert not (term | trunc).any()
    finally:
        envs.close()


def test_seeding(backend):
    envs = make(backend, 4)
    try:
        a, _ = envs.reset(seed=7)
        b, _ = envs.reset(seed=7)
        np.testing.assert_array_equal(a, b)
        c, _ = envs.reset(seed=[1, 2, 3, 4])
        d, _ = envs.reset(seed=[1, 9, 3, 4])
        np.testing.assert_array_equal(c[[0, 2, 3]], d[[0, 2, 3]])
        assert not np.array_equal(c[1], d[1])
    finally:
        envs.close()


@pytest.mark.parametrize("fmt", ["native", "box", "multidiscrete"])
def test_action_formats(backend, fmt):
    envs = make(backend, 6, action_format=fmt)
    try:
        envs.action_space.seed(0)
        envs.reset(seed=0)
        ended = 0
        for _ in range(20):
            _, _, term, trunc, info = envs.step(envs.action_space.sample())
            ended += int((term | trunc).sum())
        assert ended >= 6, "random actions (illegal ones replaced) still finish games"
        assert info["illegal"].dtype == bool
        if fmt == "box":
            assert isinstance(envs.single_action_space, gym.spaces.Box) and envs.single_action_space.shape == (6,)
        if fmt == "multidiscrete":
            assert envs.single_action_space.nvec.tolist() == [4, 1, 11]
    finally:
        envs.close()


def test_self_play_view(backend):
    envs = make(backend, 4, view="self_play")
    rng = np.random.default_rng(4)
    try:
        obs, info = envs.reset(seed=3)
        for _ in range(12):
            mover = info["current_player"].copy()
            obs, rew, term, trunc, info = envs.step(legal(envs, info, rng))
            allr = info["reward_all_seats"]
            np.testing.assert_array_equal(rew, allr[np.arange(4), mover])
    finally:
        envs.close()


def test_standard_wrappers(backend):
    """Gymnasium's vector wrappers run unchanged on top; RecordEpisodeStatistics agrees
    with the server's episode statistics."""
    envs = make(backend, 8, illegal="replace")
    wrapped = vw.RecordEpisodeStatistics(envs)
    wrapped = vw.NormalizeObservation(wrapped)
    wrapped = vw.NormalizeReward(wrapped)
    wrapped = vw.ClipReward(wrapped, -5, 5)
    wrapped = vw.TransformObservation(wrapped, lambda o: o * 2, wrapped.observation_space)
    wrapped = vw.DtypeObservation(wrapped, np.float64)
    rng = np.random.default_rng(5)
    try:
        obs, info = wrapped.reset(seed=2)
        assert obs.dtype == np.float64 and obs.shape == (8, 8)
        seen = 0
        for _ in range(30):
            obs, rew, term, trunc, info = wrapped.step(legal(envs, info, rng))
            if "episode" in info:
                ended = info["_episode"]
                np.testing.assert_allclose(info["episode"]["r"][ended], info["episode_return"][ended, 0], atol=1e-6)
                np.testing.assert_array_equal(info["episode"]["l"][ended], info["episode_length"][ended])
                seen += int(ended.sum())
        assert seen >= 8
        listed = vw.DictInfoToList(make(backend, 2))
        _, infos = listed.reset(seed=0)
        assert len(infos) == 2 and infos[0]["action_mask"].shape == (5,)
        listed.close()
    finally:
        wrapped.close()


def test_box_wrappers(backend):
    envs = make(backend, 4, action_format="box")
    try:
        # Bounds of the Box's own dtype (float32), so that Gymnasium need not lower their precision.
        wrapped = vw.ClipAction(vw.RescaleAction(envs, np.float32(0.0), np.float32(1.0)))
        wrapped.reset(seed=0)
        _, _, _, _, info = wrapped.step(np.full((4, 6), 0.75, np.float32))
        assert info["current_player"].shape == (4,)
    finally:
        envs.close()
