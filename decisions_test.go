package flickarena_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDecisionRecords holds docs/decisions/ to the form its README promises: every record has
// its four sections (Context, Decision, Measurement, Consequences) and one row in the index,
// and every row of the index names a record that exists.
func TestDecisionRecords(t *testing.T) {
	dir := filepath.Join("docs", "decisions")
	index, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string]int{}
	for _, m := range regexp.MustCompile(`(?m)^\|[^|]*\| \[[^\]]+\]\(([^)]+\.md)\)`).FindAllStringSubmatch(string(index), -1) {
		rows[m[1]]++
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	records := map[string]bool{}
	for _, f := range files {
		name := filepath.Base(f)
		if name == "README.md" {
			continue
		}
		records[name] = true
		text, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range []string{"Context", "Decision", "Measurement", "Consequences"} {
			if !regexp.MustCompile(`(?m)^## ` + h + `\b`).Match(text) {
				t.Errorf("%s: no section %q (a record has Context, Decision, Measurement, Consequences)", f, "## "+h)
			}
		}
		if !strings.HasPrefix(string(text), "# ") {
			t.Errorf("%s: does not start with its title (# ...)", f)
		}
		if rows[name] != 1 {
			t.Errorf("%s: %d rows in docs/decisions/README.md's index, want 1", f, rows[name])
		}
	}
	for name := range rows {
		if !records[name] {
			t.Errorf("docs/decisions/README.md: a row names %s, which does not exist", name)
		}
	}
	if len(records) < 10 {
		t.Fatalf("found %d records under %s: wrong directory?", len(records), dir)
	}
}
