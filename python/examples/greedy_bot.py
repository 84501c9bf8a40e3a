"""A bot served as an AgentService: greedy on the dummy game, random legal moves elsewhere.

On dummy/race-v1 it plays its Double while it has it, else Gain, always with the power at the
episode's sweet spot (an observation field), which gains the most points. On any other game
it plays uniformly random legal actions.

Serve it, then let an env server use it as an opponent:

    python python/examples/greedy_bot.py --listen unix:///tmp/greedy.sock &
    envserver --listen unix:///tmp/fa.sock --opponent greedy=unix:///tmp/greedy.sock &

and create single-agent pools with opponent="greedy" (for example
``FlickVectorEnv("dummy/race-v1", 64, server="unix:///tmp/fa.sock", opponent="greedy")``).
"""

from __future__ import annotations

import argparse
import signal

import numpy as np

from flickarena import Turn, serve_agent
from flickarena.agent import random_policy

GAIN, DOUBLE = 0, 1  # values of the dummy game's "move" head


def greedy(turn: Turn) -> tuple[np.ndarray, np.ndarray]:
    """The bot's policy: B positions in, B native actions out."""
    if turn.game.id != "dummy/race-v1":
        return random_policy(turn)
    b = len(turn.player)
    moves = turn.head_mask(0)
    disc = np.zeros((b, 2), dtype=np.int32)
    disc[:, 0] = np.where(moves[:, DOUBLE], DOUBLE, GAIN)
    power = turn.field("sweet")[:, :1].astype(np.float32)
    return disc, power


def main() -> None:
    parser = argparse.ArgumentParser(description="Serve the greedy bot as an AgentService.")
    parser.add_argument("--listen", default="127.0.0.1:50061", help="host:port or unix:///abs/path")
    args = parser.parse_args()
    server = serve_agent(greedy, args.listen, name="greedy", version="1")
    print(f"greedy bot serving at {server.address}", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: server.stop())
    try:
        server.wait()
    except KeyboardInterrupt:
        server.stop()


if __name__ == "__main__":
    main()
