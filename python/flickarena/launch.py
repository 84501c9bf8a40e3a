"""Start a local env server from Python (tests, examples, notebooks).

::

    with flickarena.launch.EnvServer() as server:
        envs = gymnasium.make_vec("flickarena/race-v1", num_envs=8,
                                  vectorization_mode="vector_entry_point", server=server.target)

The binary is ``$FLICKARENA_ENVSERVER`` if set, else the one a wheel built by ``make wheel``
bundles (``flickarena/_bin/envserver``), else ``envserver`` on the PATH, else it is built with
``go build ./cmd/envserver`` from the repository this package sits in.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import grpc

from flickarena._commands import bundled
from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena._gen.v1 import flickarena_pb2_grpc as pb_grpc


def find_binary() -> str:
    """Returns the path of an envserver binary: $FLICKARENA_ENVSERVER, the wheel's bundled
    one, the PATH's, else one built with ``go build`` from this package's repository."""
    path = os.environ.get("FLICKARENA_ENVSERVER")
    if path:
        return path
    found = bundled("envserver") or shutil.which("envserver")
    if found:
        return found
    repo = Path(__file__).resolve().parents[2]
    if not (repo / "cmd" / "envserver").is_dir():
        raise FileNotFoundError("no envserver: set FLICKARENA_ENVSERVER, put envserver on the PATH, "
                                "or install a wheel built by `make wheel`, which bundles it")
    out = Path(tempfile.gettempdir()) / f"flickarena-envserver-{os.getuid()}"
    subprocess.run(["go", "build", "-o", str(out), "./cmd/envserver"], cwd=repo, check=True)
    return str(out)


class EnvServer:
    """An envserver process listening on a unix socket in a private temporary directory
    (or on ``listen`` if given; a TCP port 0 picks a free port), stopped with SIGTERM on
    :meth:`stop`. ``args`` are extra flags; ``token`` is passed as $FLICKARENA_TOKEN.

    Attributes:
        target: the address clients connect to.
        log: path of the server's log file.
    """

    def __init__(self, args: Sequence[str] = (), listen: str | None = None, token: str | None = None,
                 binary: str | None = None, startup_timeout: float = 60.0):
        self._dir = tempfile.TemporaryDirectory(prefix="flickarena-")
        self.target = listen or f"unix://{self._dir.name}/envserver.sock"
        self.log = os.path.join(self._dir.name, "envserver.log")
        cmd = [binary or find_binary(), "--listen", self.target, *args]
        env = dict(os.environ)
        if token is not None:
            env["FLICKARENA_TOKEN"] = token
        self._logfile = open(self.log, "w")
        self.process = subprocess.Popen(cmd, stdout=self._logfile, stderr=subprocess.STDOUT, env=env)
        try:
            self._wait_ready(startup_timeout)
        except BaseException:
            self.stop()
            raise

    def _wait_ready(self, timeout: float) -> None:
        """Polls GetServerInfo until the server answers (an UNAUTHENTICATED answer counts).
        With a TCP port 0, the port comes from the server's "serving" log line."""
        deadline = time.monotonic() + timeout
        while self.target.endswith(":0"):
            m = re.search(r"msg=serving addr=(\S+)", self.read_log())
            if m:
                self.target = m.group(1)
            elif self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"envserver did not start:\n{self.read_log()}")
            else:
                time.sleep(0.02)
        with grpc.insecure_channel(self.target) as channel:
            stub = pb_grpc.EnvServiceStub(channel)
            while True:
                if self.process.poll() is not None:
                    raise RuntimeError(f"envserver exited with {self.process.returncode}:\n{self.read_log()}")
                try:
                    stub.GetServerInfo(pb.GetServerInfoRequest(), timeout=1.0)
                    return
                except grpc.RpcError as e:
                    if e.code() == grpc.StatusCode.UNAUTHENTICATED:
                        return
                if time.monotonic() > deadline:
                    raise TimeoutError(f"envserver not ready after {timeout} s:\n{self.read_log()}")
                time.sleep(0.05)

    def stop(self, timeout: float = 30.0) -> int:
        """Sends SIGTERM, waits for the exit and returns the exit code."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self._logfile.close()
        return self.process.returncode

    def read_log(self) -> str:
        """Returns what the server logged so far."""
        with open(self.log) as f:
            return f.read()

    def cleanup(self) -> None:
        """Stops the server and removes its directory."""
        self.stop()
        self._dir.cleanup()

    def __enter__(self) -> EnvServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.cleanup()
