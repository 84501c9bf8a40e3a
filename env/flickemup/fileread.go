package flickemup

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/flickarena/flickarena/internal/regfile"
)

// This file reads a scenario file, and decides whether its problems may quote its text.
//
// A parse error quotes the file's text (an unknown directive, a bad value). A file reached
// through a symbolic link that leads out of the directory holding the link may be anything
// its reader can read (a key, a password file), planted by whoever can write the directory
// for whoever reads the errors: its problems quote none of its text, only say where the
// first is and how many there are. A file reached within its directory is quoted as usual.

// readScenarioFile reads the regular file at path (a named pipe, a device or a directory is
// refused, never opened), at most MaxFileBytes and one byte more. It returns the file's size
// as it was opened (bytes) and whether its text may be quoted: true when it was reached
// without leaving its directory (opened through an [os.Root] of it).
func readScenarioFile(path string) (data []byte, size int64, quote bool, err error) {
	f, quote, err := openScenarioFile(path)
	if err != nil {
		return nil, 0, false, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, 0, false, fmt.Errorf("read %s: %w", path, err)
	}
	data, err = io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, 0, false, fmt.Errorf("read %s: %w", path, err)
	}
	return data, st.Size(), quote, nil
}

// openScenarioFile opens the regular file at path, through an os.Root of its directory when
// it can (then its text may be quoted), else by path (a link leading out of the directory:
// its text may not be quoted). Errors name path.
func openScenarioFile(path string) (*os.File, bool, error) {
	if root, err := os.OpenRoot(filepath.Dir(path)); err == nil {
		f, _, err := regfile.OpenIn(root, filepath.Base(path))
		root.Close()
		if err == nil {
			return f, true, nil
		}
	}
	// Not reachable within its directory, or not a regular file: opening by path says which,
	// naming the whole path.
	f, _, err := regfile.Open(path)
	return f, false, err
}

// unquoted returns the problems errs of the file at path as one problem that quotes none of
// the file's text: at the first problem's line, saying how many there are and why they are
// not shown.
func unquoted(path string, errs ParseErrors) ParseErrors {
	first := slices.MinFunc(errs, func(a, b *ParseError) int { return a.Line - b.Line })
	n := fmt.Sprintf("%d problems, the first on this line", len(errs))
	if len(errs) == 1 {
		n = "1 problem, on this line"
	}
	return ParseErrors{{File: path, Line: first.Line, Field: "file",
		Msg: "not a valid scenario (" + n + "); the file is reached through a symbolic link that leads out of its directory, so none of its text is quoted: validate the link's target to see the problems"}}
}
