"""Quick start: drive 64 Flick 'em Up! showdowns on a running envserver for a few seconds.

Usage: python examples/quickstart.py [--server unix:///tmp/fa.sock] [--seconds 5]

Seat 0 (the lawmen) plays uniformly random actions sampled from the action space; the
server replaces the illegal ones with the game's default action and plays the outlaws with
its built-in random bot. It prints the pool's spec, the steps per second through the wire
and the outcomes of the episodes that ended.
"""

from __future__ import annotations

import argparse
import time

import gymnasium as gym
import numpy as np

import flickarena  # noqa: F401  (registers the Gymnasium ids)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--server", default=None, help="envserver target (default $FLICKARENA_SERVER or 127.0.0.1:50051)")
    p.add_argument("--game", default="flickarena/flickemup-showdown-v2", help="Gymnasium id")
    p.add_argument("--num-envs", type=int, default=64)
    p.add_argument("--seconds", type=float, default=5.0, help="how long to step")
    args = p.parse_args()

    envs = gym.make_vec(args.game, num_envs=args.num_envs, vectorization_mode="vector_entry_point", server=args.server)
    try:
        print(f"{args.game}: {args.num_envs} games on the server, autoreset {envs.metadata['autoreset_mode'].name}")
        print(f"  observation {envs.single_observation_space.shape} float32, action {envs.single_action_space}")
        envs.reset(seed=1)
        envs.action_space.seed(1)
        steps, outcomes = 0, []
        returns = np.zeros(args.num_envs)
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            _, reward, term, trunc, _ = envs.step(envs.action_space.sample())
            returns += reward
            done = term | trunc
            outcomes.extend(returns[done].tolist())
            returns[done] = 0
            steps += args.num_envs
        elapsed = time.perf_counter() - start
    finally:
        envs.close()
    print(f"  {steps} env steps in {elapsed:.1f} s: {steps / elapsed:,.0f} steps/s through the wire")
    if outcomes:
        o = np.array(outcomes)
        print(f"  {len(o)} episodes ended: lawmen won {np.mean(o > 0):.0%}, lost {np.mean(o < 0):.0%}, drew {np.mean(o == 0):.0%}")
    else:
        print("  no episode ended yet: run longer (--seconds)")


if __name__ == "__main__":
    main()
