package store

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrDamaged is returned by [Open] and [OpenReadOnly] for an
// SQLite file that fails SQLite's quick integrity check (PRAGMA
// quick_check): pages overwritten or lost. The arena neither reads nor
// writes such a file: games appended to it might never be read back, and
// what it reads from it might be wrong.
var ErrDamaged = errors.New("arena: damaged database file")

// Result codes of SQLite that say a file is not a sound database.
const (
	sqliteCorrupt = 11 // SQLITE_CORRUPT: the database disk image is malformed
	sqliteNotADB  = 26 // SQLITE_NOTADB: the file is not a database
)

// quickCheckLines is how many of quick_check's problems a message quotes.
const quickCheckLines = 3

// maxProblemLen is the longest report of quick_check a message quotes, in
// bytes.
const maxProblemLen = 400

// quickCheck runs SQLite's quick integrity check (PRAGMA quick_check: every
// page and b-tree, without comparing indexes to their tables; its time
// grows with the file's size) on the SQLite database db at path. It fails
// with an error matching [ErrDamaged], naming path and saying what to do,
// when the check finds a problem or the file is not a database; that error
// needs no further context.
func quickCheck(ctx context.Context, db *sqlDB, path string) error {
	var problems []string
	err := retryBusy(ctx, func() error {
		problems = problems[:0]
		rows, err := db.QueryContext(ctx, fmt.Sprintf("PRAGMA quick_check(%d)", quickCheckLines))
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var line string
			if err := rows.Scan(&line); err != nil {
				return err
			}
			problems = append(problems, line)
		}
		return rows.Err()
	})
	var coded interface{ Code() int }
	switch {
	case err != nil && errors.As(err, &coded) && (coded.Code()&0xff == sqliteCorrupt || coded.Code()&0xff == sqliteNotADB):
		return damaged(path, err.Error())
	case err != nil:
		return fmt.Errorf("integrity check: %w", err) // the caller names the store
	case len(problems) == 1 && problems[0] == "ok":
		return nil
	case len(problems) == 0:
		return damaged(path, "no answer")
	}
	return damaged(path, strings.Join(problems, "; "))
}

// damagedError is the error for the damaged SQLite file at path; problem
// is what the check found.
type damagedError struct{ path, problem string }

// damaged returns the error for the damaged SQLite file at path.
func damaged(path, problem string) error {
	problem = strings.Join(strings.Fields(problem), " ")
	if len(problem) > maxProblemLen {
		problem = problem[:maxProblemLen] + "..."
	}
	return &damagedError{path: path, problem: problem}
}

// Error names the file, says what is wrong and what to do.
func (e *damagedError) Error() string {
	return fmt.Sprintf("arena: the results database %q is damaged: it fails SQLite's integrity check (%s); "+
		"restore it from a backup, or salvage its readable rows into a new file with "+
		"'sqlite3 %s .recover | sqlite3 recovered.db'; the arena neither reads nor writes it as it is",
		e.path, e.problem, e.path)
}

// Is makes the error match [ErrDamaged].
func (e *damagedError) Is(target error) bool { return target == ErrDamaged }
