"""A designer's scenario file served by ``envserver --scenarios DIR`` and named from Python."""

from __future__ import annotations

import shutil
from pathlib import Path

import gymnasium as gym
import numpy as np
import pytest

import flickarena
from flickarena.launch import EnvServer

REPO = Path(__file__).resolve().parents[2]


RULES = flickarena.registration.FLICKEMUP_RULES_VERSION


def test_scenario_file_game_id(tmp_path):
    # A file without a version line (or not readable here) has the rules version.
    assert flickarena.scenario_file_game_id("designs/my-town.scn") == f"flickemup/file/my-town-v{RULES}"
    assert flickarena.gym_id("flickemup/file/my-town-v9") == "flickarena/flickemup-file-my-town-v9"
    for bad in ("My Town.scn", "my-town.txt", ".scn"):
        with pytest.raises(ValueError):
            flickarena.scenario_file_game_id(bad)
    # A file's version line is its id's version, as the server reads it.
    f = tmp_path / "my-town.scn"
    f.write_text("# a town\nscenario my-town\nversion  3  # bumped\ntitle T\n")
    assert flickarena.scenario_file_game_id(f) == "flickemup/file/my-town-v3"
    f.write_text("scenario my-town\nstory version 3\n")
    assert flickarena.scenario_file_game_id(f) == f"flickemup/file/my-town-v{RULES}"


def test_catalog_entries():
    """The generated catalogue names every game's entry as entry_name does."""
    from flickarena import _catalogue, games

    assert set(_catalogue.ENTRY_NAMES) == set(_catalogue.GAMES)
    for g, name in _catalogue.ENTRY_NAMES.items():
        assert games.entry_name(g) == name and getattr(games, name).game_id == g


def test_play_a_scenario_file(tmp_path):
    """The server serves each file of the directory; the client names the game from the file's
    path and plays it through Gymnasium."""
    # A copy of showdown.scn, its version line with it: the client reads the same version.
    shutil.copy(REPO / "env/flickemup/scenarios/showdown.scn", tmp_path / "my-town.scn")
    server = EnvServer(["--scenarios", str(tmp_path)])
    try:
        game = flickarena.scenario_file_game_id(tmp_path / "my-town.scn")
        gid = flickarena.register_scenario_file(tmp_path / "my-town.scn")
        assert gid == flickarena.gym_id(game)
        with flickarena.Client(server.target) as c:
            assert game in {g.id for g in c.list_games()}
        env = gym.make(gid, server=server.target, options={"max_decisions": 30})
        try:
            assert env.unwrapped.game_id == game
            obs, info = env.reset(seed=1)
            assert obs.shape == (884,) and "action_mask" in info
            env.action_space.seed(0)
            steps, done = 0, False
            while not done:
                obs, _, term, trunc, info = env.step(env.action_space.sample())
                done, steps = term or trunc, steps + 1
                assert steps <= 30, "the game ran past its decision cap"
            assert np.all(np.isfinite(obs))
        finally:
            env.close()
    finally:
        assert server.stop() == 0
        server.cleanup()


def test_list_games_over_the_message_limit(tmp_path):
    """A listing larger than the server's message limit (64 KiB here; 64 MiB is about 16,700
    files) comes in pages, which list_games follows to every served file."""
    src = (REPO / "env/flickemup/scenarios/showdown.scn").read_bytes()
    for i in range(40):
        (tmp_path / f"town-{i}.scn").write_bytes(src)
    server = EnvServer(["--scenarios", str(tmp_path), "--max-message-bytes", str(64 << 10)])
    try:
        with flickarena.Client(server.target) as c:
            games = c.list_games()
        ids = [g.id for g in games]
        want = {f"flickemup/file/town-{i}-v9" for i in range(40)}
        assert want <= set(ids) and ids == sorted(ids) and len(ids) == len(set(ids))
        assert all(g.spec.id == g.id for g in games if g.id in want)
    finally:
        assert server.stop() == 0
        server.cleanup()
