"""The examples: the training example learns, on Race and on Flickago (with a small
budget and fixed seeds, the trained policy beats the random policy by a wide margin;
deterministic: same seeds, same result), and the quick start's example plays legal actions."""

from __future__ import annotations

import importlib.util
import pathlib
import sys

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def load_train():
    spec = importlib.util.spec_from_file_location("train", EXAMPLES / "train.py")
    train = importlib.util.module_from_spec(spec)
    sys.modules["train"] = train  # dataclasses look their module up
    spec.loader.exec_module(train)
    return train


def test_train_smoke(server):
    result = load_train().main(["--server", server.target, "--num-envs", "64", "--iterations", "20", "--eval-episodes", "256"])
    assert result["trained"] > result["random"] + 0.5, result
    assert result["trained"] > 0.6, result


def test_train_flickago(server):
    """A real game: 20 small updates (about 5 s) already beat the random opponent clearly."""
    result = load_train().main(["--server", server.target, "--game", "flickago-v3", "--num-envs", "64",
                                "--iterations", "20", "--shaping", "1", "--eval-episodes", "256"])
    assert abs(result["random"]) < 0.25, result
    assert result["trained"] > result["random"] + 0.4, result


def test_quickstart_plays_legal_actions(server, capsys, monkeypatch, recwarn):
    """The quick start's example (what `make quickstart` runs) samples legal actions only: no
    warning about replaced actions, episodes end, and it prints its steps/s."""
    spec = importlib.util.spec_from_file_location("quickstart", EXAMPLES / "quickstart.py")
    quickstart = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(quickstart)
    for where in (["--server", server.target], []):  # on the server, then in this process
        monkeypatch.setattr(sys, "argv", ["quickstart.py", *where, "--num-envs", "16", "--seconds", "2"])
        quickstart.main()
        out = capsys.readouterr().out
        assert ("on " + server.target if where else "in this process") in out, out
        assert "steps/s (time in step" in out and "episodes ended" in out, out
    assert not [w for w in recwarn if "illegal" in str(w.message)], [str(w.message) for w in recwarn]
