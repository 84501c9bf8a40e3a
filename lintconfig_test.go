package flickarena_test

import (
	"fmt"
	"os"
	"slices"
	"testing"

	"go.yaml.in/yaml/v3"
)

// unexplainedLint returns what the golangci-lint configuration cfg turns on without saying
// why: every enabled linter and every exclusion rule needs a comment line of its own above it.
// It also refuses a configuration that keeps golangci-lint's default set (linters.default
// other than none), since the enabled list is then not the whole contract.
func unexplainedLint(cfg []byte) ([]string, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(cfg, &doc); err != nil {
		return nil, fmt.Errorf(".golangci.yml: %w", err)
	}
	if len(doc.Content) != 1 {
		return nil, fmt.Errorf(".golangci.yml: not one YAML document")
	}
	linters := mapValue(doc.Content[0], "linters")
	if linters == nil {
		return nil, fmt.Errorf(".golangci.yml: no linters section")
	}
	var out []string
	if d := mapValue(linters, "default"); d == nil || d.Value != "none" {
		out = append(out, "linters.default is not none: the enabled list is not the whole contract")
	}
	enable := mapValue(linters, "enable")
	if enable == nil || enable.Kind != yaml.SequenceNode || len(enable.Content) == 0 {
		return append(out, "linters.enable lists no linter"), nil
	}
	for _, l := range enable.Content {
		if l.HeadComment == "" {
			out = append(out, fmt.Sprintf("line %d: linter %s has no comment saying why", l.Line, l.Value))
		}
	}
	if rules := mapValue(mapValue(linters, "exclusions"), "rules"); rules != nil {
		for _, r := range rules.Content {
			if r.HeadComment == "" {
				out = append(out, fmt.Sprintf("line %d: exclusion rule has no comment saying why", r.Line))
			}
		}
	}
	return out, nil
}

// mapValue returns the value of key in mapping node m, or nil.
func mapValue(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// TestLintConfig_SaysWhy keeps the convention of .golangci.yml: each enabled linter (and each
// exclusion) is there for a reason, written in a comment above it.
func TestLintConfig_SaysWhy(t *testing.T) {
	cfg, err := os.ReadFile(".golangci.yml")
	if err != nil {
		t.Fatal(err)
	}
	got, err := unexplainedLint(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range got {
		t.Errorf(".golangci.yml: %s", g)
	}
}

// TestLintConfig_SaysWhy_Planted proves the check can fail: a linter, an exclusion without a
// comment and a default set are reported.
func TestLintConfig_SaysWhy_Planted(t *testing.T) {
	cfg := []byte(`version: "2"
linters:
  default: standard
  enable:
    # Explained.
    - staticcheck
    - errorlint
  exclusions:
    rules:
      - path: x\.go
        linters: [staticcheck]
`)
	got, err := unexplainedLint(cfg)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"linters.default is not none: the enabled list is not the whole contract",
		"line 7: linter errorlint has no comment saying why",
		"line 10: exclusion rule has no comment saying why",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
