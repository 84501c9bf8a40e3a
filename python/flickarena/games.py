"""Entry points of the registered games, one per game, in the style of PettingZoo's own
environment modules (``from pettingzoo.classic import chess_v6; chess_v6.env()``)::

    from flickarena.games import flickago_v3, flickemup_showdown_v9

    aec = flickago_v3.env(server="unix:///tmp/fa.sock")               # PettingZoo AEC
    par = flickemup_showdown_v9.parallel_env(options={"max_decisions": 200})  # PettingZoo parallel
    one = flickago_v3.gym_make()                                        # gymnasium.make
    vec = flickemup_showdown_v9.gym_make_vec(64)                        # gymnasium.make_vec

The name of a game's entry is its id with ``/`` and ``-`` turned into ``_``
(``flickemup/showdown-v9`` is ``flickemup_showdown_v9``), one per game of the generated
catalogue (:mod:`flickarena._catalogue`, never edited by hand); :data:`ENTRIES` maps game ids to
entries. Every keyword goes to the env (``server``, ``token``, ``options``, ...).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import gymnasium as gym

from flickarena._catalogue import ENTRY_NAMES
from flickarena.pettingzoo_env import FlickAECEnv, FlickParallelEnv
from flickarena.registration import GAMES, gym_id, register_game


def entry_name(game_id: str) -> str:
    """Returns the entry name of a game id: ``flickemup/showdown-v9`` is
    ``flickemup_showdown_v9``."""
    return game_id.replace("/", "_").replace("-", "_")


@dataclass(frozen=True)
class GameEntry:
    """The entry points of one game.

    Attributes:
        game_id: the server's game id, e.g. ``"flickago-v3"``.
        gym_id: its Gymnasium id, e.g. ``"flickarena/flickago-v3"``.
    """

    game_id: str

    @property
    def gym_id(self) -> str:
        return gym_id(self.game_id)

    def env(self, **kwargs: Any) -> FlickAECEnv:
        """Returns the PettingZoo AEC env of the game (every seat an agent)."""
        return FlickAECEnv(self.game_id, **kwargs)

    def parallel_env(self, **kwargs: Any) -> FlickParallelEnv:
        """Returns the PettingZoo parallel env of the game."""
        return FlickParallelEnv(self.game_id, **kwargs)

    def gym_make(self, **kwargs: Any) -> gym.Env:
        """Returns ``gymnasium.make(gym_id, **kwargs)``: one game against a server-side opponent."""
        return gym.make(register_game(self.game_id), **kwargs)

    def gym_make_vec(self, num_envs: int, **kwargs: Any) -> gym.vector.VectorEnv:
        """Returns ``gymnasium.make_vec(gym_id, num_envs, vectorization_mode="vector_entry_point",
        **kwargs)``: one server pool of ``num_envs`` games."""
        return gym.make_vec(register_game(self.game_id), num_envs=num_envs,
                            vectorization_mode="vector_entry_point", **kwargs)


#: The entry of every game of :data:`flickarena.registration.GAMES`, by game id.
ENTRIES: dict[str, GameEntry] = {g: GameEntry(g) for g in GAMES}

# One module attribute per game, named by the generated catalogue (flickarena._catalogue):
# ``flickemup_showdown_v9`` and so on.
globals().update({ENTRY_NAMES[g]: ENTRIES[g] for g in GAMES})

__all__ = ["ENTRIES", "GameEntry", "entry_name", *(ENTRY_NAMES[g] for g in GAMES)]
