"""Records games of a built-in bot into a dataset for imitation and offline RL.

The agent's seat plays the teacher's action (``PoolConfig.teacher``: the server asks the named
bot what it would play in each position and sends it with the batch), so the games are the
teacher's games against ``--opponent``, and every transition is one the agent could have made::

    python python/examples/record_teacher.py --game flickago-v3 --teacher planner \\
        --opponent aimer --episodes 200 --out data.npz

It starts its own env server unless ``--server`` is given. Only whole episodes are kept: each of
the ``--num-envs`` envs records its share of ``--episodes`` (so long games are not left out), and
the transitions of each episode are contiguous, in the order the episodes ended.

Format (``numpy.load(path)``; T transitions, O obs size, H heads, D dims, M mask size):

``observations`` [T, O] float32
    The agent's observation before its move (the teacher's seat's).
``action_discrete`` [T, H] int32, ``action_continuous`` [T, D] float32
    The move played: the teacher's action in the game's native encoding (one value per head,
    one float per dim within the dim's bounds).
``action_mask`` [T, M] bool
    The factorised legal-action mask the move was chosen under (one entry per head value).
``rewards`` [T] float32
    The agent's reward for the move and the opponents' replies (the outcome, +1 / -1 / 0, on
    the move that ends the game; ``--shaping`` adds the game's shaping reward).
``terminations`` [T] bool, ``truncations`` [T] bool
    Gymnasium's flags after the move: the rules ended the game, or it was cut short.
``episode_ids`` [T] int64
    The episode (0 to episodes-1) of each transition; ``episode_returns`` [episodes] float32 is
    each episode's return for the agent.
``nvec`` [H] int64, ``dim_low`` [D] float32, ``dim_high`` [D] float32
    The action space: values per head and each dim's bounds.
``meta``
    A JSON string: game, teacher, opponent, options, seed, agent_seat, shaping, episodes,
    transitions, seconds, the server's wins-draws-losses of the teacher.

docs/datasets.md describes it beside the other ways to use a teacher.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import time

import numpy as np

from flickarena import FlickVectorEnv
from flickarena.launch import EnvServer


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    a = p.add_argument
    a("--server", default="", help="env server target (default: start one)")
    a("--game", default="flickago-v3", help="the game id")
    a("--options", default="{}", help="the game's options, as a JSON object")
    a("--teacher", default="aimer", help="the built-in bot whose games are recorded")
    a("--opponent", default="random", help="the built-in bot it plays against")
    a("--agent-seat", default="alternate", help='the teacher\'s seat: "zero", "alternate" or "random"')
    a("--shaping", type=float, default=0.0, help="weight of the game's shaping reward in the rewards")
    a("--episodes", type=int, default=200, help="whole episodes to record")
    a("--num-envs", type=int, default=16, help="envs played at once")
    a("--seed", type=int, default=1, help="seed of the envs' streams")
    a("--out", default="data.npz", help="the dataset file (.npz)")
    return p.parse_args(argv)


def record(args: argparse.Namespace, server: str) -> dict:
    """Plays the games and writes the dataset; returns its meta dict."""
    n = min(args.num_envs, args.episodes)
    quota = np.full(n, args.episodes // n) + (np.arange(n) < args.episodes % n)
    t0 = time.perf_counter()
    with contextlib.closing(FlickVectorEnv(args.game, n, server=server, options=json.loads(args.options), opponent=args.opponent,
                                           agent_seat=args.agent_seat, shaping=args.shaping, teacher=args.teacher,
                                           illegal="reject", autoreset_mode="same_step")) as envs:
        sp = envs.pool.spaces
        H, D = sp.heads, sp.dims
        obs, info = envs.reset(seed=[args.seed * 1_000_003 + i for i in range(n)])
        # Per env: the transitions of its episode in progress, as lists of rows.
        cur: list[dict[str, list]] = [{k: [] for k in ("obs", "disc", "cont", "mask", "rew", "term", "trunc")} for _ in range(n)]
        episodes: list[dict[str, np.ndarray]] = []
        kept = np.zeros(n, int)
        while kept.sum() < args.episodes:
            advice = info["teacher_action"]
            disc = advice.get("discrete", np.zeros((n, H), np.int32))
            cont = advice.get("continuous", np.zeros((n, D), np.float32))
            mask = np.asarray(info["action_mask"], bool)
            o2, rew, term, trunc, info = envs.step(advice)
            for i in range(n):
                if kept[i] >= quota[i]:
                    continue
                c = cur[i]
                c["obs"].append(obs[i])
                c["disc"].append(disc[i])
                c["cont"].append(cont[i])
                c["mask"].append(mask[i])
                c["rew"].append(rew[i])
                c["term"].append(term[i])
                c["trunc"].append(trunc[i])
                if term[i] or trunc[i]:
                    episodes.append({k: np.array(v) for k, v in c.items()})
                    cur[i] = {k: [] for k in c}
                    kept[i] += 1
            obs = o2
        seconds = time.perf_counter() - t0
    lengths = [len(e["rew"]) for e in episodes]
    returns = np.array([e["rew"].sum() for e in episodes], np.float32)
    wins, draws, losses = int((returns > 0).sum()), int((returns == 0).sum()), int((returns < 0).sum())
    meta = {"game": args.game, "options": json.loads(args.options), "teacher": args.teacher, "opponent": args.opponent,
            "agent_seat": args.agent_seat, "shaping": args.shaping, "seed": args.seed, "episodes": len(episodes),
            "transitions": int(sum(lengths)), "seconds": seconds, "wins": wins, "draws": draws, "losses": losses}
    np.savez_compressed(
        args.out,
        observations=np.concatenate([e["obs"] for e in episodes]).astype(np.float32),
        action_discrete=np.concatenate([e["disc"] for e in episodes]).astype(np.int32).reshape(-1, H),
        action_continuous=np.concatenate([e["cont"] for e in episodes]).astype(np.float32).reshape(-1, D),
        action_mask=np.concatenate([e["mask"] for e in episodes]).astype(bool),
        rewards=np.concatenate([e["rew"] for e in episodes]).astype(np.float32),
        terminations=np.concatenate([e["term"] for e in episodes]).astype(bool),
        truncations=np.concatenate([e["trunc"] for e in episodes]).astype(bool),
        episode_ids=np.repeat(np.arange(len(episodes)), lengths).astype(np.int64),
        episode_returns=returns,
        nvec=sp.nvec.astype(np.int64),
        dim_low=sp.dim_low,
        dim_high=sp.dim_high,
        meta=np.array(json.dumps(meta)),
    )
    return meta


def main(argv: list[str] | None = None) -> dict:
    args = parse_args(argv)
    with contextlib.ExitStack() as stack:
        server = args.server or stack.enter_context(EnvServer()).target
        meta = record(args, server)
    print(f"{args.out}: {meta['episodes']} games of {args.teacher} against {args.opponent} on {args.game}, "
          f"{meta['transitions']} transitions in {meta['seconds']:.1f} s; the teacher won {meta['wins']}, drew {meta['draws']}, "
          f"lost {meta['losses']} (win share {meta['wins'] / max(meta['episodes'], 1):.1%})", flush=True)
    return meta


if __name__ == "__main__":
    main()
