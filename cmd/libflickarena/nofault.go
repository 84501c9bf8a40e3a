//go:build !fault

package main

import (
	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
)

// registerTestGames registers nothing: the test-only game is in the fault build only
// (fault.go).
func registerTestGames(*env.Registry) error { return nil }

// testHook sees every decoded request; it does nothing outside the fault build.
func testHook(proto.Message) {}
