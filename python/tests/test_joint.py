"""flickarena.joint_rule: the joint legality of a game's heads, which the factorised mask cannot
say. Flickago's rule narrows the source head given the return drawn (checked against the rules
as its package doc states them, in built positions and in served games with the server's
verdict); every other game's rule keeps the mask."""

from __future__ import annotations

import numpy as np
import pytest

import flickarena
from flickarena import FlickVectorEnv, joint_rule
from flickarena._gen.v1 import flickarena_pb2 as pb


@pytest.fixture(scope="module")
def flickago(server) -> pb.GameSpec:
    envs = FlickVectorEnv("flickago-v3", 1, server=server.target)
    spec = envs.pool.game
    envs.close()
    return spec


def offset(spec: pb.GameSpec, field: str) -> int:
    names = [f.name for f in spec.obs]
    return sum(f.size for f in spec.obs[: names.index(field)])


def position(spec: pb.GameSpec, reserve_t: float, reserve_f: float) -> np.ndarray:
    """An observation ``[1, O]`` of a flick decision with the observer's reserve (T, F counts
    scaled as the observation has them)."""
    obs = np.zeros((1, spec.obs_size), np.float32)
    obs[0, offset(spec, "phase")] = 1.0  # flick
    obs[0, offset(spec, "reserve")], obs[0, offset(spec, "reserve") + 1] = reserve_t, reserve_f
    return obs


def legal(spec: pb.GameSpec, obs: np.ndarray, ret: int, src: int) -> bool:
    """Flickago's joint rules, written from its package doc ("Action Space"): a start point
    needs a disc of its kind in the reserve or one of that kind returned first; a returned
    family disc cannot be the one flicked."""
    r, s = spec.heads[0].values[ret], spec.heads[1].values[src]
    if s.startswith("point"):
        kind = s[-2]  # "point 0 (T)"
        have = float(obs[0, offset(spec, "reserve") + (0 if kind == "T" else 1)]) > 0
        return have or r.endswith(f"({kind})")
    return r.split(" (")[0] != s.removeprefix("family ")  # "disc 7 (F)" vs "family disc 7"


def test_flickago_rule_narrows_the_source(flickago):
    spec = flickago
    rets, srcs = list(spec.heads[0].values), list(spec.heads[1].values)
    assert [h.name for h in spec.heads[:2]] == ["return", "source"]
    rule = joint_rule(spec)
    obs = position(spec, 0.0, 1 / 5)  # no T in reserve, an F
    every = np.ones((1, len(srcs)), bool)
    for ret in range(len(rets)):
        m = rule.narrow(1, obs, [np.array([ret])], every)
        assert m.dtype == bool and m.shape == every.shape
        assert [bool(m[0, s]) for s in range(len(srcs))] == [legal(spec, obs, ret, s) for s in range(len(srcs))], rets[ret]
    # Returning T disc 0 makes the T points usable; no return leaves them out.
    assert rule.narrow(1, obs, [np.array([rets.index("disc 0 (T)")])], every)[0, srcs.index("point 0 (T)")]
    assert not rule.narrow(1, obs, [np.array([rets.index("none")])], every)[0, srcs.index("point 0 (T)")]
    # A returned family disc is not flicked.
    m = rule.narrow(1, obs, [np.array([rets.index("disc 7 (F)")])], every)
    assert not m[0, srcs.index("family disc 7")] and m[0, srcs.index("family disc 8")]
    # The other heads, and the source head before the return is drawn, keep their masks.
    star = np.array([[True, False, False]])
    assert rule.narrow(2, obs, [np.array([0]), np.array([0])], star) is star
    assert rule.narrow(1, obs, [], every) is every


def test_flickago_rule_keeps_a_mask_it_would_empty(flickago):
    """A row whose every allowed value the rule forbids (a phase without flicks) keeps its mask."""
    spec = flickago
    srcs = list(spec.heads[1].values)
    obs = position(spec, 0.0, 0.0)
    only_t_point = np.zeros((2, len(srcs)), bool)
    only_t_point[:, srcs.index("point 0 (T)")] = True
    ret = np.array([0, list(spec.heads[0].values).index("disc 0 (T)")])  # none; a T disc
    m = joint_rule(spec).narrow(1, np.repeat(obs, 2, 0), [ret], only_t_point)
    np.testing.assert_array_equal(m, only_t_point)  # row 0 would be empty; row 1 is legal as it is


def test_other_games_keep_the_mask(server):
    for game in ("flickemup/showdown-v9", "fliprando-v1", "race-v1"):
        envs = FlickVectorEnv(game, 1, server=server.target)
        rule = joint_rule(envs.pool.game)
        envs.close()
        assert type(rule) is flickarena.JointRule, game
        mask = np.ones((1, 3), bool)
        assert rule.narrow(1, np.zeros((1, 4)), [np.zeros(1, int)], mask) is mask


def test_flickago_rule_needs_its_heads():
    spec = pb.GameSpec(id="flickago-v3")
    with pytest.raises(ValueError, match="joint rule of flickago-v3"):
        joint_rule(spec)


def test_served_flickago_games_have_no_illegal_action(server):
    """Random heads drawn one by one, each on its mask narrowed by the rule, against the server's
    random opponent: the server replaces no action (it checks the joint rules), and the rule did
    narrow masks on the way (without it, about 1 decision in 3,000 is illegal)."""
    n = 16
    envs = FlickVectorEnv("flickago-v3", n, server=server.target, opponent="random", agent_seat="alternate")
    spec = envs.pool.game
    rule = joint_rule(spec)
    nvec = [h.n for h in spec.heads]
    low, high = np.array([d.low for d in spec.dims]), np.array([d.high for d in spec.dims])
    rng = np.random.default_rng(1)
    try:
        obs, info = envs.reset(seed=list(range(n)))
        ended = narrowed = 0
        for _ in range(300):
            chosen: list[np.ndarray] = []
            for head, m in enumerate(np.split(np.asarray(info["action_mask"], bool), np.cumsum(nvec)[:-1], axis=-1)):
                m, before = rule.narrow(head, obs, chosen, m), m
                narrowed += int((m != before).any(-1).sum())
                chosen.append(np.array([rng.choice(np.flatnonzero(row)) for row in m]))
            action = {"discrete": np.stack(chosen, -1), "continuous": rng.uniform(low, high, (n, len(low)))}
            obs, _, term, trunc, info = envs.step(action)
            assert not np.any(info["illegal"]), info["illegal"]
            ended += int((term | trunc).sum())
        assert ended > n and narrowed > 0, (ended, narrowed)
    finally:
        envs.close()
