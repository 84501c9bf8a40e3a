package arena_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/arena"
)

func TestCheckBotName(t *testing.T) {
	for _, ok := range []string{"random", "planner-lite", "v1.2+x_y", strings.Repeat("a", arena.MaxBotNameLen)} {
		if err := arena.CheckBotName(ok); err != nil {
			t.Errorf("%q refused: %v", ok, err)
		}
	}
	for _, bad := range []string{"", "a b", "a,b", "a|b", "é", "x\x00", "\x1b[31m", "\xff", strings.Repeat("a", arena.MaxBotNameLen+1)} {
		err := arena.CheckBotName(bad)
		if !errors.Is(err, arena.ErrBadBotName) {
			t.Errorf("%q accepted (err %v)", bad, err)
		}
		safe := arena.SafeBotName(bad)
		if err := arena.CheckBotName(safe); err != nil {
			t.Errorf("SafeBotName(%q) = %q, refused: %v", bad, safe, err)
		}
	}
	if arena.SafeBotName("a b") == arena.SafeBotName("a_b") || arena.SafeBotName("a b") == arena.SafeBotName("a\tb") {
		t.Error("two bad names share a safe form")
	}
	if err := arena.CheckBotVersion("1.0 (beta)"); err != nil {
		t.Error(err)
	}
	for _, bad := range []string{"", "v\x1b", strings.Repeat("1", arena.MaxBotVersionLen+1)} {
		if err := arena.CheckBotVersion(bad); err == nil {
			t.Errorf("version %q accepted", bad)
		}
	}
}
