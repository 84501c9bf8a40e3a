package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// run drives Main as a user would, returning what it printed.
func run(t *testing.T, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	var out, errb bytes.Buffer
	err = Main(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), err
}

func TestMain_Help(t *testing.T) {
	out, _, err := run(t, "help")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "physics-demo") {
		t.Errorf("help does not list physics-demo:\n%s", out)
	}
	if _, errOut, err := run(t, "frobnicate"); !errors.Is(err, errUsage) || !strings.Contains(errOut, `unknown command "frobnicate"`) {
		t.Errorf("unknown command: err %v, stderr %q", err, errOut)
	}
}

func TestPhysicsDemo(t *testing.T) {
	out, _, err := run(t, "physics-demo")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Contacts, in order:", "outlaw 2 touches the bullet", "Hit: outlaw 2", "lying down"} {
		if !strings.Contains(out, want) {
			t.Errorf("demo output lacks %q:\n%s", want, out)
		}
	}
	if _, _, err := run(t, "physics-demo", "-shooter", "9"); err == nil {
		t.Error("shooter 9 accepted")
	}
	if _, _, err := run(t, "physics-demo", "-side", "up"); err == nil {
		t.Error("side up accepted")
	}
	if _, _, err := run(t, "physics-demo", "-bogus"); !errors.Is(err, errUsage) {
		t.Errorf("bad flag: err %v, want errUsage", err)
	}
}
