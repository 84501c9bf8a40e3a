"""Gymnasium ids of the Flickarena games.

A game id ``family/variant-vN`` becomes the Gymnasium id ``flickarena/family-variant-vN``
(Gymnasium allows one namespace separator): ``dummy/race-v1`` is
``flickarena/dummy-race-v1``, ``flickemup/showdown-v2`` is ``flickarena/flickemup-showdown-v2``
and ``flickago-v2`` is ``flickarena/flickago-v2``. Each id has an ``entry_point`` (the single env,
:class:`flickarena.single_env.FlickEnv`, for ``gymnasium.make``) and a
``vector_entry_point`` (:class:`flickarena.vector_env.FlickVectorEnv`, for
``gymnasium.make_vec(..., vectorization_mode="vector_entry_point")``).

The games listed in :data:`GAMES` are registered when :mod:`flickarena` is imported;
:func:`register_server_games` registers whatever a running server offers.
"""

from __future__ import annotations

import gymnasium as gym

from flickarena.client import Client

#: Game ids registered at import: the games of the server's catalog (internal/catalog, the
#: source of truth; a test checks that the two agree). Ids a server offers beyond these are
#: registered by register_server_games.
GAMES = (
    "dummy/race-v1",
    "flickago-v2",
    "flickemup/bank-job-v2",
    "flickemup/dry-spell-v2",
    "flickemup/gunsmith-v2",
    "flickemup/hostage-v2",
    "flickemup/pardon-v2",
    "flickemup/showdown-v2",
    "fliprando-v1",
)


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
