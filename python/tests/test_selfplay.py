"""The self-play trainer (examples/selfplay.py) trains on Flickago and on Flip' Rando at three
seats, learns every seat, grows its league, writes a checkpoint that ppo_agent loads and that
continues (with its league) under --init, and gives the same weights for the same seed.
Skipped only without torch (`make test` installs the ppo extra)."""

from __future__ import annotations

import csv
import math

import pytest

torch = pytest.importorskip("torch")

import ppo_agent  # noqa: E402  (after the skip: it imports torch)
import selfplay  # noqa: E402


def run(server, run_dir, *extra):
    return selfplay.main(["--server", server.target, "--num-envs", "16", "--num-steps", "32", "--total-steps", "1500",
                          "--snapshot-every", "1", "--league-size", "3", "--eval-every", "0", "--eval-episodes", "8",
                          "--eval-opponents", "random", "--seed", "5", "--save-every", "2", "--run-dir", str(run_dir), *extra])


def test_selfplay_flickago(server, tmp_path):
    summary = run(server, tmp_path / "a")
    assert summary["learner_steps"] >= 1500, summary
    assert math.isfinite(summary["policy_loss"]) and summary["value_loss"] > 0 and summary["entropy"] > 0, summary
    assert summary["league"] == 3, summary  # a snapshot each update, the oldest dropped past 3
    assert min(summary["seat_decisions"]) > 0.3 * summary["learner_steps"], summary  # both seats, about evenly
    assert summary["last_eval"]["random"]["episodes"] == 8
    rows = list(csv.DictReader(open(tmp_path / "a" / "metrics.csv")))
    assert {r["opponent"] for r in rows} == {"random"} and len(rows) == 2  # the first update and the last
    numbered = ppo_agent.run_checkpoints(str(tmp_path / "a"))
    assert len(numbered) >= 2 and numbered[-1].endswith(f"step-{summary['learner_steps']:09d}.pt"), numbered
    agent, game, ck = ppo_agent.load(str(tmp_path / "a" / "checkpoint.pt"), torch.device("cpu"))
    assert game.game_id == "flickago-v3" and ck["env_steps"] == summary["learner_steps"]

    run(server, tmp_path / "b")
    other, _, _ = ppo_agent.load(str(tmp_path / "b" / "checkpoint.pt"), torch.device("cpu"))
    for k, v in agent.state_dict().items():
        assert torch.equal(v, other.state_dict()[k]), f"{k}: the same seed gave other weights"

    more = run(server, tmp_path / "c", "--init", str(tmp_path / "a" / "checkpoint.pt"))
    assert more["prior_env_steps"] == summary["learner_steps"] and more["league"] == 3, more


def test_selfplay_three_seats(server, tmp_path):
    summary = run(server, tmp_path / "f", "--game", "fliprando-v1", "--options", '{"players": 3}',
                  "--total-steps", "600", "--eval-opponents", "greedy")
    assert len(summary["seat_decisions"]) == 3 and min(summary["seat_decisions"]) > 0, summary
    assert summary["last_eval"]["greedy"]["episodes"] == 8


def test_selfplay_refuses_bad_flags():
    for flags in (["--p-latest", "1.5"], ["--league-size", "0"], ["--options", "{"]):
        with pytest.raises(SystemExit):
            selfplay.parse_args(flags)
