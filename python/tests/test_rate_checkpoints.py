"""The Elo curve of a training run: ppo.py --save-every keeps numbered checkpoints (steps, training
and wall seconds inside), and examples/rate_checkpoints.py rates some of them in the real arena
(built with `go build ./cmd/arena`, or $FLICKARENA_ARENA) against a built-in bot, writing
elo.csv and elo.png into the run directory. Skipped without torch or matplotlib."""

from __future__ import annotations

import csv

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("torch.utils.tensorboard")
pytest.importorskip("matplotlib")

import ppo  # noqa: E402  (after the skips: it imports torch)
import ppo_agent  # noqa: E402
import rate_checkpoints  # noqa: E402
from test_arena import arena  # noqa: E402, F401  (the fixture)


def test_select_every_kth_and_the_last():
    paths = [f"step-{i}" for i in range(7)]
    assert rate_checkpoints.select(paths, 1) == paths
    assert rate_checkpoints.select(paths, 3) == ["step-0", "step-3", "step-6"]
    assert rate_checkpoints.select(paths, 4) == ["step-0", "step-4", "step-6"]
    assert rate_checkpoints.select([], 2) == []


def test_rate_checkpoints(server, arena, tmp_path):  # noqa: F811  (the fixture)
    run_dir = tmp_path / "run"
    ppo.main(["--server", server.target, "--game", "flickago-v3", "--num-envs", "16", "--num-steps", "64",
              "--total-steps", "3072", "--eval-every", "0", "--eval-episodes", "8", "--seed", "3",
              "--save-every", "2", "--run-dir", str(run_dir)])
    paths = ppo_agent.run_checkpoints(str(run_dir))
    assert [p.rsplit("/", 1)[1] for p in paths] == ["step-000001024.pt", "step-000002048.pt", "step-000003072.pt"]
    ck = torch.load(paths[-1], weights_only=False)
    assert ck["env_steps"] == 3072 and 0 < ck["train_seconds"] <= ck["wall_seconds"], ck.keys()

    rows = rate_checkpoints.main([str(run_dir), "--bots", "random", "--games", "4", "--every", "2", "--arena", arena])
    with open(run_dir / "elo.csv", newline="") as f:
        table = list(csv.DictReader(f))
    assert list(table[0]) == rate_checkpoints.COLUMNS
    assert [r["checkpoint"] for r in table] == ["step-000001024", "step-000003072", "random"]
    assert [r["step"] for r in table] == ["1024", "3072", ""]
    for r in table:
        assert float(r["low"]) <= float(r["elo"]) <= float(r["high"]), r  # few games: the interval may be a point
        assert float(r["games"]) == (4 if r["step"] else 8), r
    assert float(table[0]["wall_seconds"]) < float(table[1]["wall_seconds"])
    assert len(rows) == 3
    png = (run_dir / "elo.png").read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 10_000

    # Run again: every game is in the database already, and the table comes out the same.
    assert rate_checkpoints.main([str(run_dir), "--bots", "random", "--games", "4", "--every", "2", "--arena", arena]) == rows


def test_rate_checkpoints_of_sb3_models(server, arena, tmp_path):  # noqa: F811  (the fixture)
    """sb3_maskable.py's numbered models (RUN_DIR/NAME_<steps>_steps.zip) are rated too."""
    pytest.importorskip("sb3_contrib")
    import sb3_maskable

    sb3_maskable.main(["--server", server.target, "--num-envs", "4", "--n-steps", "16", "--batch-size", "32", "--hidden", "8",
                       "--bins", "3", "--total-steps", "128", "--save-every", "64", "--out", str(tmp_path / "m.zip"),
                       "--eval-episodes", "0"])
    assert sorted(p.name for p in tmp_path.glob("m_*_steps.zip")) == ["m_128_steps.zip", "m_64_steps.zip"]
    rows = rate_checkpoints.main([str(tmp_path), "--bots", "random", "--games", "2", "--arena", arena])
    assert [(r["checkpoint"], r["step"]) for r in rows] == [("step-000000064", 64), ("step-000000128", 128), ("random", "")]
    assert 0 < rows[0]["wall_seconds"] < rows[1]["wall_seconds"]
    assert all(r["games"] == (2 if r["step"] else 4) for r in rows)


def test_rate_checkpoints_bad_flags(tmp_path):
    for bad in (["--games", "3"], ["--every", "0"], ["--prior", "-1"], ["--prior", "x"], ["--bots", ","]):
        with pytest.raises(SystemExit):
            rate_checkpoints.parse_args([str(tmp_path), *bad])
    with pytest.raises(SystemExit, match="no numbered checkpoints"):
        rate_checkpoints.main([str(tmp_path)])
