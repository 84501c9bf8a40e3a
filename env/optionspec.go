package env

import (
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/flickarena/flickarena/internal/enum"
)

// OptionType is the type of a game option's value.
type OptionType uint8

// The option types. An option travels as a string in [Options]; its type
// says how it is parsed.
const (
	// OptionInt is a base-10 integer within [OptionSpec.Min, OptionSpec.Max]
	// ("3", also "+3" or "03"; canonical form "3").
	OptionInt OptionType = iota + 1
	// OptionFloat is a finite decimal number within [OptionSpec.Min,
	// OptionSpec.Max], with an optional sign, fraction and exponent ("0.05",
	// "5e-2"; canonical form "0.05"); hexadecimal and underscores are refused.
	OptionFloat
	// OptionBool is parsed by [strconv.ParseBool]: "true", "false", "1", "0",
	// ... (canonical form "true" or "false").
	OptionBool
	// OptionString is any string, or one of [OptionSpec.Choices] if set.
	OptionString
)

// String returns "int", "float", "bool" or "string".
func (t OptionType) String() string {
	return enum.Name(t, "OptionType", "", "int", "float", "bool", "string")
}

// OptionSpec declares one creation option of a game: the key it takes in
// [Options], its type, the values it allows and its default. A game's
// factory checks its options against its specs ([OptionSpecs.Parse]), so
// that the ranges a server lists (ListGames) are the ranges it enforces.
type OptionSpec struct {
	// Key is the option's name in Options ("players").
	Key string
	// Type says how the value is parsed.
	Type OptionType
	// Min and Max bound the value of an OptionInt or OptionFloat,
	// inclusive (an int's bounds are whole numbers).
	Min, Max float64
	// Choices, for an OptionString, are the allowed values; nil allows any.
	Choices []string
	// Default is the value when the option is absent, written as in Options.
	Default string
	// Doc says what the option does, with its unit.
	Doc string
}

// OptionSpecs are the declared options of a game, in documentation order.
type OptionSpecs []OptionSpec

// OptionDeclarer is implemented by a game that declares its options: a
// server lists them (ListGames) for clients. Every game of this module
// implements it.
type OptionDeclarer interface {
	// OptionSpecs returns the game's option specs. The caller must not
	// modify them.
	OptionSpecs() OptionSpecs
}

// Validate checks the specs themselves: keys unique and not empty, types
// known, bounds ordered (and whole for an int), defaults valid.
func (s OptionSpecs) Validate() error {
	seen := make(map[string]bool, len(s))
	for _, o := range s {
		switch {
		case o.Key == "":
			return fmt.Errorf("env: option spec with an empty key")
		case seen[o.Key]:
			return fmt.Errorf("env: option %q declared twice", o.Key)
		case o.Type < OptionInt || o.Type > OptionString:
			return fmt.Errorf("env: option %q: unknown type %v", o.Key, o.Type)
		case (o.Type == OptionInt || o.Type == OptionFloat) && !(o.Min <= o.Max):
			return fmt.Errorf("env: option %q: bounds [%g, %g] not ordered", o.Key, o.Min, o.Max)
		case o.Type == OptionInt && (o.Min != math.Trunc(o.Min) || o.Max != math.Trunc(o.Max) || math.Abs(o.Min) > 1<<53 || math.Abs(o.Max) > 1<<53):
			return fmt.Errorf("env: option %q: int bounds [%g, %g] not whole numbers within ±2^53", o.Key, o.Min, o.Max)
		case o.Choices != nil && o.Type != OptionString:
			return fmt.Errorf("env: option %q: choices for a %v", o.Key, o.Type)
		}
		seen[o.Key] = true
		if _, err := o.parse(o.Default); err != nil {
			return fmt.Errorf("env: option %q: default: %w", o.Key, err)
		}
	}
	return nil
}

// Keys returns the declared keys, sorted.
func (s OptionSpecs) Keys() []string {
	keys := make([]string, len(s))
	for i, o := range s {
		keys[i] = o.Key
	}
	slices.Sort(keys)
	return keys
}

// Parse checks opts against the specs (every key declared, every value of
// its type and within its range or choices) and returns the values, each
// absent option at its default. Errors name the option and what it
// allows; the first unknown key (in sorted order) is reported first.
func (s OptionSpecs) Parse(opts Options) (OptionValues, error) {
	if err := opts.Check(s.Keys()...); err != nil {
		return OptionValues{}, err
	}
	v := OptionValues{vals: make(map[string]any, len(s))}
	for _, o := range s {
		raw, ok := opts[o.Key]
		if !ok {
			raw = o.Default
		}
		x, err := o.parse(raw)
		if err != nil {
			return OptionValues{}, fmt.Errorf("env: option %s: %w", o.Key, err)
		}
		v.vals[o.Key] = x
	}
	return v, nil
}

// Allowed describes the values o allows, for errors and docs: "an integer
// from 2 to 10", "a number from 0 to 3.14159", "true or false", "one of hp,
// none", "any string".
func (o OptionSpec) Allowed() string {
	switch o.Type {
	case OptionInt:
		return fmt.Sprintf("an integer from %s to %s", fmtBound(o.Min), fmtBound(o.Max))
	case OptionFloat:
		return fmt.Sprintf("a number from %s to %s", fmtBound(o.Min), fmtBound(o.Max))
	case OptionBool:
		return "true or false"
	case OptionString:
		if o.Choices != nil {
			return "one of " + strings.Join(o.Choices, ", ")
		}
		return "any string"
	}
	return "nothing (unknown type)"
}

// fmtBound formats a bound in its shortest exact form.
func fmtBound(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// parse returns raw parsed as o's type (int, float64, bool or string) if
// it is allowed.
func (o OptionSpec) parse(raw string) (any, error) {
	v := strings.TrimSpace(raw)
	bad := func() error { return fmt.Errorf("%s: want %s", strconv.Quote(raw), o.Allowed()) }
	switch o.Type {
	case OptionInt:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || float64(n) < o.Min || float64(n) > o.Max {
			return nil, bad()
		}
		return int(n), nil
	case OptionFloat:
		x, err := parseDecimal(v)
		if err != nil || x < o.Min || x > o.Max {
			return nil, bad()
		}
		return x, nil
	case OptionBool:
		b, err := strconv.ParseBool(v)
		if err != nil {
			return nil, bad()
		}
		return b, nil
	case OptionString:
		if o.Choices != nil && !slices.Contains(o.Choices, raw) {
			return nil, bad()
		}
		return raw, nil
	}
	return nil, bad()
}

// decimalRE is a decimal number as options write it: an optional sign,
// digits with an optional fraction, an optional exponent.
var decimalRE = regexp.MustCompile(`^[-+]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][-+]?[0-9]+)?$`)

// parseDecimal parses a finite decimal number ([decimalRE]): no
// hexadecimal, underscore, infinity or NaN, which [strconv.ParseFloat]
// takes.
func parseDecimal(s string) (float64, error) {
	if !decimalRE.MatchString(s) {
		return 0, fmt.Errorf("%q is not a decimal number", s)
	}
	x, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(x, 0) {
		return 0, fmt.Errorf("%q is not a finite number", s)
	}
	return x, nil
}

// Canonical returns opts with the value of each declared option in its
// canonical form, so that spellings of one value name one game: an int or
// a float in its plain decimal form ("03" and "+3" give "3", "5e-2" gives
// "0.05", "-0" gives "0"), a bool as "true" or "false", a string as it is
// (surrounding spaces, which [OptionSpecs.Parse] ignores, are trimmed from
// numbers and bools). A value its option refuses and an undeclared key are
// kept as they are, for Parse to report. opts is not modified.
func (s OptionSpecs) Canonical(opts Options) Options {
	if opts == nil {
		return nil
	}
	out := make(Options, len(opts))
	for k, raw := range opts {
		out[k] = raw
		i := slices.IndexFunc(s, func(o OptionSpec) bool { return o.Key == k })
		if i < 0 {
			continue
		}
		x, err := s[i].parse(raw)
		if err != nil {
			continue
		}
		switch x := x.(type) {
		case int:
			out[k] = strconv.Itoa(x)
		case float64:
			if x == 0 {
				x = 0 // -0 is 0
			}
			out[k] = strconv.FormatFloat(x, 'f', -1, 64)
		case bool:
			out[k] = strconv.FormatBool(x)
		}
	}
	return out
}

// Resolved returns opts with every declared option present, in canonical
// form ([OptionSpecs.Canonical]): the given value, or the default for an
// absent key. Undeclared keys and refused values are kept as they are, for
// Parse to report. opts is not modified.
func (s OptionSpecs) Resolved(opts Options) Options {
	all := make(Options, len(s)+len(opts))
	for _, o := range s {
		all[o.Key] = o.Default
	}
	maps.Copy(all, opts)
	return s.Canonical(all)
}

// OptionValues are options checked by [OptionSpecs.Parse]: every declared
// option, parsed, defaults filled. Its getters panic on a key that was not
// declared with their type: a bug of the game, not of its user.
type OptionValues struct {
	vals map[string]any
}

// get returns the value of key as a T.
func get[T any](v OptionValues, key string) T {
	x, ok := v.vals[key].(T)
	if !ok {
		var zero T
		panic(fmt.Sprintf("env: option %q is not declared as a %T", key, zero))
	}
	return x
}

// Int returns the value of the OptionInt key.
func (v OptionValues) Int(key string) int { return get[int](v, key) }

// Float returns the value of the OptionFloat key.
func (v OptionValues) Float(key string) float64 { return get[float64](v, key) }

// Bool returns the value of the OptionBool key.
func (v OptionValues) Bool(key string) bool { return get[bool](v, key) }

// String returns the value of the OptionString key.
func (v OptionValues) String(key string) string { return get[string](v, key) }
