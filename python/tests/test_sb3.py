"""Stable-Baselines3 and sb3-contrib on Flickarena games (the ``sb3`` extra): the VecEnv
adapter, SB3's make_vec_env, MaskablePPO and plain PPO for a few thousand steps with legal
actions. Skipped only if the extra is not installed (``make test`` installs it)."""

from __future__ import annotations

import contextlib
import warnings

import numpy as np
import pytest

sb3 = pytest.importorskip("stable_baselines3")
sb3_contrib = pytest.importorskip("sb3_contrib")

from stable_baselines3.common.logger import Logger  # noqa: E402

import flickarena  # noqa: E402
from flickarena.illegal import IllegalActionsWarning  # noqa: E402
from flickarena.sb3 import FlickSB3VecEnv  # noqa: E402

GAME = "flickago-v3"


def test_make_vec_env(server):
    """SB3's make_vec_env asks for render_mode="rgb_array"; the env refuses it with TypeError,
    and SB3 makes it without."""
    from stable_baselines3.common.env_util import make_vec_env

    venv = make_vec_env(flickarena.gym_id(GAME), n_envs=2, env_kwargs={"server": server.target, "action_format": "multidiscrete"})
    try:
        obs = venv.reset()
        assert obs.shape == (2,) + venv.observation_space.shape
        obs, rew, done, infos = venv.step(np.stack([venv.action_space.sample() for _ in range(2)]))
        assert "action_mask" in infos[0]
        assert infos[0]["action_mask"].shape == (int(venv.action_space.nvec.sum()),)
    finally:
        venv.close()


def test_adapter_contract(backend):
    venv = FlickSB3VecEnv(GAME, 4, server=backend.target, seed=3, max_episode_steps=6)
    try:
        obs = venv.reset()
        assert obs.shape == (4,) + venv.observation_space.shape
        masks = venv.action_masks()
        assert masks.shape == (4, int(venv.action_space.nvec.sum())) and masks.dtype == bool
        assert np.array_equal(np.stack(venv.env_method("action_masks")), masks)
        assert venv.has_attr("action_masks")
        ended = 0
        for _ in range(8):
            acts = np.stack([venv.action_space.sample(mask=m.astype(np.int8)) for m in venv.action_masks()])
            obs, rew, done, infos = venv.step(acts)
            for i in np.flatnonzero(done):
                ended += 1
                info = infos[i]
                assert info["terminal_observation"].shape == venv.observation_space.shape
                assert info["TimeLimit.truncated"] in (True, False)
                assert set(info["episode"]) == {"r", "l", "t"} and info["episode"]["l"] == 6
                assert info["episode_illegal"] >= 0
        assert ended == 4, "max_episode_steps=6 ends every env once in 8 steps"
        venv.seed(11)
        a = venv.reset()
        venv.seed(11)
        assert np.array_equal(a, venv.reset())
    finally:
        venv.close()
    with pytest.raises(ValueError, match="native"):
        FlickSB3VecEnv(GAME, 1, server=backend.target, action_format="native")


def test_maskable_ppo_learns_with_legal_actions(backend):
    """MaskablePPO in the multidiscrete format, masks from the adapter: a few thousand steps,
    and hardly any action it takes is replaced (the masks are factorised: values allowed one
    by one can still break a joint rule together, a few decisions in a thousand)."""
    venv = FlickSB3VecEnv(GAME, 8, server=backend.target, seed=1)
    try:
        model = _small(sb3_contrib.MaskablePPO, venv, n_epochs=2, net_arch=[64, 64])
        illegal = _learn_then_count_illegal(venv, model)
        assert illegal <= 0.01 * 64 * 8, f"{illegal} of {64 * 8} masked actions were replaced"
    finally:
        venv.close()


def test_ppo_box_format_plays_legal_actions(server):
    """Plain PPO in the box format: the server reads the scores among legal values, so the
    discrete choices are legal; joint rules may refuse a rare combination."""
    venv = FlickSB3VecEnv(GAME, 8, server=server.target, seed=2, action_format="box")
    try:
        model = _small(sb3.PPO, venv, n_epochs=2, net_arch=[64, 64])
        illegal = _learn_then_count_illegal(venv, model)
        assert illegal <= 0.02 * 64 * 8, f"{illegal} of {64 * 8} actions replaced"
    finally:
        venv.close()


def test_plain_ppo_multidiscrete_is_warned(server):
    """Plain PPO in the multidiscrete format ignores the masks: most of its actions are replaced,
    and the env says so (a warning, and the counts in the episode infos)."""
    venv = FlickSB3VecEnv(GAME, 8, server=server.target, seed=4)
    try:
        model = _small(sb3.PPO, venv, n_epochs=1, net_arch=[32])
        with pytest.warns(IllegalActionsWarning, match="replaced by the game's default action"):
            model.learn(4096 + 2048)
    finally:
        venv.close()


def _learn_then_count_illegal(venv: FlickSB3VecEnv, model) -> int:
    """Trains model for 4,096 steps with IllegalActionsWarning an error, then returns how many
    of its actions over 64 steps of the 8 envs the server replaced."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", IllegalActionsWarning)
        model.learn(4096)
    assert model.num_timesteps >= 4096
    return _count_illegal(venv, model, 64)


def _count_illegal(venv: FlickSB3VecEnv, model, steps: int) -> int:
    """Plays the model for steps rounds; returns how many of its actions were replaced."""
    obs = venv.reset()
    total = 0
    for _ in range(steps):
        kwargs = {"action_masks": venv.action_masks()} if isinstance(model, sb3_contrib.MaskablePPO) else {}
        act, _ = model.predict(obs, deterministic=False, **kwargs)
        obs, _, _, _ = venv.step(act)
        total += int(venv.last_illegal.sum())
    return total


def _small(algorithm, venv, *, n_epochs: int, net_arch: list[int]):
    """A quiet (see _quiet) MLP model of algorithm (PPO, MaskablePPO) on venv, small enough for a
    test: 256 steps per env and update, batches of 512, seed 0, on the CPU."""
    model = algorithm("MlpPolicy", venv, n_steps=256, batch_size=512, n_epochs=n_epochs, seed=0,
                      policy_kwargs={"net_arch": net_arch}, device="cpu")
    _quiet(model)
    return model


def _quiet(model) -> None:
    """Gives model a logger that writes nowhere: without one, SB3 makes a folder SB3-<date> in
    the system's temporary directory for every model, which the tests would leave behind."""
    model.set_logger(Logger(folder=None, output_formats=[]))


def test_sb3_maskable_example_trains_saves_and_evaluates(server, tmp_path):
    """examples/sb3_maskable.py: the settings it trains with are saved beside the model, and
    --evaluate plays the saved model on that game with them."""
    import json

    import sb3_maskable

    model = tmp_path / "m.zip"
    out = sb3_maskable.main(["--server", server.target, "--num-envs", "4", "--n-steps", "16", "--batch-size", "32",
                             "--total-steps", "64", "--hidden", "8", "--bins", "3", "--out", str(model), "--eval-episodes", "0"])
    settings = json.loads((tmp_path / "m.zip.json").read_text())
    assert settings["bins"] == 3 and settings["env_steps"] == out["train"]["env_steps"] >= 64
    res = sb3_maskable.main(["--server", server.target, "--evaluate", str(model), "--eval-opponents", "random,aimer",
                             "--eval-episodes", "4"])
    for opp in ("random", "aimer"):
        assert res[opp]["episodes"] == 4 and res[opp]["wins"] + res[opp]["draws"] + res[opp]["losses"] == 4
    # A run continues from a model, keeping its game, bins and hyperparameters; the numbered
    # checkpoints carry their settings too.
    more = tmp_path / "more" / "m.zip"
    out = sb3_maskable.main(["--server", server.target, "--init", str(model), "--num-envs", "4", "--total-steps", "64",
                             "--save-every", "32", "--bins", "9", "--out", str(more), "--eval-episodes", "0"])
    assert out["train"]["bins"] == 3 and out["train"]["n_steps"] == 16 and out["train"]["init_steps"] == settings["env_steps"]
    saved = sorted((tmp_path / "more").glob("m_*_steps.zip"))
    marks = [json.loads((p.parent / (p.name + ".json")).read_text()) for p in saved]
    assert saved and all(m["bins"] == 3 for m in marks)
    assert out["train"]["learning_rate"] == 5e-4 and out["train"]["total_seconds"] >= marks[-1]["total_seconds"] > 0
    # A given rate replaces the model's own.
    out = sb3_maskable.main(["--server", server.target, "--init", str(model), "--num-envs", "4", "--total-steps", "16",
                             "--lr", "1e-4", "--ent-coef", "0.02", "--out", str(tmp_path / "slow.zip"), "--eval-episodes", "0"])
    assert out["train"]["learning_rate"] == 1e-4 and out["train"]["ent_coef"] == 0.02


def test_sb3_maskable_joint_aim_steps_the_split_point(tmp_path):
    """--joint-aim's wrapper: a joint point k steps the game as the adapter's own x bin k // bins
    and y bin k % bins do; its masks are the heads' masks and every point; the example trains,
    saves the setting and evaluates with it (in process)."""
    import json

    import sb3_maskable

    bins, n = 5, 4
    opts = {"flick": "aim"}
    def adapter() -> FlickSB3VecEnv:
        return FlickSB3VecEnv("flickago-v3", n, options=opts, bins=bins, seed=3)

    with contextlib.closing(adapter()) as plain, contextlib.closing(sb3_maskable.JointAim(adapter(), bins)) as joint:
        h = len(plain.pool.game.heads)
        assert list(joint.action_space.nvec) == list(plain.action_space.nvec[:h]) + [bins * bins, bins]
        assert np.array_equal(plain.reset(), joint.reset())
        rng = np.random.default_rng(0)
        for _ in range(20):
            masks = joint.action_masks()
            assert masks.shape == (n, int(sum(joint.action_space.nvec))) and masks[:, -(bins * bins + bins):].all()
            assert np.array_equal(masks[:, :-(bins * bins + bins)], plain.action_masks()[:, :-3 * bins])
            act = np.stack([rng.integers(0, k, n) for k in joint.action_space.nvec], 1)
            k = act[:, h]
            split = np.concatenate([act[:, :h], (k // bins)[:, None], (k % bins)[:, None], act[:, h + 1:]], 1)
            plain.step_async(split)
            joint.step_async(act)
            (o1, r1, d1, _), (o2, r2, d2, _) = plain.step_wait(), joint.step_wait()
            assert np.array_equal(o1, o2) and np.array_equal(r1, r2) and np.array_equal(d1, d2)
    model = tmp_path / "j.zip"
    sb3_maskable.main(["--options", json.dumps(opts), "--bins", "3", "--joint-aim", "--num-envs", "4", "--n-steps", "16",
                       "--batch-size", "32", "--total-steps", "64", "--hidden", "8", "--out", str(model), "--eval-episodes", "0"])
    assert json.loads((tmp_path / "j.zip.json").read_text())["joint_aim"] is True
    res = sb3_maskable.main(["--evaluate", str(model), "--eval-opponents", "random", "--eval-episodes", "4"])
    assert res["random"]["episodes"] == 4
    # A split model joined: the joint point's probability is the product of the split x's and y's.
    from sb3_contrib import MaskablePPO

    split_model = tmp_path / "s.zip"
    sb3_maskable.main(["--options", json.dumps(opts), "--bins", "3", "--num-envs", "4", "--n-steps", "16", "--batch-size", "32",
                       "--total-steps", "64", "--hidden", "8", "--out", str(split_model), "--eval-episodes", "0"])
    split = MaskablePPO.load(str(split_model), device="cpu")
    with contextlib.closing(sb3_maskable.JointAim(FlickSB3VecEnv("flickago-v3", 4, options=opts, bins=3, seed=5), 3)) as venv:
        both = sb3_maskable.grown(split, venv, 8)
        obs = venv.reset()
    import torch

    with torch.no_grad():
        d1 = split.policy.get_distribution(split.policy.obs_to_tensor(obs)[0]).distributions
        d2 = both.policy.get_distribution(both.policy.obs_to_tensor(obs)[0]).distributions
    h = len(d1) - 3  # the heads, then x, y and push
    px, py = d1[h].probs.numpy(), d1[h + 1].probs.numpy()
    assert np.allclose(d2[h].probs.numpy(), (px[:, :, None] * py[:, None, :]).reshape(4, 9), atol=1e-6)
    for i, j in [*((i, i) for i in range(h)), (h + 2, h + 1)]:  # the heads, and push
        assert np.allclose(d1[i].probs.numpy(), d2[j].probs.numpy(), atol=1e-6)
    assert both.num_timesteps == split.num_timesteps
    out = sb3_maskable.main(["--init", str(split_model), "--joint-aim", "--num-envs", "4", "--total-steps", "16",
                             "--out", str(tmp_path / "joined.zip"), "--eval-episodes", "0"])
    assert out["train"]["joint_aim"] is True and out["train"]["grown_from"] == str(split_model)
    # Wider too: the outputs are unchanged (the new units' weights out are zero), and the value.
    with contextlib.closing(sb3_maskable.JointAim(FlickSB3VecEnv("flickago-v3", 4, options=opts, bins=3, seed=5), 3)) as venv:
        wide = sb3_maskable.grown(split, venv, 32)
        obs = venv.reset()
    with torch.no_grad():
        d3 = wide.policy.get_distribution(wide.policy.obs_to_tensor(obs)[0]).distributions
        v1 = split.policy.predict_values(split.policy.obs_to_tensor(obs)[0]).numpy()
        v3 = wide.policy.predict_values(wide.policy.obs_to_tensor(obs)[0]).numpy()
    assert all(np.allclose(a.probs.numpy(), b.probs.numpy(), atol=1e-6) for a, b in zip(d2, d3, strict=True))
    assert np.allclose(v1, v3, atol=1e-6) and wide.policy.mlp_extractor.policy_net[0].weight.shape[0] == 32
    out = sb3_maskable.main(["--init", str(split_model), "--hidden", "16", "--num-envs", "4", "--total-steps", "16",
                             "--out", str(tmp_path / "wide.zip"), "--eval-episodes", "0"])
    assert out["train"]["net_arch"] == [16, 16] and out["train"]["joint_aim"] is False
    with pytest.raises(ValueError, match="x followed by y"):
        sb3_maskable.main(["--joint-aim", "--num-envs", "2", "--total-steps", "16", "--out", str(tmp_path / "raw.zip"),
                           "--eval-episodes", "0"])


def test_sb3_maskable_decider_is_safe_across_threads(tmp_path):
    """The Decider behind ``sb3_maskable.py --serve`` is called from the agent server's worker
    threads at once (the arena's ``--concurrency``): each call's moves are the ones a call alone
    gives, although SB3's policy keeps its masked distribution on itself."""
    import json
    from concurrent.futures import ThreadPoolExecutor

    import sb3_maskable

    model = tmp_path / "d.zip"
    opts = {"flick": "aim"}
    sb3_maskable.main(["--options", json.dumps(opts), "--bins", "5", "--num-envs", "4", "--n-steps", "16",
                       "--batch-size", "32", "--total-steps", "64", "--hidden", "16", "--out", str(model),
                       "--eval-episodes", "0"])
    loaded, settings = sb3_maskable.load_model(str(model))
    with contextlib.closing(flickarena.FlickVectorEnv("flickago-v3", 16, options=opts, opponent="random")) as envs:
        decide = sb3_maskable.Decider(loaded, envs.pool.game, settings["bins"])
        positions = []
        obs, info = envs.reset(seed=5)
        rng = np.random.default_rng(5)
        for _ in range(8):  # varied positions: a few random legal moves apart
            positions += [(obs[i:i + 1], info["action_mask"][i:i + 1]) for i in range(len(obs))]
            heads, dims = decide(obs, info["action_mask"], False, rng)
            obs, _, _, _, info = envs.step({"discrete": heads, "continuous": dims})
    alone = [decide(o, m, True) for o, m in positions]
    with ThreadPoolExecutor(8) as pool:
        for _ in range(5):
            together = list(pool.map(lambda p: decide(p[0], p[1], True), positions))
            for (h1, d1), (h2, d2) in zip(alone, together, strict=True):
                assert np.array_equal(h1, h2) and np.array_equal(d1, d2)
