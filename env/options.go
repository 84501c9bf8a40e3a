package env

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Options are the creation arguments of a game (Gymnasium's kwargs), as
// strings so that they travel unchanged through flags, gRPC and JSON:
// {"players": "3", "scenario": "showdown"}. Each game documents its options
// under "# Arguments" in its package doc. A nil Options means all defaults.
//
// The getters parse one option and fall back to a default when it is
// absent; [Options.Check] rejects unknown keys. Reading an Options never
// depends on map iteration order.
type Options map[string]string

// Check returns an error naming the first unknown key (in sorted order) and
// the known ones, or nil if every key is in known.
func (o Options) Check(known ...string) error {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if !slices.Contains(known, k) {
			sorted := slices.Clone(known)
			slices.Sort(sorted)
			return fmt.Errorf("env: unknown option %q (known: %s)", k, strings.Join(sorted, ", "))
		}
	}
	return nil
}

// String returns option key, or def if it is absent.
func (o Options) String(key, def string) string {
	if v, ok := o[key]; ok {
		return v
	}
	return def
}

// Int returns option key parsed as a base-10 integer, or def if it is absent.
func (o Options) Int(key string, def int) (int, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("env: option %q: %q is not an integer", key, v)
	}
	return n, nil
}

// Float returns option key parsed as a finite decimal number (see
// [OptionFloat]), or def if it is absent.
func (o Options) Float(key string, def float64) (float64, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	x, err := parseDecimal(strings.TrimSpace(v))
	if err != nil {
		return 0, fmt.Errorf("env: option %q: %q is not a finite number", key, v)
	}
	return x, nil
}

// Bool returns option key parsed by [strconv.ParseBool] ("1", "true",
// "0", "false", ...), or def if it is absent.
func (o Options) Bool(key string, def bool) (bool, error) {
	v, ok := o[key]
	if !ok {
		return def, nil
	}
	b, err := strconv.ParseBool(strings.TrimSpace(v))
	if err != nil {
		return false, fmt.Errorf("env: option %q: %q is not a boolean", key, v)
	}
	return b, nil
}
