package main

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"strings"
)

// machine returns the machine line: CPU model, cores, Go version, OS/arch.
func machine() string {
	return fmt.Sprintf("%s, %d cores, %s, %s/%s", cpuModel(), runtime.NumCPU(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// cpuModel returns the CPU model name from /proc/cpuinfo, or "unknown CPU".
func cpuModel() string {
	f, err := os.Open("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if k, v, ok := strings.Cut(sc.Text(), ":"); ok && strings.TrimSpace(k) == "model name" {
			return strings.TrimSpace(v)
		}
	}
	return "unknown CPU"
}

// loadAverage returns the one-minute load average from /proc/loadavg, or "?".
func loadAverage() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	if f := strings.Fields(string(data)); len(f) > 0 {
		return f[0]
	}
	return "?"
}
