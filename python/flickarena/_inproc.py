"""The games inside this process: Flickarena's Go library through ctypes, no server.

:class:`InProcess` is the backend of a :class:`flickarena.pool.Pool` created without
``server=``. The library (``libflickarena``, ``cmd/libflickarena`` built with ``go build
-buildmode=c-shared``) serves the calls an env server serves, with the same protobuf requests,
answers and errors (a serialized ``google.rpc.Status`` becomes the exception the gRPC path
raises, :func:`flickarena.errors.error_from_rpc_status`). A pool's batches are written by the
library into numpy buffers that the pool allocates once and binds at creation; each
:class:`~flickarena.batch.Batch` holds read-only views of them, overwritten by the pool's next
call, and None for a field the call did not fill (as the wire leaves it unset).

The library is found on the first pool, never at ``import flickarena`` (so that the children of
a ``spawn`` or ``forkserver`` start method import the package cheaply):

1. ``$FLICKARENA_LIB``, the path of a built library;
2. else the copy bundled in the package, ``flickarena/_lib/libflickarena.so`` (a wheel's);
3. else one built with ``go build -buildmode=c-shared`` from the repository this package sits in
   (``cmd/libflickarena``), into a per-user cache directory (``$XDG_CACHE_HOME/flickarena``,
   else ``~/.cache/flickarena``); Go's build cache makes the build quick when nothing changed.

The first build of a repository's library (about a minute and a half on two cores, with a cold
Go build cache) says so in one line on standard error, since the first ``make_vec`` would
otherwise sit silent; nothing else is printed. A library that cannot be found, built or loaded
raises :class:`~flickarena.errors.InProcessError` naming what is missing.

Processes and threads:

- The Go runtime does not survive ``fork``: a child forked after its parent loaded the library
  raises :class:`~flickarena.errors.InProcessError` on its first call (detected by the process
  id recorded at load), rather than hanging. Children of the ``spawn`` and ``forkserver`` start
  methods load their own copy.
- ctypes releases the GIL during each call, so threads stepping their own pools run at once;
  the calls on one pool are serialised by the pool's lock.
- A pool's Go workers poll instead of sleeping (Go's ``env.Vector.SetSpinWait``): at the end of
  a call, and, while the calls come within a millisecond of each other, for up to a
  millisecond after one. So a call pays no wake-up of the library's threads by the OS, and a
  loop stepping as fast as it can keeps a core busy between its calls; a caller that works
  longer between steps (a learner's forward pass) pays at most one such millisecond.
- A signal (SIGINT) that arrives during a call is handled by Python when the call returns:
  KeyboardInterrupt comes between calls, and the pool is consistent.
- A call has no time limit (an env server's calls have one, ``--max-call-cpu``): a process
  stopped (Ctrl-Z, SIGSTOP) or suspended for any time goes on where it stopped when it is
  continued.
"""

from __future__ import annotations

import ctypes
import hashlib
import os
import shutil
import subprocess
import sys
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from google.rpc import status_pb2

from flickarena._gen.v1 import flickarena_pb2 as pb
from flickarena.batch import Batch
from flickarena.errors import FlickarenaError, InProcessError, error_from_rpc_status

#: The C ABI version this module speaks (``fa_abi_version()``).
ABI_VERSION = 1

#: The library's file name on this platform.
LIB_NAME = {"darwin": "libflickarena.dylib", "win32": "flickarena.dll"}.get(sys.platform, "libflickarena.so")

# The buffer fields of fa_pool_bind, in the ABI's order (FA_BUF_OBS = 0, ...), with their
# dtypes; the first _REQUIRED_FIELDS are in every batch.
_FIELDS = (
    ("obs", np.float32),
    ("reward", np.float32),
    ("terminated", np.bool_),
    ("truncated", np.bool_),
    ("current_player", np.int32),
    ("action_mask", np.bool_),
    ("state_hash", np.uint64),
    ("episode", np.uint64),
    ("illegal", np.bool_),
    ("episode_return", np.float32),
    ("episode_length", np.int32),
    ("final_obs", np.float32),
    ("final_state_hash", np.uint64),
    ("obs_all_seats", np.float32),
    ("agent_seat", np.int32),
    ("teacher_discrete", np.int32),
    ("teacher_continuous", np.float32),
)
_REQUIRED_FIELDS = 11
_REQUIRED = (1 << _REQUIRED_FIELDS) - 1

_u8p = ctypes.POINTER(ctypes.c_uint8)
_i64p = ctypes.POINTER(ctypes.c_int64)


class _Out:
    """An out-parameter pair ``uint8_t **p, int64_t *len`` for one call at a time."""

    def __init__(self) -> None:
        self.ptr = _u8p()
        self.len = ctypes.c_int64()
        self.ptr_ref = ctypes.byref(self.ptr)
        self.len_ref = ctypes.byref(self.len)

    def take(self, free: Any) -> bytes:
        """Returns the bytes the library returned and frees them."""
        if not self.ptr:
            return b""
        try:
            return ctypes.string_at(self.ptr, self.len.value)
        finally:
            free(self.ptr)
            ctypes.memset(ctypes.addressof(self.ptr), 0, ctypes.sizeof(self.ptr))  # NULL again, in place


class Library:
    """The loaded library: its functions with their C signatures, and the process that
    loaded it (``pid``)."""

    def __init__(self, path: str):
        self.path = path
        self.pid = os.getpid()
        try:
            dll = ctypes.CDLL(path)
        except OSError as e:
            raise InProcessError(f"in-process library {path}: cannot load it: {e}") from None
        try:
            dll.fa_abi_version.argtypes = []
            dll.fa_abi_version.restype = ctypes.c_int32
            version = dll.fa_abi_version()
        except AttributeError:
            raise InProcessError(f"in-process library {path}: not libflickarena (no fa_abi_version)") from None
        if version != ABI_VERSION:
            raise InProcessError(
                f"in-process library {path}: C ABI version {version}, this package speaks {ABI_VERSION}; "
                f"rebuild the library from this package's repository, or install matching versions"
            )
        i32, u64, u32p = ctypes.c_int32, ctypes.c_uint64, ctypes.POINTER(ctypes.c_uint32)
        buf, out, err = [ctypes.c_char_p, ctypes.c_int64], [ctypes.POINTER(_u8p), _i64p], [ctypes.POINTER(_u8p), _i64p]
        sigs: dict[str, tuple[list[Any], Any]] = {
            "fa_list_games": (buf + out + err, i32),
            "fa_pool_create": (buf + [ctypes.POINTER(u64)] + out + err, i32),
            "fa_pool_bind": ([u64, ctypes.POINTER(ctypes.c_void_p), i32] + err, i32),
            "fa_pool_reset": ([u64] + buf + [u32p] + err, i32),
            "fa_pool_step": ([u64] + buf + [u32p] + err, i32),
            "fa_pool_spec": ([u64] + out + err, i32),
            "fa_pool_close": ([u64], i32),
            "fa_free": ([_u8p], None),
        }
        for name, (args, res) in sigs.items():
            try:
                fn = getattr(dll, name)
            except AttributeError:
                raise InProcessError(f"in-process library {path}: no function {name} (ABI version {ABI_VERSION})") from None
            fn.argtypes, fn.restype = args, res
        self.dll = dll
        self.free = dll.fa_free

    def check_process(self) -> None:
        """Raises InProcessError in a process forked after the library was loaded."""
        if os.getpid() != self.pid:
            raise InProcessError(
                f"in-process backend: the library was loaded by process {self.pid} before it forked this "
                f"process ({os.getpid()}), and the Go runtime does not survive fork; start children with "
                f"the 'spawn' or 'forkserver' method (multiprocessing.get_context('spawn')), create the "
                f"pools before the library is first used only in the children, or pass server= to use an "
                f"env server"
            )

    def error(self, call: str, code: int, err: _Out) -> FlickarenaError:
        """Returns the exception of a failed call from its status."""
        data = err.take(self.free)
        if not data:
            return FlickarenaError(f"{call}: the in-process library failed ({code}) without a status")
        try:
            status = status_pb2.Status.FromString(data)
        except Exception as e:
            return FlickarenaError(f"{call}: the in-process library failed ({code}) with an unreadable status: {e}")
        return error_from_rpc_status(status)

    def list_games(self, request: pb.ListGamesRequest) -> pb.ListGamesResponse:
        """Calls fa_list_games."""
        self.check_process()
        data = request.SerializeToString()
        out, err = _Out(), _Out()
        rc = self.dll.fa_list_games(data, len(data), out.ptr_ref, out.len_ref, err.ptr_ref, err.len_ref)
        if rc != 0:
            raise self.error("ListGames", rc, err)
        return pb.ListGamesResponse.FromString(out.take(self.free))


_load_lock = threading.Lock()
_library: Library | None = None


def _after_fork_in_child() -> None:
    """A lock held by another thread of the parent at the fork stays held in the child: the
    child gets a new one (its first call then raises, if the parent had loaded the library)."""
    global _load_lock
    _load_lock = threading.Lock()


os.register_at_fork(after_in_child=_after_fork_in_child)


def library() -> Library:
    """Returns the library, loading it on the first call (see the module doc); raises
    InProcessError in a forked child of a process that had loaded it."""
    global _library
    lib = _library
    if lib is None:
        with _load_lock:
            if _library is None:
                _library = Library(find_library())
            lib = _library
    lib.check_process()
    return lib


def repository() -> Path:
    """Returns the repository this package sits in (its checkout, or an editable install's)."""
    return Path(__file__).resolve().parents[2]


def find_library() -> str:
    """Returns the path of the library: ``$FLICKARENA_LIB``, the bundled copy, or a build from
    the repository (see the module doc)."""
    env = os.environ.get("FLICKARENA_LIB")
    if env:
        if not os.path.isfile(env):
            raise InProcessError(f"$FLICKARENA_LIB is {env!r}, which is not a file; build it with `make libflickarena`")
        return env
    bundled = Path(__file__).resolve().parent / "_lib" / LIB_NAME
    if bundled.is_file():
        return str(bundled)
    repo = repository()
    if (repo / "cmd" / "libflickarena").is_dir():
        return build(repo)
    raise InProcessError(
        f"in-process backend: no library: $FLICKARENA_LIB is unset, the package has no bundled {bundled}, "
        f"and it does not sit in a Flickarena repository to build one from; set $FLICKARENA_LIB to a "
        f"built {LIB_NAME}, install a wheel that bundles it, or pass server= to use an env server"
    )


def cache_dir() -> Path:
    """Returns the per-user directory of built libraries."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "flickarena"


def build(repo: Path) -> str:
    """Builds the library of ``repo`` into :func:`cache_dir` (one file per repository, the build
    serialised between processes by a lock file) and returns its path. Go's build leaves an
    up-to-date library as it is and replaces a stale one by a new file, so that a process that
    has the old one loaded keeps it."""
    go = shutil.which("go")
    if go is None:
        raise InProcessError(
            f"in-process backend: no library and no `go` on the PATH to build it from {repo / 'cmd' / 'libflickarena'}; "
            f"install Go (1.26 or later), set $FLICKARENA_LIB to a built {LIB_NAME}, or pass server= to use an env server"
        )
    import fcntl  # here: a platform without it has no Go build of the library to share either

    cache = cache_dir()
    key = hashlib.sha256(str(repo).encode()).hexdigest()[:16]
    out = cache / f"libflickarena-{key}{Path(LIB_NAME).suffix}"
    try:
        cache.mkdir(parents=True, exist_ok=True)
        with open(cache / f"{out.name}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not out.exists():
                print(f"flickarena: building the in-process library from {repo} into {out} "
                      f"(go build -buildmode=c-shared ./cmd/libflickarena; a minute or two the first time)",
                      file=sys.stderr, flush=True)
            done = subprocess.run(
                [go, "build", "-buildmode=c-shared", "-o", str(out), "./cmd/libflickarena"],
                cwd=repo, capture_output=True, text=True, env={**os.environ, "CGO_ENABLED": "1"},  # c-shared needs cgo
            )
    except OSError as e:
        raise InProcessError(f"in-process backend: cannot build the library into {out}: {e}") from None
    if done.returncode != 0:
        tail = "\n".join((done.stderr or done.stdout).strip().splitlines()[-20:])
        raise InProcessError(
            f"in-process backend: `go build -buildmode=c-shared ./cmd/libflickarena` in {repo} failed "
            f"({done.returncode}):\n{tail}"
        )
    return str(out)


def list_games(request: pb.ListGamesRequest) -> pb.ListGamesResponse:
    """Returns the library's answer to ListGames (a page of the games it holds)."""
    return library().list_games(request)


class InProcess:
    """The in-process transport of one pool (see the module doc): the
    :class:`flickarena.pool.Transport` calls on the library, serialised by a lock."""

    def __init__(self) -> None:
        self._lib = library()
        self._lock = threading.Lock()
        self._handle = 0
        self._open = False
        self._spec: pb.PoolSpec | None = None
        self._views: list[np.ndarray | None] = []
        self._arrays: list[np.ndarray | None] = []
        self._ptrs: Any = None  # the pointer array given to fa_pool_bind
        self._present = ctypes.c_uint32()
        self._present_ref = ctypes.byref(self._present)
        self._err = _Out()
        self._worker: ThreadPoolExecutor | None = None
        dll = self._lib.dll
        self._reset_fn = dll.fa_pool_reset
        self._step_fn = dll.fa_pool_step

    def create_pool(self, config: pb.PoolConfig) -> pb.PoolSpec:
        """Creates the pool, allocates its buffers and binds them."""
        if self._open:
            raise FlickarenaError("create_pool: this transport has a pool already")
        lib = self._lib
        lib.check_process()
        data = pb.CreatePoolRequest(config=config).SerializeToString()
        handle = ctypes.c_uint64()
        out, err = _Out(), self._err
        rc = lib.dll.fa_pool_create(data, len(data), ctypes.byref(handle), out.ptr_ref, out.len_ref, err.ptr_ref, err.len_ref)
        if rc != 0:
            raise lib.error("CreatePool", rc, err)
        self._handle, self._open = handle.value, True
        try:
            spec = pb.CreatePoolResponse.FromString(out.take(lib.free)).spec
            self._bind(spec)
        except BaseException:
            self.close()
            raise
        self._spec = spec
        return spec

    def _bind(self, spec: pb.PoolSpec) -> None:
        """Allocates the buffers of the pool's fields and binds them."""
        c, g = spec.config, spec.game
        n, p, o, m = c.num_envs, g.num_players, g.obs_size, g.mask_size
        same_step = c.autoreset_mode == pb.AUTORESET_MODE_SAME_STEP
        teacher = bool(c.teacher)
        shapes: list[tuple[int, ...] | None] = [
            (n, o), (n, p), (n,), (n,), (n,), (n, m), (n,), (n,), (n,), (n, p), (n,),
            (n, o) if same_step else None,
            (n,) if same_step else None,
            (n, p, o) if c.observe_all_seats else None,
            (n,) if c.view == pb.VIEW_SINGLE_AGENT else None,
            (n, len(g.heads)) if teacher else None,
            (n, len(g.dims)) if teacher else None,
        ]
        self._arrays = [None if s is None else np.zeros(s, dtype=dt) for s, (_, dt) in zip(shapes, _FIELDS, strict=True)]
        self._views = []
        for a in self._arrays:
            v = None if a is None else a.view()
            if v is not None:
                v.flags.writeable = False
            self._views.append(v)
        self._ptrs = ptrs = (ctypes.c_void_p * len(_FIELDS))(*[None if a is None else a.ctypes.data for a in self._arrays])
        err = self._err
        rc = self._lib.dll.fa_pool_bind(self._handle, ptrs, len(_FIELDS), err.ptr_ref, err.len_ref)
        if rc != 0:
            raise self._lib.error("bind", rc, err)

    def _call(self, fn: Any, name: str, data: bytes) -> Batch:
        """Runs a reset or step call on the pool and returns the batch of its buffers."""
        self._lib.check_process()  # first: in a forked child the lock may be held for ever
        with self._lock:
            if not self._open:
                raise FlickarenaError(f"{name}: the pool is closed")
            err = self._err
            rc = fn(self._handle, data, len(data), self._present_ref, err.ptr_ref, err.len_ref)
            if rc != 0:
                raise self._lib.error(name, rc, err)
            return self._batch(self._present.value, name)

    def _batch(self, present: int, name: str) -> Batch:
        """Returns the batch of the buffers the last call filled (``present``'s bits)."""
        if present & _REQUIRED != _REQUIRED:
            missing = [f for k, (f, _) in enumerate(_FIELDS[:_REQUIRED_FIELDS]) if not present >> k & 1]
            raise FlickarenaError(f"{name}: the in-process library left out {missing}")
        v = self._views
        return Batch(
            v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10],  # type: ignore[arg-type]
            final_obs=v[11] if present & 0x800 else None,
            final_state_hash=v[12] if present & 0x1000 else None,
            obs_all_seats=v[13] if present & 0x2000 else None,
            agent_seat=v[14] if present & 0x4000 else None,
            teacher_discrete=v[15] if present & 0x8000 else None,
            teacher_continuous=v[16] if present & 0x10000 else None,
        )

    def reset(self, request: pb.ResetRequest) -> Batch:
        """Resets envs of the pool; returns views of its buffers."""
        return self._call(self._reset_fn, "Reset", request.SerializeToString())

    def step(self, request: pb.StepRequest) -> Batch:
        """Steps the pool; returns views of its buffers."""
        return self._call(self._step_fn, "Step", request.SerializeToString())

    def step_send(self, request: pb.StepRequest) -> Future[Batch]:
        """Starts the step on the pool's worker thread (the library runs without the GIL) and
        returns the handle :meth:`step_recv` takes."""
        self._lib.check_process()
        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="flickarena-inproc")
        return self._worker.submit(self._call, self._step_fn, "Step", request.SerializeToString())

    def step_recv(self, handle: Future[Batch]) -> Batch:
        """Waits for the step :meth:`step_send` started and returns its batch."""
        return handle.result()

    def spec(self) -> pb.PoolSpec:
        """Returns the pool's spec, as the library has it."""
        self._lib.check_process()
        with self._lock:
            if not self._open:
                raise FlickarenaError("spec: the pool is closed")
            out, err = _Out(), self._err
            rc = self._lib.dll.fa_pool_spec(self._handle, out.ptr_ref, out.len_ref, err.ptr_ref, err.len_ref)
            if rc != 0:
                raise self._lib.error("spec", rc, err)
            return pb.PoolSpec.FromString(out.take(self._lib.free))

    def close(self, timeout: float | None = None) -> None:
        """Closes the pool (idempotent) once a call in flight has returned, waiting ``timeout``
        seconds at most for it (None: as long as it takes). In a forked child the pool is
        only forgotten: its parent's library cannot be called there."""
        if os.getpid() != self._lib.pid:
            self._open = False
            return
        worker, self._worker = self._worker, None
        if worker is not None:
            worker.shutdown(wait=False)
        if not self._lock.acquire(timeout=-1 if timeout is None else max(timeout, 0.0)):
            return  # a call still runs on the pool: it stays open, and dies with the process
        try:
            if not self._open:
                return
            self._open = False
            self._lib.dll.fa_pool_close(self._handle)
        finally:
            self._lock.release()
