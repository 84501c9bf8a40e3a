package enum_test

import (
	"testing"

	"github.com/flickarena/flickarena/internal/enum"
)

type signed int8

type unsigned uint8

// TestName: a value names covers is its name; one below 0, past the names or named "" is
// typ(v) in decimal.
func TestName(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{enum.Name(signed(0), "S", "a", "b"), "a"},
		{enum.Name(signed(1), "S", "a", "b"), "b"},
		{enum.Name(signed(2), "S", "a", "b"), "S(2)"},
		{enum.Name(signed(-3), "S", "a", "b"), "S(-3)"},
		{enum.Name(unsigned(0), "u", "", "x"), "u(0)"},
		{enum.Name(unsigned(1), "u", "", "x"), "x"},
		{enum.Name(unsigned(255), "u", "", "x"), "u(255)"},
		{enum.Name(7, "Int"), "Int(7)"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
