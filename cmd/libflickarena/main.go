// Command libflickarena is Flickarena's games as a shared library for the caller's
// process (Python's ctypes, any C caller): build it with
//
//	make libflickarena   # go build -buildmode=c-shared -o .tmp/lib/libflickarena.so ./cmd/libflickarena
//
// Its C ABI, version 1, is flickarena.h beside this file (the contract: the library's
// cgo preamble includes it, so a prototype that disagrees does not build). Requests go in
// as serialized protobuf messages of proto/flickarena/v1, decoded and served by the same
// code as envserver's (envrpc.LocalPool on an envrpc.Server of internal/catalogue's games
// and cmd/internal/serving's opponents), with the same errors, returned as serialized
// google.rpc.Status; batches come out in memory the caller binds (fa_pool_bind), which the
// games write straight into. Pools are small integer handles. See
// docs/decisions/inprocess-library.md.
//
// Built with -tags fault it also serves test/fault-v1, a game that panics on demand, for
// the tests of callers (flickarena.h says how).
package main

import "C"

// main is required of a c-shared build and never runs.
func main() {}
