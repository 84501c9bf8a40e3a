"""The teacher's datasets and behaviour cloning: examples/record_teacher.py records whole games
of the aimer (legal moves only: the pool rejects illegal ones), examples/bc.py fits the PPO agent
to them, evaluates it, and ppo.py --init fine-tunes from its checkpoint. Skipped only without
torch (`make test` installs the ppo extra)."""

from __future__ import annotations

import csv
import json
import os

import numpy as np
import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torch.utils.tensorboard")

import bc  # noqa: E402  (after the skips: it imports torch)
import ppo  # noqa: E402
import record_teacher  # noqa: E402


def test_record_bc_and_fine_tune(server, tmp_path):
    data = tmp_path / "data.npz"
    meta = record_teacher.main(["--server", server.target, "--game", "flickago-v3", "--teacher", "aimer",
                                "--opponent", "random", "--episodes", "6", "--num-envs", "3", "--out", str(data)])
    assert meta["episodes"] == 6 and meta["wins"] + meta["draws"] + meta["losses"] == 6
    with np.load(data) as d:
        T = meta["transitions"]
        assert d["observations"].shape == (T, 140) and d["action_discrete"].shape == (T, 3)
        assert d["action_continuous"].shape == (T, 2) and d["action_mask"].shape == (T, 26)
        assert d["rewards"].shape == d["terminations"].shape == d["truncations"].shape == d["episode_ids"].shape == (T,)
        # Whole episodes, contiguous: each ends with exactly one flag, on its last transition.
        ends = d["terminations"] | d["truncations"]
        assert ends.sum() == 6 and ends[-1]
        assert (np.diff(d["episode_ids"]) == ends[:-1]).all()
        assert np.allclose(np.bincount(d["episode_ids"], weights=d["rewards"]), d["episode_returns"])
        assert json.loads(str(d["meta"]))["teacher"] == "aimer"
        # The moves are legal under their stored masks.
        offsets = np.concatenate([[0], np.cumsum(d["nvec"])[:-1]])
        assert d["action_mask"][np.arange(T)[:, None], offsets + d["action_discrete"]].all()

    ck = tmp_path / "bc.pt"
    out = bc.main(["--server", server.target, "--data", str(data), "--epochs", "20", "--out", str(ck), "--eval-episodes", "4"])
    assert out["bc"]["final_nll"] < out["bc"]["first_epoch_nll"], out
    assert out["eval"]["episodes"] == 4

    summary = ppo.main(["--server", server.target, "--game", "flickago-v3", "--init", str(ck), "--num-envs", "4",
                        "--num-steps", "16", "--total-steps", "64", "--eval-every", "0", "--eval-episodes", "2",
                        "--run-dir", str(tmp_path / "ppo")])
    assert summary["env_steps"] == 64, summary


def test_dagger_labels_the_clones_positions_and_resumes(server, tmp_path):
    import dagger

    run = tmp_path / "dagger"
    common = ["--server", server.target, "--teacher", "aimer", "--opponent", "random", "--episodes", "4", "--num-envs", "2",
              "--seconds", "0.2", "--hidden", "16", "--run-dir", str(run)]
    out = dagger.main([*common, "--rounds", "2", "--beta", "1", "--beta-decay", "0"])
    # Round 1 plays the teacher's moves alone, round 2 the clone's alone.
    with open(run / "metrics.csv") as f:
        rows = list(csv.DictReader(f))
    assert [float(r["teacher_share"]) for r in rows] == [1.0, 0.0]
    assert [int(r["games"]) for r in rows] == [4, 4]
    positions = [int(r["positions"]) for r in rows]
    assert 0 < positions[0] < positions[1] == out["positions"]
    assert len(os.listdir(run / "checkpoints")) == 2
    with np.load(run / "data.npz") as d:
        assert len(d["observations"]) == positions[1]
        # Every label is a legal move under its stored mask, though the clone's own moves were played.
        offsets = np.concatenate([[0], np.cumsum(d["nvec"])[:-1]])
        assert d["action_mask"][np.arange(positions[1])[:, None], offsets + d["action_discrete"]].all()
    # A stopped run continues from its dataset and checkpoint.
    more = dagger.main([*common, "--rounds", "1", "--beta", "0", "--data", str(run / "data.npz"),
                        "--init", str(run / "checkpoint.pt")])
    assert more["positions"] > positions[1]


def test_aim_precision_rows(server, tmp_path, capsys):
    import aim_precision

    data, ck = tmp_path / "data.npz", tmp_path / "bc.pt"
    opts = json.dumps({"flick": "aim"})
    record_teacher.main(["--server", server.target, "--teacher", "aimer", "--opponent", "random", "--episodes", "4",
                         "--num-envs", "2", "--options", opts, "--out", str(data)])
    bc.main(["--server", server.target, "--data", str(data), "--epochs", "2", "--hidden", "16", "--out", str(ck),
             "--eval-episodes", "0"])
    aim_precision.main(["--server", server.target, "--teacher", "aimer", "--opponent", "random", "--blur", "0,50",
                        "--episodes", "10", "--num-envs", "5", "--checkpoint", str(ck)])
    table = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ") and "games" not in line]
    assert len(table) == 5, table
    wins = [int(line.split("|")[3]) for line in table]
    # The aimer's exact targets beat random; blurred by 50 cm they land anywhere.
    assert wins[0] > wins[1], table
    with pytest.raises(SystemExit, match="flick=aim"):
        aim_precision.main(["--server", server.target, "--options", "{}", "--episodes", "2", "--num-envs", "2"])
