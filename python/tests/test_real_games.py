"""The real games (Flickago and Flick 'em Up!) through every adapter: registration, Gymnasium's
env checker on the single env, make_vec under the standard vector wrappers with random legal
actions, PettingZoo's API and seed tests, and the action masks in obs["action_mask"].

Real games are long (a random Flick 'em Up! game lasts about 160 decisions, 80 of seat 0 in
the single-agent view), so the PettingZoo tests cap Flick 'em Up! with the game's own option,
max_decisions (a capped game is truncated), and bound their cycles; Flickago games end by the
rules within about 30 decisions.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.wrappers import vector as vw
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import flickarena
from flickarena import FlickEnv, FlickVectorEnv, games
from flickarena.registration import GAMES

SHOWDOWN = "flickemup/showdown-v9"
FLICKAGO = "flickago-v3"
REAL = [FLICKAGO, SHOWDOWN]
# Options that keep the PettingZoo tests short: Flick 'em Up! truncated after 40 decisions.
SHORT = {FLICKAGO: {}, SHOWDOWN: {"max_decisions": 40}}


def test_registered_games_are_the_servers(server):
    """The ids registered at import are exactly the server's catalogue, each with its Gymnasium
    entry points and a PettingZoo entry in flickarena.games."""
    with flickarena.Client(server.target) as c:
        served = sorted(g.id for g in c.list_games())
    assert sorted(GAMES) == served
    for g in GAMES:
        spec = gym.spec(flickarena.gym_id(g))
        assert spec.entry_point == "flickarena.single_env:FlickEnv"
        assert spec.vector_entry_point == "flickarena.vector_env:FlickVectorEnv"
        assert spec.kwargs == {"game_id": g}
        entry = getattr(games, games.entry_name(g))
        assert entry is games.ENTRIES[g] and entry.game_id == g
    assert flickarena.gym_id(SHOWDOWN) == "flickarena/flickemup-showdown-v9"
    assert games.flickemup_showdown_v9.gym_id == "flickarena/flickemup-showdown-v9"
    assert flickarena.register_server_games(server.target) == [flickarena.gym_id(g) for g in served]


@pytest.mark.parametrize("game", REAL)
@pytest.mark.parametrize("fmt", ["native", "box", "multidiscrete"])
def test_check_env(server, game, fmt):
    env = gym.make(flickarena.gym_id(game), server=server.target, action_format=fmt)
    try:
        assert isinstance(env.unwrapped, FlickEnv) and env.unwrapped.game_id == game
        check_env(env.unwrapped, skip_render_check=True)
    finally:
        env.close()


def test_entry_points(server):
    """flickarena.games builds every kind of env of a game."""
    entry = games.flickago_v3
    made = [entry.gym_make(server=server.target), entry.gym_make_vec(2, server=server.target),
            entry.env(server=server.target), entry.parallel_env(server=server.target)]
    try:
        assert isinstance(made[0].unwrapped, FlickEnv) and isinstance(made[1], FlickVectorEnv)
        assert isinstance(made[2], flickarena.FlickAECEnv) and isinstance(made[3], flickarena.FlickParallelEnv)
        assert all(m.unwrapped.game_id == FLICKAGO for m in made[:2])
        assert made[0].observation_space.shape == (140,) and made[1].single_observation_space.shape == (140,)
    finally:
        for m in made:
            m.close()


def sample_legal(space: gym.spaces.Space, masks: np.ndarray) -> dict[str, np.ndarray]:
    """One action per env: each head a value its mask allows, uniform continuous values."""
    acts = [space.sample(mask=m) for m in masks]
    return {k: np.stack([a[k] for a in acts]) for k in acts[0]}


@pytest.mark.parametrize("game, num_envs, steps", [(FLICKAGO, 16, 200), (SHOWDOWN, 16, 300)])
def test_make_vec_wrappers(backend, game, num_envs, steps):
    """gymnasium.make_vec through the vector entry point, under Gymnasium's standard vector
    wrappers, with random legal actions against the server's random opponent: observations
    stay inside the space, episodes end with outcome rewards, and RecordEpisodeStatistics
    agrees with the server's episode statistics."""
    envs = gym.make_vec(flickarena.gym_id(game), num_envs=num_envs, vectorization_mode="vector_entry_point",
                        server=backend.target)
    assert isinstance(envs, FlickVectorEnv) and envs.spec.id == flickarena.gym_id(game)
    space = envs.single_action_space
    space.seed(0)

    def inside(obs):
        assert obs in envs.observation_space, "an observation outside the declared bounds"
        return obs

    wrapped = vw.TransformObservation(envs, inside, envs.observation_space)
    wrapped = vw.RecordEpisodeStatistics(wrapped)
    wrapped = vw.NormalizeObservation(wrapped)
    wrapped = vw.NormalizeReward(wrapped)
    wrapped = vw.ClipReward(wrapped, -5, 5)
    wrapped = vw.DtypeObservation(wrapped, np.float64)
    try:
        obs, info = wrapped.reset(seed=1)
        assert obs.shape == (num_envs, envs.single_observation_space.shape[0]) and obs.dtype == np.float64
        ended, illegal, outcomes = 0, 0, []
        for _ in range(steps):
            assert info["action_mask"].shape == (num_envs, envs.pool.spaces.mask_size)
            obs, rew, term, trunc, info = wrapped.step(sample_legal(space, info["action_mask"]))
            assert np.isfinite(obs).all() and (np.abs(rew) <= 5).all()
            illegal += int(info["illegal"].sum())
            if "episode" in info:
                done = info["_episode"]
                np.testing.assert_array_equal(done, term | trunc)
                np.testing.assert_allclose(info["episode"]["r"][done], info["episode_return"][done, 0], atol=1e-5)
                np.testing.assert_array_equal(info["episode"]["l"][done], info["episode_length"][done])
                outcomes.extend(info["episode_return"][term, 0].tolist())
                ended += int(done.sum())
        assert ended >= num_envs, f"{ended} episodes ended in {steps} steps of {num_envs} envs"
        assert set(outcomes) <= {-1.0, 0.0, 1.0} and len(set(outcomes)) >= 2, sorted(set(outcomes))
        assert illegal <= 0.01 * steps * num_envs, f"{illegal} actions sampled from the masks were replaced"
    finally:
        wrapped.close()
    listed = vw.DictInfoToList(gym.make_vec(flickarena.gym_id(game), num_envs=2,
                                            vectorization_mode="vector_entry_point", server=backend.target))
    try:
        _, infos = listed.reset(seed=0)
        assert len(infos) == 2 and infos[0]["action_mask"].shape == (listed.unwrapped.pool.spaces.mask_size,)
    finally:
        listed.close()


@pytest.mark.parametrize("game", REAL)
@pytest.mark.parametrize(("make", "check"), [(flickarena.env, api_test), (flickarena.parallel_env, parallel_api_test)],
                         ids=["aec", "parallel"])
def test_api(server, game, make, check):
    env = make(game, server=server.target, options=SHORT[game])
    try:
        check(env, num_cycles=100)
    finally:
        env.close()


@pytest.mark.parametrize("game", REAL)
def test_seeds(server, game):
    seed_test(lambda: flickarena.env(game, server=server.target, options=SHORT[game]), num_cycles=30)
    parallel_seed_test(lambda: flickarena.parallel_env(game, server=server.target, options=SHORT[game]), num_cycles=30)


@pytest.mark.parametrize("game", REAL)
def test_action_masks(backend, game):
    """obs["action_mask"] is the seat to move's factorised mask (zeros for the other seat):
    actions sampled from it are played (the joint rules a factorised mask cannot express
    refuse under 1% of them), and a value it forbids is replaced by the default action, or
    refused with illegal="reject", leaving the game unchanged."""
    env = flickarena.env(game, server=backend.target, options=SHORT[game])
    try:
        space = env.action_space(env.possible_agents[0])
        space.seed(3)
        nvec = space["discrete"].nvec
        turns, decisions, replaced, forbidden = 0, 0, 0, 0
        for seed in range(3):
            env.reset(seed=seed)
            for agent in env.agent_iter():
                obs, _, term, trunc, info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                mask = obs["action_mask"]
                assert mask.dtype == np.int8 and mask.shape == (int(nvec.sum()),)
                np.testing.assert_array_equal(info["action_mask"], mask)
                assert not any(env.observe(a)["action_mask"].any() for a in env.agents if a != agent)
                heads = np.split(mask, np.cumsum(nvec)[:-1])
                assert all(h.any() for h in heads), "every head allows a value"
                action = space.sample(mask)
                assert all(m[v] for m, v in zip(heads, action["discrete"], strict=True))
                turns += 1
                if turns % 10 == 0 and not heads[0].all():
                    action["discrete"][0] = int(np.flatnonzero(heads[0] == 0)[0])
                    env.step(action)
                    assert env.infos[agent]["illegal"], "a value the mask forbids is replaced"
                    forbidden += 1
                else:
                    env.step(action)
                    decisions += 1
                    replaced += int(env.infos[agent]["illegal"])
        assert decisions >= 60 and forbidden >= 5, (decisions, forbidden)
        assert replaced <= 0.01 * decisions, f"{replaced} of {decisions} mask-sampled actions replaced"
    finally:
        env.close()


@pytest.mark.parametrize("game", REAL)
def test_masked_out_value_refused(backend, game):
    env = flickarena.env(game, server=backend.target, illegal="reject")
    try:
        env.reset(seed=5)
        agent = env.agent_selection
        before = env.observe(agent)
        space = env.action_space(agent)
        nvec = space["discrete"].nvec
        kinds = before["action_mask"][: nvec[0]]
        assert not kinds.all(), "the first decision forbids some value of the first head"
        action = space.sample(before["action_mask"])
        action["discrete"][0] = int(np.flatnonzero(kinds == 0)[0])
        with pytest.raises(flickarena.InvalidArgumentError, match="mask"):
            env.step(action)
        after = env.observe(agent)
        assert env.agent_selection == agent
        np.testing.assert_array_equal(after["observation"], before["observation"])
        np.testing.assert_array_equal(after["action_mask"], before["action_mask"])
    finally:
        env.close()
