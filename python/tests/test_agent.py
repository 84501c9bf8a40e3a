"""serve_agent: a Python policy as an AgentService, called directly and as the opponent of an
env server's single-agent pools (the example greedy bot)."""

from __future__ import annotations

import importlib.util
import pathlib
import sys
import threading

import grpc
import numpy as np
import pytest

import flickarena
from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena._gen.v1 import flickarena_pb2_grpc as pb_grpc
from flickarena.agent import random_policy
from flickarena.launch import EnvServer
from flickarena.tensor import from_numpy, to_numpy

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def load_example(name: str):
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def race_spec(server) -> pb.GameSpec:
    with flickarena.Client(server.target) as c:
        return next(g.spec for g in c.list_games() if g.id == "race-v1")


def act_request(spec: pb.GameSpec, b: int) -> pb.ActRequest:
    mask = np.ones((b, spec.mask_size), bool)
    mask[:, 1] = False  # no Double
    return pb.ActRequest(
        game=spec,
        player=from_numpy(np.ones(b), np.int32),
        obs=from_numpy(np.full((b, spec.obs_size), 0.25), np.float32),
        action_mask=from_numpy(mask, np.bool_),
        seed=from_numpy(np.arange(b), np.uint64),
    )


def test_serve_agent(server, tmp_path):
    spec = race_spec(server)
    calls = []

    def policy(turn):
        calls.append(len(turn.player))
        return random_policy(turn)

    with flickarena.serve_agent(policy, f"unix://{tmp_path}/bot.sock", name="rnd", games=["race-v1"]) as bot, \
            grpc.insecure_channel(bot.address) as ch:
        stub = pb_grpc.AgentServiceStub(ch)
        assert stub.GetAgentInfo(pb.GetAgentInfoRequest(), timeout=10).name == "rnd"
        resp = stub.Act(act_request(spec, 16), timeout=10)
        disc, cont = to_numpy(resp.discrete), to_numpy(resp.continuous)
        assert disc.shape == (16, 2) and cont.shape == (16, 1) and calls == [16]
        assert not (disc[:, 0] == 1).any(), "the masked-out Double is never played"
        assert ((-1 <= cont) & (cont <= 1)).all()
        again = to_numpy(stub.Act(act_request(spec, 16), timeout=10).discrete)
        np.testing.assert_array_equal(disc, again)  # the seeds make it deterministic
        other = pb.GameSpec()
        other.CopyFrom(spec)
        other.id = "other/game-v1"
        req = act_request(other, 1)
        with pytest.raises(grpc.RpcError) as e:
            stub.Act(req, timeout=10)
        assert e.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "game" in e.value.details()


def mean_return(target: str, opponent: str, episodes: int = 400) -> float:
    """Mean return of a random seat 0 against opponent."""
    envs = flickarena.FlickVectorEnv("race-v1", 64, server=target, opponent=opponent)
    envs.action_space.seed(0)
    rng = np.random.default_rng(0)
    try:
        obs, info = envs.reset(seed=0)
        returns = []
        while len(returns) < episodes:
            act = {"discrete": np.zeros((64, 2), np.int64), "continuous": rng.uniform(-1, 1, (64, 1)).astype(np.float32)}
            obs, rew, term, trunc, info = envs.step(act)
            returns.extend(rew[term | trunc].tolist())
        return float(np.mean(returns[:episodes]))
    finally:
        envs.close()


def test_agent_as_opponent(tmp_path):
    """The example greedy bot, served from Python, plays seat 1 of a server's pools: a
    random player loses to it far more than to the server's random opponent."""
    greedy = load_example("greedy_bot").greedy
    seen = threading.Event()

    def watched(turn):
        seen.set()
        assert (turn.player == 1).all(), "the client plays seat 0; the bot the others"
        return greedy(turn)

    with flickarena.serve_agent(watched, f"unix://{tmp_path}/greedy.sock", name="greedy") as bot, \
            EnvServer(["--opponent", f"py-greedy={bot.address}"]) as srv:
        vs_random = mean_return(srv.target, "random")
        vs_greedy = mean_return(srv.target, "py-greedy")
        assert seen.is_set()
        assert vs_greedy < vs_random - 0.5, (vs_greedy, vs_random)
        with pytest.raises(flickarena.InvalidArgumentError, match="config.opponent"):
            flickarena.FlickVectorEnv("race-v1", 1, server=srv.target, opponent="nobody")


def test_serve_agent_refuses_lossy_policy_output(server, tmp_path):
    """A policy that answers 0.9 or 2**32 for a head is not sent as 0: the call fails with
    INTERNAL naming the agent and the field."""
    spec = race_spec(server)
    answers = iter([np.full((2, 2), 0.9), np.full((2, 2), 2**32, dtype=np.int64)])

    def policy(turn):
        return next(answers), np.zeros((len(turn.player), 1))

    with flickarena.serve_agent(policy, f"unix://{tmp_path}/bot.sock", name="lossy") as bot, \
            grpc.insecure_channel(bot.address) as ch:
        stub = pb_grpc.AgentServiceStub(ch)
        for want in ("discrete[0, 0]: 0.9 is not a whole number", "discrete[0, 0]: 4294967296 is out of the int32 range"):
            with pytest.raises(grpc.RpcError) as e:
                stub.Act(act_request(spec, 2), timeout=10)
            assert e.value.code() == grpc.StatusCode.INTERNAL, e.value
            assert "lossy" in e.value.details() and want in e.value.details(), e.value.details()
