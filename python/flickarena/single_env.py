"""One Flickarena game as a ``gymnasium.Env`` (the ``num_envs=1`` adapter).

It passes ``gymnasium.utils.env_checker.check_env`` and is what ``gymnasium.make`` returns for
the registered ids. Training loops should prefer :class:`flickarena.vector_env.FlickVectorEnv`:
this adapter makes one call per step for a single game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np

from flickarena.client import Client
from flickarena.illegal import ReplacedWatch
from flickarena.pool import Pool


class FlickEnv(gym.Env):
    """One game of ``game_id``, played from seat 0 (or per episode the seat of ``agent_seat``,
    ``info["agent_seat"]``) against an ``opponent`` the pool plays (a name, or a weighted
    mixture). In this process unless ``server`` names an env server.

    ``reset(seed=s)`` replays the same episode for the same ``s``; ``reset()`` starts the
    next episode of the current stream. The legal-action mask is in ``info["action_mask"]``.
    Illegal actions are replaced by the game's default action (``info["illegal"]``) unless
    ``illegal="reject"``. With ``teacher`` (a built-in bot's name, as for ``opponent``),
    ``info["teacher_action"]`` is the action that bot would take in the current position, in
    the format of ``action_space`` (see :class:`flickarena.vector_env.FlickVectorEnv`; zeros
    once the episode is over). Other keywords go to :class:`flickarena.pool.Pool`.
    """

    metadata = {"render_modes": []}

    def __init__(
        self,
        game_id: str = "race-v1",
        *,
        server: str | Client | None = None,
        token: str | None = None,
        options: Mapping[str, Any] | None = None,
        opponent: str | Mapping[str, float] | None = None,
        agent_seat: str | None = None,
        illegal: str = "replace",
        illegal_penalty: float = 0.0,
        shaping: float = 0.0,
        max_episode_steps: int | None = None,
        action_format: str = "native",
        bins: int | None = None,
        render_mode: str | None = None,
        teacher: str | None = None,
    ):
        if render_mode is not None:
            # TypeError, as for an unexpected keyword: Stable-Baselines3's make_vec_env asks
            # for render_mode="rgb_array" and retries without it on TypeError.
            raise TypeError(f"render_mode {render_mode!r}: Flickarena envs do not render yet")
        self.pool = Pool(
            game_id,
            1,
            server=server,
            token=token,
            options=options,
            autoreset_mode="disabled",
            view="single_agent",
            opponent=opponent,
            agent_seat=agent_seat,
            illegal=illegal,
            illegal_penalty=illegal_penalty,
            shaping=shaping,
            max_episode_steps=max_episode_steps,
            action_format=action_format,
            bins=bins,
            teacher=teacher,
        )
        self.game_id = game_id
        self.observation_space = self.pool.spaces.observation
        self.action_space = self.pool.spaces.action
        self.render_mode = None
        self.replaced = ReplacedWatch(1, self.pool.spaces.format)

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        batch = self.pool.reset(seed=seed)
        self.replaced.reset()
        return np.array(batch.obs[0]), self._info(batch)

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        fmt = self.pool.spaces.format
        batched: dict[str, np.ndarray] | np.ndarray
        if fmt == "native":
            batched = {k: np.asarray(v)[None] for k, v in action.items()}
        else:
            batched = np.asarray(action)[None]
        batch = self.pool.step(batched)
        info = self._info(batch)
        ended_illegal = self.replaced.update(batch.illegal, batch.done)
        if batch.done[0]:
            info["episode_illegal"] = int(ended_illegal[0])
            info["episode_return"] = float(batch.agent_return()[0])
            info["episode_length"] = int(batch.episode_length[0])
        return (
            np.array(batch.obs[0]),
            float(batch.agent_reward()[0]),
            bool(batch.terminated[0]),
            bool(batch.truncated[0]),
            info,
        )

    def _info(self, b: Any) -> dict[str, Any]:
        info = {
            "action_mask": self.pool.spaces.flat_masks(b.action_mask[0]),
            "state_hash": int(b.state_hash[0]),
            "episode_number": int(b.episode[0]),
            "illegal": bool(b.illegal[0]),
            "agent_seat": int(b.agent_seat[0]) if b.agent_seat is not None else 0,
        }
        if b.teacher_discrete is not None and b.teacher_continuous is not None:
            advice = self.pool.spaces.from_native(b.teacher_discrete, b.teacher_continuous)
            info["teacher_action"] = {k: v[0] for k, v in advice.items()} if isinstance(advice, dict) else advice[0]
        return info

    def close(self) -> None:
        self.pool.close()
