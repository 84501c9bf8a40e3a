"""Serve a PPO checkpoint (examples/ppo.py) as a bot, for the arena or as an env server's opponent.

The bot plays the policy's most likely value of each head and the mean of each dim (so it is
deterministic: the same position gets the same action), for whichever seat is to move (the
checkpoints of ppo.py train with the seats alternating). Each head's mask is narrowed by the
game's joint rules given the heads chosen before it (ppo.JointRule), so that it sends legal
actions only. It plays the checkpoint's game, or with ``--game`` a later version of it whose
observation and action encodings are the same (a physics fix bumps a version and keeps them:
the committed Flickago checkpoints were trained on flickago-v2 and play flickago-v3).

    python python/examples/serve_ppo.py python/docs/ppo/flickago-aimer.pt --listen 127.0.0.1:50071
    go run ./cmd/arena run --bots random,aimer,remote=127.0.0.1:50071 --scenarios flickago ...

Needs the ``ppo`` extra (torch).
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import sys

import numpy as np
import torch

import flickarena


def load_ppo():
    """The ppo.py module beside this file."""
    spec = importlib.util.spec_from_file_location("ppo", pathlib.Path(__file__).with_name("ppo.py"))
    ppo = importlib.util.module_from_spec(spec)
    sys.modules["ppo"] = ppo
    spec.loader.exec_module(ppo)
    return ppo


def make_policy(checkpoint: str, game_id: str | None = None):
    """Returns (policy, game id) of a checkpoint: policy(turn) as serve_agent takes it. The game
    is the checkpoint's, or game_id (a version of the same game with the same encodings)."""
    ppo = load_ppo()
    torch.set_num_threads(1)
    agent, game, _ = ppo.load(checkpoint, torch.device("cpu"))

    @torch.no_grad()
    def policy(turn: flickarena.agent.Turn) -> tuple[np.ndarray, np.ndarray]:
        if agent.joint is None:
            agent.joint = ppo.JointRule.of(turn.game)  # the joint rules of the heads: legal actions only
        obs = torch.as_tensor(np.asarray(turn.obs, np.float32))
        mask = torch.as_tensor(np.asarray(turn.action_mask, bool))
        disc, u, *_ = agent.act(obs, mask, greedy=True)
        action = game.env_action(disc, u)
        return action["discrete"], action["continuous"]

    if game_id is not None and game_id.rsplit("-v", 1)[0] != game.id.rsplit("-v", 1)[0]:
        raise ValueError(f"checkpoint {checkpoint} plays {game.id}, not a version of {game_id}")
    return policy, game_id or game.id


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkpoint", help="a checkpoint.pt written by ppo.py")
    parser.add_argument("--listen", default="127.0.0.1:50071", help="address to serve on (host:port or unix:///path)")
    parser.add_argument("--name", default="ppo", help="the bot's name (GetAgentInfo)")
    parser.add_argument("--game", default=None,
                        help="the game to serve, a later version of the checkpoint's with the same encodings (default: the checkpoint's)")
    args = parser.parse_args(argv)
    policy, game_id = make_policy(args.checkpoint, args.game)
    with flickarena.serve_agent(policy, args.listen, name=args.name, games=[game_id]) as server:
        print(f"serving {args.checkpoint} ({game_id}) as {args.name!r} at {server.address}", flush=True)
        server.wait()


if __name__ == "__main__":
    main()
