"""Tensors on the wire: raw little-endian bytes, a dtype and a shape.

:func:`to_numpy` is zero-copy (``numpy.frombuffer``): the array is read-only and shares the
message's bytes. :func:`from_numpy` makes one copy (``tobytes``).
"""

from __future__ import annotations

import numpy as np

from flickarena._gen.v1 import flickarena_pb2 as pb

_TO_NUMPY: dict[int, np.dtype] = {
    pb.DTYPE_BOOL: np.dtype(np.bool_),
    pb.DTYPE_INT32: np.dtype("<i4"),
    pb.DTYPE_INT64: np.dtype("<i8"),
    pb.DTYPE_UINT64: np.dtype("<u8"),
    pb.DTYPE_FLOAT32: np.dtype("<f4"),
}
_FROM_NUMPY: dict[np.dtype, int] = {v: k for k, v in _TO_NUMPY.items()}


def to_numpy(t: pb.Tensor) -> np.ndarray:
    """Returns a read-only view of the tensor's data with its dtype and shape."""
    dtype = _TO_NUMPY.get(t.dtype)
    if dtype is None:
        raise ValueError(f"tensor: unknown dtype {t.dtype}")
    return np.frombuffer(t.data, dtype=dtype).reshape(tuple(t.shape))


def from_numpy(a: np.ndarray, dtype: np.dtype | str | type) -> pb.Tensor:
    """Returns the tensor of ``a`` converted to ``dtype`` (little-endian, C order)."""
    want = np.dtype(dtype).newbyteorder("<") if np.dtype(dtype).itemsize > 1 else np.dtype(dtype)
    arr = np.ascontiguousarray(a, dtype=want)
    code = _FROM_NUMPY.get(arr.dtype)
    if code is None:
        raise ValueError(f"tensor: dtype {arr.dtype} does not travel on the wire")
    return pb.Tensor(dtype=code, shape=arr.shape, data=arr.tobytes())
