//go:build unix

package regfiletest

import "syscall"

// nonBlock is the flag that keeps an open(2) of a named pipe from blocking.
const nonBlock = syscall.O_NONBLOCK

// mkfifo makes a named pipe at path.
func mkfifo(path string) error { return syscall.Mkfifo(path, 0o600) }
