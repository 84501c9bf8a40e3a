"""Serve a PPO checkpoint (examples/ppo.py) as a bot, for the arena or as an env server's opponent.

The bot plays the policy's most likely value of each head and the mean of each dim (so it is
deterministic: the same position gets the same action), for whichever seat is to move (ppo.py
trains with the seats alternating), legal actions only (each head's mask narrowed by the game's
joint rule given the heads chosen before it). It plays the checkpoint's game.

    python python/examples/serve_ppo.py runs/flickago-aimer-s1/checkpoint.pt --listen 127.0.0.1:50071
    go run ./cmd/arena run --bots random,aimer,remote=127.0.0.1:50071 --scenarios flickago ...

Needs the ``ppo`` extra (torch).
"""

from __future__ import annotations

import argparse

from ppo_agent import checkpoint_policy

import flickarena


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkpoint", help="a checkpoint.pt written by ppo.py")
    parser.add_argument("--listen", default="127.0.0.1:50071", help="address to serve on (host:port or unix:///path)")
    parser.add_argument("--name", default="ppo", help="the bot's name (GetAgentInfo)")
    args = parser.parse_args(argv)
    policy, game_id = checkpoint_policy(args.checkpoint)
    with flickarena.serve_agent(policy, args.listen, name=args.name, games=[game_id]) as server:
        print(f"serving {args.checkpoint} ({game_id}) as {args.name!r} at {server.address}", flush=True)
        server.wait()


if __name__ == "__main__":
    main()
