"""The Go commands a wheel built by ``make wheel`` carries, and their console scripts.

The wheel bundles ``envserver`` and ``arena`` in ``flickarena/_bin/`` (and the in-process
library in ``flickarena/_lib/``); a source checkout or ``pip install ./python`` has none of
them. ``flickarena-envserver`` and ``flickarena-arena`` replace the Python process by the
bundled binary with the same arguments, so they behave exactly as the Go commands do (exit
code, signals, standard streams)::

    flickarena-envserver --listen unix:///tmp/fa.sock &
    flickarena-arena run --bots random,aimer --scenarios flickago --games 10 --db results.db
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

BIN_DIR = Path(__file__).resolve().parent / "_bin"
"""Where a wheel keeps its Go commands."""


def bundled(name: str) -> str | None:
    """Returns the path of the bundled command ``name`` ("envserver" or "arena") if this
    installation carries it as an executable file, else None."""
    path = BIN_DIR / name
    if path.is_file() and os.access(path, os.X_OK):
        return str(path)
    return None


def _exec(name: str) -> None:
    """Replaces this process by the bundled command ``name`` with this process's arguments;
    exits with status 127 and a message saying how to get the command if there is none."""
    path = bundled(name)
    if path is None:
        sys.stderr.write(
            f"flickarena-{name}: this flickarena installation has no bundled {name} ({BIN_DIR / name} is missing):\n"
            f"only a wheel built by `make wheel` carries the Go commands. Install that wheel, or build the\n"
            f"command from the repository with `go build ./cmd/{name}`.\n"
        )
        sys.exit(127)
    os.execv(path, [path, *sys.argv[1:]])


def envserver() -> None:
    """The console script ``flickarena-envserver``: runs the bundled envserver."""
    _exec("envserver")


def arena() -> None:
    """The console script ``flickarena-arena``: runs the bundled arena."""
    _exec("arena")
