"""The wheel of `make wheel` is "pip install and play" on a machine without Go.

Built once (scripts/build-wheel, into a temporary directory), it installs into a fresh venv,
with its dependencies from PyPI (pip's cache makes that quick), and everything then runs on a
PATH stripped of every directory holding a `go` (checked inside each run) and without the
FLICKARENA_* variables of the calling shell (so $FLICKARENA_ENVSERVER cannot stand in for the
bundled binary): a Gymnasium vector env on an EnvServer of flickarena.launch, PettingZoo's
api_test on Flickago served by the `flickarena-envserver` console script, and a tournament of
two built-in bots through `flickarena-arena`, rated by `flickarena-arena ratings`.

Skipped, with the reason, only when the build cannot run here: no C compiler (the in-process
library is `go build -buildmode=c-shared`) or no network to PyPI. The time of each phase is
written to the terminal (the build takes a few minutes the first time on two cores).
"""

from __future__ import annotations

import csv
import io
import os
import shutil
import socket
import subprocess
import sys
import sysconfig
import textwrap
import time
import zipfile
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]


def _report(config: pytest.Config, line: str) -> None:
    """Writes a progress line to the terminal, past pytest's capture."""
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    capture = config.pluginmanager.get_plugin("capturemanager")
    if reporter is None or capture is None:
        print(f"test_wheel: {line}", file=sys.stderr)
        return
    with capture.global_and_fixture_disabled():
        reporter.write_line(f"test_wheel: {line}")


def _missing() -> str | None:
    """Says why the wheel cannot be built and installed here (no C compiler, no network to the
    package index), or None when it can."""
    go = shutil.which("go")
    if go is not None:
        cc = subprocess.run([go, "env", "CC"], capture_output=True, text=True, check=True,
                            env={**os.environ, "CGO_ENABLED": "1"}).stdout.strip()
        if shutil.which(cc.split()[0] if cc else "cc") is None:
            return f"no C compiler ({cc!r}, from `go env CC`): libflickarena.so is built with -buildmode=c-shared"
    index = urlsplit(os.environ.get("PIP_INDEX_URL", "https://pypi.org/simple"))
    host, port = index.hostname or "pypi.org", index.port or (80 if index.scheme == "http" else 443)
    try:
        socket.create_connection((host, port), timeout=10).close()
    except OSError as e:
        return f"no network to the package index {host}:{port} ({e}): the wheel's dependencies come from it"
    return None


def _path_without_go(extra: Path) -> str:
    """Returns $PATH with extra first and without the directories that hold a `go`."""
    dirs = [d for d in os.environ.get("PATH", "").split(os.pathsep)
            if d and not os.access(os.path.join(d, "go"), os.X_OK)]
    return os.pathsep.join([str(extra), *dirs])


class Installed:
    """A fresh venv holding the wheel: its bin directory, and an environment without Go."""

    def __init__(self, root: Path):
        self.root = root
        self.bin = root / "venv" / "bin"
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith(("FLICKARENA_", "PYTHON", "GO")) and k != "VIRTUAL_ENV"}
        self.env["PATH"] = _path_without_go(self.bin)
        assert shutil.which("go", path=self.env["PATH"]) is None, self.env["PATH"]

    def run(self, args: list[str], timeout: float = 600, **kw) -> subprocess.CompletedProcess[str]:
        """Runs args in a scratch directory of the venv's root, with the environment without Go."""
        work = self.root / "work"
        work.mkdir(exist_ok=True)
        done = subprocess.run(args, cwd=work, env=self.env, capture_output=True, text=True, timeout=timeout, **kw)
        assert done.returncode == 0, f"{args} exited with {done.returncode}:\n{done.stdout}\n{done.stderr}"
        return done

    def python(self, code: str, timeout: float = 600) -> str:
        """Runs code in the venv's Python, after checking that it finds no `go`; returns its stdout."""
        prelude = ("import shutil, subprocess\n"
                   "assert shutil.which('go') is None, 'go is on the PATH'\n"
                   "try:\n    subprocess.run(['go', 'version'])\n"
                   "except FileNotFoundError:\n    pass\n"
                   "else:\n    raise AssertionError('go runs')\n")
        return self.run([str(self.bin / "python"), "-c", prelude + textwrap.dedent(code)], timeout).stdout


@pytest.fixture(scope="module")
def wheel(request, tmp_path_factory) -> Path:
    """The wheel built by scripts/build-wheel into a temporary directory."""
    reason = _missing()
    if reason:
        pytest.skip(reason)
    out = tmp_path_factory.mktemp("dist")
    start = time.monotonic()
    done = subprocess.run(["bash", str(REPO / "scripts" / "build-wheel"), str(out)], cwd=REPO,
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, f"scripts/build-wheel failed:\n{done.stdout}\n{done.stderr}"
    (whl,) = out.glob("flickarena-*.whl")
    _report(request.config, f"built {whl.name} ({whl.stat().st_size / 1e6:.1f} MB) in {time.monotonic() - start:.0f} s")
    return whl


@pytest.fixture(scope="module")
def installed(request, wheel, tmp_path_factory) -> Installed:
    """A fresh venv with the wheel and its dependencies installed from PyPI, on a PATH without Go."""
    root = tmp_path_factory.mktemp("wheel-venv")
    subprocess.run([sys.executable, "-m", "venv", str(root / "venv")], check=True, timeout=300)
    inst = Installed(root)
    start = time.monotonic()
    inst.run([str(inst.bin / "python"), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", str(wheel)],
             timeout=1200)
    _report(request.config, f"installed it and its dependencies in a fresh venv in {time.monotonic() - start:.0f} s")
    return inst


def test_wheel_holds_the_binaries_and_only_the_package(wheel):
    platform = sysconfig.get_platform().replace("-", "_").replace(".", "_")
    assert wheel.name.startswith("flickarena-") and wheel.name.endswith(f"-py3-none-{platform}.whl"), wheel.name
    with zipfile.ZipFile(wheel) as z:
        infos = {i.filename: i for i in z.infolist()}
        wheel_file = z.read(next(n for n in infos if n.endswith(".dist-info/WHEEL"))).decode()
    for name in ("flickarena/_bin/envserver", "flickarena/_bin/arena"):
        assert name in infos, sorted(infos)
        assert (infos[name].external_attr >> 16) & 0o111, f"{name} is not executable in the wheel"
    assert "flickarena/_lib/libflickarena.so" in infos
    assert "Root-Is-Purelib: false" in wheel_file
    tops = {n.split("/")[0] for n in infos}
    assert tops == {"flickarena", next(t for t in tops if t.endswith(".dist-info"))}, tops
    strays = [n for n in infos if "__pycache__" in n or n.endswith((".pyc", ".h")) or "/tests/" in n or ".venv" in n]
    assert not strays


def test_make_vec_on_the_bundled_envserver(installed):
    out = installed.python("""
        import gymnasium as gym
        import numpy as np
        import flickarena
        from flickarena import launch

        print("binary", launch.find_binary())
        with launch.EnvServer() as server:
            envs = gym.make_vec("flickarena/flickago-v3", num_envs=8, vectorization_mode="vector_entry_point",
                                server=server.target, opponent="aimer")
            obs, info = envs.reset(seed=0)
            space = envs.single_action_space
            space.seed(0)
            ended = 0
            for _ in range(60):
                acts = [space.sample(mask=m) for m in info["action_mask"]]
                obs, reward, term, trunc, info = envs.step({k: np.stack([a[k] for a in acts]) for k in acts[0]})
                ended += int((term | trunc).sum())
            envs.close()
        print("obs", obs.shape, "ended", ended)
    """)
    lines = dict(line.split(" ", 1) for line in out.splitlines())
    binary = Path(lines["binary"])
    assert binary.parts[-3:] == ("flickarena", "_bin", "envserver"), binary
    assert binary.is_relative_to(installed.root / "venv"), binary
    assert lines["obs"].startswith("(8, 140) ended"), out


def test_make_vec_in_process(installed):
    """Without server=, once the wheel carries the in-process backend (flickarena/_inproc.py)."""
    site = installed.python("import flickarena, pathlib; print(pathlib.Path(flickarena.__file__).parent)").strip()
    if not (Path(site) / "_inproc.py").is_file():
        pytest.skip("the in-process backend (flickarena/_inproc.py) is not in this wheel yet")
    out = installed.python("""
        import gymnasium as gym
        import numpy as np
        import flickarena

        envs = gym.make_vec("flickarena/flickago-v3", num_envs=8, vectorization_mode="vector_entry_point")
        obs, info = envs.reset(seed=0)
        space = envs.single_action_space
        space.seed(0)
        for _ in range(20):
            acts = [space.sample(mask=m) for m in info["action_mask"]]
            obs, *_, info = envs.step({k: np.stack([a[k] for a in acts]) for k in acts[0]})
        envs.close()
        print(obs.shape)
    """)
    assert out.strip() == "(8, 140)"


def test_pettingzoo_api_test_on_the_console_script(installed):
    out = installed.python("""
        import shutil
        from pettingzoo.test import api_test
        from flickarena.games import flickago_v3
        from flickarena.launch import EnvServer

        with EnvServer(binary=shutil.which("flickarena-envserver")) as server:
            env = flickago_v3.env(server=server.target)
            api_test(env, num_cycles=200)
            env.close()
            code = server.stop()
            print("stopped", code, "msg=stopped" in server.read_log())
    """)
    assert "Passed API test" in out, out
    assert out.splitlines()[-1] == "stopped 0 True", out


def test_a_tournament_through_the_arena_console_script(installed):
    db = installed.root / "results.db"
    arena = str(installed.bin / "flickarena-arena")
    installed.run([arena, "run", "--bots", "random,aimer", "--scenarios", "flickago", "--games", "4", "--seed", "1",
                   "--prior", "400", "--db", str(db)])
    rows = list(csv.DictReader(io.StringIO(installed.run([arena, "ratings", "--db", str(db), "--prior", "400", "--csv"]).stdout)))
    assert sorted(r["bot"] for r in rows) == ["aimer", "random"], rows
    assert all(r["games"] == "4" for r in rows), rows


def test_console_script_without_bundled_binary_says_so(tmp_path):
    """A source install has no _bin/: the console script exits 127 naming `make wheel` (the
    package of this tree, imported from python/)."""
    code = f"import pathlib, flickarena._commands as c; c.BIN_DIR = pathlib.Path({str(tmp_path)!r}); c.arena()"
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO / "python", capture_output=True, text=True, timeout=60)
    assert done.returncode == 127
    assert "no bundled arena" in done.stderr and "make wheel" in done.stderr, done.stderr
