"""FlickVectorEnv over several env servers (flickarena.split_pool): three server processes play
bit for bit the games of one, errors name their server, and the split is checked."""

from __future__ import annotations

from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import flickarena
from flickarena import FlickVectorEnv
from flickarena.launch import EnvServer
from flickarena.split_pool import SplitPool, split_counts

GYM_ID = "flickarena/race-v1"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def three_servers():
    """Three more envserver processes, each on its own unix socket."""
    servers = [EnvServer() for _ in range(3)]
    yield servers
    for s in servers:
        assert s.stop() == 0, s.read_log()
        s.cleanup()


def fixed_actions(num_envs: int, steps: int, seed: int = 11) -> list[dict[str, np.ndarray]]:
    """A fixed sequence of native Race actions, legal or not (illegal ones are replaced,
    which the servers must also agree on)."""
    rng = np.random.default_rng(seed)
    return [
        {
            "discrete": np.stack([rng.integers(0, 4, num_envs), np.zeros(num_envs, np.int64)], axis=1),
            "continuous": rng.uniform(-1, 1, (num_envs, 1)).astype(np.float32),
        }
        for _ in range(steps)
    ]


def play(envs: FlickVectorEnv, actions, reset_kwargs) -> list[tuple]:
    """Resets envs, plays actions, and returns copies of everything each call returned."""
    obs, info = envs.reset(**reset_kwargs)
    out = [(obs.copy(), info["state_hash"].copy(), info["episode_number"].copy())]
    for a in actions:
        obs, rew, term, trunc, info = envs.step(a)
        out.append((obs.copy(), rew.copy(), term.copy(), trunc.copy(), info["state_hash"].copy(),
                    info["episode_number"].copy(), info["illegal"].copy()))
    return out


@pytest.mark.parametrize(
    "kwargs, reset_kwargs",
    [
        ({}, {"seed": 123}),
        ({"view": "self_play", "transport": "session", "autoreset_mode": "same_step"}, {"seed": 5}),
        ({}, {"seed": [1000 + i for i in range(10)]}),
        ({"max_episode_steps": 4}, {}),  # never seeded: the default streams, split alike
    ],
    ids=["single_agent", "self_play_session_same_step", "seed_list", "unseeded"],
)
def test_three_servers_play_the_games_of_one(server, three_servers, kwargs, reset_kwargs):
    n, steps = 10, 300
    actions = fixed_actions(n, steps)
    one = FlickVectorEnv("race-v1", n, server=server.target, illegal="replace", **kwargs)
    three = FlickVectorEnv("race-v1", n, server=[s.target for s in three_servers], illegal="replace", **kwargs)
    try:
        assert three.pool.counts == [4, 3, 3] and three.pool.offsets == [0, 4, 7]
        want, got = play(one, actions, reset_kwargs), play(three, actions, reset_kwargs)
    finally:
        one.close()
        three.close()
    ended = sum(int((c[2] | c[3]).sum()) for c in want[1:])
    assert ended > n, f"only {ended} episodes ended in {steps} steps: the test would not cover autoresets"
    assert any(c[6].any() for c in want[1:]), "no action was illegal: the replacement is not covered"
    for k, (w, g) in enumerate(zip(want, got, strict=True)):
        for x, y in zip(w, g, strict=True):
            assert x.dtype == y.dtype and x.shape == y.shape
            assert x.tobytes() == y.tobytes(), f"call {k}: three servers differ from one\n{x}\n{y}"


def test_make_vec_with_a_list_of_servers(server, three_servers):
    envs = gym.make_vec(GYM_ID, num_envs=5, vectorization_mode="vector_entry_point",
                        server=[server.target, three_servers[0].target])
    try:
        assert isinstance(envs.unwrapped, FlickVectorEnv) and isinstance(envs.unwrapped.pool, SplitPool)
        obs, info = envs.reset(seed=0)
        assert obs.shape == (5, 8) and info["action_mask"].shape == (5, 5)
        # A partial reset with a mask crossing the split resets exactly the masked envs.
        mask = np.array([False, False, True, True, False])
        obs, info = envs.reset(options={"reset_mask": mask})
        assert info["episode_number"].tolist() == [0, 0, 1, 1, 0]
    finally:
        envs.close()


def test_errors_name_the_server(server, three_servers):
    targets = [server.target, three_servers[1].target]
    envs = FlickVectorEnv("race-v1", 4, server=targets, illegal="reject")
    try:
        envs.reset(seed=1)
        bad = {"discrete": np.zeros((4, 2), np.int64), "continuous": np.zeros((4, 1), np.float32)}
        bad["discrete"][3, 0] = 9  # env 3 is env 1 of the second server
        with pytest.raises(flickarena.InvalidArgumentError) as e:
            envs.step(bad)
        assert f"server {targets[1]}" in str(e.value) and "env 1" in str(e.value)
        with pytest.raises(ValueError, match="step: actions: 3 rows for 4 envs"):
            envs.step({"discrete": np.zeros((3, 2), np.int64), "continuous": np.zeros((3, 1), np.float32)})
    finally:
        envs.close()
    with pytest.raises(flickarena.NotFoundError, match=f"server {server.target}"):
        FlickVectorEnv("no/such-game-v1", 4, server=targets)
    gone = "unix:///nonexistent/flickarena.sock"
    with pytest.raises(flickarena.UnavailableError, match=f"server {gone}"):
        SplitPool("race-v1", 4, [server.target, gone])


def test_split_counts():
    assert split_counts(10, 3) == [4, 3, 3]
    assert split_counts(6, 2) == [3, 3]
    assert split_counts(1, 1) == [1]
    with pytest.raises(ValueError, match="num_envs: 2 envs over 3 servers"):
        split_counts(2, 3)
    with pytest.raises(ValueError, match="servers: want a non-empty list"):
        SplitPool("race-v1", 4, [])


def test_a_server_without_env_offset_is_refused(server, three_servers, monkeypatch):
    """A server that does not announce pool.env_offset would ignore the field (proto3) and deal
    its part the streams of envs 0, 1, ...: the client refuses it, naming it."""
    from flickarena._gen.v1 import flickarena_pb2 as pb
    from flickarena.client import Client

    old = pb.GetServerInfoResponse(protocol_version="1.0.0", capabilities=["reset.seeds", "session"])
    monkeypatch.setattr(Client, "server_info", lambda self: old)
    targets = [server.target, three_servers[2].target]
    with pytest.raises(flickarena.FlickarenaError, match=f"server {targets[1]}: .*pool.env_offset"):
        SplitPool("race-v1", 4, targets)


TOWN_ID = "flickemup/file/town-v9"
LAWMAN = "cowboy id=lawmen:1  x=29 y=8  facing=90  hp=3"


@pytest.fixture(scope="module")
def town_servers(tmp_path_factory):
    """Three envservers, each serving its own directory's town.scn as flickemup/file/town-v9:
    the first two the same file, the third with lawmen:1 given 5 hit points instead of 3."""
    src = (REPO / "env/flickemup/scenarios/showdown.scn").read_text()
    assert LAWMAN in src
    servers = []
    for k, hp in enumerate((3, 3, 5)):
        d = tmp_path_factory.mktemp(f"town{k}")
        (d / "town.scn").write_text(src.replace(LAWMAN, LAWMAN.replace("hp=3", f"hp={hp}")))
        servers.append(EnvServer(["--scenarios", str(d)]))
    yield servers
    for s in servers:
        assert s.stop() == 0, s.read_log()
        s.cleanup()


@pytest.mark.parametrize("view", ["self_play", "single_agent"])
def test_different_games_under_one_id_are_refused(town_servers, view):
    """server=[A, B] where B serves another town.scn under the same id is refused, naming both
    servers, and closes what it created; the same file on both is accepted, with equal
    digests."""
    same, other = [s.target for s in town_servers[:2]], [town_servers[0].target, town_servers[2].target]
    with pytest.raises(flickarena.FlickarenaError) as e:
        gym.make_vec(flickarena.register_game(TOWN_ID), num_envs=4, vectorization_mode="vector_entry_point",
                     server=other, view=view)
    msg = str(e.value)
    assert f"server {other[1]}: its {TOWN_ID!r} is not the game of server {other[0]}: content digest" in msg, msg
    with SplitPool(TOWN_ID, 4, same, view=view) as split:
        digests = {p.spec.content_digest for p in split.pools}
        assert digests == {split.content_digest} and len(split.content_digest) == 64


def test_a_server_without_content_digest_is_refused(server, three_servers, monkeypatch):
    """A server that gives no content digest (an older one) cannot be checked: refused."""
    from flickarena.pool import Pool

    create = Pool.__init__

    def old_init(self, *args, **kwargs):
        create(self, *args, **kwargs)
        self.spec.content_digest = ""

    monkeypatch.setattr(Pool, "__init__", old_init)
    targets = [server.target, three_servers[2].target]
    with pytest.raises(flickarena.FlickarenaError, match=f"server {targets[0]}: it gives no content digest"):
        SplitPool("race-v1", 4, targets)
