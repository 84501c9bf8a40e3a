package replay_test

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/flickarena/flickarena/env/race"
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

// raceReplay records a game of Race.
func raceReplay(t *testing.T) *replay.Replay {
	t.Helper()
	return play(t, newRegistry(t), race.ID, nil, 42, 0)
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

// gzipped compresses data as one gzip member.
func gzipped(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// TestRead_GzipBomb checks that Read stops a gzip bomb at its caps (issue 14, item 11): a
// single endless line at MaxLineBytes, endless blank lines at MaxBytes, both with an error
// wrapping ErrTooLarge (and ErrFormat), without inflating the rest.
func TestRead_GzipBomb(t *testing.T) {
	header := `{"type":"header","format":"flickarena-replay/1","game":"g-v1","heads":[],"dims":[],"frame_interval":0.01,"pieces":{},"view":{},"hash":"0000000000000001"}` + "\n"
	zeros := make([]byte, 1<<20)
	for _, tc := range []struct {
		name   string
		chunk  []byte
		prefix string
		want   string
		total  int // uncompressed size of the bomb, bytes
	}{
		{"one long line", zeros, header, "longer than", 4 * replay.MaxBytes},
		{"many blank lines", bytes.Repeat([]byte(strings.Repeat(" ", 1023)+"\n"), 1<<10), header, "more than", 4 * replay.MaxBytes},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A gzip stream of many members inflates to their concatenation: compress the
			// chunk once and repeat it.
			bomb := gzipped(t, []byte(tc.prefix))
			member := gzipped(t, tc.chunk)
			for i := 0; i < tc.total/len(tc.chunk); i++ {
				bomb = append(bomb, member...)
			}
			if len(bomb) > tc.total/100 {
				t.Fatalf("test bug: bomb of %d bytes is no bomb", len(bomb))
			}
			cr := &countingReader{r: bytes.NewReader(bomb)}
			_, err := replay.Read(cr)
			if !errors.Is(err, replay.ErrTooLarge) || !errors.Is(err, replay.ErrFormat) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Read = %v; want an error wrapping ErrTooLarge saying %q", err, tc.want)
			}
			// It stopped early: well before the end of the compressed input.
			if cr.n > int64(len(bomb))/2 {
				t.Errorf("read %d of %d compressed bytes before failing", cr.n, len(bomb))
			}
		})
	}
	t.Run("plain long line", func(t *testing.T) {
		in := header + `{"type":"step","i":0,"label":"` + strings.Repeat("x", replay.MaxLineBytes) + `"}` + "\n"
		if _, err := replay.Read(strings.NewReader(in)); !errors.Is(err, replay.ErrTooLarge) || !strings.Contains(err.Error(), "line 2") {
			t.Errorf("Read = %v; want ErrTooLarge at line 2", err)
		}
	})
}
