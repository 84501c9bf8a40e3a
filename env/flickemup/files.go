package flickemup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/flickarena/flickarena/env"
)

// This file serves a designer's scenario files as env games, each under its own id.

// FilePrefix starts the env id of every scenario file served as a game: the file
// path/to/my-town.scn is the game "flickemup/file/my-town-vN" ([FileID]).
const FilePrefix = "flickemup/file/"

// fileStem is the grammar of a file name's stem that can name a game.
var fileStem = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// FileID returns the env id under which the scenario file at path, parsed as sc, is served:
// FilePrefix + the file's base name without ".scn" + "-v" + its version
// ([Scenario.EnvVersion]: its version line, else [RulesVersion]); sc nil stands for a file
// without a version line. The file my-town.scn without a version line is
// "flickemup/file/my-town-v<RulesVersion>". The stem must be lower-case letters, digits, '-'
// and '_', starting with a letter or digit (rename the file otherwise).
func FileID(path string, sc *Scenario) (string, error) {
	base := filepath.Base(path)
	stem := strings.TrimSuffix(base, Ext)
	if stem == base || !fileStem.MatchString(stem) {
		return "", fmt.Errorf("flickemup: %s: file: a served scenario file is named <stem>%s, the stem in lower-case letters, digits, '-' and '_' (it names the game %s<stem>-vN)",
			path, Ext, FilePrefix)
	}
	v := RulesVersion
	if sc != nil {
		v = sc.EnvVersion()
	}
	return fmt.Sprintf("%s%s-v%d", FilePrefix, stem, v), nil
}

// ScenarioFiles returns the scenario files path names: path itself when it is a file, else
// the *.scn files of directory path (not its subdirectories), sorted; an error when the
// directory holds none.
func ScenarioFiles(path string) ([]string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("flickemup: scenario files: %w", err)
	}
	if !fi.IsDir() {
		return []string{path}, nil
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, fmt.Errorf("flickemup: scenario files: %w", err)
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && strings.HasSuffix(e.Name(), Ext) {
			out = append(out, filepath.Join(path, e.Name()))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("flickemup: scenario files: directory %s holds no %s file", path, Ext)
	}
	sort.Strings(out)
	return out, nil
}

// RegisterFiles reads and parses every scenario file that paths name (a file, or a directory's
// *.scn files, see [ScenarioFiles]) and registers each in r under its [FileID], with the
// options of the other env games. It returns the ids in order. Every file is checked at once:
// on any problem nothing is registered and the error lists them all, one per line, each
// "file:line: field: message" ([ParseErrors]) or naming the file.
func RegisterFiles(r *env.Registry, paths ...string) ([]string, error) {
	var (
		files []string
		errs  []error
	)
	for _, p := range paths {
		fs, err := ScenarioFiles(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		files = append(files, fs...)
	}
	type served struct {
		id string
		sc *Scenario
	}
	var out []served
	seen := map[string]string{}
	for _, f := range files {
		if _, err := FileID(f, nil); err != nil {
			errs = append(errs, err)
			continue
		}
		sc, err := ParseFile(f)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		id, _ := FileID(f, sc)
		if other, dup := seen[id]; dup {
			errs = append(errs, fmt.Errorf("flickemup: %s: file: its game id %s is %s's too: rename one", f, id, other))
			continue
		}
		seen[id] = f
		out = append(out, served{id, sc})
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	ids := make([]string, len(out))
	for i, s := range out {
		if err := RegisterScenario(r, s.id, s.sc); err != nil {
			return nil, err
		}
		ids[i] = s.id
	}
	return ids, nil
}

// RegisterScenario registers scenario sc in r as the env game id (a valid env id), with the
// options of the other env games: how a file, or a knob's variant of it, is served.
func RegisterScenario(r *env.Registry, id string, sc *Scenario) error {
	f := configFactory(func(cfg *Config) { cfg.Custom, cfg.ID = sc, id })
	if err := r.Register(id, f); err != nil {
		return fmt.Errorf("flickemup: %s: %w", sc.File, err)
	}
	return nil
}
