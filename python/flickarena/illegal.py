"""Watching replaced actions: a counter per episode and a warning when most actions are replaced.

With ``illegal="replace"`` (the envs' default) the server plays the game's default action in
place of an illegal one and flags it (``info["illegal"]``). A learner that ignores the masks
can then have nearly every action replaced and learn nothing, silently: plain PPO in the
``"multidiscrete"`` format picks every head freely, while the server checks every head,
unused ones included, against its mask. :class:`ReplacedWatch` counts the replaced actions of
each episode (reported as ``info["episode_illegal"]`` when it ends) and warns, once per env
object, with :class:`IllegalActionsWarning`, when more than half the actions of a window are
replaced.
"""

from __future__ import annotations

import warnings

import numpy as np


class IllegalActionsWarning(UserWarning):
    """Most of the actions sent were illegal and replaced by the game's default action."""


class ReplacedWatch:
    """Counts replaced actions per env and episode; warns when most of a window's are.

    Args:
        num_envs: envs stepped together.
        action_format: the pool's action format, named in the warning's advice.
        window: env steps per check (default 4096).
        threshold: share of replaced actions above which it warns (default 0.5).
    """

    def __init__(self, num_envs: int, action_format: str, window: int = 4096, threshold: float = 0.5):
        self.counts = np.zeros(num_envs, dtype=np.int64)
        self.action_format = action_format
        self.window, self.threshold = window, threshold
        self._steps = 0
        self._replaced = 0
        self.warned = False

    def reset(self, mask: np.ndarray | None = None) -> None:
        """Starts the count of new episodes (every env, or those of ``mask``)."""
        if mask is None:
            self.counts[:] = 0
        else:
            self.counts[np.asarray(mask, dtype=bool)] = 0

    def update(self, illegal: np.ndarray, done: np.ndarray) -> np.ndarray:
        """Records one step's ``illegal`` flags; returns, per env, the replaced actions of the
        episode that ended in this step (0 where none ended), and restarts their counts."""
        illegal = np.asarray(illegal, dtype=bool)
        done = np.asarray(done, dtype=bool)
        self.counts += illegal
        ended = np.where(done, self.counts, 0)
        self.counts[done] = 0
        self._steps += len(illegal)
        self._replaced += int(illegal.sum())
        if self._steps >= self.window:
            share = self._replaced / self._steps
            if share > self.threshold and not self.warned:
                self.warned = True
                warnings.warn(self.message(share), IllegalActionsWarning, stacklevel=3)
            self._steps = self._replaced = 0
        return ended

    def message(self, share: float) -> str:
        """The warning's text for a replaced share."""
        advice = (
            "pick each head among the values its mask allows (info['action_mask'], e.g. "
            "sb3-contrib's MaskablePPO with flickarena.sb3.FlickSB3VecEnv), or use "
            "action_format='box', whose scores the server reads among the legal values only"
        )
        if self.action_format == "box":
            advice = "a joint rule of the game refuses these combinations; see the game's doc"
        return (
            f"{share:.1%} of the last {self._steps} actions were illegal and replaced by the game's "
            f"default action (info['illegal']; counted per episode in info['episode_illegal']). "
            f"The server checks every head against its mask, unused heads included (send a value "
            f"the mask allows, such as 0 where only 0 is allowed): {advice}."
        )
