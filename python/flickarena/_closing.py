"""The closing protocol that pools share: a ``with`` block closes on leaving, and a pool
dropped without ``close`` closes itself when garbage-collected (within 2 seconds)."""

from __future__ import annotations

from typing import Self


class Closing:
    """Base of a resource with a ``close(timeout)``: ``with`` closes it, and so does its
    garbage collection (errors there are swallowed: the interpreter may be shutting down)."""

    def close(self, timeout: float | None = None) -> None:
        """Closes the resource (idempotent), within about ``timeout`` seconds."""
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close(timeout=2.0)
        except Exception:
            pass
