package flickemup

import (
	"embed"
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"
)

// files holds our scenarios, one file per scenario, named <name>.scn.
//
//go:embed scenarios/*.scn
var files embed.FS

// DefaultScenario is the scenario played when none is named: a plain showdown.
const DefaultScenario = "showdown"

// Ext is the file extension of scenario files.
const Ext = ".scn"

// Info describes a scenario for a listing.
type Info struct {
	// Name is the scenario's identifier.
	Name string
	// Title is its display name.
	Title string
	// Description is its short story.
	Description string
}

// library is the parsed embedded scenarios, built once.
var library struct {
	once   sync.Once
	byName map[string]*Scenario
	names  []string
	err    error
}

// loadLibrary parses every embedded scenario.
func loadLibrary() {
	library.byName = map[string]*Scenario{}
	entries, err := files.ReadDir("scenarios")
	if err != nil {
		library.err = fmt.Errorf("flickemup: embedded scenarios: %w", err)
		return
	}
	var errs []string
	for _, e := range entries {
		name := e.Name()
		if !strings.HasSuffix(name, Ext) {
			continue
		}
		data, err := files.ReadFile(path.Join("scenarios", name))
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		sc, err := Parse(name, data)
		if err != nil {
			errs = append(errs, err.Error())
			continue
		}
		if want := strings.TrimSuffix(name, Ext); sc.Name != want {
			errs = append(errs, fmt.Sprintf("flickemup: %s: scenario is named %q, want %q", name, sc.Name, want))
			continue
		}
		library.byName[sc.Name] = sc
		library.names = append(library.names, sc.Name)
	}
	sort.Strings(library.names)
	if len(errs) > 0 {
		library.err = fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
}

// List returns our scenarios, sorted by name.
func List() []Info {
	library.once.Do(loadLibrary)
	out := make([]Info, 0, len(library.names))
	for _, n := range library.names {
		sc := library.byName[n]
		out = append(out, Info{Name: sc.Name, Title: sc.Title, Description: sc.Story})
	}
	return out
}

// Load returns our scenario called name. The scenario is shared: do not modify it.
func Load(name string) (*Scenario, error) {
	library.once.Do(loadLibrary)
	if sc, ok := library.byName[name]; ok {
		return sc, nil
	}
	if library.err != nil {
		return nil, fmt.Errorf("flickemup: scenario %q: %w", name, library.err)
	}
	return nil, fmt.Errorf("flickemup: no scenario %q (have %s)", name, strings.Join(library.names, ", "))
}

// Source returns the text of our scenario file called name, a model for designers.
func Source(name string) ([]byte, error) {
	data, err := files.ReadFile(path.Join("scenarios", name+Ext))
	if err != nil {
		return nil, fmt.Errorf("flickemup: no scenario %q", name)
	}
	return data, nil
}

// ParseFile reads and parses the scenario file at path, a regular file: anything else (a
// named pipe, a device such as /dev/zero, a directory) is refused and never opened, so that
// it cannot block the call in open(2). It reads at most [MaxFileBytes] and one byte more, so
// a huge file is refused, not read whole. The problems of a file reached through a symbolic
// link that leads out of the directory holding the link quote none of its text: they are
// one [*ParseError] saying where the first is and how many there are.
func ParseFile(path string) (*Scenario, error) {
	data, size, quote, err := readScenarioFile(path)
	if err != nil {
		return nil, fmt.Errorf("flickemup: %w", err)
	}
	if size > MaxFileBytes {
		return nil, tooLarge(path, size)
	}
	sc, err := Parse(path, data)
	var pe ParseErrors
	if err != nil && !quote && errors.As(err, &pe) {
		return nil, unquoted(path, pe)
	}
	return sc, err
}

// ValidateFile checks the scenario file at path and returns every problem found, each a
// [*ParseError] naming the file, the line and the field (or the read error); nil if the file
// is a valid scenario.
func ValidateFile(path string) []error {
	_, err := ParseFile(path)
	if err == nil {
		return nil
	}
	var pe ParseErrors
	if errors.As(err, &pe) {
		out := make([]error, len(pe))
		for i, e := range pe {
			out[i] = e
		}
		return out
	}
	return []error{err}
}
