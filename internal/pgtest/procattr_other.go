//go:build unix && !linux

package pgtest

import "syscall"

// procAttr runs a child as cred (nil: as this process's user).
func procAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred}
}
