package flickago_test

import (
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickago"
)

func TestEnv_SeatNames(t *testing.T) {
	e, err := flickago.NewEnv(flickago.DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	if got := env.SeatNames(e); !slices.Equal(got, []string{"white", "black"}) {
		t.Errorf("seat names %q, want white, black", got)
	}
}
