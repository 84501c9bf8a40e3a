package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/flickarena/flickarena/env"
)

// The bounds of a scenario's options on the command line.
const (
	maxScenarioOptions = 32  // options per scenario
	maxOptionLen       = 100 // bytes of an option's key or value
)

// scenarioArg is a scenario as named on the command line: a name and its
// game options, NAME or NAME:key=value[,key=value...].
type scenarioArg struct {
	name string
	opts env.Options
}

// canonical returns the arena's form of a: the name, then ":" and the
// options sorted by key as key=value joined by ",", when it has options.
func (a scenarioArg) canonical() string {
	if len(a.opts) == 0 {
		return a.name
	}
	keys := make([]string, 0, len(a.opts))
	for k := range a.opts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + "=" + a.opts[k]
	}
	return a.name + ":" + strings.Join(parts, ",")
}

// parseScenarioList parses a comma-separated list of scenarios, each NAME
// or NAME:key=value[,key=value...]: an item holding '=' but no ':' is one
// more option of the scenario before it ("race:players=3,rounds=4,showdown"
// is race with two options, then showdown).
func parseScenarioList(list string) ([]scenarioArg, error) {
	var out []scenarioArg
	for _, item := range splitList(list) {
		name, opts, hasOpts := strings.Cut(item, ":")
		if !hasOpts && strings.Contains(item, "=") {
			if len(out) == 0 || out[len(out)-1].opts == nil {
				return nil, fmt.Errorf("scenario option %q follows no NAME:key=value scenario", item)
			}
			if err := addOption(&out[len(out)-1], item); err != nil {
				return nil, err
			}
			continue
		}
		a := scenarioArg{name: strings.TrimSpace(name)}
		if a.name == "" {
			return nil, fmt.Errorf("scenario %q: no name before the options", item)
		}
		if hasOpts {
			a.opts = env.Options{}
			if err := addOption(&a, opts); err != nil {
				return nil, err
			}
		}
		out = append(out, a)
	}
	return out, nil
}

// parseScenario parses one scenario, NAME or NAME:key=value[,key=value...].
func parseScenario(s string) (scenarioArg, error) {
	as, err := parseScenarioList(s)
	switch {
	case err != nil:
		return scenarioArg{}, err
	case len(as) != 1:
		return scenarioArg{}, fmt.Errorf("want one scenario, NAME or NAME:key=value[,key=value], got %q", s)
	}
	return as[0], nil
}

// addOption adds the option kv ("key=value") to a.
func addOption(a *scenarioArg, kv string) error {
	k, v, ok := strings.Cut(strings.TrimSpace(kv), "=")
	k, v = strings.TrimSpace(k), strings.TrimSpace(v)
	switch {
	case !ok || k == "" || v == "":
		return fmt.Errorf("scenario %s: option %q is not key=value", a.name, kv)
	case len(k) > maxOptionLen || len(v) > maxOptionLen:
		return fmt.Errorf("scenario %s: option %.40q... is longer than %d bytes", a.name, kv, maxOptionLen)
	case strings.ContainsAny(k+v, ":|%") || strings.IndexFunc(k+v, func(r rune) bool { return r < 0x21 || r > 0x7e }) >= 0:
		return fmt.Errorf("scenario %s: option %q: keys and values are printable ASCII without spaces, ':', '|' or '%%'", a.name, kv)
	}
	if _, dup := a.opts[k]; dup {
		return fmt.Errorf("scenario %s: option %s given twice", a.name, k)
	}
	if len(a.opts) >= maxScenarioOptions {
		return fmt.Errorf("scenario %s: more than %d options", a.name, maxScenarioOptions)
	}
	a.opts[k] = v
	return nil
}
