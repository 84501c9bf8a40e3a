"""The asynchronous step (send, then recv) gives what step gives, on either transport."""

from __future__ import annotations

import numpy as np
import pytest

from flickarena import FlickarenaError, FlickVectorEnv


@pytest.mark.parametrize("transport", ["unary", "session"])
def test_send_recv_equals_step(backend, transport):
    a = FlickVectorEnv("flickago-v3", 8, server=backend.target, transport=transport, opponent="aimer")
    b = FlickVectorEnv("flickago-v3", 8, server=backend.target, transport=transport, opponent="aimer")
    try:
        oa, ia = a.reset(seed=4)
        ob, _ = b.reset(seed=4)
        a.action_space.seed(1)
        for _ in range(10):
            act = a.action_space.sample()
            ra = a.step(act)
            b.send(act)
            rb = b.recv()
            for x, y in zip(ra[:4], rb[:4], strict=True):
                np.testing.assert_array_equal(x, y)
            np.testing.assert_array_equal(ra[4]["state_hash"], rb[4]["state_hash"])
        b.send(act)
        with pytest.raises(FlickarenaError, match="in flight"):
            b.send(act)
        with pytest.raises(FlickarenaError, match="in flight"):
            b.step(act)
        b.recv()
        with pytest.raises(FlickarenaError, match="no step in flight"):
            b.recv()
    finally:
        a.close()
        b.close()
