"""Joint legality of a game's discrete heads, which its factorised mask cannot say.

The action mask (``info["action_mask"]``, ``[B, sum(nvec)]``) allows values head by head; in
some games values each allowed can be illegal together. A sampler that draws the heads in
order, narrowing each head's mask given the heads drawn before it, sends legal actions only::

    rule = flickarena.joint_rule(envs.pool.game)
    masks = np.split(info["action_mask"], np.cumsum(nvec)[:-1], axis=-1)
    chosen = []
    for head, m in enumerate(masks):
        m = rule.narrow(head, obs, chosen, m)
        chosen.append(draw(m))  # [B] ints, each a value m allows

The rules, per game (matched by the game id without its version; every game states its own, in
text, in ``GameInfo.joint_rule_doc`` from ``Client.list_games()``):

- ``flickago``: the "return" head comes before the "source" head; a start point whose kind of
  disc (T or F) the observer's reserve lacks is usable only after returning a disc of that
  kind, and a family disc cannot be both returned and flicked (Flickago's package doc,
  "Action Space"). The rule reads the value names of those heads and the observation's
  ``reserve`` field from the spec.

Every other game's rule returns the mask as it is. A row the rule would leave without a legal
value (a phase whose heads are unused, say) keeps its mask.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from flickarena._gen.v1 import flickarena_pb2 as pb


class JointRule:
    """A game's joint rule: :meth:`narrow` returns a head's mask given the heads drawn before
    it. This base rule is that of a game whose factorised mask says everything."""

    def narrow(self, head: int, obs: np.ndarray, chosen: Sequence[np.ndarray], mask: np.ndarray) -> np.ndarray:
        """Head ``head``'s mask ``[B, n]`` (bool) for observations ``obs`` ``[B, O]``, given
        ``chosen``, the values ``[B]`` of heads 0 to ``len(chosen) - 1``."""
        return mask


def joint_rule(spec: pb.GameSpec) -> JointRule:
    """The joint rule of the game of ``spec`` (``envs.pool.game``, ``Turn.game``): its own,
    or the base :class:`JointRule` for a game without one. Raises ValueError if the spec lacks
    what its game's rule reads (the rule is then out of step with the game)."""
    if spec.id.rsplit("-v", 1)[0] == "flickago":
        return FlickagoRule(spec)
    return JointRule()


class FlickagoRule(JointRule):
    """Flickago's rule of the "return" and "source" heads (see the module doc)."""

    def __init__(self, spec: pb.GameSpec):
        heads = [h.name for h in spec.heads]
        obs = [f.name for f in spec.obs]
        if "return" not in heads or "source" not in heads or "reserve" not in obs:
            raise ValueError(f"joint rule of {spec.id}: want the heads return and source and the obs field reserve")
        self.ret_head, self.src_head = heads.index("return"), heads.index("source")
        if self.ret_head > self.src_head:
            raise ValueError(f"joint rule of {spec.id}: the return head comes after the source head")
        self.ret_kind, self.ret_disc = _parse(spec.id, spec.heads[self.ret_head].values)
        self.src_kind, self.src_disc = _parse(spec.id, spec.heads[self.src_head].values)
        # The offset of the observer's reserve of T, then of F, in the observation.
        self.reserve = sum(f.size for f in spec.obs[: obs.index("reserve")])

    def narrow(self, head: int, obs: np.ndarray, chosen: Sequence[np.ndarray], mask: np.ndarray) -> np.ndarray:
        if head != self.src_head or len(chosen) <= self.ret_head:
            return mask
        ret = np.asarray(chosen[self.ret_head], dtype=np.int64)
        in_reserve = np.asarray(obs)[:, self.reserve : self.reserve + 2] > 0  # [B, 2]: T, F
        returned_kind = self.ret_kind[ret][:, None]  # [B, 1]: the returned disc's kind, -1 for none
        point_ok = (self.src_kind < 0) | in_reserve[:, np.maximum(self.src_kind, 0)] | (returned_kind == self.src_kind)
        disc_ok = (self.src_disc < 0) | (self.ret_disc[ret][:, None] != self.src_disc)
        narrowed = mask & point_ok & disc_ok
        return np.where(narrowed.any(-1, keepdims=True), narrowed, mask)


_KINDS = {"T": 0, "F": 1}


def _parse(game_id: str, names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """The kind (0 T, 1 F) and disc id of each value name, -1 where it names none:
    "none", "disc 7 (F)", "point 1 (F)", "family disc 7"."""
    kinds, discs = [], []
    for name in names:
        words = name.replace("(", " ").replace(")", " ").split()
        try:
            if words == ["none"]:
                kind, disc = -1, -1
            elif words[0] == "disc":
                kind, disc = _KINDS[words[2]], int(words[1])
            elif words[0] == "point":
                kind, disc = _KINDS[words[2]], -1
            elif words[:2] == ["family", "disc"]:
                kind, disc = -1, int(words[2])
            else:
                raise ValueError(name)
        except (IndexError, KeyError, ValueError):
            raise ValueError(f"joint rule of {game_id}: value name {name!r} not understood") from None
        kinds.append(kind)
        discs.append(disc)
    return np.array(kinds, np.int64), np.array(discs, np.int64)
