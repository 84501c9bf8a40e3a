"""Flip' Rando (fliprando-v1), a discrete game of 2 to 5 seats, through every adapter:
PettingZoo's AEC and parallel envs with agents ``player_0..player_{N-1}`` and action masks
pass ``api_test``, ``parallel_api_test`` and the seed tests at N = 2 and N = 5; the
single-agent Gymnasium env (seat 0 against the server's opponent) passes ``check_env``; the
options the game declares reach a client through ListGames.

A random game lasts about 230 decisions at 2 players and 810 at 5; the API tests bound their
cycles, and the whole games below take well under a second each.

The single-agent tests are parametrised by opponent name: the built-in ``random`` and
``greedy`` bots (played in process by the server) by default, or the comma-separated names in
``$FLICKARENA_FLIPRANDO_OPPONENTS`` (the server's built-in bots that play Flip' Rando, as
``GetServerInfo`` lists them; ``search`` costs about 15 ms a decision).
"""

from __future__ import annotations

import os

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import flickarena
from flickarena import FlickEnv, games
from flickarena._gen.v1 import flickarena_pb2 as pb

GAME = "fliprando-v1"
SEATS = [2, 5]
OPPONENTS = [o for o in os.environ.get("FLICKARENA_FLIPRANDO_OPPONENTS", "random,greedy").split(",") if o]
# The switches of the alternative rulings (A4, A10, A12, A13, A14), all off by default.
SWITCHES = ["move_legs", "literal_phase1", "slot_per_round", "hidden_weather", "negative_scores"]


def opts(n: int) -> dict[str, str]:
    return {"players": str(n)}


def test_options_are_listed(server):
    """ListGames declares fliprando-v1's options: players 2..5, the first seat, each
    ruling's switch and the reward; a value outside them is refused, naming the option."""
    with flickarena.Client(server.target) as c:
        info = next(g for g in c.list_games() if g.id == GAME)
    specs = {o.key: o for o in info.options}
    assert sorted(specs) == sorted(["players", "first", "reward", *SWITCHES])
    p = specs["players"]
    assert (p.type, p.min, p.max, p.default_value) == (pb.OPTION_TYPE_INT, 2, 5, "2")
    f = specs["first"]
    assert (f.type, f.min, f.max, f.default_value) == (pb.OPTION_TYPE_INT, -1, 4, "0")
    for k in SWITCHES:
        assert (specs[k].type, specs[k].default_value) == (pb.OPTION_TYPE_BOOL, "false"), k
        assert specs[k].doc, k
    r = specs["reward"]
    assert (r.type, list(r.choices), r.default_value) == (pb.OPTION_TYPE_STRING, ["rank", "win", "margin"], "rank")
    assert info.spec.num_players == 2
    with pytest.raises(flickarena.InvalidArgumentError) as e:
        flickarena.env(GAME, server=server.target, options={"players": "6"})
    assert "players" in e.value.message


@pytest.mark.parametrize("n", SEATS)
@pytest.mark.parametrize(("make", "check"), [(games.fliprando_v1.env, api_test),
                                             (games.fliprando_v1.parallel_env, parallel_api_test)],
                         ids=["aec", "parallel"])
def test_api(server, n, make, check):
    env = make(server=server.target, options=opts(n))
    try:
        assert env.possible_agents == [f"player_{i}" for i in range(n)]
        check(env, num_cycles=200)
    finally:
        env.close()


@pytest.mark.parametrize("n", SEATS)
def test_seeds(server, n):
    seed_test(lambda: games.fliprando_v1.env(server=server.target, options=opts(n)), num_cycles=30)
    parallel_seed_test(lambda: games.fliprando_v1.parallel_env(server=server.target, options=opts(n)), num_cycles=30)


def rank_rewards(totals: list[int]) -> list[float]:
    """The default terminal reward: 1 - 2r/(N-1) by mean rank position r, ties shared."""
    n = len(totals)
    out = []
    for t in totals:
        higher = sum(u > t for u in totals)
        equal = sum(u == t for u in totals)
        out.append(1 - 2 * (higher + (equal - 1) / 2) / (n - 1))
    return out


def check_rank_rewards(got: list[float]) -> None:
    """Fails unless got are the rank rewards of some final totals: since the rank reward
    orders the seats as their totals do, the rewards' own rank rewards are the rewards."""
    assert len(got) >= 2
    np.testing.assert_allclose(rank_rewards(got), got, atol=1e-6)
    assert abs(sum(got)) < 1e-5, got


@pytest.mark.parametrize("n", SEATS)
def test_aec_whole_game(server, n):
    """A whole game of random legal actions: only the seat to move has a mask, and it is never
    empty; no reward before the end; the end pays each seat its rank reward, which sums to 0
    and reaches every agent through last()."""
    env = games.fliprando_v1.env(server=server.target, options=opts(n))
    try:
        env.reset(seed=7)
        rng = np.random.default_rng(7)
        totals = {a: 0.0 for a in env.possible_agents}
        movers, steps, ended = set(), 0, 0
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            totals[agent] += reward
            if term or trunc:
                assert term and not trunc, "a game of Flip' Rando ends by its rules"
                ended += 1
                env.step(None)
                continue
            assert reward == 0.0 or steps == 0
            mask = obs["action_mask"]
            assert mask.any(), f"{agent} to move with an empty mask at step {steps}"
            assert not any(env.observe(a)["action_mask"].any() for a in env.agents if a != agent)
            np.testing.assert_array_equal(info["action_mask"], mask)
            movers.add(agent)
            env.step({"discrete": np.array([rng.choice(np.flatnonzero(mask))], dtype=np.int32)})
            assert not env.infos[agent]["illegal"]
            steps += 1
        assert ended == n and env.agents == []
        assert movers == set(env.possible_agents), "some seat never moved"
        assert 100 < steps < 5000, steps
        check_rank_rewards([totals[a] for a in env.possible_agents])
    finally:
        env.close()


@pytest.mark.parametrize("n", SEATS)
def test_parallel_whole_game(server, n):
    """A whole game through the parallel env: exactly one live agent has a mask at each step,
    no reward before the end, rank rewards at the end."""
    env = games.fliprando_v1.parallel_env(server=server.target, options=opts(n))
    try:
        obs, infos = env.reset(seed=3)
        rng = np.random.default_rng(3)
        rewards, steps = {}, 0
        while env.agents:
            mover = [a for a in env.agents if obs[a]["action_mask"].any()]
            assert len(mover) == 1, mover
            mask = obs[mover[0]]["action_mask"]
            acts = {a: {"discrete": np.array([0], dtype=np.int32)} for a in env.agents}
            acts[mover[0]] = {"discrete": np.array([rng.choice(np.flatnonzero(mask))], dtype=np.int32)}
            obs, rewards, terms, truncs, infos = env.step(acts)
            steps += 1
            if env.agents:
                assert not any(rewards.values()), rewards
        assert all(terms.values()) and not any(truncs.values())
        check_rank_rewards([rewards[f"player_{i}"] for i in range(n)])
        assert 100 < steps < 5000, steps
    finally:
        env.close()


@pytest.mark.parametrize("opponent", OPPONENTS)
@pytest.mark.parametrize("n", SEATS)
def test_check_env(server, opponent, n):
    """The single-agent env, seat 0 against the server's opponent on every other seat."""
    env = gym.make(flickarena.gym_id(GAME), server=server.target, opponent=opponent, options=opts(n))
    try:
        assert isinstance(env.unwrapped, FlickEnv) and env.unwrapped.game_id == GAME
        assert env.unwrapped.pool.num_players == n
        check_env(env.unwrapped, skip_render_check=True)
    finally:
        env.close()


@pytest.mark.parametrize("opponent", OPPONENTS)
def test_single_agent_game(server, opponent):
    """A whole 3-seat game from seat 0 with legal actions: the opponents' moves happen on the
    server, the mask is never empty on seat 0's turn, and the end pays seat 0 a rank reward."""
    env = games.fliprando_v1.gym_make(server=server.target, opponent=opponent, options=opts(3))
    try:
        obs, info = env.reset(seed=11)
        rng = np.random.default_rng(11)
        done, steps, reward = False, 0, 0.0
        while not done:
            mask = info["action_mask"]
            assert mask.any() and obs in env.observation_space
            a = {"discrete": np.array([rng.choice(np.flatnonzero(mask))], dtype=np.int32)}
            obs, reward, term, trunc, info = env.step(a)
            assert not info["illegal"]
            done = term or trunc
            steps += 1
        assert term and reward in (1.0, 0.5, 0.0, -0.5, -1.0), reward  # 1 - 2r/2, r a rank or tie
        assert info["episode_length"] >= steps > 30
    finally:
        env.close()


@pytest.mark.parametrize("view", ["single_agent", "self_play"])
def test_vector_env(server, view):
    """gymnasium.make_vec at 4 seats, random legal actions: episodes end by the rules, each
    ended episode's per-seat returns are rank rewards (seat 0's in the single-agent view)."""
    envs = games.fliprando_v1.gym_make_vec(8, server=server.target, options=opts(4), view=view)
    try:
        rng = np.random.default_rng(5)
        obs, info = envs.reset(seed=5)
        ended = 0
        for _ in range(1200):
            masks = info["action_mask"]
            assert masks.any(axis=1).all(), "an env to move with an empty mask"
            acts = np.array([[rng.choice(np.flatnonzero(m))] for m in masks], dtype=np.int32)
            obs, rew, term, trunc, info = envs.step({"discrete": acts})
            assert not trunc.any() and not info["illegal"].any()
            for i in np.flatnonzero(term):
                check_rank_rewards(list(info["episode_return"][i]))
                ended += 1
            if ended >= 8:
                break
        assert ended >= 8, f"{ended} episodes ended"
    finally:
        envs.close()
