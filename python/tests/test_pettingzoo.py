"""The PettingZoo AEC and parallel envs pass PettingZoo's API and seed tests, in every action
format, with two and three players."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

import flickarena

CASES = [
    ("native", {}),
    ("box", {}),
    ("multidiscrete", {}),
    ("native", {"players": 3, "rounds": 2}),
]


@pytest.mark.parametrize("fmt, options", CASES)
@pytest.mark.parametrize(("make", "check"), [(flickarena.env, api_test), (flickarena.parallel_env, parallel_api_test)],
                         ids=["aec", "parallel"])
def test_api(backend, fmt, options, make, check):
    env = make(server=backend.target, action_format=fmt, options=options)
    try:
        check(env, num_cycles=200)
    finally:
        env.close()


def test_seeds(backend):
    seed_test(lambda: flickarena.env(server=backend.target), num_cycles=50)
    parallel_seed_test(lambda: flickarena.parallel_env(server=backend.target), num_cycles=50)


def test_masks_and_rewards(backend):
    """Only the seat to move has a mask; a finished game pays +1/-1 (or 0 for a tie) to the
    seats and reaches every agent through last()."""
    env = flickarena.env(server=backend.target, options={"rounds": 1})
    try:
        env.reset(seed=3)
        totals = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            totals[agent] += reward
            others = [a for a in env.agents if a != agent]
            if not (term or trunc):
                assert obs["action_mask"].any()
                assert all(not env.observe(a)["action_mask"].any() for a in others)
                np.testing.assert_array_equal(info["action_mask"], obs["action_mask"])
                env.step(env.action_space(agent).sample(obs["action_mask"]))
            else:
                env.step(None)
        assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    finally:
        env.close()
