"""The observation's fields, by name: what each slice of the float32 vector means.

Every game documents its observation field by field in its spec (``GameSpec.obs``: name,
size, bounds, meaning and unit). :class:`ObsFields` makes that reachable from Python::

    fields = ObsFields(envs.pool.game)        # or ObsFields.of(envs)
    print(fields.describe())                  # one line per field, with its doc
    hp = fields.get(obs, "hit_points")        # obs[..., slice of that field]

It works on one observation ``[O]`` or a batch ``[..., O]``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from flickarena._gen.v1 import flickarena_pb2 as pb


@dataclass(frozen=True)
class ObsField:
    """One field of the observation: ``obs[..., start:start + size]``."""

    name: str
    start: int
    size: int
    low: float
    high: float
    doc: str

    @property
    def slice(self) -> slice:
        """The field's slice of the observation vector."""
        return slice(self.start, self.start + self.size)


class ObsFields:
    """The fields of a game's observation, in order, by name."""

    def __init__(self, game: pb.GameSpec):
        self.game_id = game.id
        self.fields: list[ObsField] = []
        start = 0
        for f in game.obs:
            self.fields.append(ObsField(f.name, start, f.size, f.low, f.high, f.doc))
            start += f.size
        self.size = start
        self._by_name = {f.name: f for f in self.fields}

    @classmethod
    def of(cls, env: Any) -> ObsFields:
        """The fields of an env of this package (vector, single, PettingZoo, SB3) or a Pool."""
        for path in ("pool", "env.pool", "unwrapped.pool", "venv.pool"):
            obj = env
            try:
                for part in path.split("."):
                    obj = getattr(obj, part)
            except AttributeError:
                continue
            return cls(obj.game)
        if hasattr(env, "game") and isinstance(env.game, pb.GameSpec):
            return cls(env.game)
        raise TypeError(f"ObsFields.of: {type(env).__name__} is not a Flickarena env or pool")

    @property
    def names(self) -> list[str]:
        """The field names, in observation order."""
        return [f.name for f in self.fields]

    def __getitem__(self, name: str) -> ObsField:
        try:
            return self._by_name[name]
        except KeyError:
            raise KeyError(f"{self.game_id} has no observation field {name!r} (fields: {self.names})") from None

    def __contains__(self, name: str) -> bool:
        return name in self._by_name

    def get(self, obs: np.ndarray, name: str) -> np.ndarray:
        """Returns ``obs[..., field]``: the values of field ``name`` (a view, no copy)."""
        obs = np.asarray(obs)
        if obs.shape[-1] != self.size:
            raise ValueError(f"observation has {obs.shape[-1]} values in its last axis, {self.game_id}'s has {self.size}")
        return obs[..., self[name].slice]

    def split(self, obs: np.ndarray) -> dict[str, np.ndarray]:
        """Returns every field of ``obs`` by name (views)."""
        return {f.name: self.get(obs, f.name) for f in self.fields}

    def describe(self) -> str:
        """One line per field: its slice, bounds and meaning."""
        return "\n".join(
            f"{f.name:<24} [{f.start}:{f.start + f.size}] in [{f.low:g}, {f.high:g}]  {f.doc}" for f in self.fields
        )
