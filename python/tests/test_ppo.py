"""The PPO baseline (examples/ppo.py) runs a few thousand steps on Flickago with finite losses,
saves a checkpoint that loads and plays, and its async step changes nothing but the timing:
the same seed gives the same weights with and without it. Skipped only without torch (`make
test` installs the ppo extra)."""

from __future__ import annotations

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
    return ppo.main(["--server", server.target, "--game", "flickago-v2", "--num-envs", "16", "--num-steps", "128",
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
    assert ck["env_steps"] == 4096 and game.id == "flickago-v2"
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
