package replay

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/flickarena/flickarena/internal/regfile"
)

// Ext and GzipExt are the file extensions of a replay: JSON lines, and JSON lines compressed
// with gzip.
const (
	Ext     = ".jsonl"
	GzipExt = ".jsonl.gz"
)

// Marshal returns r as JSON lines: the header, each step, the end (if any), one record per
// line, each ending with a newline.
func Marshal(r *Replay) ([]byte, error) {
	var buf bytes.Buffer
	if err := Write(&buf, r); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// Write writes r to w as JSON lines (see [Marshal]).
func Write(w io.Writer, r *Replay) error {
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	h := r.Header
	h.Type = TypeHeader
	if h.Format == "" {
		h.Format = Format
	}
	if err := enc.Encode(h); err != nil {
		return fmt.Errorf("replay: write header: %w", err)
	}
	for i, s := range r.Steps {
		s.Type = TypeStep
		if err := enc.Encode(s); err != nil {
			return fmt.Errorf("replay: write step %d: %w", i, err)
		}
	}
	if r.End != nil {
		e := *r.End
		e.Type = TypeEnd
		if err := enc.Encode(e); err != nil {
			return fmt.Errorf("replay: write end: %w", err)
		}
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("replay: write: %w", err)
	}
	return nil
}

// Read reads a replay written by [Write], plain or compressed with gzip (recognised by its
// magic number). A replay without an end line (a recording in progress) is read as it is.
// A replay of another format version, or one whose lines are out of order, is an error
// wrapping [ErrFormat]; one larger than [MaxBytes] or with a line longer than
// [MaxLineBytes] (counted after decompression) is an error wrapping [ErrTooLarge], found
// without reading further.
func Read(rd io.Reader) (*Replay, error) {
	br := bufio.NewReader(rd)
	var src io.Reader = br
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("replay: read: %w", err)
		}
		defer zr.Close()
		src = zr
	}
	lr := &io.LimitedReader{R: src, N: MaxBytes + 1}
	lines := bufio.NewReader(lr)
	var r *Replay
	for n := 1; ; n++ {
		line, err := readLine(lines)
		if lr.N <= 0 {
			return nil, fmt.Errorf("%w: more than %d bytes (line %d)", ErrTooLarge, MaxBytes, n)
		}
		if errors.Is(err, errLineTooLong) {
			return nil, fmt.Errorf("%w: line %d is longer than %d bytes", ErrTooLarge, n, MaxLineBytes)
		}
		if len(bytes.TrimSpace(line)) > 0 {
			var perr error
			if r, perr = parseLine(r, line, n); perr != nil {
				return nil, perr
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("replay: read line %d: %w", n, err)
		}
	}
	if r == nil {
		return nil, fmt.Errorf("%w: empty input", ErrFormat)
	}
	return r, nil
}

// errLineTooLong is returned by readLine for a line longer than MaxLineBytes.
var errLineTooLong = errors.New("line too long")

// readLine returns the next line of br with its newline, io.EOF with the last line if it
// has none, or errLineTooLong as soon as the line exceeds MaxLineBytes.
func readLine(br *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		frag, err := br.ReadSlice('\n')
		if len(line)+len(frag) > MaxLineBytes+1 { // +1: the newline
			return nil, errLineTooLong
		}
		line = append(line, frag...)
		if !errors.Is(err, bufio.ErrBufferFull) {
			if len(bytes.TrimSuffix(line, []byte("\n"))) > MaxLineBytes {
				return nil, errLineTooLong
			}
			return line, err
		}
	}
}

// parseLine adds one line to r (nil before the header).
func parseLine(r *Replay, line []byte, n int) (*Replay, error) {
	var kind struct {
		Type   string `json:"type"`
		Format string `json:"format"`
	}
	if err := json.Unmarshal(line, &kind); err != nil {
		return nil, fmt.Errorf("%w: line %d: %w", ErrFormat, n, err)
	}
	if r == nil && kind.Type != TypeHeader {
		return nil, fmt.Errorf("%w: line %d: the first line is a %q record, not a header", ErrFormat, n, kind.Type)
	}
	if r != nil && r.End != nil {
		return nil, fmt.Errorf("%w: line %d: a %q record after the end", ErrFormat, n, kind.Type)
	}
	switch kind.Type {
	case TypeHeader:
		if r != nil {
			return nil, fmt.Errorf("%w: line %d: a second header", ErrFormat, n)
		}
		if kind.Format != Format {
			return nil, fmt.Errorf("%w: line %d: format %q, this reader knows %q", ErrFormat, n, kind.Format, Format)
		}
		r = &Replay{}
		if err := json.Unmarshal(line, &r.Header); err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrFormat, n, err)
		}
		if d := r.Header.Drawing; d != nil {
			if err := d.Validate(); err != nil {
				return nil, fmt.Errorf("%w: line %d: %w", ErrFormat, n, err)
			}
		}
	case TypeStep:
		var s Step
		if err := json.Unmarshal(line, &s); err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrFormat, n, err)
		}
		if s.Index != len(r.Steps) {
			return nil, fmt.Errorf("%w: line %d: step %d where step %d was expected", ErrFormat, n, s.Index, len(r.Steps))
		}
		r.Steps = append(r.Steps, s)
	case TypeEnd:
		var e End
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, fmt.Errorf("%w: line %d: %w", ErrFormat, n, err)
		}
		r.End = &e
	default:
		return nil, fmt.Errorf("%w: line %d: unknown record type %q", ErrFormat, n, kind.Type)
	}
	return r, nil
}

// WriteFile writes r to path, compressed with gzip when path ends in ".gz". It writes a
// temporary file in the same directory and renames it, so that a reader never sees half a
// replay.
func WriteFile(path string, r *Replay) error {
	data, err := Marshal(r)
	if err != nil {
		return err
	}
	if strings.HasSuffix(path, ".gz") {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression) // the level is valid
		if _, err := zw.Write(data); err != nil {
			return fmt.Errorf("replay: compress: %w", err)
		}
		if err := zw.Close(); err != nil {
			return fmt.Errorf("replay: compress: %w", err)
		}
		data = buf.Bytes()
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".replay-*")
	if err != nil {
		return fmt.Errorf("replay: write file: %w", err)
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("replay: write file: %w", err)
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("replay: write file: %w", err)
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("replay: write file: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("replay: write file: %w", err)
	}
	return nil
}

// ReadFile reads the replay at path (see [Read]), a regular file: anything else (a named
// pipe, a device, a directory) is refused and never opened, so that it cannot block the call
// in open(2).
func ReadFile(path string) (*Replay, error) {
	f, _, err := regfile.Open(path)
	if err != nil {
		return nil, fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	r, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}
