// Package flickv1 holds the Go code generated from flickarena.proto, the
// Flickarena wire protocol: EnvService (batched games served as pools:
// server info, games, create, reset, step, close, and the Session stream)
// and AgentService (a bot acting on observations). Import it under the alias
// flickv1.
//
// Everything but this file is generated: edit flickarena.proto and run
// `make generate` (pinned protoc from grpcio-tools, protoc-gen-go and
// protoc-gen-go-grpc); `make checkgenerate`, part of `make test`, fails when
// the committed code is stale. The server is package envrpc.
package flickv1
