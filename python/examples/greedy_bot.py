"""A bot served as an AgentService: greedy on Race, random legal moves elsewhere.

On race-v1 it plays its Double while it has it, else Gain, always with the power at the
episode's sweet spot (an observation field), which gains the most points. On flickago-v3 it
flicks a random disc it may flick without a return (so that its actions are legal by
construction, see ``flickago``), at a uniformly random velocity. On any other game (the Flick
'em Up! scenarios) it plays uniformly random values the mask allows; the game's joint rules,
which a factorised mask cannot express, refuse very few of them (none in 19,000 random
decisions of flickemup/showdown-v2; 4 in 19,000 of bank-job-v2, whose dynamite throws have
sides of their own), and the arena counts such an action as a loss.

Play it in the arena (two terminals, from the repository's root):

    python python/examples/greedy_bot.py --listen 127.0.0.1:50061
    go run ./cmd/arena run --bots random,remote=127.0.0.1:50061 --scenarios flickago,showdown --games 10 --db /tmp/greedy.db

or let an env server use it as an opponent:

    python python/examples/greedy_bot.py --listen unix:///tmp/greedy.sock &
    envserver --listen unix:///tmp/fa.sock --opponent py-greedy=unix:///tmp/greedy.sock &

and create single-agent pools with opponent="py-greedy" (for example
``FlickVectorEnv("race-v1", 64, server="unix:///tmp/fa.sock", opponent="py-greedy")``).
"""

from __future__ import annotations

import argparse
import signal

import numpy as np

from flickarena import Turn, serve_agent
from flickarena.agent import random_policy

GAIN, DOUBLE = 0, 1  # values of Race's "move" head


KILLER_POINTS, FAMILY_POINTS = (0, 2, 4), (1, 3)  # Flickago's "source" values of the start points
PLACE = 1  # index of "place an inspector" in Flickago's "phase" field


def flickago(turn: Turn) -> tuple[np.ndarray, np.ndarray]:
    """Random legal Flickago actions. The mask is factorised: a start point may be allowed only
    because returning a disc would refill the reserve with its kind, and a return and a
    family disc may each be allowed while returning that very disc and flicking it is not. So
    the bot returns nothing and flicks a face-up family disc, or a reserve disc of a kind its
    reserve holds (the "reserve" field); only when every flick needs a return does it return
    a disc and flick one of that disc's kind from its start point."""
    b = len(turn.player)
    disc = np.zeros((b, 3), dtype=np.int32)
    cont = np.zeros((b, 2), dtype=np.float32)
    reserve, phase = turn.field("reserve"), turn.field("phase")
    for i in range(b):
        rng = np.random.default_rng(int(turn.seed[i]))
        returns, sources, stars = (np.flatnonzero(turn.head_mask(h)[i]) for h in range(3))
        for d, dim in enumerate(turn.game.dims):
            cont[i, d] = rng.uniform(dim.low, dim.high)
        if phase[i, PLACE] > 0:
            disc[i, 2] = rng.choice(stars)
            continue
        own_killers, own_family = reserve[i, 0] > 0, reserve[i, 1] > 0
        free = [int(s) for s in sources if s >= 5 or (s in KILLER_POINTS and own_killers)
                or (s in FAMILY_POINTS and own_family)]
        if free and 0 in returns:
            disc[i, 1] = rng.choice(free)
            continue
        r = int(rng.choice(returns[returns > 0])) if (returns > 0).any() else 0
        points = KILLER_POINTS if r - 1 < 7 else FAMILY_POINTS
        disc[i, 0] = r
        disc[i, 1] = rng.choice([int(s) for s in sources if s in points] or list(sources))
    return disc, cont


def greedy(turn: Turn) -> tuple[np.ndarray, np.ndarray]:
    """The bot's policy: B positions in, B native actions out."""
    if turn.game.id == "flickago-v3":
        return flickago(turn)
    if turn.game.id != "race-v1":
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
