package pgtest

import "syscall"

// procAttr runs a child as cred (nil: as this process's user), killed
// (SIGQUIT: PostgreSQL's immediate shutdown) if the test binary dies first.
func procAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
}
