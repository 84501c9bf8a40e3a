package main

/*
#include <stdlib.h>
#include "flickarena.h"

// The const-qualified types of flickarena.h's prototypes, which Go cannot spell: with
// them the prototypes cgo generates are flickarena.h's own, and the C compiler refuses a
// difference.
typedef const uint8_t fa_cbyte;
typedef void *const fa_cbuf;
*/
import "C"

import (
	"context"
	"fmt"
	"unsafe"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/envrpc"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// abiVersion is FA_ABI_VERSION of the header the library implements.
const abiVersion = 1

// Check at build time that flickarena.h declares the version implemented here.
var _ [C.FA_ABI_VERSION - abiVersion]struct{}
var _ [abiVersion - C.FA_ABI_VERSION]struct{}

// errOut is where a call reports its error: the C caller's err and err_len.
type errOut struct {
	p   **C.uint8_t
	len *C.int64_t
}

// fail writes err as a serialized google.rpc.Status into o (when o.p is not NULL) and
// returns its code, never 0.
func (o errOut) fail(err error) C.int32_t {
	st := status.Convert(err)
	code := st.Code()
	if code == codes.OK {
		st, code = status.New(codes.Unknown, st.Message()), codes.Unknown
	}
	if o.p != nil {
		b, merr := proto.Marshal(st.Proto())
		if merr != nil {
			b, _ = proto.Marshal(status.New(codes.Internal, fmt.Sprintf("libflickarena: encoding an error: %v", merr)).Proto())
		}
		*o.p = (*C.uint8_t)(C.CBytes(b))
		if o.len != nil {
			*o.len = C.int64_t(len(b))
		}
	}
	return C.int32_t(code)
}

// guard, deferred by every export, turns a panic of export fn into an Internal status in
// o and the return code *rc.
func (o errOut) guard(fn string, rc *C.int32_t) {
	if r := recover(); r != nil {
		*rc = o.fail(status.Errorf(codes.Internal, "%s: panic: %v", fn, r))
	}
}

// request decodes the n bytes at p into m, as the server decodes a request.
func request(p *C.fa_cbyte, n C.int64_t, m proto.Message) error {
	switch {
	case n < 0:
		return errorf("req_len", "%d; want 0 or more", int64(n))
	case p == nil && n > 0:
		return errorf("req", "NULL with req_len %d", int64(n))
	}
	var data []byte
	if n > 0 {
		data = unsafe.Slice((*byte)(unsafe.Pointer(p)), int(n))
	}
	if err := envrpc.UnmarshalRequest(data, m); err != nil {
		return err
	}
	testHook(m)
	return nil
}

// output writes m, serialized, into *out (when out is not NULL) and its length into
// *outLen.
func output(m proto.Message, out **C.uint8_t, outLen *C.int64_t) error {
	if out == nil {
		return nil
	}
	b, err := proto.Marshal(m)
	if err != nil {
		return status.Errorf(codes.Internal, "libflickarena: encoding the response: %v", err)
	}
	*out = (*C.uint8_t)(C.CBytes(b))
	if outLen != nil {
		*outLen = C.int64_t(len(b))
	}
	return nil
}

//export fa_abi_version
func fa_abi_version() C.int32_t { return abiVersion }

//export fa_list_games
func fa_list_games(req *C.fa_cbyte, reqLen C.int64_t, out **C.uint8_t, outLen *C.int64_t, errp **C.uint8_t, errLen *C.int64_t) (rc C.int32_t) {
	e := errOut{errp, errLen}
	defer e.guard("fa_list_games", &rc)
	s, err := theServer()
	if err != nil {
		return e.fail(err)
	}
	var r flickv1.ListGamesRequest
	if err := request(req, reqLen, &r); err != nil {
		return e.fail(err)
	}
	resp, err := s.ListGames(context.Background(), &r)
	if err == nil {
		err = output(resp, out, outLen)
	}
	if err != nil {
		return e.fail(err)
	}
	return 0
}

//export fa_pool_create
func fa_pool_create(req *C.fa_cbyte, reqLen C.int64_t, handle *C.uint64_t, out **C.uint8_t, outLen *C.int64_t, errp **C.uint8_t, errLen *C.int64_t) (rc C.int32_t) {
	e := errOut{errp, errLen}
	defer e.guard("fa_pool_create", &rc)
	if handle == nil {
		return e.fail(errHandle)
	}
	s, err := theServer()
	if err != nil {
		return e.fail(err)
	}
	var r flickv1.CreatePoolRequest
	if err := request(req, reqLen, &r); err != nil {
		return e.fail(err)
	}
	lp, resp, err := s.NewLocalPool(&r)
	if err != nil {
		return e.fail(err)
	}
	if err := output(resp, out, outLen); err != nil {
		_ = lp.Close()
		return e.fail(err)
	}
	*handle = C.uint64_t(register(lp))
	return 0
}

//export fa_pool_bind
func fa_pool_bind(handle C.uint64_t, buffers *C.fa_cbuf, nBuffers C.int32_t, errp **C.uint8_t, errLen *C.int64_t) (rc C.int32_t) {
	e := errOut{errp, errLen}
	defer e.guard("fa_pool_bind", &rc)
	lp, err := lookup(uint64(handle))
	if err != nil {
		return e.fail(err)
	}
	if nBuffers != C.FA_NUM_BUFS {
		return e.fail(errorf("n_buffers", "%d; want FA_NUM_BUFS, %d", int32(nBuffers), int(C.FA_NUM_BUFS)))
	}
	if buffers == nil {
		return e.fail(errorf("buffers", "NULL"))
	}
	ptrs := unsafe.Slice((*unsafe.Pointer)(unsafe.Pointer(buffers)), int(envrpc.NumBufFields))
	b, err := cBuffers(lp.Layout(), ptrs)
	if err != nil {
		return e.fail(err)
	}
	if err := lp.Bind(b); err != nil {
		return e.fail(err)
	}
	return 0
}

//export fa_pool_reset
func fa_pool_reset(handle C.uint64_t, req *C.fa_cbyte, reqLen C.int64_t, present *C.uint32_t, errp **C.uint8_t, errLen *C.int64_t) (rc C.int32_t) {
	e := errOut{errp, errLen}
	defer e.guard("fa_pool_reset", &rc)
	lp, err := lookup(uint64(handle))
	if err != nil {
		return e.fail(err)
	}
	var r flickv1.ResetRequest
	if err := request(req, reqLen, &r); err != nil {
		return e.fail(err)
	}
	pr, err := lp.Reset(context.Background(), &r)
	if err != nil {
		return e.fail(err)
	}
	if present != nil {
		*present = C.uint32_t(pr)
	}
	return 0
}

//export fa_pool_step
func fa_pool_step(handle C.uint64_t, req *C.fa_cbyte, reqLen C.int64_t, present *C.uint32_t, errp **C.uint8_t, errLen *C.int64_t) (rc C.int32_t) {
	e := errOut{errp, errLen}
	defer e.guard("fa_pool_step", &rc)
	lp, err := lookup(uint64(handle))
	if err != nil {
		return e.fail(err)
	}
	var r flickv1.StepRequest
	if err := request(req, reqLen, &r); err != nil {
		return e.fail(err)
	}
	pr, err := lp.Step(context.Background(), &r)
	if err != nil {
		return e.fail(err)
	}
	if present != nil {
		*present = C.uint32_t(pr)
	}
	return 0
}

//export fa_pool_spec
func fa_pool_spec(handle C.uint64_t, out **C.uint8_t, outLen *C.int64_t, errp **C.uint8_t, errLen *C.int64_t) (rc C.int32_t) {
	e := errOut{errp, errLen}
	defer e.guard("fa_pool_spec", &rc)
	lp, err := lookup(uint64(handle))
	if err != nil {
		return e.fail(err)
	}
	if err := output(lp.Spec(), out, outLen); err != nil {
		return e.fail(err)
	}
	return 0
}

//export fa_pool_close
func fa_pool_close(handle C.uint64_t) (rc C.int32_t) {
	defer errOut{}.guard("fa_pool_close", &rc)
	lp, known := unregister(uint64(handle))
	switch {
	case !known:
		return C.int32_t(codes.NotFound)
	case lp == nil:
		return 0 // closed already
	}
	if err := lp.Close(); err != nil {
		return C.int32_t(status.Code(err))
	}
	return 0
}

//export fa_free
func fa_free(p unsafe.Pointer) { C.free(p) }
