"""The games a backend offers: :func:`list_games`, in this process or on an env server."""

from __future__ import annotations

from flickarena import _inproc
from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena.client import Client
from flickarena.errors import FlickarenaError


def list_games(server: str | Client | None = None, token: str | None = None) -> list[pb.GameInfo]:
    """Returns every game with its spec under default options, its options (types, ranges,
    defaults) and its reward and joint-rule docs, sorted by id: those of the library in this
    process (None, the default: the catalogue every pool without ``server=`` plays), or of an
    env server (a target or a :class:`Client`; :meth:`Client.list_games`)."""
    if server is not None:
        client = server if isinstance(server, Client) else Client(server, token)
        try:
            return client.list_games()
        finally:
            if client is not server:
                client.close()
    games: list[pb.GameInfo] = []
    token = ""
    while True:
        resp = _inproc.list_games(pb.ListGamesRequest(page_token=token))
        games.extend(resp.games)
        if not resp.next_page_token:
            return games
        if resp.next_page_token == token or not resp.games:
            raise FlickarenaError(f"ListGames: the library repeated the page token {token!r}")
        token = resp.next_page_token
