"""Arrays become wire tensors exactly or not at all: the client never wraps an int64 2**32 to
0 for an int32 field, nor truncates 0.9 to 0; it raises ValueError or TypeError naming the
field and the element."""

from __future__ import annotations

import numpy as np
import pytest
from test_client import GAME, legal_native

from flickarena import Pool
from flickarena.tensor import from_numpy, to_numpy


@pytest.mark.parametrize(
    "value, dtype, error, message",
    [
        (np.array([[1, 2**32]], dtype=np.int64), np.int32, ValueError, "discrete[0, 1]: 4294967296 is out of the int32 range"),
        ([0, -(2**31) - 1], np.int32, ValueError, "discrete[1]: -2147483649 is out of the int32 range"),
        ([2**63], np.int64, ValueError, "discrete[0]: 9223372036854775808 is out of the int64 range"),
        (np.array([2**64 - 1], dtype=np.uint64), np.int64, ValueError,
         "discrete[0]: 18446744073709551615 is out of the int64 range"),
        ([-1], np.uint64, ValueError, "discrete[0]: -1 is out of the uint64 range"),
        ([[0.0, 0.9]], np.int32, ValueError, "discrete[0, 1]: 0.9 is not a whole number"),
        ([np.nan], np.int64, ValueError, "discrete[0]: nan is not a whole number"),
        ([np.inf], np.int32, ValueError, "discrete[0]: inf is not a whole number"),
        ([3e9], np.int32, ValueError, "discrete[0]: 3000000000 is out of the int32 range"),
        ([1e39], np.float32, ValueError, "discrete[0]: 1e+39 is beyond the float32 range"),
        ([0, 2], np.bool_, ValueError, "discrete[1]: 2 is not a boolean (0 or 1)"),
        ([0.5], np.bool_, ValueError, "discrete[0]: 0.5 is not a boolean (0 or 1)"),
        (["a"], np.int32, TypeError, "discrete: an array of <U1 is not numbers"),
        ([1, None], np.int32, TypeError, "discrete: not an array of numbers"),
        ([[1, 2], [3]], np.int32, TypeError, "discrete: not an array of numbers"),
        (np.array([1 + 2j]), np.float32, TypeError, "discrete: an array of complex128 is not numbers"),
        (2**40, np.int32, ValueError, "discrete: 1099511627776 is out of the int32 range"),
    ],
)
def test_from_numpy_refuses_lossy_conversions(value, dtype, error, message):
    with pytest.raises(error) as e:
        from_numpy(value, dtype, "discrete")
    assert message in str(e.value)


@pytest.mark.parametrize(
    "value, dtype, want",
    [
        (np.array([[1, 2**31 - 1]], dtype=np.int64), np.int32, [[1, 2**31 - 1]]),
        ([1.0, -3.0], np.int32, [1, -3]),  # whole floats are numbers like any other
        ([True, False], np.int64, [1, 0]),
        ([0, 1], np.bool_, [False, True]),
        ([0.25, -3.4e38], np.float32, [0.25, np.float32(-3.4e38)]),
        ([np.nan], np.float32, [np.nan]),  # the server refuses NaN, naming the field
        (np.array([2**64 - 1], dtype=np.uint64), np.uint64, [2**64 - 1]),
        (np.zeros((2, 0)), np.int32, np.zeros((2, 0))),
    ],
)
def test_from_numpy_keeps_exact_values(value, dtype, want):
    got = to_numpy(from_numpy(value, dtype, "x"))
    np.testing.assert_array_equal(got, np.asarray(want, dtype=dtype))


def test_pool_refuses_lossy_actions(server):
    """A step with 2**32 or 0.9 for a discrete head raises before anything is sent, naming the
    field; the pool is unchanged (it then steps like a twin)."""
    rng = np.random.default_rng(1)
    with Pool(GAME, 2, server=server.target) as pool, Pool(GAME, 2, server=server.target) as twin:
        b, _ = pool.reset(seed=3), twin.reset(seed=3)
        good = legal_native(b, rng)
        wrapped = {"discrete": good["discrete"].astype(np.int64), "continuous": good["continuous"]}
        wrapped["discrete"][1, 0] += 2**32  # wraps to the legal value on the old client
        with pytest.raises(ValueError, match=r"actions\['discrete'\]\[1, 0\]: 429496729[0-9] is out of the int32 range"):
            pool.step(wrapped)
        fraction = {"discrete": good["discrete"] + 0.9, "continuous": good["continuous"]}
        with pytest.raises(ValueError, match=r"actions\['discrete'\]\[0, 0\]: [0-9.]+ is not a whole number"):
            pool.step(fraction)
        with pytest.raises(ValueError, match=r"actions\['continuous'\]\[0, 0\]: 1e\+39 is beyond the float32 range"):
            pool.step({"discrete": good["discrete"], "continuous": np.full((2, 1), 1e39)})
        with pytest.raises(TypeError, match=r"seeds\[1\]: 0\.9 is not an integer"):
            pool.reset(seeds=[1, 0.9])
        with pytest.raises(TypeError, match=r"seed: 'x' is not an integer"):
            pool.reset(seed="x")
        with pytest.raises(ValueError, match=r"mask\[0\]: 2 is not a boolean"):
            pool.reset(mask=[2, 0])
        b, t = pool.step(good), twin.step(good)
        np.testing.assert_array_equal(b.state_hash, t.state_hash)
        np.testing.assert_array_equal(b.obs, t.obs)
