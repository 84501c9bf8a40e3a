"""The example bot (examples/greedy_bot.py), served from Python as an AgentService, plays the
real games: its Flickago actions are legal by construction, and a tiny tournament through the
real `arena` binary (built with `go build ./cmd/arena`, or $FLICKARENA_ARENA) records every game
it plays against the built-in random bot, with no forfeit."""

from __future__ import annotations

import collections
import os
import pathlib
import re
import subprocess

import numpy as np
import pytest
from test_agent import load_example

import flickarena
from flickarena.agent import Turn, random_policy

REPO = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def arena(tmp_path_factory) -> str:
    """The arena binary: $FLICKARENA_ARENA, else built into a temporary directory."""
    path = os.environ.get("FLICKARENA_ARENA")
    if path:
        return path
    out = tmp_path_factory.mktemp("arena") / "arena"
    subprocess.run(["go", "build", "-o", str(out), "./cmd/arena"], cwd=REPO, check=True, timeout=600)
    return str(out)


def replaced(server, policy, decisions: int = 9000) -> int:
    """Plays both seats of 64 Flickago games with policy and returns how many of its actions
    the server replaced as illegal."""
    count, seen = 0, 0
    with flickarena.Pool("flickago-v3", 64, server=server.target, illegal="replace") as pool:
        b = pool.reset(seed=3)
        step = 0
        while seen < decisions:
            turn = Turn(pool.game, np.array(b.current_player), np.array(b.obs), np.array(b.action_mask),
                        np.arange(64, dtype=np.uint64) + 64 * step)
            disc, cont = policy(turn)
            live = ~b.done
            b = pool.step({"discrete": disc, "continuous": cont})
            seen += int(live.sum())
            count += int((b.illegal & live).sum())
            step += 1
    return count


def test_flickago_actions_are_legal(server):
    """The bot reads the reserve to avoid the start points only a return makes usable, which
    a uniformly random player picks a few times in 10,000 decisions."""
    greedy = load_example("greedy_bot").greedy
    assert replaced(server, greedy) == 0
    assert replaced(server, random_policy) > 0


def test_arena_tournament(arena, tmp_path):
    greedy = load_example("greedy_bot").greedy
    calls: collections.Counter[str] = collections.Counter()

    def policy(turn):
        calls[turn.game.id] += len(turn.player)
        return greedy(turn)

    db = tmp_path / "results.db"
    with flickarena.serve_agent(policy, "127.0.0.1:0", name="greedy", version="1") as bot:
        run = subprocess.run(
            [arena, "run", "--bots", f"random,remote={bot.address}", "--scenarios", "flickago,showdown",
             "--games", "2", "--seed", "3", "--db", str(db)],
            cwd=tmp_path, capture_output=True, text=True, timeout=300,
        )
    assert run.returncode == 0, f"arena run failed:\n{run.stdout}\n{run.stderr}"
    assert calls["flickago-v3"] > 0 and calls["flickemup/showdown-v9"] > 0, calls
    pgn = subprocess.run([arena, "export", "pgn", "--db", str(db)], capture_output=True, text=True,
                         check=True, timeout=60).stdout
    games = pgn.split("[Event ")[1:]
    assert len(games) == 4, pgn
    scenarios = collections.Counter(re.search(r'\[Scenario "([^"]+)"\]', g).group(1) for g in games)
    assert scenarios == {"flickago-v3": 2, "showdown-v9": 2}
    for g in games:
        players = {re.search(rf'\[{side} "([^"]+)"\]', g).group(1) for side in ("White", "Black")}
        assert players == {"greedy", "random"}, g
        assert re.search(r'\[Result "(1-0|0-1|1/2-1/2)"\]', g), g
    assert "Termination" not in pgn, "a forfeit (illegal action, timeout, crash):\n" + pgn
