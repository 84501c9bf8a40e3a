package replay_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/env/dummy"
	"github.com/flickarena/flickarena/replay"
)

func stringsReader(s string) *strings.Reader { return strings.NewReader(s) }

func TestRead_Errors(t *testing.T) {
	header := `{"type":"header","format":"flickarena-replay/1","game":"g-v1","heads":[],"dims":[],"frame_interval":0.01,"pieces":{},"view":{},"hash":"0000000000000001"}`
	step := func(i string) string {
		return `{"type":"step","i":` + i + `,"player":0,"action":{"d":[],"c":[]},"status":"running","hash":"0000000000000002","view":null}`
	}
	end := `{"type":"end","status":"terminated","steps":1,"hash":"0000000000000002"}`
	tests := []struct {
		name, input string
	}{
		{"Empty", ""},
		{"NotJSON", "hello\n"},
		{"NoHeader", step("0") + "\n"},
		{"OtherFormat", strings.Replace(header, "replay/1", "replay/2", 1) + "\n"},
		{"TwoHeaders", header + "\n" + header + "\n"},
		{"StepOutOfOrder", header + "\n" + step("1") + "\n"},
		{"AfterEnd", header + "\n" + step("0") + "\n" + end + "\n" + step("1") + "\n"},
		{"UnknownType", header + "\n" + `{"type":"comment"}` + "\n"},
		{"BadHash", strings.Replace(header, "0000000000000001", "xyz", 1) + "\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := replay.Read(strings.NewReader(tt.input))
			if !errors.Is(err, replay.ErrFormat) {
				t.Errorf("Read = %v, %v; want an error wrapping ErrFormat", r, err)
			}
		})
	}
	t.Run("OK", func(t *testing.T) {
		r, err := replay.Read(strings.NewReader(header + "\n\n" + step("0") + "\n" + end)) // no final newline
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Steps) != 1 || r.End == nil || r.Header.Hash != 1 || r.Steps[0].Hash != 2 {
			t.Errorf("got %+v", r)
		}
	})
}

// raceReplay records a game of the dummy Race.
func raceReplay(t *testing.T) *replay.Replay {
	t.Helper()
	return play(t, newRegistry(t), dummy.ID, nil, 42, 0)
}

func TestWriteRead_RoundTrip(t *testing.T) {
	r := raceReplay(t)
	data, err := replay.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n != len(r.Steps)+2 {
		t.Errorf("%d lines, want %d (header, steps, end)", n, len(r.Steps)+2)
	}
	for _, name := range []string{"game" + replay.Ext, "game" + replay.GzipExt} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), name)
			if err := replay.WriteFile(path, r); err != nil {
				t.Fatal(err)
			}
			got, err := replay.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(r, got); diff != "" {
				t.Errorf("read back differs (-want +got):\n%s", diff)
			}
			again, err := replay.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again, data) {
				t.Error("written again, the replay is not the same bytes")
			}
		})
	}
	t.Run("GzipStream", func(t *testing.T) {
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		zw.Write(data)
		zw.Close()
		got, err := replay.Read(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Steps) != len(r.Steps) {
			t.Errorf("%d steps, want %d", len(got.Steps), len(r.Steps))
		}
	})
}

func TestHash_JSON(t *testing.T) {
	for _, h := range []replay.Hash{0, 1, 0xdeadbeef, 1<<64 - 1} {
		b, err := h.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != 18 {
			t.Errorf("%v encodes as %s, want 16 quoted digits", uint64(h), b)
		}
		var got replay.Hash
		if err := got.UnmarshalJSON(b); err != nil || got != h {
			t.Errorf("round trip of %v: %v, %v", uint64(h), uint64(got), err)
		}
	}
	var h replay.Hash
	for _, bad := range []string{`12`, `"xyz"`, `"12345678901234567"`} {
		if err := h.UnmarshalJSON([]byte(bad)); err == nil {
			t.Errorf("UnmarshalJSON(%s) succeeded", bad)
		}
	}
}
