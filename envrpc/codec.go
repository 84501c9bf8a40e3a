package envrpc

import (
	"context"
	"sync"

	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/encoding"
	_ "google.golang.org/grpc/encoding/proto" // registers the "proto" codec wrapped here
	"google.golang.org/grpc/mem"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// gRPC answers Internal to a request that is not valid protobuf, and
// writes that status itself before the handler sees the error. The proto
// promises InvalidArgument (the client's fault), so the server's codec
// does not fail on a malformed request of this package: it leaves the
// message empty and notes the decoding error in a malformed table, and
// the handler, right after decoding, takes the note and refuses the
// request with InvalidArgument.

// malformed notes the decoding errors of requests, by message pointer,
// between the codec and the handler. A note lives from the decoding to the
// handler's next statement.
type malformed struct{ m sync.Map }

// take removes and returns the note of msg as an InvalidArgument error, or
// returns nil if msg was decoded fine.
func (t *malformed) take(msg any) error {
	v, ok := t.m.LoadAndDelete(msg)
	if !ok {
		return nil
	}
	return malformedRequest(msg.(proto.Message), v)
}

// malformedRequest returns the InvalidArgument status of a request m whose bytes did not
// decode, with the decoding error err.
func malformedRequest(m proto.Message, err any) error {
	return status.Errorf(codes.InvalidArgument, "request: not a valid protobuf %s: %v", m.ProtoReflect().Descriptor().FullName(), err)
}

// UnmarshalRequest decodes data, a serialized EnvService request, into m, as the server
// decodes what it receives: bytes that are not valid protobuf give the InvalidArgument
// status the server answers (gRPC's codec would say Internal; see above). For callers that
// take serialized requests in process (cmd/libflickarena).
func UnmarshalRequest(data []byte, m proto.Message) error {
	if err := proto.Unmarshal(data, m); err != nil {
		proto.Reset(m)
		return malformedRequest(m, err)
	}
	return nil
}

// envServiceInputs are the request types of EnvService: the messages whose
// decoding errors the codec notes (the handlers of EnvService, and no
// other, take the notes).
var envServiceInputs = func() map[protoreflect.FullName]bool {
	in := map[protoreflect.FullName]bool{}
	methods := flickv1.File_flickarena_v1_flickarena_proto.Services().ByName("EnvService").Methods()
	for i := range methods.Len() {
		in[methods.Get(i).Input().FullName()] = true
	}
	return in
}()

// codec is gRPC's protobuf codec, noting in bad instead of failing when an
// EnvService request does not decode.
type codec struct {
	encoding.CodecV2
	bad *malformed
}

// newCodec wraps the registered "proto" codec.
func newCodec(bad *malformed) codec { return codec{encoding.GetCodecV2("proto"), bad} }

// Unmarshal implements encoding.CodecV2.
func (c codec) Unmarshal(data mem.BufferSlice, v any) error {
	err := c.CodecV2.Unmarshal(data, v)
	if err == nil {
		return nil
	}
	m, ok := v.(proto.Message)
	if !ok || !envServiceInputs[m.ProtoReflect().Descriptor().FullName()] {
		return err // another service's message (health, reflection): gRPC's answer
	}
	proto.Reset(m)
	c.bad.m.Store(v, err)
	return nil
}

// withMalformedCheck returns a copy of desc whose unary handlers refuse a
// request noted in bad. (gRPC decodes a unary request inside the generated
// handler, before any interceptor runs, so the decoding function is
// wrapped here.)
func withMalformedCheck(desc *grpc.ServiceDesc, bad *malformed) *grpc.ServiceDesc {
	d := *desc
	d.Methods = make([]grpc.MethodDesc, len(desc.Methods))
	for i, m := range desc.Methods {
		h := m.Handler
		m.Handler = func(srv any, ctx context.Context, dec func(any) error, in grpc.UnaryServerInterceptor) (any, error) {
			return h(srv, ctx, func(v any) error {
				if err := dec(v); err != nil {
					return err
				}
				return bad.take(v)
			}, in)
		}
		d.Methods[i] = m
	}
	return &d
}
