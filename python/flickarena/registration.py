"""Gymnasium ids of the Flickarena games.

A game id ``family/variant-vN`` becomes the Gymnasium id ``flickarena/family-variant-vN``
(Gymnasium allows one namespace separator): ``flickemup/showdown-v9`` is
``flickarena/flickemup-showdown-v9``; an id without a variant keeps its name, so ``race-v1``
is ``flickarena/race-v1`` and ``flickago-v3`` is ``flickarena/flickago-v3``. Each id has an
``entry_point`` (the single env, :class:`flickarena.single_env.FlickEnv`, for ``gymnasium.make``)
and a ``vector_entry_point`` (:class:`flickarena.vector_env.FlickVectorEnv`, for
``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``).

The games listed in :data:`GAMES` (generated from the Go catalogue into
:mod:`flickarena._catalogue`) are registered when :mod:`flickarena` is imported;
:func:`register_server_games` registers whatever a running server offers.

A designer's Flick 'em Up! scenario file served by ``envserver --scenarios PATH`` is the game
:func:`scenario_file_game_id` names: ``my-town.scn`` is ``flickemup/file/my-town-v9``, whose
Gymnasium id is ``flickarena/flickemup-file-my-town-v9``; :func:`register_scenario_file`
registers it::

    gid = flickarena.register_scenario_file("designs/my-town.scn")
    env = gymnasium.make(gid, server="unix:///tmp/fa.sock")
"""

from __future__ import annotations

import os
import re

import gymnasium as gym

from flickarena import _catalogue
from flickarena.client import Client

#: Game ids registered at import: the games of the server's catalogue (internal/catalogue, the
#: source of truth), from the generated :mod:`flickarena._catalogue`. Ids a server offers beyond
#: these are registered by register_server_games.
GAMES = _catalogue.GAMES

#: The version of the Flick 'em Up! engine (flickemup.RulesVersion in Go): the version of a
#: served scenario file without a version line.
FLICKEMUP_RULES_VERSION = _catalogue.FLICKEMUP_RULES_VERSION

_FILE_STEM = re.compile(r"^[a-z0-9][a-z0-9_-]*$")
# The version line of a scenario file, as the server's parser reads it ("version 3", a comment
# after it allowed).
_VERSION_LINE = re.compile(r"^\s*version\s+([1-9][0-9]{0,8})\s*(?:\s#.*)?$")


def scenario_file_game_id(path: str | os.PathLike[str]) -> str:
    """Returns the game id under which ``envserver --scenarios`` serves the Flick 'em Up!
    scenario file at ``path``: ``flickemup/file/<stem>-vN``, the stem being the file's name
    without ``.scn`` (lower-case letters, digits, ``-`` and ``_``) and N the file's version
    line (``version 3``), or :data:`FLICKEMUP_RULES_VERSION` when it has none or cannot be
    read here. Raises ValueError for a name that cannot name a game (the server refuses such a
    file too)."""
    name = os.path.basename(os.fspath(path))
    stem = name[: -len(".scn")] if name.endswith(".scn") else ""
    if not _FILE_STEM.match(stem):
        raise ValueError(f"{path}: a served scenario file is named <stem>.scn, the stem in "
                         "lower-case letters, digits, '-' and '_'")
    version = FLICKEMUP_RULES_VERSION
    try:
        with open(path, encoding="utf-8-sig") as f:
            for line in f:
                m = _VERSION_LINE.match(line)
                if m:
                    version = int(m.group(1))
                    break
    except (OSError, UnicodeDecodeError):
        pass
    return f"flickemup/file/{stem}-v{version}"


def register_scenario_file(path: str | os.PathLike[str]) -> str:
    """Registers the game of a served scenario file (:func:`scenario_file_game_id`) with
    Gymnasium and returns its Gymnasium id."""
    return register_game(scenario_file_game_id(path))


def gym_id(game_id: str) -> str:
    """Returns the Gymnasium id of a game id."""
    return "flickarena/" + game_id.replace("/", "-")


def register_game(game_id: str) -> str:
    """Registers ``game_id`` with Gymnasium (if not yet) and returns its Gymnasium id."""
    gid = gym_id(game_id)
    if gid not in gym.registry:
        gym.register(
            id=gid,
            entry_point="flickarena.single_env:FlickEnv",
            vector_entry_point="flickarena.vector_env:FlickVectorEnv",
            kwargs={"game_id": game_id},
            disable_env_checker=True,
            nondeterministic=False,
        )
    return gid


def register_server_games(server: str | Client | None = None, token: str | None = None) -> list[str]:
    """Registers every game a server offers and returns their Gymnasium ids."""
    client = server if isinstance(server, Client) else Client(server, token)
    try:
        return [register_game(g.id) for g in client.list_games()]
    finally:
        if client is not server:
            client.close()


for _g in GAMES:
    register_game(_g)
