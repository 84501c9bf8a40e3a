"""One batch of envs spread over several env servers, stepped concurrently.

:class:`SplitPool` has the interface of :class:`flickarena.pool.Pool` (``reset``, ``step``,
``spaces``, ``close``) over one :class:`~flickarena.pool.Pool` per server: ``num_envs`` is cut
into contiguous, near-equal parts, part k on server k, and every call is sent to all the
servers at once (one thread per server: gRPC waits without the GIL), then the rows are joined
back in order.

Seeds are those of a single pool of ``num_envs``: each part is created with the
``env_offset`` of its first env (``PoolConfig.env_offset``, capability ``"pool.env_offset"``),
so that ``reset(seed=s)`` gives global env i the stream of (s, i) wherever it runs, and
``seeds`` or ``mask`` arrays are cut along the same boundaries. A server without the
capability is refused when it would get a non-zero offset, since it would silently ignore it.

Every part must play the same games: the same id can name different games on different
servers (another ``town.scn`` behind ``envserver --scenarios``, another build, another version
of an opponent), so the parts' ``PoolSpec.content_digest`` must be equal (capability
``"pool.content_digest"``), or the split is refused naming both servers.

Every error names the server it came from (``server unix:///tmp/a.sock: INVALID_ARGUMENT:
...``) and keeps the type of the error it wraps (:mod:`flickarena.errors`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import fields
from typing import Any

import numpy as np

from flickarena._closing import Closing
from flickarena.client import Client
from flickarena.errors import FlickarenaError, error_from_status
from flickarena.pool import Batch, Pool

ENV_OFFSET_CAPABILITY = "pool.env_offset"
#: The name of a part that runs in this process (``None`` among the servers).
IN_PROCESS = "in-process"
CONTENT_DIGEST_CAPABILITY = "pool.content_digest"


def split_counts(num_envs: int, parts: int) -> list[int]:
    """Returns ``parts`` near-equal counts summing to ``num_envs``, larger ones first
    (10 over 3 servers: ``[4, 3, 3]``)."""
    if parts < 1:
        raise ValueError(f"servers: {parts} servers; want at least 1")
    if num_envs < parts:
        raise ValueError(f"num_envs: {num_envs} envs over {parts} servers; want at least one env per server")
    q, r = divmod(num_envs, parts)
    return [q + 1 if k < r else q for k in range(parts)]


def _named(server: str, e: Exception, offset: int = 0) -> Exception:
    """Returns e with the server named in its message, of the same type where possible; the
    env of its details (``env``) becomes the split pool's, ``offset`` (the part's first env)
    more than the server's pool's."""
    if isinstance(e, FlickarenaError):
        named = error_from_status(e.code, f"server {server}: {e.message}", e.details)
        if named.env is not None:
            named.env += offset
        return named
    try:
        return type(e)(f"server {server}: {e}")
    except Exception:
        return RuntimeError(f"server {server}: {e!r}")


class SplitPool(Closing):
    """``num_envs`` games of ``game_id`` spread over ``servers``, as one pool.

    Args:
        game_id: the game, e.g. ``"race-v1"``.
        num_envs: number of envs in all, at least one per server.
        servers: targets (``host:port`` or ``unix:///path``) or :class:`Client` objects;
            part k (the envs from ``offsets[k]`` on) runs on ``servers[k]``; None runs a part
            in this process (:class:`~flickarena.pool.Pool` without ``server=``), named
            ``"in-process"`` in errors.
        token: bearer token for every server (default $FLICKARENA_TOKEN).
        **pool_kwargs: every other :class:`~flickarena.pool.Pool` argument (``options``,
            ``autoreset_mode``, ``view``, ``opponent``, ``illegal``, ``transport``, ...),
            the same for every part.

    Attributes:
        servers: the servers' targets, in order.
        counts: envs per server; ``offsets``: global index of each part's first env.
        pools: the per-server pools.
        spec, game, num_players, spaces: those of the first pool (every server's game spec
            and content digest are checked equal; ``spec.config`` is the first part's, with
            its own num_envs).
        content_digest: the parts' ``PoolSpec.content_digest``.
    """

    def __init__(
        self,
        game_id: str,
        num_envs: int,
        servers: Sequence[str | Client | None],
        *,
        token: str | None = None,
        **pool_kwargs: Any,
    ):
        if isinstance(servers, (str, Client)) or len(servers) == 0:
            raise ValueError("servers: want a non-empty list of server addresses")
        self.servers = [s.target if isinstance(s, Client) else IN_PROCESS if s is None else str(s) for s in servers]
        self.counts = split_counts(num_envs, len(servers))
        self.offsets = [int(x) for x in np.cumsum([0] + self.counts[:-1])]
        self.num_envs = num_envs
        self.pools: list[Pool] = []
        self._owned = [isinstance(s, str) for s in servers]
        self._executor = ThreadPoolExecutor(max_workers=len(servers), thread_name_prefix="flickarena-split")
        self.closed = False
        clients = [Client(s, token) if isinstance(s, str) else s for s in servers]
        futures = [
            self._executor.submit(self._create, k, clients[k], game_id, pool_kwargs) for k in range(len(clients))
        ]
        created: list[Pool | None] = []
        failed = None
        for k, f in enumerate(futures):
            try:
                created.append(f.result())
            except Exception as e:  # every creation is awaited before raising
                created.append(None)
                if failed is None:
                    failed = (k, e)
        try:
            if failed is not None:
                k, err = failed
                raise _named(self.servers[k], err) from err
            self.pools = [p for p in created if p is not None]
            self._check_specs()
        except BaseException:
            self.closed = True
            for p in created:
                if p is not None:
                    p.close()
            for c, owned in zip(clients, self._owned, strict=True):
                if owned and c is not None:
                    c.close()
            self._executor.shutdown(wait=True)
            raise
        first = self.pools[0]
        self.spec = first.spec
        self.game = first.game
        self.num_players = first.num_players
        self.spaces = first.spaces
        self.content_digest = first.spec.content_digest

    def _create(self, k: int, client: Client | None, game_id: str, kwargs: Mapping[str, Any]) -> Pool:
        if client is not None and self.offsets[k] and ENV_OFFSET_CAPABILITY not in client.server_info().capabilities:
            raise FlickarenaError(
                f"the server lacks the capability {ENV_OFFSET_CAPABILITY!r}, so its envs from "
                f"{self.offsets[k]} on would not draw the streams of one pool; upgrade it"
            )
        return Pool(game_id, self.counts[k], server=client, env_offset=self.offsets[k], **kwargs)

    def _check_specs(self) -> None:
        """Refuses parts that would not play the same games: a different game spec, or a
        different content digest (``PoolSpec.content_digest``: the server's build, the
        game's content such as a scenario file, the opponents' versions), naming both
        servers."""
        want = self.pools[0]
        if len(self.pools) > 1 and not want.spec.content_digest:
            raise FlickarenaError(
                f"server {self.servers[0]}: it gives no content digest (capability "
                f"{CONTENT_DIGEST_CAPABILITY!r}), so its games cannot be checked against the other "
                f"servers'; upgrade it"
            )
        for k, p in enumerate(self.pools[1:], 1):
            if p.game != want.game or list(p.spec.action_nvec) != list(want.spec.action_nvec):
                raise FlickarenaError(
                    f"server {self.servers[k]}: its game spec of {want.game.id!r} differs from that "
                    f"of server {self.servers[0]} (different builds?)"
                )
            if p.spec.content_digest != want.spec.content_digest:
                got = p.spec.content_digest or "none (upgrade it)"
                raise FlickarenaError(
                    f"server {self.servers[k]}: its {want.game.id!r} is not the game of server "
                    f"{self.servers[0]}: content digest {got} against {want.spec.content_digest} (a "
                    f"different scenario file under the same id, another build, or another "
                    f"opponent version); serve the same games from the same build on every server"
                )

    def _all(self, call: Callable[[int], Any]) -> list[Any]:
        """Runs call(k) for every server k concurrently and returns the results in order;
        the first failure (in server order) is raised, naming its server, once every call
        has returned."""
        futures = [self._executor.submit(call, k) for k in range(len(self.pools))]
        results, failed = [], None
        for k, f in enumerate(futures):
            try:
                results.append(f.result())
            except Exception as e:
                if failed is None:
                    failed = (k, e)
        if failed is not None:
            k, err = failed
            raise _named(self.servers[k], err, self.offsets[k]) from err
        return results

    def _part(self, x: Any, k: int) -> Any:
        """Returns the rows of part k of a per-env sequence (None stays None)."""
        if x is None:
            return None
        if len(x) != self.num_envs:
            raise ValueError(f"{len(x)} rows for {self.num_envs} envs")
        return x[self.offsets[k] : self.offsets[k] + self.counts[k]]

    def reset(
        self,
        seed: int | None = None,
        mask: np.ndarray | Sequence[bool] | None = None,
        seeds: np.ndarray | Sequence[int] | None = None,
    ) -> Batch:
        """As :meth:`flickarena.pool.Pool.reset`, over all the servers: env i (global) gets
        the stream of (seed, i), or seeds[i] if given."""
        try:
            masks = [self._part(mask, k) for k in range(len(self.pools))]
            seed_parts = [self._part(seeds, k) for k in range(len(self.pools))]
        except ValueError as e:
            raise ValueError(f"reset: {e}") from None
        return _join(self._all(lambda k: self.pools[k].reset(seed=seed, mask=masks[k], seeds=seed_parts[k])))

    def step(self, actions: Any) -> Batch:
        """As :meth:`flickarena.pool.Pool.step`: row i of ``actions`` goes to global env i."""
        try:
            if isinstance(actions, Mapping):
                parts = [
                    {key: self._part(v, k) for key, v in actions.items()} for k in range(len(self.pools))
                ]
            else:
                a = np.asarray(actions)
                parts = [self._part(a, k) for k in range(len(self.pools))]
        except ValueError as e:
            raise ValueError(f"step: actions: {e}") from None
        return _join(self._all(lambda k: self.pools[k].step(parts[k])))

    def close(self, timeout: float | None = None) -> None:
        """Closes every part (idempotent), all at once, each within ``timeout`` seconds
        (default its client's; see :meth:`flickarena.pool.Pool.close`)."""
        if getattr(self, "closed", True):
            return
        self.closed = True
        list(self._executor.map(lambda p: p.close(timeout), self.pools))
        for p, owned in zip(self.pools, self._owned, strict=True):
            if owned and p.client is not None:
                p.client.close()
        self._executor.shutdown(wait=True)


def _join(batches: list[Batch]) -> Batch:
    """Returns the batches' rows, in order, as one batch."""
    if len(batches) == 1:
        return batches[0]
    out: dict[str, Any] = {}
    for f in fields(Batch):
        parts = [getattr(b, f.name) for b in batches]
        out[f.name] = None if parts[0] is None else np.concatenate(parts)
    return Batch(**out)
