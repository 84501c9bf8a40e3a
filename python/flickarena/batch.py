"""The result of a Reset or Step: :class:`Batch`, one row per env, numpy arrays.

Both backends return it: over gRPC its arrays are read-only views of the message's bytes
(:func:`decode_batch`, ``numpy.frombuffer``, no copy); in process they are read-only views of
buffers the pool owns, which the library fills on every call (:mod:`flickarena._inproc`).
Either way an array is valid until the pool's next call: copy what you keep past it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena.tensor import to_numpy


@dataclass
class Batch:
    """One Reset or Step result, row i for env i (N envs, P players, O obs, M mask).

    Arrays are read-only views, valid until the pool's next call (in process that call
    overwrites them; over gRPC they are the message's bytes): copy what you keep past it, or
    what you need writable. A field the pool does not have (``final_obs`` without same-step
    autoreset, ...) is None.
    """

    obs: np.ndarray  # [N, O] float32
    reward: np.ndarray  # [N, P] float32
    terminated: np.ndarray  # [N] bool
    truncated: np.ndarray  # [N] bool
    current_player: np.ndarray  # [N] int32
    action_mask: np.ndarray  # [N, M] bool, factorised
    state_hash: np.ndarray  # [N] uint64
    episode: np.ndarray  # [N] uint64
    illegal: np.ndarray  # [N] bool
    episode_return: np.ndarray  # [N, P] float32, on the call an episode ended
    episode_length: np.ndarray  # [N] int32, on the call an episode ended
    final_obs: np.ndarray | None  # [N, O] float32, same-step autoreset only
    final_state_hash: np.ndarray | None  # [N] uint64, same-step autoreset only
    obs_all_seats: np.ndarray | None  # [N, P, O] float32, observe_all_seats only
    agent_seat: np.ndarray | None = None  # [N] int32, single-agent view only
    teacher_discrete: np.ndarray | None = None  # [N, heads] int32, teacher only (native)
    teacher_continuous: np.ndarray | None = None  # [N, dims] float32, teacher only (native)

    @property
    def done(self) -> np.ndarray:
        """``terminated | truncated``."""
        return self.terminated | self.truncated

    def agent_reward(self) -> np.ndarray:
        """The agent's reward per env (single-agent view): ``reward[i, agent_seat[i]]``, the
        seat the agent plays in the episode the reward belongs to (seat 0 without
        ``agent_seat``)."""
        if self.agent_seat is None:
            return np.array(self.reward[:, 0], dtype=np.float32)
        return np.array(self.reward[np.arange(len(self.agent_seat)), self.agent_seat], dtype=np.float32)

    def agent_return(self) -> np.ndarray:
        """The agent's episode return per env, as :meth:`agent_reward` for ``reward``."""
        if self.agent_seat is None:
            return np.array(self.episode_return[:, 0], dtype=np.float32)
        return np.array(self.episode_return[np.arange(len(self.agent_seat)), self.agent_seat], dtype=np.float32)


def decode_batch(b: pb.Batch) -> Batch:
    """Returns numpy views of a wire batch."""
    opt = lambda name: to_numpy(getattr(b, name)) if b.HasField(name) else None  # noqa: E731
    return Batch(
        obs=to_numpy(b.obs),
        reward=to_numpy(b.reward),
        terminated=to_numpy(b.terminated),
        truncated=to_numpy(b.truncated),
        current_player=to_numpy(b.current_player),
        action_mask=to_numpy(b.action_mask),
        state_hash=to_numpy(b.state_hash),
        episode=to_numpy(b.episode),
        illegal=to_numpy(b.illegal),
        episode_return=to_numpy(b.episode_return),
        episode_length=to_numpy(b.episode_length),
        final_obs=opt("final_obs"),
        final_state_hash=opt("final_state_hash"),
        obs_all_seats=opt("obs_all_seats"),
        agent_seat=opt("agent_seat"),
        teacher_discrete=opt("teacher_discrete"),
        teacher_continuous=opt("teacher_continuous"),
    )
