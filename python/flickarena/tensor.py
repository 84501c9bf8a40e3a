"""Tensors on the wire: raw little-endian bytes, a dtype and a shape.

:func:`to_numpy` is zero-copy (``numpy.frombuffer``): the array is read-only and shares the
message's bytes. :func:`from_numpy` makes one copy (``tobytes``).
"""

from __future__ import annotations

import numbers
from typing import Any

import numpy as np

from flickarena._gen.v1 import flickarena_pb2 as pb

_TO_NUMPY: dict[pb.DType, np.dtype] = {
    pb.DTYPE_BOOL: np.dtype(np.bool_),
    pb.DTYPE_INT32: np.dtype("<i4"),
    pb.DTYPE_INT64: np.dtype("<i8"),
    pb.DTYPE_UINT64: np.dtype("<u8"),
    pb.DTYPE_FLOAT32: np.dtype("<f4"),
}
_FROM_NUMPY: dict[np.dtype, pb.DType] = {v: k for k, v in _TO_NUMPY.items()}
# The little-endian dtype of each type from_numpy is called with on the hot path (a step's
# actions), and the bounds checked() compares with, looked up once.
_WANT: dict[Any, np.dtype] = {t: np.dtype(t).newbyteorder("<") for t in (np.int32, np.int64, np.uint64, np.float32)}
_WANT[np.bool_] = np.dtype(np.bool_)
_FLOAT_MAX = {d: float(np.finfo(d).max) for d in (np.dtype("<f4"), np.dtype("<f8"))}
_INT_RANGE = {d: (int(np.iinfo(d).min), int(np.iinfo(d).max)) for d in (np.dtype("<i4"), np.dtype("<i8"), np.dtype("<u8"))}


def to_numpy(t: pb.Tensor) -> np.ndarray:
    """Returns a read-only view of the tensor's data with its dtype and shape."""
    dtype = _TO_NUMPY.get(t.dtype)
    if dtype is None:
        raise ValueError(f"tensor: unknown dtype {t.dtype}")
    return np.frombuffer(t.data, dtype=dtype).reshape(tuple(t.shape))


def from_numpy(a: Any, dtype: np.dtype | str | type, field: str = "tensor") -> pb.Tensor:
    """Returns the tensor of ``a`` converted to ``dtype`` (little-endian, C order).

    The conversion is exact or refused, naming ``field`` and the first bad element: a value
    out of an integer dtype's range (``2**32`` for int32) or a fraction (``0.9``) for an integer
    dtype raises ValueError, as does a finite value beyond float32's range or a mask value
    other than 0 or 1; an element that is not a number raises TypeError. Floats with whole
    values (``1.0``) are accepted for an integer dtype.
    """
    want = _WANT.get(dtype)
    if want is None:
        want = np.dtype(dtype)
        if want.itemsize > 1:
            want = want.newbyteorder("<")
    arr = np.ascontiguousarray(checked(a, want, field), dtype=want)
    code = _FROM_NUMPY.get(arr.dtype)
    if code is None:
        raise ValueError(f"tensor: dtype {arr.dtype} does not travel on the wire")
    return pb.Tensor(dtype=code, shape=arr.shape, data=arr.tobytes())


def _first(field: str, src: np.ndarray, bad: np.ndarray) -> tuple[str, Any]:
    """Returns the name and value of the first element of src where bad is true."""
    idx = tuple(int(i) for i in np.argwhere(bad)[0]) if src.ndim else ()
    name = f"{field}[{', '.join(map(str, idx))}]" if idx else field
    v = src[idx]
    return name, v.item() if isinstance(v, np.generic) else v


def checked(a: Any, want: np.dtype, field: str) -> np.ndarray:
    """Returns ``a`` as an array that converts to ``want`` without changing a value, or raises
    (see :func:`from_numpy`)."""
    try:
        src = np.asarray(a)
    except (ValueError, TypeError) as e:  # ragged nesting, for instance
        raise TypeError(f"{field}: not an array of numbers: {e}") from None
    if src.dtype.kind == "O":  # Python ints beyond int64, or None among numbers
        for v in src.ravel():
            if not isinstance(v, (numbers.Real, np.number, np.bool_)):
                raise TypeError(f"{field}: not an array of numbers: {v!r} among them")
        try:
            src = src.astype(np.float64)
        except (TypeError, ValueError, OverflowError) as e:
            raise TypeError(f"{field}: not an array of numbers: {e}") from None
    kind = src.dtype.kind
    if kind not in "biuf":
        raise TypeError(f"{field}: an array of {src.dtype} is not numbers")
    if kind == "b" or src.size == 0 or src.dtype == want:  # the same dtype holds every value
        return src
    if want.kind == "f":
        if kind == "f":
            fmax = _FLOAT_MAX.get(want) or float(np.finfo(want).max)
            big = np.isfinite(src) & (np.abs(src) > fmax)
            if big.any():
                name, v = _first(field, src, big)
                raise ValueError(f"{name}: {v!r} is beyond the {want.name} range (±{float(np.finfo(want).max):.7g})")
        return src
    if kind == "f":
        frac = ~np.isfinite(src) | (src != np.trunc(src))
        if frac.any():
            name, v = _first(field, src, frac)
            raise ValueError(f"{name}: {v!r} is not {'a boolean (0 or 1)' if want.kind == 'b' else 'a whole number'}")
    lo, hi = (0, 1) if want.kind == "b" else _INT_RANGE.get(want) or (int(np.iinfo(want).min), int(np.iinfo(want).max))
    if int(src.min()) < lo or int(src.max()) > hi:
        exact = src.astype(object) if kind != "f" else np.vectorize(int, otypes=[object])(src)
        name, v = _first(field, exact, (exact < lo) | (exact > hi))
        if want.kind == "b":
            raise ValueError(f"{name}: {v!r} is not a boolean (0 or 1)")
        raise ValueError(f"{name}: {v} is out of the {want.name} range [{lo}, {hi}]")
    return src
