"""The PPO baseline (examples/ppo.py) runs a few thousand steps on Flickago with finite losses,
saves a checkpoint that loads, plays and serves (examples/serve_ppo.py) legal actions, and its
async step changes nothing but the timing: the same seed gives the same weights with and without
it. Skipped only without torch (`make test` installs the ppo extra). The examples' folder is on
the test path (pyproject.toml), so they import as their scripts do."""

from __future__ import annotations

import csv
import json
import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torch.utils.tensorboard")

import ppo  # noqa: E402  (after the skips: it imports torch)
import ppo_agent  # noqa: E402

from flickarena import FlickVectorEnv, JointRule, joint_rule  # noqa: E402
from flickarena.agent import Turn  # noqa: E402


def run(server, run_dir, *extra):
    return ppo.main(["--server", server.target, "--game", "flickago-v3", "--num-envs", "16", "--num-steps", "128",
                     "--total-steps", "4096", "--eval-every", "0", "--eval-episodes", "16", "--seed", "3",
                     "--wire-probe", "0", "--run-dir", str(run_dir), *extra])


def test_ppo_smoke(server, tmp_path):
    summary = run(server, tmp_path / "async")
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
    agent, game, ck = ppo_agent.load(summary["checkpoint"], torch.device("cpu"))
    assert ck["env_steps"] == 4096 and game.game_id == "flickago-v3"
    result = ppo.main(["--server", server.target, "--evaluate", summary["checkpoint"], "--eval-episodes", "8",
                       "--greedy", "--opponent", "random"])
    assert result["episodes"] == 8 and result["wins"] + result["draws"] + result["losses"] == 8

    # Blocking steps instead of send/recv: same seeds, same run, bit for bit.
    run(server, tmp_path / "sync", "--no-async-step")
    a = torch.load(tmp_path / "async" / "checkpoint.pt", weights_only=False)["model"]
    b = torch.load(tmp_path / "sync" / "checkpoint.pt", weights_only=False)["model"]
    assert a.keys() == b.keys()
    for k in a:
        assert torch.equal(a[k], b[k]), k


def test_ppo_wire_probe_and_time_limit(server, tmp_path):
    """--wire-probe measures the client's random-action rate on the training pools and changes
    nothing else (the same weights as without it); --time-limit ends training at an update's
    end, evaluated and saved, with the learning rate still annealed over --total-steps."""
    probed = run(server, tmp_path / "probed", "--wire-probe", "0.5")
    assert probed["wire_steps_per_second"] > 0 and probed["wire_ratio"] > 0, probed
    a = torch.load(tmp_path / "probed" / "checkpoint.pt", weights_only=False)["model"]
    plain = run(server, tmp_path / "plain")
    assert math.isnan(plain["wire_steps_per_second"]), plain
    b = torch.load(tmp_path / "plain" / "checkpoint.pt", weights_only=False)["model"]
    for k in a:
        assert torch.equal(a[k], b[k]), k
    limited = run(server, tmp_path / "limited", "--total-steps", "10000000", "--time-limit", "0.01")
    assert limited["env_steps"] == 16 * 128, limited  # one update, then the limit
    rows = (tmp_path / "limited" / "metrics.csv").read_text().splitlines()
    assert len(rows) == 2, rows  # the header and the one update's evaluation


def test_ppo_bad_flags():
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
    """--init starts from a checkpoint of the same game (Adam's moments included) and counts its
    steps and seconds on the curves' axes; --target-kl ends an update's epochs early;
    --eval-opponent plays the evaluations against another opponent (here a mixture)."""
    first = run(server, tmp_path / "first")
    ck = torch.load(first["checkpoint"], weights_only=False)
    assert ck["env_steps"] == 4096 and ck["train_seconds"] > 0 and ck["optim"]["state"]
    second = run(server, tmp_path / "second", "--init", first["checkpoint"], "--target-kl", "1e-9",
                 "--eval-opponent", '{"random": 1, "aimer": 1}')
    assert second["env_steps"] == 4096 and second["prior_env_steps"] == 4096, second
    assert second["final_epochs"] == 1, second  # any step moves the policy past a KL of 1e-9
    rows = list(csv.DictReader((tmp_path / "second" / "metrics.csv").open()))
    assert [int(r["env_steps"]) for r in rows] == [4096 + 2048, 8192], rows
    assert float(rows[0]["train_seconds"]) > ck["train_seconds"]
    assert torch.load(second["checkpoint"], weights_only=False)["env_steps"] == 8192
    assert first["final_epochs"] == 8, first  # without --target-kl every epoch runs
    # A checkpoint of another shape, or of another game, is refused with the reason.
    with pytest.raises(ValueError, match="other shapes"):
        run(server, tmp_path / "third", "--init", first["checkpoint"], "--hidden", "32")
    ck["game"]["game_id"] = "flickago-v2"
    torch.save(ck, tmp_path / "other-game.pt")
    with pytest.raises(ValueError, match="other shapes"):
        run(server, tmp_path / "fourth", "--init", str(tmp_path / "other-game.pt"))


def test_ppo_evaluate_baselines(server):
    for kind in ("random", "passive"):
        result = ppo.main(["--server", server.target, "--evaluate", kind, "--eval-episodes", "4"])
        assert result["episodes"] == 4, (kind, result)


@pytest.fixture(scope="module")
def flickago(server):
    envs = FlickVectorEnv("flickago-v3", 1, server=server.target)
    spec = envs.pool.game
    envs.close()
    return spec


def test_agent_draws_legal_heads(flickago):
    """With logits that prefer an illegal (return, source) pair, heads drawn on the factorised
    mask alone choose it; with the game's joint rule the agent never does, and the log-probability
    of a drawn action is recomputed equal on the masks it was drawn on."""
    spec = flickago
    rets, srcs = list(spec.heads[0].values), list(spec.heads[1].values)
    nvec = [h.n for h in spec.heads]
    # No T in reserve, an F; T disc 0 may be returned, T point 0 and F point 1 are allowed: point
    # 0 is usable only after returning disc 0.
    obs = torch.zeros(1, spec.obs_size)
    off = {f.name: sum(g.size for g in spec.obs[:k]) for k, f in enumerate(spec.obs)}
    obs[0, off["phase"]], obs[0, off["reserve"] + 1] = 1.0, 1 / 5
    mask = torch.zeros(1, sum(nvec), dtype=torch.bool)
    mask[0, [rets.index("none"), rets.index("disc 0 (T)")]] = True
    mask[0, [nvec[0] + srcs.index("point 0 (T)"), nvec[0] + srcs.index("point 1 (F)")]] = True
    mask[0, nvec[0] + nvec[1]] = True  # star 0: unused in the flick phase
    torch.manual_seed(0)
    agent = ppo_agent.Agent(spec.obs_size, nvec, len(spec.dims), 8)
    with torch.no_grad():
        agent.logits.weight.zero_()
        agent.logits.bias.zero_()
        agent.logits.bias[rets.index("none")] = 5.0
        agent.logits.bias[nvec[0] + srcs.index("point 0 (T)")] = 5.0
    illegal = (rets.index("none"), srcs.index("point 0 (T)"))
    agent.rule = JointRule()
    disc, *_ = agent.get_action_and_value(obs, mask, greedy=True)
    assert (int(disc[0, 0]), int(disc[0, 1])) == illegal

    agent.rule = joint_rule(spec)
    disc, *_ = agent.get_action_and_value(obs, mask, greedy=True)
    assert (int(disc[0, 0]), int(disc[0, 1])) != illegal
    batch_obs, batch_mask = obs.repeat(500, 1), mask.repeat(500, 1)
    disc, u, logp, _, _, drawn_on = agent.get_action_and_value(batch_obs, batch_mask)
    pairs = {(int(d[0]), int(d[1])) for d in disc}
    assert illegal not in pairs and len(pairs) > 1, pairs  # legal, still exploring
    _, _, again, _, _, _ = agent.get_action_and_value(batch_obs, drawn_on, disc, u)
    assert torch.allclose(logp, again)


def test_serve_ppo_checkpoint_legal(server, tmp_path, flickago):
    """serve_ppo.py's policy of a checkpoint (the format ppo.py saves), given the env's turns,
    sends only actions the server accepts as legal."""
    import serve_ppo

    assert serve_ppo.checkpoint_policy is ppo_agent.checkpoint_policy
    game = ppo_agent.Game.of(flickago)
    torch.manual_seed(0)
    agent = game.agent(16)
    with torch.no_grad():
        agent.logits.bias.normal_()  # untrained, with varied preferences: the greedy heads differ by position
    path = str(tmp_path / "checkpoint.pt")
    ppo_agent.save(path, agent, torch.optim.Adam(agent.parameters()), game, {"hidden": 16}, 0, 0.0)
    policy, game_id = serve_ppo.checkpoint_policy(path)
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


def test_binned_dims_autoregressive(server, flickago, tmp_path):
    """--bins: each dim a head of evenly spaced values, drawn after the heads before it (the
    coupling changes a later head's distribution by the earlier one's value), the log-probability
    of stored actions equal to the one they were drawn with, binning the inverse of the bins'
    values, and a checkpoint keeping its bins through --init."""
    game = ppo_agent.Game.of(flickago, bins=5)
    assert game.policy_nvec == [*game.nvec, 5, 5] and game.policy_dims == 0
    values = game.env_action(torch.tensor([[0, 0, 0, 0, 4], [0, 0, 0, 2, 1]]), torch.zeros(2, 0))["continuous"]
    assert np.allclose(values[0], [game.low[0], game.high[1]]) and np.allclose(values[1, 0], (game.low[0] + game.high[0]) / 2)
    assert (game.bin_of(values) == [[0, 4], [2, 1]]).all()
    with pytest.raises(ValueError, match="bins 1"):
        ppo_agent.Game.of(flickago, bins=1)

    torch.manual_seed(0)
    agent = game.agent(8)
    agent.rule = joint_rule(flickago)
    obs = torch.zeros(300, game.obs_size)
    env_mask = torch.ones(300, sum(game.nvec), dtype=torch.bool)
    with torch.no_grad():
        # Dim x's value follows the source head's: source s -> bin s % 5.
        src0 = game.nvec[0]
        x0 = sum(game.nvec)
        for s in range(game.nvec[1]):
            agent.coupling[src0 + s, x0 + s % 5] = 20.0
    disc, u, logp, _, _, drawn_on = agent.get_action_and_value(obs, env_mask)
    assert drawn_on.shape == (300, sum(game.policy_nvec))
    assert (disc[:, 3] == disc[:, 1] % 5).all()
    assert len(set(disc[:, 1].tolist())) > 1
    _, _, again, _, _, _ = agent.get_action_and_value(obs, drawn_on, disc, u)
    assert torch.allclose(logp, again, atol=1e-5)

    run = tmp_path / "binned"
    common = ["--server", server.target, "--game", "flickago-v3", "--num-envs", "4", "--num-steps", "8",
              "--eval-every", "0", "--eval-episodes", "2", "--wire-probe", "0", "--hidden", "8"]
    ppo.main([*common, "--bins", "7", "--total-steps", "32", "--run-dir", str(run)])
    _, saved, _ = ppo_agent.load(str(run / "checkpoint.pt"), torch.device("cpu"))
    assert saved.bins == 7
    ppo.main([*common, "--init", str(run / "checkpoint.pt"), "--total-steps", "32", "--run-dir", str(tmp_path / "more")])
    _, continued, _ = ppo_agent.load(str(tmp_path / "more" / "checkpoint.pt"), torch.device("cpu"))
    assert continued.bins == 7
