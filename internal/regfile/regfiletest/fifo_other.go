//go:build !unix

package regfiletest

import "errors"

// nonBlock is 0: there are no named pipes to open here.
const nonBlock = 0

// mkfifo fails: named pipes in the file system are a Unix thing.
func mkfifo(string) error { return errors.New("named pipes are not supported on this system") }
