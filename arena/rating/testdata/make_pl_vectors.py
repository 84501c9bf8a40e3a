#!/usr/bin/env python3
"""Writes pl_vectors.json: Plackett-Luce test vectors for FitRankings, fitted by choix.

Independent figures for arena/rating's Plackett-Luce fit: rankings drawn from the model with
known strengths, and choix's maximum-likelihood strengths for them (choix.ilsr_rankings with
alpha = 0, i.e. no regularisation: the exact ML estimate, iterated to tol 1e-13; checked
against choix.mm_rankings, Hunter's MM). choix's parameters are natural-log strengths
(lambda = exp(theta)); they are written centred (mean 0), the Go test compares them with
kappa * Elo, kappa = ln(10)/400, of a fit without seat terms (Config.NoSideTerms).

Shared places: choix rates strict rankings only. A ranking with a shared place counts, in
FitRankings, as the average of the orderings it stands for; so choix is given, for every
ranking, all its orderings, each repeated W/|orderings| times (W the least common multiple of
the counts), which has the same maximum as the average.

Run (from the repository root):
    python3 -m venv .tmp/choixvenv
    .tmp/choixvenv/bin/pip install -r arena/rating/testdata/pl_vectors_requirements.txt
    .tmp/choixvenv/bin/python arena/rating/testdata/make_pl_vectors.py
"""

import itertools
import json
import math
import os

import choix
import numpy as np

KAPPA = math.log(10) / 400


def draw_ranking(rng, theta, seats, tie_prob):
    """A ranking drawn from Plackett-Luce (Gumbel trick), then maybe one shared place.

    Returns (bots per seat, ranks per seat), ranks 0 best.
    """
    bots = rng.choice(len(theta), size=seats, replace=False)
    keys = theta[bots] + rng.gumbel(size=seats)
    order = np.argsort(-keys)  # seats, best first
    ranks = np.empty(seats, dtype=int)
    ranks[order] = np.arange(seats)
    if rng.random() < tie_prob:
        # Merge two (or three) neighbouring places.
        width = 2 if seats < 4 or rng.random() < 0.7 else 3
        start = rng.integers(0, seats - width + 1)
        ranks = np.where((ranks >= start) & (ranks < start + width), start, ranks)
    return [int(b) for b in bots], [int(r) for r in ranks]


def orderings(bots, ranks):
    """Every strict ordering (bots, best first) consistent with the ranks."""
    places = sorted(set(ranks))
    groups = [[bots[s] for s in range(len(bots)) if ranks[s] == p] for p in places]
    for perm in itertools.product(*[itertools.permutations(g) for g in groups]):
        yield [b for g in perm for b in g]


def make_set(name, n_bots, n_rankings, seat_choices, tie_prob, seed):
    rng = np.random.default_rng(seed)
    truth = rng.normal(0, 1.0, size=n_bots)  # natural-log strengths
    rankings = []
    for _ in range(n_rankings):
        seats = int(rng.choice(seat_choices))
        bots, ranks = draw_ranking(rng, truth, seats, tie_prob)
        rankings.append({"bots": bots, "ranks": ranks})
    expanded = [list(orderings(r["bots"], r["ranks"])) for r in rankings]
    weight = math.lcm(*[len(e) for e in expanded])
    data = []
    for e in expanded:
        for o in e:
            data.extend([o] * (weight // len(e)))
    params = choix.ilsr_rankings(n_bots, data, alpha=0.0, max_iter=100000, tol=1e-13)
    params = params - params.mean()
    mm = choix.mm_rankings(n_bots, data, alpha=0.0, max_iter=100000, tol=1e-13)
    mm = mm - mm.mean()
    assert np.max(np.abs(params - mm)) < 1e-8, (name, np.max(np.abs(params - mm)))
    return {
        "name": name,
        "bots": n_bots,
        "seed": seed,
        "truth": [float(t) for t in truth],
        "rankings": rankings,
        "theta": [float(p) for p in params],
    }


def compact(out):
    """JSON with one ranking per line."""
    lines = ["{"]
    for k in ["generator", "choix", "numpy", "fit", "parameterisation"]:
        lines.append(f" {json.dumps(k)}: {json.dumps(out[k])},")
    lines.append(' "sets": [')
    for i, s in enumerate(out["sets"]):
        lines.append("  {")
        for k in ["name", "bots", "seed", "truth", "theta"]:
            lines.append(f"   {json.dumps(k)}: {json.dumps(s[k])},")
        lines.append('   "rankings": [')
        rs = [f"    {json.dumps(r)}" for r in s["rankings"]]
        lines.append(",\n".join(rs))
        lines.append("   ]")
        lines.append("  }" + ("," if i < len(out["sets"]) - 1 else ""))
    lines.append(" ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main():
    sets = [
        make_set("four seats", 6, 400, [4], 0.0, 1),
        make_set("two to five seats", 8, 600, [2, 3, 4, 5], 0.0, 2),
        make_set("three seats with shared places", 5, 300, [3], 0.3, 3),
        make_set("two to five seats with shared places", 7, 500, [2, 3, 4, 5], 0.25, 4),
    ]
    out = {
        "generator": "arena/rating/testdata/make_pl_vectors.py",
        "choix": choix.__version__ if hasattr(choix, "__version__") else "0.4.1",
        "numpy": np.__version__,
        "fit": "choix.ilsr_rankings(alpha=0, tol=1e-13), centred; mm_rankings agrees to 1e-8",
        "parameterisation": "theta = ln(lambda) = kappa * Elo, kappa = ln(10)/400",
        "sets": sets,
    }
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "pl_vectors.json")
    with open(path, "w") as f:
        f.write(compact(out))
    print(f"wrote {path}: {sum(len(s['rankings']) for s in sets)} rankings in {len(sets)} sets")


if __name__ == "__main__":
    main()
