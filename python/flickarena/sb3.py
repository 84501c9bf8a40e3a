"""A Stable-Baselines3 ``VecEnv`` of Flickarena games (the ``sb3`` extra).

SB3 steps a ``VecEnv``; Flickarena's natural batch is one pool. :class:`FlickSB3VecEnv` is
that pool as a ``VecEnv``, one call per step whatever ``num_envs``, in this process (or on an
env server with ``server=``)::

    from sb3_contrib import MaskablePPO
    from flickarena.sb3 import FlickSB3VecEnv

    venv = FlickSB3VecEnv("flickago-v3", 16, opponent="aimer")
    MaskablePPO("MlpPolicy", venv).learn(100_000)

It follows SB3's conventions: the single-agent view (the pool plays the other seats), autoreset
in the step (the final observation in ``infos[i]["terminal_observation"]``,
``infos[i]["TimeLimit.truncated"]`` for a cut episode, ``infos[i]["episode"]`` with ``r``, ``l``,
``t`` as ``VecMonitor`` writes), and :meth:`FlickSB3VecEnv.action_masks` for sb3-contrib's
MaskablePPO: ``[N, mask_size]`` bool, the flat mask of the action space, the same as
``info["action_mask"]`` everywhere in this package.

SB3's algorithms take ``MultiDiscrete`` and ``Box`` actions, not the native hybrid ``Dict``: the
default format is ``"multidiscrete"`` (MaskablePPO, PPO with masks); ``"box"`` suits PPO, SAC and
TD3 without masks (the pool reads the scores among the legal values only, so every discrete
choice is legal). Each ended episode's count of replaced actions is in
``infos[i]["episode_illegal"]``, and an :class:`flickarena.illegal.IllegalActionsWarning` warns
when most actions are being replaced.

Importing this module needs ``stable-baselines3`` (``pip install 'flickarena[sb3]'``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

try:
    from stable_baselines3.common.vec_env.base_vec_env import VecEnv, VecEnvIndices
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError("flickarena.sb3 needs stable-baselines3: pip install 'flickarena[sb3]'") from e

from flickarena.vector_env import FlickVectorEnv


class FlickSB3VecEnv(VecEnv):
    """``num_envs`` games of ``game_id`` as a Stable-Baselines3 ``VecEnv``.

    Args:
        game_id: the game id, e.g. ``"flickago-v3"``.
        num_envs: envs in the pool.
        action_format: ``"multidiscrete"`` (default) or ``"box"``.
        seed: the pool seed of the first reset (``seed()`` sets it too); None draws nothing
            and uses the default streams.
        **kwargs: every other keyword of :class:`flickarena.vector_env.FlickVectorEnv`:
            ``server``, ``opponent`` (a name or a ``{name: weight}`` mixture), ``agent_seat``,
            ``options``, ``illegal``, ``shaping``, ``max_episode_steps``, ``bins``, ...
    """

    def __init__(self, game_id: str, num_envs: int, *, action_format: str = "multidiscrete",
                 seed: int | None = None, **kwargs: Any):
        if action_format not in ("multidiscrete", "box"):
            raise ValueError(
                f"action_format: {action_format!r}; Stable-Baselines3 takes 'multidiscrete' or 'box' "
                "(the native format is a Dict action space, which SB3's algorithms do not take)"
            )
        for key in ("view", "autoreset_mode"):
            if key in kwargs:
                raise TypeError(f"{key}: fixed by the SB3 adapter (single_agent view, same-step autoreset)")
        self.env = FlickVectorEnv(game_id, num_envs, action_format=action_format, view="single_agent",
                                  autoreset_mode="same_step", **kwargs)
        self.pool = self.env.pool
        self.render_mode = None
        super().__init__(num_envs, self.env.single_observation_space, self.env.single_action_space)
        self._seed = seed
        self._actions: np.ndarray | None = None
        self._masks = np.ones((num_envs, self.pool.spaces.mask_size), dtype=bool)
        self._started = np.full(num_envs, time.perf_counter())
        #: The ``illegal`` flags of the last step: which envs' actions were replaced.
        self.last_illegal = np.zeros(num_envs, dtype=bool)

    # --- the VecEnv interface -------------------------------------------------------------

    def reset(self) -> np.ndarray:
        """Resets every env; the first reset after ``seed(s)`` uses pool seed ``s``."""
        seed = self._seeds[0] if any(s is not None for s in self._seeds) else self._seed
        obs, info = self.env.reset(seed=seed)
        self._seed = None
        self._reset_seeds()
        self._reset_options()
        self._masks = np.array(info["action_mask"], dtype=bool)
        self._started[:] = time.perf_counter()
        self.reset_infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = np.asarray(actions)

    def step_wait(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, list[dict[str, Any]]]:
        if self._actions is None:
            raise RuntimeError("step_wait without step_async")
        shape = self.action_space.shape
        if shape is None:
            raise TypeError(f"action space {self.action_space} has no shape")
        actions = self._actions.reshape((self.num_envs, *shape))
        self._actions = None
        obs, rew, term, trunc, info = self.env.step(actions)
        self._masks = np.array(info["action_mask"], dtype=bool)
        self.last_illegal = np.array(info["illegal"])
        done = term | trunc
        infos: list[dict[str, Any]] = [{} for _ in range(self.num_envs)]
        if done.any():
            now = time.perf_counter()
            returns = np.asarray(info["episode_return"])
            seats = info.get("agent_seat", np.zeros(self.num_envs, np.int64))
            for i in np.flatnonzero(done):
                infos[i] = {
                    "terminal_observation": np.array(info["final_obs"][i]),
                    "TimeLimit.truncated": bool(trunc[i] and not term[i]),
                    "episode": {
                        "r": float(returns[i, seats[i]]),
                        "l": int(info["episode_length"][i]),
                        "t": round(now - self._started[i], 6),
                    },
                    "episode_illegal": int(info["episode_illegal"][i]),
                }
                self._started[i] = now
        return obs, rew, done, infos

    def action_masks(self) -> np.ndarray:
        """The legal-action masks of the current observations, ``[N, mask_size]`` bool (what
        sb3-contrib's MaskablePPO asks for)."""
        return self._masks.copy()

    def close(self) -> None:
        self.env.close()

    def seed(self, seed: int | None = None) -> Sequence[None | int]:
        """Sets the pool seed of the next reset: env i then plays the stream of (seed, i)."""
        self._seeds = [seed] * self.num_envs
        return [seed] * self.num_envs

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        return [getattr(self, attr_name)] * len(list(self._get_indices(indices)))

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        raise AttributeError(f"set_attr({attr_name!r}): the envs of a pool have no per-env attributes")

    def env_method(self, method_name: str, *method_args: Any, indices: VecEnvIndices = None,
                   **method_kwargs: Any) -> list[Any]:
        idx = list(self._get_indices(indices))
        if method_name == "action_masks":
            masks = self.action_masks()
            return [masks[i] for i in idx]
        raise AttributeError(f"env_method({method_name!r}): the only per-env method is 'action_masks'")

    def has_attr(self, attr_name: str) -> bool:
        return attr_name == "action_masks" or hasattr(self, attr_name)

    def env_is_wrapped(self, wrapper_class: type[gym.Wrapper], indices: VecEnvIndices = None) -> list[bool]:
        return [False] * len(list(self._get_indices(indices)))

    def _get_indices(self, indices: VecEnvIndices) -> Iterable[int]:
        if indices is None:
            return range(self.num_envs)
        if isinstance(indices, int):
            return [indices]
        return indices
