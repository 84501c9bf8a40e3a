"""Flickarena's Python client.

Use Flickarena's games, inside this process (the Go engine as a library, no server: the
default) or on an env server (``envserver``, ``server="127.0.0.1:50051"``), as:

- a Gymnasium vector env: ``gymnasium.make_vec("flickarena/flickemup-showdown-v9", num_envs=64,
  vectorization_mode="vector_entry_point")`` (:class:`FlickVectorEnv`);
- a single Gymnasium env: ``gymnasium.make("flickarena/flickago-v3")`` (:class:`FlickEnv`);
- PettingZoo AEC and parallel envs (self-play): :func:`env`, :func:`parallel_env`, or per game
  from :mod:`flickarena.games` (``flickago_v3.env()``, ``flickemup_showdown_v9.parallel_env()``);
- a raw pool of numpy batches: :class:`Pool`;
- the list of games with their specs and options: :func:`list_games`;
- a Stable-Baselines3 ``VecEnv`` (the ``sb3`` extra): :class:`flickarena.sb3.FlickSB3VecEnv`;

and serve a Python policy as a bot: :func:`serve_agent`. A sampler that draws the discrete heads
one by one sends legal actions only with the game's :func:`joint_rule`.

Importing the package registers the Gymnasium ids of :data:`registration.GAMES`: Race,
Flickago and every Flick 'em Up! scenario (``flickarena/flickemup-<scenario>-vN``, N its file's version).
"""

from flickarena import games
from flickarena.agent import AgentServer, Turn, serve_agent
from flickarena.catalog import list_games
from flickarena.client import Client, Session, default_server
from flickarena.errors import (
    DeadlineExceededError,
    FailedPreconditionError,
    FlickarenaError,
    GameFaultError,
    InvalidArgumentError,
    NotFoundError,
    ResourceExhaustedError,
    UnauthenticatedError,
    UnavailableError,
)
from flickarena.joint import JointRule, joint_rule
from flickarena.observation import ObsFields
from flickarena.pettingzoo_env import FlickAECEnv, FlickParallelEnv, env, parallel_env
from flickarena.pool import Batch, Pool
from flickarena.registration import (
    gym_id,
    register_game,
    register_scenario_file,
    register_server_games,
    scenario_file_game_id,
)
from flickarena.single_env import FlickEnv
from flickarena.vector_env import FlickVectorEnv

__version__ = "0.1.0"

__all__ = [
    "AgentServer",
    "Batch",
    "Client",
    "DeadlineExceededError",
    "FailedPreconditionError",
    "FlickAECEnv",
    "FlickEnv",
    "FlickParallelEnv",
    "FlickVectorEnv",
    "FlickarenaError",
    "GameFaultError",
    "InvalidArgumentError",
    "JointRule",
    "NotFoundError",
    "ObsFields",
    "Pool",
    "ResourceExhaustedError",
    "Session",
    "Turn",
    "UnauthenticatedError",
    "UnavailableError",
    "default_server",
    "env",
    "games",
    "gym_id",
    "joint_rule",
    "list_games",
    "parallel_env",
    "register_game",
    "register_scenario_file",
    "register_server_games",
    "scenario_file_game_id",
    "serve_agent",
]
