"""A deadline for blocking waits that take no timeout (the answers of a gRPC stream)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable


class Watchdog:
    """Calls ``expire`` when an armed deadline passes before it is disarmed.

    One thread per watchdog, asleep while nothing is armed. Arming and disarming cost a lock
    each and wake the thread only when it sleeps with nothing armed: while calls follow one
    another it sleeps until the first deadline, sees a later one armed, and sleeps again, so
    the hot path pays no thread switch.
    """

    def __init__(self, expire: Callable[[], None], name: str):
        self._expire = expire
        self._cond = threading.Condition()
        self._deadline: float | None = None  # time.monotonic(), while armed
        self._sleeping = False  # the thread waits with nothing armed
        self._stopped = False
        self.fired = False
        threading.Thread(target=self._run, name=name, daemon=True).start()

    def arm(self, seconds: float) -> None:
        """Calls ``expire`` in ``seconds`` unless :meth:`disarm` comes first."""
        with self._cond:
            self._deadline = time.monotonic() + seconds
            if self._sleeping:
                self._cond.notify()

    def disarm(self) -> bool:
        """Cancels the armed deadline; returns whether it fired."""
        with self._cond:
            self._deadline = None
            return self.fired

    def stop(self) -> None:
        """Ends the thread; nothing fires after it."""
        with self._cond:
            self._stopped, self._deadline = True, None
            self._cond.notify()

    def _run(self) -> None:
        with self._cond:
            while not self._stopped:
                if self._deadline is None:
                    self._sleeping = True
                    self._cond.wait()
                    self._sleeping = False
                    continue
                left = self._deadline - time.monotonic()
                if left > 0:
                    self._cond.wait(left)
                    continue
                self.fired, self._deadline = True, None
                self._expire()
