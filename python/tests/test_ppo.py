"""The PPO baseline (examples/ppo.py) runs a few thousand steps on Flickago with finite losses,
saves a checkpoint that loads and plays, and its async step changes nothing but the timing:
the same seed gives the same weights with and without it. Skipped only without torch (`make
test` installs the ppo extra)."""

from __future__ import annotations

import csv
import importlib.util
import json
import math
import pathlib
import sys

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torch.utils.tensorboard")

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def load_ppo():
    spec = importlib.util.spec_from_file_location("ppo", EXAMPLES / "ppo.py")
    ppo = importlib.util.module_from_spec(spec)
    sys.modules["ppo"] = ppo  # dataclasses look their module up
    spec.loader.exec_module(ppo)
    return ppo


def run(ppo, server, run_dir, *extra):
    return ppo.main(["--server", server.target, "--game", "flickago-v3", "--num-envs", "16", "--num-steps", "128",
                     "--total-steps", "4096", "--eval-every", "0", "--eval-episodes", "16", "--seed", "3",
                     "--run-dir", str(run_dir), *extra])


def test_ppo_smoke(server, tmp_path):
    ppo = load_ppo()
    summary = run(ppo, server, tmp_path / "async")
    assert summary["env_steps"] == 4096, summary
    for k in ("policy_loss", "value_loss", "entropy", "approx_kl"):
        assert math.isfinite(summary["final_" + k]), summary
    assert summary["final_value_loss"] > 0 and summary["final_entropy"] > 0, summary
    assert sum(summary["shares"].values()) == pytest.approx(1.0)
    assert summary["last_eval"]["episodes"] == 16
    rows = (tmp_path / "async" / "metrics.csv").read_text().splitlines()
    assert len(rows) == 3, rows  # the header, the first update's evaluation and the last's
    assert json.loads((tmp_path / "async" / "summary.json").read_text())["env_steps"] == 4096
    assert list((tmp_path / "async").glob("events.out.tfevents.*")), "no TensorBoard log"

    # The checkpoint loads and plays legal actions only.
    agent, game, ck = ppo.load(summary["checkpoint"], torch.device("cpu"))
    assert ck["env_steps"] == 4096 and game.id == "flickago-v3"
    result = ppo.main(["--server", server.target, "--evaluate", summary["checkpoint"], "--eval-episodes", "8",
                       "--greedy", "--opponent", "random"])
    assert result["episodes"] == 8 and result["wins"] + result["draws"] + result["losses"] == 8

    # Blocking steps instead of send/recv: same seeds, same run, bit for bit.
    run(ppo, server, tmp_path / "sync", "--no-async-step")
    a = torch.load(tmp_path / "async" / "checkpoint.pt", weights_only=False)["model"]
    b = torch.load(tmp_path / "sync" / "checkpoint.pt", weights_only=False)["model"]
    assert a.keys() == b.keys()
    for k in a:
        assert torch.equal(a[k], b[k]), k


def test_ppo_bad_flags():
    ppo = load_ppo()
    with pytest.raises(SystemExit):
        ppo.parse_args(["--num-envs", "15", "--groups", "2"])
    with pytest.raises(SystemExit):
        ppo.parse_args(["--options", "{max_turns"])
    for bad in ('{"aimer": 0}', '{"aimer": "x"}', "{}", '{"aimer": 1'):
        with pytest.raises(SystemExit):
            ppo.parse_args(["--opponent", bad])
        with pytest.raises(SystemExit):
            ppo.parse_args(["--eval-opponent", bad])
    assert ppo.opponent_of('{"aimer": 3, "random": 1}') == {"aimer": 3, "random": 1}
    assert ppo.opponent_of("aimer") == "aimer"


def test_ppo_init_and_target_kl(server, tmp_path):
    """--init starts from a checkpoint and counts its steps and seconds on the curves' axes;
    --target-kl ends an update's epochs early; --eval-opponent plays the evaluations against
    another opponent (here a mixture)."""
    ppo = load_ppo()
    first = run(ppo, server, tmp_path / "first")
    ck = torch.load(first["checkpoint"], weights_only=False)
    assert ck["env_steps"] == 4096 and ck["train_seconds"] > 0
    second = run(ppo, server, tmp_path / "second", "--init", first["checkpoint"], "--target-kl", "1e-9",
                 "--eval-opponent", '{"random": 1, "aimer": 1}')
    assert second["env_steps"] == 4096 and second["prior_env_steps"] == 4096, second
    # Adam's moments carry on: the checkpoint holds them and the second run loaded them.
    assert second["init_optimizer"] and ck["optim"]["state"], second
    assert second["final_epochs"] == 1, second  # any step moves the policy past a KL of 1e-9
    rows = list(csv.DictReader((tmp_path / "second" / "metrics.csv").open()))
    assert [int(r["env_steps"]) for r in rows] == [4096 + 2048, 8192], rows
    assert float(rows[0]["train_seconds"]) > ck["train_seconds"]
    ck2 = torch.load(second["checkpoint"], weights_only=False)
    assert ck2["env_steps"] == 8192
    # Without --target-kl every epoch runs.
    assert first["final_epochs"] == 8, first
    # A checkpoint of another shape is refused with the reason.
    with pytest.raises(ValueError, match="other shapes"):
        run(ppo, server, tmp_path / "third", "--init", first["checkpoint"], "--hidden", "32")
    # A checkpoint of an earlier version of the game with the same encodings starts a run (the
    # committed one was trained on flickago-v2); one of another game is refused.
    older = pathlib.Path(__file__).resolve().parents[1] / "docs" / "ppo" / "flickago-random-s2.pt"
    assert ppo.load(str(older), torch.device("cpu"))[1].id == "flickago-v2"
    fourth = run(ppo, server, tmp_path / "fourth", "--init", str(older), "--total-steps", "2048")
    assert fourth["prior_env_steps"] == torch.load(older, weights_only=False)["env_steps"] > 0, fourth
    assert not fourth["init_optimizer"], fourth  # saved before checkpoints held the optimizer
    # --evaluate plays it on --game too (the server serves flickago-v3 only).
    evaluated = ppo.main(["--server", server.target, "--game", "flickago-v3", "--evaluate", str(older),
                          "--eval-episodes", "4", "--greedy", "--opponent", "random"])
    assert evaluated["episodes"] == 4, evaluated
    ck = torch.load(first["checkpoint"], weights_only=False)
    ck["game"]["game_id"] = "flickagone-v3"
    torch.save(ck, tmp_path / "other-game.pt")
    with pytest.raises(ValueError, match="other shapes"):
        run(ppo, server, tmp_path / "fifth", "--init", str(tmp_path / "other-game.pt"))


def flickago_turn(spec, reserve_t: float, reserve_f: float, returns: list[int], sources: list[int]):
    """An observation and flat mask of a Flickago flick decision: the observer's reserve (T, F
    counts scaled as the observation has them), the return values and source values the
    factorised mask allows."""
    fields = {f.name: f for f in spec.obs}
    off = {}
    o = 0
    for f in spec.obs:
        off[f.name] = o
        o += f.size
    obs = torch.zeros(1, spec.obs_size)
    obs[0, off["phase"]] = 1.0  # flick
    obs[0, off["reserve"]], obs[0, off["reserve"] + 1] = reserve_t, reserve_f
    assert fields["reserve"].size == 4
    nvec = [h.n for h in spec.heads]
    mask = torch.zeros(1, sum(nvec), dtype=torch.bool)
    mask[0, returns] = True
    mask[0, [nvec[0] + s for s in sources]] = True
    mask[0, nvec[0] + nvec[1]] = True  # star 0: unused in the flick phase
    return obs, mask


def legal(spec, obs, disc) -> bool:
    """Flickago's joint rules, written from its package doc ("Action Space"): a start point
    needs a disc of its kind in the reserve or one of that kind returned first; a returned
    family disc cannot be the one flicked."""
    ret = spec.heads[0].values[int(disc[0])]
    src = spec.heads[1].values[int(disc[1])]
    if src.startswith("point"):
        kind = src[-2]  # "point 0 (T)"
        off = sum(f.size for f in spec.obs[: [f.name for f in spec.obs].index("reserve")])
        have = float(obs[0, off + (0 if kind == "T" else 1)]) > 0
        return have or ret.endswith(f"({kind})")
    return ret.split(" (")[0] != src.removeprefix("family ")  # "disc 7" vs "family disc 7"


@pytest.mark.parametrize("case", ["point-needs-return", "flicked-family-returned"])
def test_ppo_joint_rule(server, case):
    """The served bot (greedy) and the training sampler send legal actions in positions where
    heads chosen one by one on the factorised mask are not: with the policy's logits set to
    prefer the illegal pair, the old independent heads (joint=None) choose it; with the game's
    JointRule they never do, and the log-probability of a drawn action is recomputed equal."""
    from flickarena import FlickVectorEnv

    ppo = load_ppo()
    envs = FlickVectorEnv("flickago-v3", 1, server=server.target)
    spec = envs.pool.game
    envs.close()
    rets, srcs = list(spec.heads[0].values), list(spec.heads[1].values)
    if case == "point-needs-return":
        # No T in reserve; a T disc (disc 0) in the return zone makes T point 0 usable only after
        # returning it. The policy prefers no return and point 0.
        obs, mask = flickago_turn(spec, 0.0, 1 / 5, [0, 1], [0, 1])
        want_ret, want_src = rets.index("none"), srcs.index("point 0 (T)")
    else:
        # Family disc 7 lies face up in the return zone: it may be returned or flicked, not both.
        obs, mask = flickago_turn(spec, 0.0, 0.0, [0, 8], [5])
        want_ret, want_src = rets.index("disc 7 (F)"), srcs.index("family disc 7")
        mask[0, len(rets) + srcs.index("point 1 (F)")] = True  # usable after returning disc 7
    torch.manual_seed(0)
    agent = ppo.Agent(spec.obs_size, [h.n for h in spec.heads], len(spec.dims), 8)
    with torch.no_grad():
        agent.logits.weight.zero_()
        agent.logits.bias.zero_()
        agent.logits.bias[want_ret] = 5.0
        agent.logits.bias[len(rets) + want_src] = 5.0
    disc, *_ = agent.act(obs, mask, greedy=True)
    assert (int(disc[0, 0]), int(disc[0, 1])) == (want_ret, want_src)
    assert not legal(spec, obs, disc[0]), "the old sampler's choice should be illegal here"

    agent.joint = ppo.JointRule.of(spec)
    disc, *_ = agent.act(obs, mask, greedy=True)
    assert legal(spec, obs, disc[0]), [rets[int(disc[0, 0])], srcs[int(disc[0, 1])]]
    batch_obs, batch_mask = obs.repeat(500, 1), mask.repeat(500, 1)
    disc, u, logp, _, _ = agent.act(batch_obs, batch_mask)
    assert all(legal(spec, batch_obs[i : i + 1], disc[i]) for i in range(500))
    assert len({tuple(d.tolist()) for d in disc}) > 1, "sampling should still explore"
    _, _, again, _, _ = agent.act(batch_obs, batch_mask, disc, u)
    assert torch.allclose(logp, again)


def test_ppo_joint_rule_of_other_games(server):
    """Games without Flickago's heads get no rule (the factorised mask as it is)."""
    from flickarena import FlickVectorEnv

    ppo = load_ppo()
    envs = FlickVectorEnv("flickemup/showdown-v9", 1, server=server.target)
    assert ppo.JointRule.of(envs.pool.game) is None
    envs.close()


def test_serve_ppo_checkpoint_legal(server):
    """serve_ppo.py loads the committed Flickago checkpoint (the format ppo.py saves) and its
    policy, given the env's turns, sends only actions the server accepts as legal."""
    import numpy as np

    from flickarena import FlickVectorEnv
    from flickarena.agent import Turn

    spec_path = EXAMPLES / "serve_ppo.py"
    spec = importlib.util.spec_from_file_location("serve_ppo", spec_path)
    serve = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(serve)
    checkpoint = str(EXAMPLES.parent / "docs" / "ppo" / "flickago-random-s2.pt")
    assert serve.make_policy(checkpoint)[1] == "flickago-v2"  # the game it was trained on
    with pytest.raises(ValueError, match="not a version of"):
        serve.make_policy(checkpoint, "flickemup/showdown-v9")
    policy, game_id = serve.make_policy(checkpoint, "flickago-v3")
    assert game_id == "flickago-v3"
    envs = FlickVectorEnv(game_id, 16, server=server.target, opponent="random", agent_seat="alternate")
    try:
        obs, info = envs.reset(seed=list(range(16)))
        for _ in range(200):
            turn = Turn(game=envs.pool.game, player=info["current_player"], obs=obs, action_mask=info["action_mask"],
                        seed=np.zeros(16, np.uint64))
            disc, cont = policy(turn)
            obs, _, _, _, info = envs.step({"discrete": disc, "continuous": cont})
            assert not np.any(info["illegal"]), info["illegal"]
    finally:
        envs.close()
