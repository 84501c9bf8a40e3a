package env_test

import (
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env"
)

func TestOptions(t *testing.T) {
	o := env.Options{"n": " 12 ", "x": "0.25", "b": "true", "s": "showdown", "bad": "1.5x", "inf": "Inf"}
	if n, err := o.Int("n", 3); n != 12 || err != nil {
		t.Errorf("Int(n) = %d, %v", n, err)
	}
	if n, err := o.Int("missing", 3); n != 3 || err != nil {
		t.Errorf("Int(missing) = %d, %v", n, err)
	}
	if _, err := o.Int("x", 0); err == nil || !strings.Contains(err.Error(), `option "x"`) {
		t.Errorf("Int(x) error = %v", err)
	}
	if x, err := o.Float("x", 1); x != 0.25 || err != nil {
		t.Errorf("Float(x) = %g, %v", x, err)
	}
	for _, k := range []string{"bad", "inf"} {
		if _, err := o.Float(k, 1); err == nil {
			t.Errorf("Float(%s) accepted %q", k, o[k])
		}
	}
	if b, err := o.Bool("b", false); !b || err != nil {
		t.Errorf("Bool(b) = %v, %v", b, err)
	}
	if _, err := o.Bool("s", false); err == nil {
		t.Errorf("Bool(s) accepted %q", o["s"])
	}
	if s := o.String("s", "x"); s != "showdown" {
		t.Errorf("String(s) = %q", s)
	}
	if s := env.Options(nil).String("s", "def"); s != "def" {
		t.Errorf("nil String = %q", s)
	}
	if err := o.Check("n", "x", "b", "s", "bad", "inf"); err != nil {
		t.Errorf("Check(all) = %v", err)
	}
	if err := o.Check("x", "n", "s"); err == nil || err.Error() != `env: unknown option "b" (known: n, s, x)` {
		t.Errorf("Check = %v", err)
	}
	if err := env.Options(nil).Check(); err != nil {
		t.Errorf("nil Check = %v", err)
	}
}
