"""What a client reads without parsing messages (issue 37, item 8): the google.rpc details of a
refused request as exception attributes, the resolved options of a pool, and each game's reward
and joint-rule docs."""

from __future__ import annotations

import numpy as np
import pytest

import flickarena
from flickarena import Client, Pool
from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena.errors import ENV_NOT_RESET, ILLEGAL_ACTION
from flickarena.split_pool import SplitPool

GAME = "race-v1"


def actions(n: int) -> dict[str, np.ndarray]:
    """Legal Race actions: gain at power 0."""
    return {"discrete": np.zeros((n, 2), np.int32), "continuous": np.zeros((n, 1), np.float32)}


@pytest.mark.parametrize("transport", ["unary", "session"])
def test_illegal_action_names_env_and_field(server, transport):
    with Pool(GAME, 4, server=server.target, transport=transport) as pool:
        pool.reset(seed=1)
        bad = actions(4)
        bad["discrete"][2, 0] = 9  # env 2's move: out of range
        with pytest.raises(flickarena.InvalidArgumentError) as e:
            pool.step(bad)
        err = e.value
        assert (err.reason, err.env, err.field, err.part) == (ILLEGAL_ACTION, 2, "step.discrete", 'discrete[0] "move"')
        assert [f for f, _ in err.violations] == ["step.discrete[2]"]

        bad = actions(4)
        bad["continuous"][1, 0] = np.nan
        with pytest.raises(flickarena.InvalidArgumentError) as e:
            pool.step(bad)
        assert (e.value.env, e.value.field, e.value.part) == (1, "step.continuous", "column 0")

        # Nothing changed: the corrected step goes through.
        pool.step(actions(4))


def test_not_reset_and_config_errors(server):
    with Pool(GAME, 2, server=server.target) as pool:
        with pytest.raises(flickarena.FailedPreconditionError) as e:
            pool.step(actions(2))
        assert (e.value.reason, e.value.env) == (ENV_NOT_RESET, 0)
    with Client(server.target) as c:
        with pytest.raises(flickarena.InvalidArgumentError) as e:
            c.create_pool(pb.PoolConfig(game_id=GAME, num_envs=1, options={"players": "9"}))
        assert e.value.violations and e.value.violations[0][0] == "config.options"
        assert (e.value.field, e.value.env, e.value.reason) == ("config.options", None, None)


def test_split_pool_env_is_global(server):
    with SplitPool(GAME, 4, [server.target, server.target]) as pool:
        pool.reset(seed=2)
        bad = actions(4)
        bad["discrete"][3, 0] = 9  # env 1 of the second part
        with pytest.raises(flickarena.InvalidArgumentError) as e:
            pool.step(bad)
        assert e.value.env == 3 and e.value.reason == ILLEGAL_ACTION


def test_pool_spec_resolved(server):
    with Pool(GAME, 1, server=server.target, options={"players": "03"}) as pool:
        assert dict(pool.spec.config.options) == {"players": "3", "rounds": "5", "noise": "0.1"}
        assert pool.spec.config.bins == 0
    with Client(server.target) as c:
        spec = c.create_pool(
            pb.PoolConfig(game_id=GAME, num_envs=1, action_format=pb.ACTION_FORMAT_MULTI_DISCRETE)
        )
        try:
            assert spec.config.bins == 11
            assert list(spec.action_nvec)[-1] == 11
        finally:
            c.close_pool(spec.pool_id)


def test_games_document_rewards_and_joint_rules(server):
    with Client(server.target) as c:
        games = c.list_games()
    assert {g.id for g in games} >= {GAME, "fliprando-v1"}
    for g in games:
        assert len(g.reward_doc) > 80 and len(g.joint_rule_doc) > 80, g.id
