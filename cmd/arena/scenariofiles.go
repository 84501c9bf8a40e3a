package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
)

// isScenarioPath reports whether a scenario named on the command line is a path to Flick 'em
// Up! scenario files rather than a game's name: it ends in ".scn", or it names a directory.
func isScenarioPath(name string) bool {
	if strings.HasSuffix(name, flickemup.Ext) {
		return true
	}
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}

// registerScenarioFiles registers in reg, as games, the Flick 'em Up! scenario files that args
// name (a .scn file or a directory of them, see flickemup.RegisterFiles), and returns args
// with each path replaced by the game ids of its files, with the path's options. A file's
// problems are reported at once, one per line, as file:line: field: message.
func registerScenarioFiles(reg *env.Registry, args []scenarioArg) ([]scenarioArg, error) {
	var (
		out  []scenarioArg
		errs []string
	)
	for _, a := range args {
		if !isScenarioPath(a.name) {
			out = append(out, a)
			continue
		}
		ids, err := flickemup.RegisterFiles(reg, a.name)
		if err != nil {
			errs = append(errs, stripPrefix(err, "flickemup: scenario files: ", "flickemup: "))
			continue
		}
		for _, id := range ids {
			out = append(out, scenarioArg{name: id, opts: a.opts})
		}
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("scenario files:\n%s", strings.Join(errs, "\n"))
	}
	return out, nil
}

// stripPrefix returns err's lines without the first of the prefixes each starts with, each
// indented by two spaces.
func stripPrefix(err error, prefixes ...string) string {
	lines := strings.Split(err.Error(), "\n")
	for i, l := range lines {
		for _, p := range prefixes {
			if rest, ok := strings.CutPrefix(l, p); ok {
				l = rest
				break
			}
		}
		lines[i] = "  " + l
	}
	return strings.Join(lines, "\n")
}

// scenarioFileIDs returns the scenario ids under which 'arena run --scenarios path' records
// the games of the scenario files that path names (a .scn file or a directory of them): each
// file's game id, shortened as the catalogue shortens it.
func scenarioFileIDs(path string) ([]string, error) {
	reg, err := newRegistry()
	if err != nil {
		return nil, err
	}
	args, err := registerScenarioFiles(reg, []scenarioArg{{name: path}})
	if err != nil {
		return nil, err
	}
	cat := newCatalogue(reg)
	ids := []string{}
	for _, a := range args {
		id, _, err := cat.resolveArg(a)
		if err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, nil
}
