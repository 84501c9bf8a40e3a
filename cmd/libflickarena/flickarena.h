/*
 * flickarena.h: the C ABI of libflickarena, Flickarena's games in the caller's process.
 *
 * ABI version 1. This file is the contract: cmd/libflickarena includes it in its cgo
 * preamble, so the library does not build if an exported function's prototype disagrees
 * with the one declared here, and a test drives every function from a C program.
 *
 * Build (the library and the header cgo generates, libflickarena.h, which includes this
 * file, with this file copied beside them):
 *
 *     make libflickarena     # .tmp/lib/libflickarena.so, libflickarena.h, flickarena.h
 *
 * or by hand: go build -buildmode=c-shared -o DIR/libflickarena.so ./cmd/libflickarena
 * and cp cmd/libflickarena/flickarena.h DIR/. With `-tags fault` the library also serves
 * the test-only game test/fault-v1 (below); never ship that build.
 *
 * Shape. Requests go in as serialized protobuf messages of proto/flickarena/v1 (the same
 * bytes a gRPC client would send: the library decodes them with the same code as
 * envserver, runs them on the same pool code and refuses them with the same errors);
 * batches come out in memory the caller owns and binds once (fa_pool_bind), written by the
 * games themselves, with no copy and no protobuf on the hot path. The games served are
 * envserver's (its catalogue and its built-in opponents and teachers: random, aimer,
 * planner, ...); pools are never closed for idleness.
 *
 * Errors. fa_abi_version aside, every function returns 0 on success and, on failure, the
 * google.rpc code of the error (nonzero: 3 INVALID_ARGUMENT, 5 NOT_FOUND, 9
 * FAILED_PRECONDITION, 13 INTERNAL, ...), and sets *err and *err_len to a library-allocated
 * serialized google.rpc.Status: the code, message and details (google.rpc.BadRequest,
 * google.rpc.ErrorInfo) exactly as the gRPC server sends them for the same request. Free
 * it with fa_free. err may be NULL (then nothing is allocated). On success *err is not
 * touched. No function panics into C: every export recovers, and a panic becomes an
 * INTERNAL status naming the panic ("fa_pool_step: panic: ...", or, inside a pool call,
 * "/flickarena.v1.EnvService/Step: panic: ..." as the gRPC server says). A game that
 * fails or panics during a Step is the pool's fault of one env, INTERNAL, as on the wire:
 * the other envs have stepped; Reset to resynchronise.
 *
 * Outputs. *out and *out_len receive a library-allocated serialized message, freed with
 * fa_free; out may be NULL (then nothing is allocated).
 *
 * Handles and threads. A pool is a small nonzero integer handle from a registry guarded by
 * a mutex. Calls on one pool are serialised (the pool's own mutex: a second thread waits);
 * different pools run concurrently from different threads, and each pool spreads its envs
 * over the library's own goroutines (GOMAXPROCS threads, the Go runtime's). The library
 * starts the Go runtime when it is loaded; do not fork() a process that has called into it
 * and use the library in the child (the Go runtime's threads do not survive a fork): use
 * the "spawn" or "forkserver" start methods of Python's multiprocessing. GOMAXPROCS and
 * GOGC in the environment are read when the library loads; like envserver, the library sets
 * its collector's target to GOGC=400 at its first call unless GOGC is set (its heap only:
 * the caller's memory is not the Go collector's).
 */
#ifndef FLICKARENA_H
#define FLICKARENA_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version of this header; fa_abi_version() returns the library's. */
#define FA_ABI_VERSION 1

/*
 * The arrays of a batch: buffers[FA_BUF_x] of fa_pool_bind, bit FA_BUF_x of *present.
 * Shapes, C-contiguous (N envs, P seats, O observation size, M mask size, H action
 * heads, D continuous dims, all in the PoolSpec), and dtypes; bool is one byte, 0 or 1:
 */
#define FA_BUF_OBS                 0 /* [N,O]   float32 */
#define FA_BUF_REWARD              1 /* [N,P]   float32 */
#define FA_BUF_TERMINATED          2 /* [N]     bool */
#define FA_BUF_TRUNCATED           3 /* [N]     bool */
#define FA_BUF_CURRENT_PLAYER      4 /* [N]     int32 */
#define FA_BUF_ACTION_MASK         5 /* [N,M]   bool */
#define FA_BUF_STATE_HASH          6 /* [N]     uint64 */
#define FA_BUF_EPISODE             7 /* [N]     uint64 */
#define FA_BUF_ILLEGAL             8 /* [N]     bool */
#define FA_BUF_EPISODE_RETURN      9 /* [N,P]   float32 */
#define FA_BUF_EPISODE_LENGTH     10 /* [N]     int32 */
#define FA_BUF_FINAL_OBS          11 /* [N,O]   float32, autoreset SAME_STEP only */
#define FA_BUF_FINAL_STATE_HASH   12 /* [N]     uint64, autoreset SAME_STEP only */
#define FA_BUF_OBS_ALL_SEATS      13 /* [N,P,O] float32, observe_all_seats only */
#define FA_BUF_AGENT_SEAT         14 /* [N]     int32, VIEW_SINGLE_AGENT only */
#define FA_BUF_TEACHER_DISCRETE   15 /* [N,H]   int32, with a teacher only */
#define FA_BUF_TEACHER_CONTINUOUS 16 /* [N,D]   float32, with a teacher only */
#define FA_NUM_BUFS               17

/* The fields every batch has: bits FA_BUF_OBS to FA_BUF_EPISODE_LENGTH. */
#define FA_PRESENT_ALWAYS 0x7ffu

/* Returns FA_ABI_VERSION of the library's build: 1. */
int32_t fa_abi_version(void);

/* req: a serialized ListGamesRequest. *out: a serialized ListGamesResponse (one page; follow
 * next_page_token as with the gRPC service). */
int32_t fa_list_games(const uint8_t *req, int64_t req_len, uint8_t **out, int64_t *out_len,
                      uint8_t **err, int64_t *err_len);

/* req: a serialized CreatePoolRequest. On success *handle names the new pool and *out is a
 * serialized CreatePoolResponse: the PoolSpec with every option resolved, its pool_id and
 * content_digest, as the wire returns it. handle must not be NULL. */
int32_t fa_pool_create(const uint8_t *req, int64_t req_len, uint64_t *handle, uint8_t **out,
                       int64_t *out_len, uint8_t **err, int64_t *err_len);

/* Binds the caller-owned memory the pool writes its batches into: buffers[i] is field i's
 * array (FA_BUF_ order, the shape and dtype above, C-contiguous, aligned to its dtype),
 * n_buffers = FA_NUM_BUFS. A field the pool does not have is ignored (pass NULL); a field it
 * has may be NULL only if it has no element (D = 0). The library never frees the memory;
 * it must stay valid until the pool is closed or bound again, and the caller must not
 * write to it meanwhile (the pool reads back its last rows: the flags decide which rows
 * the next call clears, the masks decode BOX actions). Must be called before the first
 * reset; may be called again between calls to move the batch (the current contents are
 * copied over first). Errors: INVALID_ARGUMENT for a NULL or misaligned buffer of a field
 * the pool has, or a wrong n_buffers; NOT_FOUND for a closed or unknown handle. */
int32_t fa_pool_bind(uint64_t handle, void *const *buffers, int32_t n_buffers, uint8_t **err,
                     int64_t *err_len);

/* req: a serialized ResetRequest / StepRequest; its pool_id may be empty (the handle names
 * the pool; another pool's id is INVALID_ARGUMENT). On success the bound buffers hold the
 * batch and *present (may be NULL) has bit FA_BUF_x set for each field this call filled:
 * exactly the tensors the wire's Batch would carry (FA_PRESENT_ALWAYS, plus FINAL_OBS and
 * FINAL_STATE_HASH in SAME_STEP mode, OBS_ALL_SEATS with observe_all_seats, AGENT_SEAT in
 * the single-agent view, both TEACHER_ fields with a teacher). On failure *present is not
 * touched; after a refused request (INVALID_ARGUMENT, FAILED_PRECONDITION: nothing changed)
 * the buffers are unchanged, after a failed call (INTERNAL, ...) their contents are
 * unspecified. A reset before fa_pool_bind is FAILED_PRECONDITION. */
int32_t fa_pool_reset(uint64_t handle, const uint8_t *req, int64_t req_len, uint32_t *present,
                      uint8_t **err, int64_t *err_len);
int32_t fa_pool_step(uint64_t handle, const uint8_t *req, int64_t req_len, uint32_t *present,
                     uint8_t **err, int64_t *err_len);

/* *out: the pool's serialized PoolSpec (the spec field of fa_pool_create's response). */
int32_t fa_pool_spec(uint64_t handle, uint8_t **out, int64_t *out_len, uint8_t **err,
                     int64_t *err_len);

/* Closes the pool, after the call in flight on it. Returns 0, also for a handle already
 * closed (idempotent); nonzero for a handle never given out. The bound memory is no longer
 * used once it returns. */
int32_t fa_pool_close(uint64_t handle);

/* Frees a buffer the library allocated (*out, *err); NULL is allowed. */
void fa_free(void *p);

/*
 * Test-only game (a build with -tags fault only): test/fault-v1, Race for 2 players with
 * two options more: panic_step=K (0 to 1000, default 0: never) makes the game panic in its
 * K-th Step of every episode, a fault of that env (fa_pool_step fails with INTERNAL
 * "env I: step: game failed: panic: fault: step K", and that env is reset at its next
 * step); panic_specs=true makes the game panic when asked its option specs, which
 * fa_pool_create does outside the games' recovery (INTERNAL
 * "/flickarena.v1.EnvService/CreatePool: panic: fault: option specs"). And in that build a
 * ListGamesRequest whose page_token is "fault:panic" makes fa_list_games itself panic
 * (INTERNAL "fa_list_games: panic: fault: requested"), to prove an export never panics
 * into C.
 */

#ifdef __cplusplus
}
#endif

#endif /* FLICKARENA_H */
