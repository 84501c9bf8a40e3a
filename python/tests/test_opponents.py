"""Server-side opponents of the single-agent view: the built-in bots by name, a weighted
mixture drawn per episode, and the agent's seat per episode."""

from __future__ import annotations

import numpy as np
import pytest

from flickarena import Client, FlickVectorEnv
from flickarena.pool import Pool


def test_server_lists_builtin_bots(server):
    with Client(server.target) as c:
        info = c.server_info()
    by_name = {o.name: o for o in info.opponent_info}
    for name in ("random", "aimer", "planner-lite", "planner", "planner-deep"):
        assert name in info.opponents and name in by_name
    assert list(by_name["random"].games) == []  # every game
    assert "flickago-v3" in by_name["aimer"].games and "flickemup/showdown-v9" in by_name["aimer"].games
    assert "race-v1" not in by_name["aimer"].games
    assert by_name["aimer"].help


def agent_actions(info, rng):
    """Random legal native actions of Race from the masks in info."""
    mask = info["action_mask"]
    n = len(mask)
    disc = np.zeros((n, 2), dtype=np.int64)
    for i in range(n):
        disc[i, 0] = rng.choice(np.flatnonzero(mask[i, :4]))
    return {"discrete": disc, "continuous": rng.uniform(-1, 1, (n, 1)).astype(np.float32)}


def test_alternating_seat_rewards_the_agents_seat(server):
    """With agent_seat="alternate", each env's episodes alternate seats, every running row
    waits for the agent's seat, and the reward is that seat's."""
    envs = FlickVectorEnv("race-v1", 4, server=server.target, agent_seat="alternate",
                          options={"rounds": "2"}, autoreset_mode="same_step")
    rng = np.random.default_rng(3)
    seats = [[] for _ in range(4)]
    try:
        obs, info = envs.reset(seed=5)
        for _ in range(40):
            seat_before = info["current_player"].copy()
            obs, rew, term, trunc, info = envs.step(agent_actions(info, rng))
            done = term | trunc
            for i in range(4):
                if done[i]:
                    assert info["agent_seat"][i] == seat_before[i]
                    # Outcome rewards only: the last reward is the agent's seat's whole return.
                    assert rew[i] == info["episode_return"][i, seat_before[i]]
                    seats[i].append(int(info["agent_seat"][i]))
                else:
                    assert info["current_player"][i] == info["agent_seat"][i]
    finally:
        envs.close()
    for s in seats:
        assert len(s) >= 3 and all(a != b for a, b in zip(s, s[1:], strict=False)), seats


def test_mixture_of_builtin_bots_is_deterministic(server):
    """Flickago against a mixture of the aimer and random, both seats: the same seed gives the
    same observations, and the server plays the bots' replies (seat to move is the agent's)."""

    def run():
        pool = Pool("flickago-v3", 4, server=server.target, view="single_agent", illegal="replace",
                    opponent={"aimer": 1, "random": 1}, agent_seat="random")
        try:
            assert [m.name for m in pool.spec.config.opponent_mix] == ["aimer", "random"]
            b = pool.reset(seed=7)
            out, seats = [np.array(b.obs)], [np.array(b.agent_seat)]
            zero = {"discrete": np.zeros((4, len(pool.game.heads)), np.int32),
                    "continuous": np.zeros((4, len(pool.game.dims)), np.float32)}
            for _ in range(6):
                b = pool.step(zero)
                out.append(np.array(b.obs))
                seats.append(np.array(b.agent_seat))
                running = ~b.done
                assert (b.current_player[running] == b.agent_seat[running]).all()
            return np.stack(out), np.stack(seats)
        finally:
            pool.close()

    a, seats = run()
    b, _ = run()
    np.testing.assert_array_equal(a, b)
    assert set(seats.ravel().tolist()) <= {0, 1}


def test_bad_mixture_names_the_field(server):
    with pytest.raises(Exception, match=r"config\.opponent_mix\[1\]\.name.*unknown opponent \"nobody\""):
        Pool("race-v1", 2, server=server.target, view="single_agent", opponent=[("random", 1), ("nobody", 2)])
    with pytest.raises(Exception, match=r"config\.opponent.*does not play race-v1"):
        Pool("race-v1", 2, server=server.target, view="single_agent", opponent="aimer")
    with pytest.raises(ValueError, match="agent_seat: unknown value 'left'"):
        Pool("race-v1", 2, server=server.target, view="single_agent", agent_seat="left")
