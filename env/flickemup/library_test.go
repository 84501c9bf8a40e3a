package flickemup_test

import (
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
)

func TestLibrary_AllParse(t *testing.T) {
	infos := flickemup.List()
	if len(infos) == 0 {
		t.Fatal("List() is empty")
	}
	for _, in := range infos {
		if _, err := flickemup.Load(in.Name); err != nil {
			t.Errorf("Load(%q): %v", in.Name, err)
		}
	}
	if _, err := flickemup.Load("no-such"); err == nil {
		t.Error("Load(no-such) succeeded")
	}
}
