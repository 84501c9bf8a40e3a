"""One Flickarena game as PettingZoo AEC and parallel envs (self-play: every seat is an agent).

Agents are ``player_0`` .. ``player_{P-1}`` (the game's seats). Games are turn-based and the
game decides who moves next (``agent_selection``). Each observation is a dict::

    {"observation": <the seat's float32 vector>, "action_mask": <flat int8 mask>}

with the mask of the seat to move (all zeros for the others), as in PettingZoo's classic
games; ``infos[agent]["action_mask"]`` mirrors it. The action spaces' ``sample(mask)`` takes
that flat mask. In the parallel env, every live agent observes every step and only the seat
to move acts: the other agents' actions are ignored.

Rewards are the game's, for every seat: by default +1 win, -1 loss, 0 draw at the end with
two seats; with more, as the game's doc says (Flip' Rando, 2 to 5 seats: ``1 - 2r/(N-1)`` by
final rank r, ties shared).
Illegal actions are replaced by the game's default action unless ``illegal="reject"``;
``infos[agent]["illegal"]`` is true when the agent acted on the last step and its action was
replaced. The mask is factorised (one entry per value of each head): values it allows one by
one can still break a joint rule of the game together, rarely (Flickago: returning the family
disc you flick; about 3 decisions in 10,000 of a uniformly random player).

Real games are long (a random Flick 'em Up! game lasts about 160 decisions): tests and quick
loops cap them with the game's own option (``options={"max_decisions": 40}`` for Flick 'em Up!,
``{"max_turns": 10}`` for Flickago) or ``max_episode_steps``; a capped game is truncated.
A random Flip' Rando game lasts about 230 decisions at 2 seats and 810 at 5
(``options={"players": 5}``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from flickarena.client import Client
from flickarena.pool import Batch, Pool


class _Game:
    """One game in a pool of one env (self-play, autoreset disabled), in process or on a server."""

    def __init__(self, game_id: str, server: Any, token: Any, options: Any, illegal: str,
                 illegal_penalty: float, shaping: float, max_episode_steps: int | None,
                 action_format: str, bins: int | None):
        self.pool = Pool(
            game_id,
            1,
            server=server,
            token=token,
            options=options,
            autoreset_mode="disabled",
            view="self_play",
            illegal=illegal,
            illegal_penalty=illegal_penalty,
            shaping=shaping,
            max_episode_steps=max_episode_steps,
            action_format=action_format,
            bins=bins,
            observe_all_seats=True,
        )
        sp = self.pool.spaces
        self.agents = [f"player_{i}" for i in range(self.pool.num_players)]
        self.action_space = sp.action
        self.observation_space = spaces.Dict(
            {
                "observation": sp.observation,
                "action_mask": spaces.Box(0, 1, shape=(sp.mask_size,), dtype=np.int8),
            }
        )
        self._batch: Batch | None = None
        self.acted = -1  # the seat that acted on the last step (-1: none since the reset)

    @property
    def batch(self) -> Batch:
        """The last reset's or step's result; raises RuntimeError before the first reset."""
        if self._batch is None:
            raise RuntimeError("reset the env first")
        return self._batch

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        b = self.batch
        assert b.obs_all_seats is not None, "the pool observes every seat"
        mask = np.zeros(self.pool.spaces.mask_size, dtype=np.int8)
        if seat == int(b.current_player[0]) and not b.done[0]:
            mask = self.pool.spaces.flat_masks(b.action_mask[0]).copy()
        return {"observation": np.array(b.obs_all_seats[0, seat]), "action_mask": mask}

    def reset(self, seed: int | None) -> None:
        self._batch = self.pool.reset(seed=seed)
        self.acted = -1

    def info(self, seat: int, mask: np.ndarray) -> dict[str, Any]:
        """The info of a seat: its mask and whether its action of the last step was replaced."""
        b = self.batch
        return {"action_mask": mask, "illegal": seat == self.acted and bool(b.illegal[0])}

    def act(self, action: Any) -> None:
        self.acted = int(self.batch.current_player[0])
        batched: dict[str, np.ndarray] | np.ndarray
        if self.pool.spaces.format == "native":
            batched = {k: np.asarray(v)[None] for k, v in action.items()}
        else:
            batched = np.asarray(action)[None]
        self._batch = self.pool.step(batched)


class FlickAECEnv(AECEnv):
    """A Flickarena game as a PettingZoo AEC env; see the module doc.

    Keywords: ``server`` (None, the default: in this process), ``token``, ``options`` (the game's), ``illegal``, ``shaping``,
    ``max_episode_steps``, ``action_format`` (``"native"``, ``"box"``, ``"multidiscrete"``),
    ``bins``.
    """

    metadata = {"render_modes": [], "name": "flickarena", "is_parallelizable": True}

    def __init__(self, game_id: str = "race-v1", *, server: str | Client | None = None,
                 token: str | None = None, options: Mapping[str, Any] | None = None,
                 illegal: str = "replace", illegal_penalty: float = 0.0, shaping: float = 0.0,
                 max_episode_steps: int | None = None, action_format: str = "native",
                 bins: int | None = None, render_mode: str | None = None):
        super().__init__()
        self._game = _Game(game_id, server, token, options, illegal, illegal_penalty, shaping,
                           max_episode_steps, action_format, bins)
        self.metadata = dict(self.metadata, name=f"flickarena_{game_id.replace('/', '_')}")
        self.render_mode = render_mode
        self.possible_agents = list(self._game.agents)
        self.agents: list[str] = []
        self.observation_spaces = {a: self._game.observation_space for a in self.possible_agents}
        self.action_spaces = {a: self._game.action_space for a in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self._game.observe(self.possible_agents.index(agent))

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        self._game.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self._select()
        self._update_infos()

    def _select(self) -> None:
        b = self._game.batch
        self.agent_selection = self.possible_agents[int(b.current_player[0])]

    def _update_infos(self) -> None:
        self.infos = {a: self._game.info(i, self.observe(a)["action_mask"])
                      for i, a in enumerate(self.possible_agents) if a in self.agents}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self._game.act(action)
        b = self._game.batch
        for i, a in enumerate(self.possible_agents):
            if a in self.rewards:
                self.rewards[a] = float(b.reward[0, i])
        if b.done[0]:
            for a in self.agents:
                self.terminations[a] = bool(b.terminated[0])
                self.truncations[a] = bool(b.truncated[0])
        else:
            self._select()
        self._update_infos()
        self._accumulate_rewards()

    def close(self) -> None:
        self._game.pool.close()


class FlickParallelEnv(ParallelEnv):
    """A Flickarena game as a PettingZoo parallel env; see the module doc."""

    metadata = {"render_modes": [], "name": "flickarena"}

    def __init__(self, game_id: str = "race-v1", *, server: str | Client | None = None,
                 token: str | None = None, options: Mapping[str, Any] | None = None,
                 illegal: str = "replace", illegal_penalty: float = 0.0, shaping: float = 0.0,
                 max_episode_steps: int | None = None, action_format: str = "native",
                 bins: int | None = None, render_mode: str | None = None):
        self._game = _Game(game_id, server, token, options, illegal, illegal_penalty, shaping,
                           max_episode_steps, action_format, bins)
        self.metadata = dict(self.metadata, name=f"flickarena_{game_id.replace('/', '_')}")
        self.render_mode = render_mode
        self.possible_agents = list(self._game.agents)
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self._game.observation_space  # the same object for every agent and call

    def action_space(self, agent: str) -> spaces.Space:
        return self._game.action_space

    def _observations(self) -> tuple[dict[str, Any], dict[str, Any]]:
        obs = {a: self._game.observe(self.possible_agents.index(a)) for a in self.agents}
        infos = {a: self._game.info(self.possible_agents.index(a), obs[a]["action_mask"]) for a in self.agents}
        return obs, infos

    def reset(self, seed: int | None = None, options: dict | None = None) -> tuple[dict, dict]:
        self._game.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations()

    def step(self, actions: dict[str, Any]) -> tuple[dict, dict, dict, dict, dict]:
        b = self._game.batch
        mover = self.possible_agents[int(b.current_player[0])]
        if mover not in actions:
            raise KeyError(f"no action for {mover}, the agent to move")
        self._game.act(actions[mover])
        b = self._game.batch
        rewards = {a: float(b.reward[0, self.possible_agents.index(a)]) for a in self.agents}
        terminations = {a: bool(b.terminated[0]) for a in self.agents}
        truncations = {a: bool(b.truncated[0]) for a in self.agents}
        obs, infos = self._observations()
        if b.done[0]:
            self.agents = []
        return obs, rewards, terminations, truncations, infos

    def close(self) -> None:
        self._game.pool.close()


def env(game_id: str = "race-v1", **kwargs: Any) -> FlickAECEnv:
    """Returns the AEC env of ``game_id``; keywords as :class:`FlickAECEnv`."""
    return FlickAECEnv(game_id, **kwargs)


def parallel_env(game_id: str = "race-v1", **kwargs: Any) -> FlickParallelEnv:
    """Returns the parallel env of ``game_id``; keywords as :class:`FlickParallelEnv`."""
    return FlickParallelEnv(game_id, **kwargs)
