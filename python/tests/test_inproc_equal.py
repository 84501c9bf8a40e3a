"""The in-process backend against a real envserver: the same seeds and actions give the same
batches, byte for byte (every field, None in the same places), and the same requests fail
with the same exceptions (class, message, details)."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

import numpy as np
import pytest
from google.rpc import error_details_pb2

import flickarena
from flickarena import Batch, Pool
from flickarena.spaces import GameSpaces


def random_actions(sp: GameSpaces, mask: np.ndarray, rng: np.random.Generator) -> Any:
    """Random actions in the pool's format: each head a value its mask allows, each dim
    uniform in its range (native), its bins (multidiscrete) or [-1, 1] (box scores)."""
    n = len(mask)
    disc = np.zeros((n, sp.heads), np.int64)
    off = 0
    for h, k in enumerate(sp.nvec):
        disc[:, h] = ((rng.random((n, k)) + 1.0) * mask[:, off : off + k]).argmax(axis=1)
        off += k
    if sp.format == "native":
        out = {}
        if sp.heads:
            out["discrete"] = disc
        if sp.dims:
            out["continuous"] = rng.uniform(sp.dim_low, sp.dim_high, (n, sp.dims)).astype(np.float32)
        return out
    if sp.format == "box":
        return rng.uniform(-1, 1, (n, sp.action.shape[0])).astype(np.float32)
    return np.concatenate([disc, rng.integers(0, sp.bins, (n, sp.dims))], axis=1)


@dataclass
class Case:
    name: str
    game: str
    envs: int
    steps: int
    kwargs: dict[str, Any]


CASES = [
    Case("race-native-self_play-next_step", "race-v1", 16, 400, dict(view="self_play", shaping=0.5)),
    Case("flickago-native-single_agent-random-same_step-alternate", "flickago-v3", 8, 500,
         dict(view="single_agent", opponent="random", agent_seat="alternate", autoreset_mode="same_step",
              options={"max_turns": 6}, shaping=1.0)),
    Case("flickago-multidiscrete-self_play-disabled-all_seats", "flickago-v3", 8, 500,
         dict(view="self_play", action_format="multidiscrete", bins=7, autoreset_mode="disabled",
              observe_all_seats=True, options={"max_turns": 6})),
    Case("flickago-native-single_agent-aimer-teacher", "flickago-v3", 4, 400,
         dict(view="single_agent", opponent="aimer", teacher="aimer", options={"max_turns": 6})),
    Case("showdown-box-single_agent-mix-next_step", "flickemup/showdown-v9", 4, 300,
         dict(view="single_agent", opponent={"aimer": 1, "random": 3}, action_format="box",
              options={"max_decisions": 30})),
    Case("showdown-native-self_play-same_step-all_seats-teacher", "flickemup/showdown-v9", 4, 300,
         dict(view="self_play", autoreset_mode="same_step", observe_all_seats=True, teacher="random",
              options={"max_decisions": 30}, illegal_penalty=0.25)),
    Case("showdown-multidiscrete-single_agent-disabled", "flickemup/showdown-v9", 6, 300,
         dict(view="single_agent", opponent="random", action_format="multidiscrete", bins=5,
              autoreset_mode="disabled", options={"max_decisions": 30}, max_episode_steps=12)),
    Case("fliprando3-native-self_play-disabled-all_seats", "fliprando-v1", 8, 400,
         dict(view="self_play", autoreset_mode="disabled", observe_all_seats=True, options={"players": 3},
              max_episode_steps=80)),
    Case("fliprando-box-single_agent-greedy-same_step", "fliprando-v1", 4, 400,
         dict(view="single_agent", opponent="greedy", action_format="box", autoreset_mode="same_step",
              max_episode_steps=60)),
]


def trajectory(pool: Pool, case: Case, seed: int):
    """Yields (where, batch) for a reset with ``seed`` and ``case.steps`` steps of random
    actions (masked resets of the ended envs when autoreset is disabled)."""
    rng = np.random.default_rng(seed)
    b = pool.reset(seed=seed)
    yield "reset", b
    disabled = case.kwargs.get("autoreset_mode") == "disabled"
    for t in range(case.steps):
        if disabled and b.done.any():
            b = pool.reset(mask=b.done)
            yield f"masked reset before step {t}", b
        b = pool.step(random_actions(pool.spaces, b.action_mask, rng))
        yield f"step {t}", b


def assert_same(where: str, got: Batch, want: Batch, readonly: bool = True) -> None:
    """Asserts two batches equal byte for byte, field by field (``got``'s arrays read-only
    views, unless not ``readonly``)."""
    for f in fields(Batch):
        x, y = getattr(got, f.name), getattr(want, f.name)
        assert (x is None) == (y is None), f"{where}: {f.name}: in process {x is None and 'None'}, gRPC {y is None and 'None'}"
        if x is None:
            continue
        assert not (readonly and x.flags.writeable), f"{where}: {f.name} is writable"
        assert (x.dtype, x.shape) == (y.dtype, y.shape), f"{where}: {f.name}: {x.dtype}{x.shape} vs {y.dtype}{y.shape}"
        assert x.tobytes() == y.tobytes(), f"{where}: {f.name} differs:\n{x}\n{y}"


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_same_batches(server, case):
    kwargs = dict(illegal="replace", **case.kwargs)
    with Pool(case.game, case.envs, **kwargs) as local, Pool(case.game, case.envs, server=server.target, **kwargs) as remote:
        assert local.client is None and remote.client is not None
        assert local.spec.config == remote.spec.config
        assert local.spec.game == remote.spec.game
        assert list(local.spec.action_nvec) == list(remote.spec.action_nvec)
        ended = replaced = 0
        for (where, got), (_, want) in zip(trajectory(local, case, 11), trajectory(remote, case, 11), strict=True):
            assert_same(f"{case.name}: {where}", got, want)
            ended += int(want.done.sum())
            replaced += int(want.illegal.sum())
        assert ended > 0, "some episodes end, so that autoreset plays its part"


def _details(e: flickarena.FlickarenaError) -> list[tuple[str, Any]]:
    """The status details of e, unpacked (a map's entries have no order on the wire)."""
    out = []
    for d in e.details:
        kinds = {"BadRequest": error_details_pb2.BadRequest, "ErrorInfo": error_details_pb2.ErrorInfo}
        msg = kinds[d.type_url.rsplit(".", 1)[1]]()
        assert d.Unpack(msg)
        out.append((d.type_url, msg))
    return out


def _error(make) -> Exception:
    with pytest.raises(flickarena.FlickarenaError) as info:
        make()
    return info.value


def _pool_errors(server: Any) -> dict[str, Any]:
    """The calls that fail, each building its own pool on ``server`` (None: in process)."""

    def on_pool(call, **kwargs):
        def run():
            with Pool("race-v1", 3, server=server, **kwargs) as p:
                call(p)
        return run

    def illegal(p):
        p.reset(seed=0)
        p.step({"discrete": np.array([[0, 0], [2, 0], [0, 0]]), "continuous": np.zeros((3, 1), np.float32)})

    def over(p):
        p.reset(seed=0)
        for _ in range(100):
            p.step({"discrete": np.tile([3, 0], (3, 1)), "continuous": np.zeros((3, 1), np.float32)})

    def nan(p):
        p.reset(seed=0)
        p.step({"discrete": np.zeros((3, 2)), "continuous": np.array([[0.0], [np.nan], [0.0]], np.float32)})

    def shape(p):
        p.reset(seed=0)
        p.step({"discrete": np.zeros((4, 2)), "continuous": np.zeros((4, 1), np.float32)})

    def range_(p):
        p.reset(seed=0)
        p.step({"discrete": np.array([[0, 0], [0, 0], [9, 0]]), "continuous": np.zeros((3, 1), np.float32)})

    def unreset(p):
        p.step({"discrete": np.zeros((3, 2)), "continuous": np.zeros((3, 1), np.float32)})

    def seeds(p):
        p.reset(mask=[True, False], seeds=[1, 2])

    return {
        "unknown game": lambda: Pool("no-such-game-v1", 2, server=server),
        "bad option value": lambda: Pool("flickago-v3", 2, server=server, options={"max_turns": "ten"}),
        "unknown option": lambda: Pool("race-v1", 2, server=server, options={"nope": 1}),
        "no envs": lambda: Pool("race-v1", 0, server=server),
        "unknown opponent": lambda: Pool("race-v1", 2, server=server, view="single_agent", opponent="nobody"),
        "bins without multidiscrete": lambda: Pool("race-v1", 2, server=server, bins=3),
        "illegal action (reject)": on_pool(illegal, illegal="reject"),
        "episode over (disabled)": on_pool(over, autoreset_mode="disabled"),
        "nan": on_pool(nan),
        "shape": on_pool(shape),
        "out of range": on_pool(range_),
        "not reset": on_pool(unreset),
        "mask of the wrong length": on_pool(seeds),
    }


def test_same_errors(server):
    local, remote = _pool_errors(None), _pool_errors(server.target)
    for name in local:
        got, want = _error(local[name]), _error(remote[name])
        assert type(got) is type(want), f"{name}: {type(got).__name__} in process, {type(want).__name__} over gRPC: {want}"
        assert str(got) == str(want), name
        assert (got.code, got.message, got.violations) == (want.code, want.message, want.violations), name
        assert (got.reason, got.env, got.field, got.part) == (want.reason, want.env, want.field, want.part), name
        assert _details(got) == _details(want), name
    assert _error(local["episode over (disabled)"]).reason == flickarena.errors.EPISODE_OVER
    assert _error(local["not reset"]).reason == flickarena.errors.ENV_NOT_RESET
    assert isinstance(_error(local["illegal action (reject)"]), flickarena.InvalidArgumentError)
    assert _error(local["illegal action (reject)"]).reason == flickarena.errors.ILLEGAL_ACTION
    assert isinstance(_error(local["unknown game"]), flickarena.NotFoundError)


def test_spec_of_the_library():
    with Pool("flickago-v3", 2, options={"max_turns": 6}) as p:
        assert p._transport.spec() == p.spec
        assert p.spec.config.options["max_turns"] == "6"


def test_same_games_listed(server):
    local, remote = flickarena.list_games(), flickarena.list_games(server.target)
    assert [g.id for g in local] == [g.id for g in remote] == sorted(flickarena.registration.GAMES)
    for a, b in zip(local, remote, strict=True):
        assert a == b, a.id


def test_split_pool_in_process_parts(server):
    """None among the servers is a part in process; such parts and a server's play the games
    of one pool (the same build: the same content digest)."""
    act = {"discrete": np.tile([0, 0], (6, 1)), "continuous": np.full((6, 1), 0.25, np.float32)}
    for servers in ([None, None, None], [None, server.target]):
        with Pool("race-v1", 6) as whole, flickarena.split_pool.SplitPool("race-v1", 6, servers) as split:
            assert split.servers[0] == "in-process"
            assert_same("reset", split.reset(seed=9), whole.reset(seed=9), readonly=False)
            for t in range(5):
                assert_same(f"step {t}", split.step(act), whole.step(act), readonly=False)
