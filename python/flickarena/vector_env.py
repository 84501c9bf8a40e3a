"""A Gymnasium vector env of Flickarena games, in this process or served by an env server.

Registered for every game (see :mod:`flickarena.registration`), so that::

    envs = gymnasium.make_vec("flickarena/race-v1", num_envs=64,
                              vectorization_mode="vector_entry_point")

gives a :class:`FlickVectorEnv` whose games run inside this process (the Go library, no
server); ``server="unix:///tmp/flickarena.sock"`` runs them on that env server instead, with
the same results. The whole batch is one pool: one call per step, whatever ``num_envs``.
With a list of servers (``server=["a:50051", "b:50051"]``) the batch is spread over one pool
per server, stepped concurrently, with the seeds of one pool (see :mod:`flickarena.split_pool`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

import numpy as np
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from flickarena.client import Client
from flickarena.errors import FlickarenaError
from flickarena.illegal import ReplacedWatch
from flickarena.pool import Batch, Pool
from flickarena.split_pool import SplitPool

_MODES = {
    "next_step": AutoresetMode.NEXT_STEP,
    "same_step": AutoresetMode.SAME_STEP,
    "disabled": AutoresetMode.DISABLED,
}


class FlickVectorEnv(VectorEnv):
    """``num_envs`` games of ``game_id`` as a ``gymnasium.vector.VectorEnv``.

    The autoreset mode is declared in ``metadata["autoreset_mode"]`` and honoured by the
    server: ``NEXT_STEP`` (default), ``SAME_STEP`` (``info["final_obs"]``) or ``DISABLED``
    (reset ended envs with ``reset(options={"reset_mask": mask})``).

    Views: ``"single_agent"`` (default) is the Gymnasium view: the agent is seat 0, the
    pool plays the other seats with ``opponent`` (a name, or a weighted mixture drawn per
    episode: see :class:`flickarena.pool.Pool`), rewards are the agent's: seat 0's, or with
    ``agent_seat="alternate"`` or ``"random"`` the seat it plays that episode
    (``info["agent_seat"]``). ``"self_play"``
    acts for whichever seat is to move (``info["current_player"]``); the reward is that of
    the seat that just acted, and ``info["reward_all_seats"]`` has every seat's.

    Observations are the game's float32 vector (:class:`flickarena.observation.ObsFields`
    slices it by field name); the legal-action mask is in ``info["action_mask"]``, ``[N,
    mask_size]``: the flat mask of the action space, as the single env and PettingZoo give
    it (one entry per value of each head, and in the ``"multidiscrete"`` format ``bins``
    ones per continuous dim: one mask per MultiDiscrete dimension, joined). Illegal actions
    are replaced by the game's default action by default (``illegal="replace"``, flagged in
    ``info["illegal"]``, counted per episode in ``info["episode_illegal"]``, with an
    :class:`flickarena.illegal.IllegalActionsWarning` when most actions are replaced);
    ``illegal="reject"`` raises instead.

    Other info keys (each with its ``_key`` mask, as Gymnasium's vector infos):
    ``current_player``, ``state_hash``, ``episode_number``, ``illegal``, and on the step an
    episode ends ``episode_return`` (per seat) and ``episode_length``. The key ``episode`` is
    left to ``gymnasium.wrappers.vector.RecordEpisodeStatistics``.

    Teacher: with ``teacher="aimer"`` (a built-in bot's name, as for ``opponent``, that plays
    the game; capability ``"teacher"``) every ``reset`` and ``step`` also gives
    ``info["teacher_action"]``: the action that bot would take in each env's position, batched
    in the format of ``action_space`` (a dict of ``[N, heads]`` int32 and ``[N, dims]``
    float32 arrays in the native format, a ``[N, box_size]`` array of scores with ``"box"``,
    a ``[N, heads+dims]`` array with ``"multidiscrete"``: see
    :meth:`flickarena.spaces.GameSpaces.from_native`), so that ``envs.step(info["teacher_action"])``
    plays the teacher. ``info["_teacher_action"]`` marks the envs where the agent is to act;
    the others (an episode that ended, with ``NEXT_STEP`` or ``DISABLED`` autoreset) hold
    zeros. In ``"single_agent"`` the teacher advises the agent's seat, in ``"self_play"`` the
    seat to move. It never changes the game or its random streams: the same seeds and actions
    give the same trajectory with or without a teacher.

    Seeding: ``reset(seed=s)`` gives env i the stream of (s, i); a list of seeds gives env i
    its own; ``reset()`` starts every env's next episode on its stream.

    Every other keyword (``options``, ``opponent``, ``illegal``, ``shaping``,
    ``max_episode_steps``, ``action_format``, ``bins``, ``transport``, ``server``,
    ``token``) is passed to :class:`flickarena.pool.Pool`: without ``server`` the games run in
    this process. A list of servers spreads the
    envs over them (:class:`flickarena.split_pool.SplitPool`): same seeds, same results.
    """

    def __init__(
        self,
        game_id: str = "race-v1",
        num_envs: int = 1,
        *,
        server: str | Client | list[str | Client] | None = None,
        token: str | None = None,
        options: Mapping[str, Any] | None = None,
        autoreset_mode: AutoresetMode | str = AutoresetMode.NEXT_STEP,
        view: str = "single_agent",
        opponent: str | Mapping[str, float] | None = None,
        agent_seat: str | None = None,
        illegal: str = "replace",
        illegal_penalty: float = 0.0,
        shaping: float = 0.0,
        max_episode_steps: int | None = None,
        action_format: str = "native",
        bins: int | None = None,
        transport: str = "unary",
        teacher: str | None = None,
    ):
        mode = _MODES[autoreset_mode] if autoreset_mode in _MODES else AutoresetMode(autoreset_mode)
        make: Callable[..., Pool | SplitPool]
        if isinstance(server, (list, tuple)):
            make = functools.partial(SplitPool, servers=server)
        else:
            make = functools.partial(Pool, server=server)
        self.pool: Pool | SplitPool = make(
            game_id,
            num_envs,
            token=token,
            options=options,
            autoreset_mode=mode,
            view=view,
            opponent=opponent,
            agent_seat=agent_seat,
            illegal=illegal,
            illegal_penalty=illegal_penalty,
            shaping=shaping,
            max_episode_steps=max_episode_steps,
            action_format=action_format,
            bins=bins,
            transport=transport,
            teacher=teacher,
        )
        self.game_id = game_id
        self.view = view
        self.num_envs = num_envs
        sp = self.pool.spaces
        self.single_observation_space = sp.observation
        self.single_action_space = sp.action
        self.observation_space = batch_space(sp.observation, num_envs)
        self.action_space = batch_space(sp.action, num_envs)
        self.metadata = {"autoreset_mode": mode, "render_modes": [], "game_id": game_id}
        self.render_mode = None
        self._mode = mode
        self._to_move = np.zeros(num_envs, dtype=np.int64)
        self._all = np.arange(num_envs)
        self.replaced = ReplacedWatch(num_envs, sp.format)

    def reset(
        self,
        *,
        seed: int | list[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """Resets every env, or the envs of ``options["reset_mask"]``."""
        mask = None if options is None else options.get("reset_mask")
        if isinstance(seed, (list, tuple, np.ndarray)):
            if len(seed) != self.num_envs:
                raise ValueError(f"reset: {len(seed)} seeds for {self.num_envs} envs")
            super().reset(seed=None)
            rng = self.np_random
            seeds = [int(rng.integers(1 << 63)) if s is None else int(s) for s in seed]
            batch = self.pool.reset(mask=mask if mask is not None else np.ones(self.num_envs, bool), seeds=seeds)
        else:
            super().reset(seed=seed)
            if mask is not None:
                env_seeds = None if seed is None else [int(seed) + i for i in range(self.num_envs)]
                batch = self.pool.reset(mask=mask, seeds=env_seeds)
            else:
                batch = self.pool.reset(seed=seed)
        self._to_move = np.array(batch.current_player, dtype=np.int64)
        self.replaced.reset(mask)
        return np.array(batch.obs), self._info(batch)

    def step(self, actions: Any) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Steps every env with its action (in the format of ``single_action_space``)."""
        return self._result(self.pool.step(actions))

    def send(self, actions: Any) -> None:
        """Sends the actions without waiting (EnvPool's ``send``): the pool steps every env
        (in process, on a worker thread, without the GIL) while the caller computes (its next
        forward pass, a gradient step); :meth:`recv` returns what :meth:`step` would have. One
        step may be in flight. An env split over several servers steps with :meth:`step` only
        (FlickarenaError)."""
        self._single_pool("send").send(actions)

    def recv(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Waits for the step sent with :meth:`send`; returns ``step``'s five values."""
        return self._result(self._single_pool("recv").recv())

    def _single_pool(self, call: str) -> Pool:
        """The pool, for the calls a SplitPool does not have."""
        if not isinstance(self.pool, Pool):
            raise FlickarenaError(f"{call}: an env split over several servers steps with step() only")
        return self.pool

    def _result(self, batch: Batch) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """The five values of a step from its batch."""
        if self.view == "single_agent":
            reward = batch.agent_reward()
        else:
            reward = np.array(batch.reward[self._all, self._to_move], dtype=np.float32)
        self._to_move = np.array(batch.current_player, dtype=np.int64)
        ended_illegal = self.replaced.update(batch.illegal, batch.done)
        info = self._info(batch)
        if batch.done.any():
            info["episode_illegal"] = ended_illegal
            info["_episode_illegal"] = np.array(batch.done)
        if self.view != "single_agent":
            info["reward_all_seats"] = np.array(batch.reward)
            info["_reward_all_seats"] = np.ones(self.num_envs, dtype=bool)
        return np.array(batch.obs), reward, np.array(batch.terminated), np.array(batch.truncated), info

    def _info(self, b: Batch) -> dict[str, Any]:
        n = self.num_envs
        every = np.ones(n, dtype=bool)
        done = np.array(b.done)
        info: dict[str, Any] = {
            "action_mask": self.pool.spaces.flat_masks(b.action_mask).astype(bool),
            "current_player": np.array(b.current_player),
            "state_hash": np.array(b.state_hash),
            "episode_number": np.array(b.episode),
            "illegal": np.array(b.illegal),
        }
        if b.agent_seat is not None:
            info["agent_seat"] = np.array(b.agent_seat)
        for k in list(info):
            info["_" + k] = every
        if b.teacher_discrete is not None and b.teacher_continuous is not None:
            info["teacher_action"] = self.pool.spaces.from_native(b.teacher_discrete, b.teacher_continuous)
            ended = done if self._mode != AutoresetMode.SAME_STEP else np.zeros(n, dtype=bool)
            info["_teacher_action"] = (np.asarray(b.state_hash) != 0) & ~ended
        if done.any():
            info["episode_return"] = np.array(b.episode_return)
            info["_episode_return"] = done
            info["episode_length"] = np.array(b.episode_length)
            info["_episode_length"] = done
            if b.final_obs is not None:
                final = np.full(n, None, dtype=object)
                for i in np.flatnonzero(done):
                    final[i] = np.array(b.final_obs[i])
                info["final_obs"] = final
                info["_final_obs"] = done
                info["final_state_hash"] = np.array(b.final_state_hash)
                info["_final_state_hash"] = done
        return info

    def close_extras(self, **kwargs: Any) -> None:
        """Closes the pool."""
        self.pool.close()
