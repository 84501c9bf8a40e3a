package browsertest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
)

// Environment variables read by this package; see the package documentation.
const (
	// EnvChrome names the browser binary to use instead of searching PATH.
	EnvChrome = "FLICKARENA_CHROME"
	// EnvArtifacts names the directory for test artefacts.
	EnvArtifacts = "FLICKARENA_ARTIFACTS"
	// EnvCI, when set, turns a missing browser into a test failure.
	EnvCI = "CI"
)

// Candidates are the program names FindChrome looks for on PATH, in order.
var Candidates = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// ErrNoBrowser is returned by FindChrome when no browser is installed.
var ErrNoBrowser = errors.New("browsertest: no Chromium or Chrome found on PATH")

// installHint tells a developer how to get a browser.
const installHint = "run scripts/install-browser, or set " + EnvChrome + " to a Chromium binary"

// FindChrome returns the path of the browser to run: the value of
// FLICKARENA_CHROME if set (looked up on PATH when it is a bare name),
// otherwise the first of [Candidates] found on PATH. It returns an error
// wrapping [ErrNoBrowser] when there is none, and an error naming the variable
// when FLICKARENA_CHROME is set but not executable.
func FindChrome() (string, error) {
	if name := os.Getenv(EnvChrome); name != "" {
		path, err := exec.LookPath(name)
		if err != nil {
			return "", fmt.Errorf("browsertest: %s=%q: %w", EnvChrome, name, err)
		}
		return path, nil
	}
	for _, name := range Candidates {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", ErrNoBrowser
}

// unavailable decides what a test does without a browser: it fails (true)
// when the CI variable is set and skips otherwise; msg says why and how to
// install one. getenv is os.Getenv, injected for tests.
func unavailable(err error, getenv func(string) string) (fail bool, msg string) {
	return getenv(EnvCI) != "", fmt.Sprintf("%v; %s", err, installHint)
}
