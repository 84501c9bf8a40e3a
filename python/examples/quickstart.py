"""Quick start: drive 64 Flick 'em Up! showdowns for a few seconds, in process or on an envserver.

Usage: python examples/quickstart.py [--server unix:///tmp/fa.sock] [--seconds 5]

Seat 0 (the lawmen) plays uniformly random legal actions, each head sampled among the values
its mask allows (``info["action_mask"]``); the server plays the outlaws with its built-in
random bot. The games run in this process unless ``--server`` names an envserver. It prints
the pool's spec, the steps per second (the time inside ``step``, and the whole loop's with
the sampling)
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
    p.add_argument("--server", default=None, help="envserver target (default: the games in this process)")
    p.add_argument("--game", default="flickarena/flickemup-showdown-v9", help="Gymnasium id")
    p.add_argument("--num-envs", type=int, default=64)
    p.add_argument("--seconds", type=float, default=5.0, help="how long to step")
    args = p.parse_args()

    envs = gym.make_vec(args.game, num_envs=args.num_envs, vectorization_mode="vector_entry_point", server=args.server)
    try:
        where = f"on {args.server}" if args.server else "in this process"
        print(f"{args.game}: {args.num_envs} games {where}, autoreset {envs.metadata['autoreset_mode'].name}")
        print(f"  observation {envs.single_observation_space.shape} float32, action {envs.single_action_space}")
        _, info = envs.reset(seed=1)
        space = envs.single_action_space
        space.seed(1)
        steps, outcomes, in_step = 0, [], 0.0
        returns = np.zeros(args.num_envs)
        start = time.perf_counter()
        while time.perf_counter() - start < args.seconds:
            acts = [space.sample(mask=m) for m in info["action_mask"]]
            batch = {k: np.stack([a[k] for a in acts]) for k in acts[0]}
            t0 = time.perf_counter()
            _, reward, term, trunc, info = envs.step(batch)
            in_step += time.perf_counter() - t0
            returns += reward
            done = term | trunc
            outcomes.extend(returns[done].tolist())
            returns[done] = 0
            steps += args.num_envs
        elapsed = time.perf_counter() - start
    finally:
        envs.close()
    print(f"  {steps} env steps in {elapsed:.1f} s: {steps / in_step:,.0f} steps/s "
          f"(time in step; {steps / elapsed:,.0f} with the sampling of the actions in Python)")
    if outcomes:
        o = np.array(outcomes)
        print(f"  {len(o)} episodes ended: lawmen won {np.mean(o > 0):.0%}, lost {np.mean(o < 0):.0%}, "
              f"drew {np.mean(o == 0):.0%}")
    else:
        print("  no episode ended yet: run longer (--seconds)")


if __name__ == "__main__":
    main()
