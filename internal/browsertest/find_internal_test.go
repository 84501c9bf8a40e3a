package browsertest

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fakeBrowser writes an executable file called name into dir and returns its
// path.
func fakeBrowser(t *testing.T, dir, name string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte("#!/bin/sh\nexit 0\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestFindChrome(t *testing.T) {
	dir := t.TempDir()
	both := t.TempDir()
	fakeBrowser(t, dir, "chromium-browser")
	fakeBrowser(t, both, "google-chrome")
	wantFirst := fakeBrowser(t, both, "chromium") // earlier in Candidates
	custom := fakeBrowser(t, t.TempDir(), "my-chrome")

	tests := []struct {
		name     string
		path     string // PATH
		override string // FLICKARENA_CHROME
		want     string // "" when an error is expected
		wantErr  error  // checked with errors.Is when not nil
	}{
		{"SecondCandidate", dir, "", filepath.Join(dir, "chromium-browser"), nil},
		{"FirstCandidateWins", both, "", wantFirst, nil},
		{"OverridePath", dir, custom, custom, nil},
		{"OverrideName", filepath.Dir(custom), "my-chrome", custom, nil},
		{"OverrideMissing", both, filepath.Join(dir, "nope"), "", nil},
		{"ErrNoBrowser", t.TempDir(), "", "", ErrNoBrowser},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Setenv("PATH", tt.path)
			t.Setenv(EnvChrome, tt.override)
			got, err := FindChrome()
			if tt.want == "" {
				if err == nil {
					t.Fatalf("FindChrome() = %q, want an error", got)
				}
				if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
					t.Errorf("error %v, want %v", err, tt.wantErr)
				}
				if tt.override != "" && !strings.Contains(err.Error(), EnvChrome) {
					t.Errorf("error %q does not name %s", err, EnvChrome)
				}
				return
			}
			if err != nil {
				t.Fatalf("FindChrome(): %v", err)
			}
			if got != tt.want {
				t.Errorf("FindChrome() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestUnavailable(t *testing.T) {
	tests := []struct {
		name     string
		ci       string
		wantFail bool
	}{
		{"Local", "", false},
		{"CI", "true", true},
		{"CIAnyValue", "1", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == EnvCI {
					return tt.ci
				}
				return ""
			}
			fail, msg := unavailable(ErrNoBrowser, getenv)
			if fail != tt.wantFail {
				t.Errorf("fail = %v, want %v", fail, tt.wantFail)
			}
			if !strings.Contains(msg, "scripts/install-browser") {
				t.Errorf("message %q does not say to run scripts/install-browser", msg)
			}
		})
	}
}

func TestArtifactName(t *testing.T) {
	t.Run("sub test/with space", func(t *testing.T) {
		got := ArtifactName(t, "report page.png")
		want := "TestArtifactName_sub_test_with_space-report_page.png"
		if got != want {
			t.Errorf("ArtifactName = %q, want %q", got, want)
		}
	})
}

func TestArtifactDir(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	t.Setenv(EnvArtifacts, dir)
	if got := ArtifactDir(t); got != dir {
		t.Errorf("ArtifactDir = %q, want %q", got, dir)
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		t.Errorf("ArtifactDir did not create %s: %v", dir, err)
	}
	t.Setenv(EnvArtifacts, "")
	if got := ArtifactDir(t); got == dir || got == "" {
		t.Errorf("ArtifactDir without %s = %q, want a fresh temporary directory", EnvArtifacts, got)
	}
}
