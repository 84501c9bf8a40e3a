"""Varied starts of Flick 'em Up! (the option vary_start) through the wire: the options are
listed by ListGames with their bounds, pass through the server to the game unchanged, and
vary the first observation by the reset seed; without them every seed starts alike.
"""

from __future__ import annotations

import gymnasium as gym
import numpy as np
import pytest

import flickarena
from flickarena._gen.v1 import flickarena_pb2 as pb

GAME = "flickemup/showdown-v9"


def first_obs(server, options, seed):
    env = gym.make(flickarena.gym_id(GAME), server=server.target, options=options)
    try:
        obs, _ = env.reset(seed=seed)
        return np.array(obs, copy=True)
    finally:
        env.close()


def test_options_are_listed(server):
    """ListGames declares vary_start (off by default), start_jitter (cm, 0 to 20, default 5),
    start_turn (degrees, 0 to 180, default 30) and start_initiative (drawn or scenario); a value
    outside them is refused, naming the option."""
    with flickarena.Client(server.target) as c:
        info = next(g for g in c.list_games() if g.id == GAME)
    specs = {o.key: o for o in info.options}
    v = specs["vary_start"]
    assert (v.type, v.default_value) == (pb.OPTION_TYPE_BOOL, "false")
    j = specs["start_jitter"]
    assert (j.type, j.min, j.max, j.default_value) == (pb.OPTION_TYPE_FLOAT, 0, 20, "5")
    t = specs["start_turn"]
    assert (t.type, t.min, t.max, t.default_value) == (pb.OPTION_TYPE_FLOAT, 0, 180, "30")
    f = specs["start_initiative"]
    assert (f.type, list(f.choices), f.default_value) == (pb.OPTION_TYPE_STRING, ["drawn", "scenario"], "drawn")
    for o in (v, j, t, f):
        assert o.doc
    with pytest.raises(flickarena.InvalidArgumentError) as e:
        flickarena.env(GAME, server=server.target, options={"vary_start": "1", "start_jitter": "21"})
    assert "start_jitter" in e.value.message


def test_start_varies_by_seed(server):
    """With vary_start=1 the same seed gives the same first observation and five seeds five
    different ones; without it (or with vary_start=0) every seed gives the scenario's start."""
    on = {"vary_start": "1"}
    starts = [first_obs(server, on, s) for s in range(5)]
    assert np.array_equal(starts[0], first_obs(server, on, 0))
    for i in range(5):
        for k in range(i):
            assert not np.array_equal(starts[i], starts[k]), (i, k)
    plain = [first_obs(server, None, s) for s in range(3)] + [first_obs(server, {"vary_start": "0"}, 3)]
    for p in plain[1:]:
        assert np.array_equal(plain[0], p)
    assert not any(np.array_equal(plain[0], s) for s in starts)
