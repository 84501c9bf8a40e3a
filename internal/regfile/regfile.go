// Package regfile opens user-given files only when they are regular files.
//
// A path a user gives (a scenario file, a replay, a token file, a file of a served
// directory) may name a FIFO, a device or a directory. Opening a FIFO for reading blocks in
// open(2) until a writer comes, which may be never: the goroutine holds an OS thread the
// whole time, no signal or context interrupts it, and a server that opens one per request
// runs out of threads. So a file is checked before it is opened (stat, following links),
// opened with O_NONBLOCK (so that a file swapped for a FIFO in between cannot block the
// open either), and checked again on the open descriptor (fstat): only a regular file is
// returned. On a regular file O_NONBLOCK changes nothing.
package regfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular is wrapped by the error for a path that names something other than a
// regular file (a directory, a device, a named pipe, a socket).
var ErrNotRegular = errors.New("not a regular file")

// TooLargeError is [ReadFile]'s error for a file larger than its limit.
type TooLargeError struct {
	// Path is the file's path.
	Path string
	// Size is the file's size when it was opened (bytes); 0 when it grew past Limit while
	// it was read.
	Size int64
	// Limit is the largest size accepted (bytes).
	Limit int64
}

// Error says "PATH: SIZE bytes, more than the limit of LIMIT bytes".
func (e *TooLargeError) Error() string {
	if e.Size == 0 {
		return fmt.Sprintf("%s: more than the limit of %d bytes", e.Path, e.Limit)
	}
	return fmt.Sprintf("%s: %d bytes, more than the limit of %d bytes", e.Path, e.Size, e.Limit)
}

// openFlags opens for reading without ever blocking in open(2) on a FIFO or a device.
const openFlags = os.O_RDONLY | syscall.O_NONBLOCK

// Open opens the regular file at path for reading and returns it with its information
// (of the open file). Anything other than a regular file is refused, never opened in the
// ordinary case and never read: the error ("PATH: not a regular file (a named pipe)")
// wraps [ErrNotRegular]. Other errors are those of [os.Stat] and [os.OpenFile].
func Open(path string) (*os.File, fs.FileInfo, error) {
	return open(path, os.Stat, os.OpenFile)
}

// OpenIn is [Open] for the file name inside root: the name is resolved by root, so that a
// link leading out of root's directory is refused as root refuses it.
func OpenIn(root *os.Root, name string) (*os.File, fs.FileInfo, error) {
	return open(name, root.Stat, root.OpenFile)
}

// open is [Open] with the stat and the open of a file system (the process's or a root's).
func open(name string, stat func(string) (fs.FileInfo, error), openFile func(string, int, fs.FileMode) (*os.File, error)) (*os.File, fs.FileInfo, error) {
	st, err := stat(name)
	if err != nil {
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, nil, notRegular(name, st.Mode())
	}
	f, err := openFile(name, openFlags, 0)
	if err != nil {
		return nil, nil, err
	}
	return checked(f, name)
}

// ReadFile reads the regular file at path (see [Open]), refusing one larger than limit
// bytes with a [*TooLargeError], also when the file grows past limit while it is read. It
// never reads more than limit+1 bytes.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, st, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st.Size() > limit {
		return nil, &TooLargeError{Path: path, Size: st.Size(), Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, &TooLargeError{Path: path, Limit: limit}
	}
	return data, nil
}

// Kind names the kind of a file mode: "a regular file", "a directory", "a named pipe", …
func Kind(m fs.FileMode) string {
	switch {
	case m.IsRegular():
		return "a regular file"
	case m.IsDir():
		return "a directory"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "mode " + m.Type().String()
}

// checked returns f with its information when it is a regular file; else it closes f and
// refuses it (the path was swapped between the stat and the open).
func checked(f *os.File, name string) (*os.File, fs.FileInfo, error) {
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, nil, notRegular(name, st.Mode())
	}
	return f, st, nil
}

// notRegular is the error for name, of mode m, which is not a regular file.
func notRegular(name string, m fs.FileMode) error {
	return fmt.Errorf("%s: %w (%s)", name, ErrNotRegular, Kind(m))
}
