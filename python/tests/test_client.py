"""The thin connection and the pool: server info, errors as exceptions, determinism,
autoreset modes, and unary calls versus the Session stream."""

from __future__ import annotations

import numpy as np
import pytest

import flickarena
from flickarena import Client, Pool
from flickarena._gen.v1 import flickarena_pb2 as pb

GAME = "race-v1"


def legal_native(batch, rng):
    """A random legal native action per env of a Race batch (gain or pass, any power)."""
    n = len(batch.obs)
    disc = np.zeros((n, 2), dtype=np.int32)
    disc[:, 0] = rng.choice([0, 3], size=n)
    return {"discrete": disc, "continuous": rng.uniform(-1, 1, size=(n, 1)).astype(np.float32)}


def test_server_info(server):
    with Client(server.target) as c:
        info = c.server_info()
        assert info.protocol_version.startswith("1.")
        assert GAME in info.games
        assert "session" in info.capabilities
        assert "random" in info.opponents
        games = {g.id: g for g in c.list_games()}
        spec = games[GAME].spec
        assert spec.num_players == 2 and spec.obs_size == 8 and spec.mask_size == 5
        assert [h.name for h in spec.heads] == ["move", "target"]


@pytest.mark.parametrize(
    "config, error, field",
    [
        (dict(game_id="nosuch/game-v1", num_envs=1), flickarena.NotFoundError, "config.game_id"),
        (dict(game_id=GAME, num_envs=0), flickarena.InvalidArgumentError, "config.num_envs"),
        (dict(game_id=GAME, num_envs=17), flickarena.ResourceExhaustedError, "config.num_envs"),
        (dict(game_id=GAME, num_envs=1, options={"players": "9"}), flickarena.InvalidArgumentError, "config.options"),
        (dict(game_id=GAME, num_envs=1, opponent="random"), flickarena.InvalidArgumentError, "config.opponent"),
    ],
)
def test_create_errors(limited_server, token, config, error, field):
    with Client(limited_server.target, token=token) as c:
        with pytest.raises(error) as e:
            c.create_pool(pb.PoolConfig(**config))
        assert field in e.value.message


def test_errors_are_python_exceptions(limited_server, token):
    """Each error is also the matching built-in exception, and a missing or wrong token is
    UnauthenticatedError."""
    assert issubclass(flickarena.InvalidArgumentError, ValueError)
    assert issubclass(flickarena.NotFoundError, LookupError)
    assert issubclass(flickarena.UnauthenticatedError, PermissionError)
    for bad in ("", "wrong"):
        with Client(limited_server.target, token=bad) as c, pytest.raises(flickarena.UnauthenticatedError):
            c.server_info()
    with Client(limited_server.target, token=token) as c:
        with pytest.raises(flickarena.NotFoundError, match="reset.pool_id"):
            c.reset(pb.ResetRequest(pool_id="pool-none"))
        pools = [Pool(GAME, 1, server=c) for _ in range(4)]
        with pytest.raises(flickarena.ResourceExhaustedError, match="open pools"):
            Pool(GAME, 1, server=c)
        for p in pools:
            p.close()


@pytest.mark.parametrize("transport", ["unary", "session"])
def test_bad_steps_change_nothing(server, transport):
    """Bad actions raise InvalidArgumentError naming the field, and the pool then steps
    exactly like a twin that never saw them."""
    rng = np.random.default_rng(0)
    with Pool(GAME, 4, server=server.target, transport=transport) as pool, Pool(GAME, 4, server=server.target) as twin:
        b, t = pool.reset(seed=5), twin.reset(seed=5)
        good = legal_native(b, rng)
        bad_cases = [
            ({"discrete": good["discrete"], "continuous": np.full((4, 1), np.nan, np.float32)}, "step.continuous"),
            ({"discrete": good["discrete"], "continuous": np.full((4, 1), np.inf, np.float32)}, "step.continuous"),
            ({"discrete": good["discrete"][:3], "continuous": good["continuous"][:3]}, "step.discrete"),
            ({"discrete": np.full((4, 2), 7), "continuous": good["continuous"]}, "step.discrete"),
            ({"discrete": good["discrete"], "continuous": np.full((4, 1), 5.0, np.float32)}, "step.continuous"),
        ]
        for actions, field in bad_cases:
            with pytest.raises(flickarena.InvalidArgumentError) as e:
                pool.step(actions)
            assert field in e.value.message, e.value.message
        b, t = pool.step(good), twin.step(good)
        np.testing.assert_array_equal(b.obs, t.obs)
        np.testing.assert_array_equal(b.state_hash, t.state_hash)


def test_step_before_reset(server):
    with Pool(GAME, 2, server=server.target) as pool:
        with pytest.raises(flickarena.FailedPreconditionError, match="Reset"):
            pool.step({"discrete": np.zeros((2, 2)), "continuous": np.zeros((2, 1))})


def test_determinism_and_transports(server):
    """The same seed and actions give the same batches, bit for bit, over unary calls and a
    session; another seed differs; reset() without a seed continues each env's stream."""
    rng = np.random.default_rng(1)
    with Pool(GAME, 8, server=server.target) as a, Pool(GAME, 8, server=server.target, transport="session") as s, \
            Pool(GAME, 8, server=server.target) as other:
        ba, bs, bo = a.reset(seed=3), s.reset(seed=3), other.reset(seed=4)
        assert not np.array_equal(ba.state_hash, bo.state_hash)
        for _ in range(12):
            act = legal_native(ba, rng)
            ba, bs = a.step(act), s.step(act)
            for f in ("obs", "reward", "terminated", "truncated", "action_mask", "state_hash", "episode"):
                np.testing.assert_array_equal(getattr(ba, f), getattr(bs, f), err_msg=f)
        first = a.reset(seed=3).state_hash.copy()
        nxt = a.reset()
        assert np.array_equal(nxt.episode, np.ones(8)), "reset() starts each env's next episode"
        assert not np.array_equal(nxt.state_hash, first)
        np.testing.assert_array_equal(a.reset(seed=3).state_hash, first)


def test_autoreset_disabled_and_partial_reset(server):
    with Pool(GAME, 3, server=server.target, autoreset_mode="disabled", max_episode_steps=2) as pool:
        rng = np.random.default_rng(2)
        b = pool.reset(seed=1)
        b = pool.step(legal_native(b, rng))
        b = pool.step(legal_native(b, rng))
        assert b.truncated.all() and (b.episode_length == 2).all()
        with pytest.raises(flickarena.FailedPreconditionError, match="episode over"):
            pool.step(legal_native(b, rng))
        b = pool.reset(mask=[True, False, True], seeds=[11, 0, 13])
        assert list(b.truncated) == [False, True, False], "only the masked envs reset"
        assert list(b.episode) == [0, 0, 0], "new seeds start at episode 0; env 1 still shows its ended episode"
        assert list(b.reward.ravel()) == [0.0] * 6


def test_same_step_final_obs(server):
    with Pool(GAME, 2, server=server.target, autoreset_mode="same_step", max_episode_steps=3) as pool:
        rng = np.random.default_rng(3)
        b = pool.reset(seed=2)
        for _ in range(3):
            b = pool.step(legal_native(b, rng))
        assert b.truncated.all()
        assert b.final_obs is not None and b.final_obs.shape == (2, 8)
        assert (b.episode == 1).all(), "same-step: the rows already hold the next episode"
        assert not np.array_equal(b.final_obs, b.obs)
