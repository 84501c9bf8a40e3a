"""Gymnasium spaces of a pool, and the flat legal-action mask that goes with each.

A game's native action is hybrid: one integer per discrete head and one float per continuous
dim. Three action formats (chosen per pool, decoded by the server) offer it to libraries:

``"native"``
    ``Dict({"discrete": MultiDiscrete(nvec), "continuous": Box(low, high)})`` (a key is left
    out when the game has no head, or no dim).
``"box"``
    ``Box(-1, 1, (box_size,))``: one score per value of each head (the server takes the
    argmax among the values the mask allows), then each dim normalised to [-1, 1]. For
    libraries that only take Box actions (Stable-Baselines3's SAC, TD3).
``"multidiscrete"``
    ``MultiDiscrete(nvec + [bins] * dims)``: each dim binned into ``bins`` values.

The legal-action mask is factorised, one entry per value of each head (``mask_size``), and
travels flat. With ``"multidiscrete"`` the flat mask also has ``bins`` ones per dim, so that
it is the concatenation of one mask per MultiDiscrete dimension (the convention of
SB3-contrib's MaskablePPO). The action spaces here are small subclasses of Gymnasium's whose
``sample(mask)`` accepts that flat mask, as PettingZoo's API tests and many loops call it.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces

from flickarena._gen.v1 import flickarena_pb2 as pb

FORMATS = {
    "native": pb.ACTION_FORMAT_NATIVE,
    "box": pb.ACTION_FORMAT_BOX,
    "multidiscrete": pb.ACTION_FORMAT_MULTI_DISCRETE,
}


def _split(mask: np.ndarray, sizes: np.ndarray) -> tuple[np.ndarray, ...]:
    """Splits a flat mask into one int8 mask per size."""
    parts = np.split(np.asarray(mask).astype(np.int8), np.cumsum(sizes)[:-1])
    return tuple(parts)


class MaskedMultiDiscrete(spaces.MultiDiscrete):
    """A MultiDiscrete whose ``sample`` also takes the flat mask (all per-dim masks joined)."""

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray:
        if isinstance(mask, np.ndarray) and mask.ndim == 1 and mask.shape[0] == int(self.nvec.sum()):
            mask = _split(mask, self.nvec)
        return super().sample(mask=mask, probability=probability)


class HybridDict(spaces.Dict):
    """The native hybrid action space; ``sample`` also takes the flat factorised mask."""

    def sample(self, mask: Any = None, probability: Any = None) -> dict[str, Any]:
        disc = self.spaces.get("discrete")
        if isinstance(mask, np.ndarray) and isinstance(disc, spaces.MultiDiscrete):
            out: dict[str, Any] = {"discrete": disc.sample(mask=_split(mask, disc.nvec))}
            if "continuous" in self.spaces:
                out["continuous"] = self.spaces["continuous"].sample()
            return out
        if isinstance(mask, np.ndarray):
            mask = None
        return super().sample(mask=mask, probability=probability)


class ScoreBox(spaces.Box):
    """The Box action format; ``sample`` takes the flat mask and scores masked-out values -1."""

    def __init__(self, mask_size: int, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.mask_size = mask_size

    def sample(self, mask: Any = None, probability: Any = None) -> np.ndarray:
        x = super().sample()
        if isinstance(mask, np.ndarray) and mask.shape == (self.mask_size,):
            x[: self.mask_size][np.asarray(mask) == 0] = -1.0
        return x


class GameSpaces:
    """The spaces of one env of a pool.

    Attributes:
        observation: ``Box`` of the observation vector, bounds from the game's fields.
        action: the action space of the pool's format.
        mask_size: length of the flat mask that goes with ``action``.
        format: ``"native"``, ``"box"`` or ``"multidiscrete"``.
    """

    def __init__(self, spec: pb.PoolSpec):
        g = spec.game
        low = np.concatenate([np.full(f.size, f.low, np.float32) for f in g.obs])
        high = np.concatenate([np.full(f.size, f.high, np.float32) for f in g.obs])
        self.observation = spaces.Box(low, high, dtype=np.float32)
        self.nvec = np.array([h.n for h in g.heads], dtype=np.int64)
        self.dim_low = np.array([d.low for d in g.dims], dtype=np.float32)
        self.dim_high = np.array([d.high for d in g.dims], dtype=np.float32)
        fmt = spec.config.action_format
        self.bins = spec.config.bins
        self.heads, self.dims = len(g.heads), len(g.dims)
        self.action: spaces.Space[Any]
        if fmt == pb.ACTION_FORMAT_BOX:
            self.format = "box"
            ones = np.ones(g.box_size, np.float32)
            self.action = ScoreBox(g.mask_size, -ones, ones, dtype=np.float32)
            self.mask_size = g.mask_size
        elif fmt == pb.ACTION_FORMAT_MULTI_DISCRETE:
            self.format = "multidiscrete"
            self.action = MaskedMultiDiscrete(np.array(list(spec.action_nvec), dtype=np.int64))
            self.mask_size = g.mask_size + self.dims * self.bins
        else:
            self.format = "native"
            parts: dict[str, spaces.Space] = {}
            if self.heads:
                parts["discrete"] = MaskedMultiDiscrete(self.nvec)
            if self.dims:
                parts["continuous"] = spaces.Box(self.dim_low, self.dim_high, dtype=np.float32)
            self.action = HybridDict(parts)
            self.mask_size = g.mask_size

    def from_native(self, discrete: np.ndarray, continuous: np.ndarray) -> Any:
        """Returns native actions ``[N, heads]`` and ``[N, dims]`` (a teacher's advice, say) in
        the pool's action format, batched: ``{"discrete", "continuous"}`` arrays (keys as in
        ``action``), a ``[N, box_size]`` array of scores (1 for each head's value, -1 for the
        others, then each dim normalised to [-1, 1]) or a ``[N, heads+dims]`` array (each dim
        in its nearest bin, as the server bins). The server decodes each back to the same
        heads; dims come back exactly (box, up to float rounding) or to their bin's value."""
        disc = np.asarray(discrete, dtype=np.int64).reshape(-1, self.heads)
        cont = np.asarray(continuous, dtype=np.float32).reshape(-1, self.dims)
        span = np.where(self.dim_high > self.dim_low, self.dim_high - self.dim_low, 1).astype(np.float32)
        if self.format == "native":
            out: dict[str, np.ndarray] = {}
            if self.heads:
                out["discrete"] = disc.astype(np.int32)
            if self.dims:
                out["continuous"] = np.array(cont)  # a copy: in process, continuous is a view of a buffer
            return out
        if self.format == "box":
            parts = [np.where(np.arange(n)[None, :] == disc[:, [h]], 1.0, -1.0) for h, n in enumerate(self.nvec)]
            parts.append(2 * (cont - self.dim_low) / span - 1)
            return np.concatenate(parts, axis=1).astype(np.float32)
        t = (cont.astype(np.float64) - self.dim_low) / span
        k = np.clip(np.ceil(t * (self.bins - 1) - 0.5), 0, self.bins - 1).astype(np.int64)
        return np.concatenate([disc, k], axis=1)

    def flat_masks(self, action_mask: np.ndarray) -> np.ndarray:
        """Returns the flat masks (int8, ``[..., mask_size]``) of factorised masks ``[..., M]``."""
        m = np.asarray(action_mask, dtype=np.int8)
        if self.format != "multidiscrete" or self.dims == 0:
            return m
        ones = np.ones(m.shape[:-1] + (self.dims * self.bins,), dtype=np.int8)
        return np.concatenate([m, ones], axis=-1)
