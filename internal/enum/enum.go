// Package enum names the values of the module's small enumerations, so that each String
// method is one call with its names in order rather than a switch written again.
package enum

import "strconv"

// Integer is the underlying type of an enumeration.
type Integer interface {
	~int | ~int8 | ~uint8
}

// Name returns names[v], the name of value v of an enumeration whose values count up from
// 0 in the order of names, or typ(v) ("Phase(7)") for a value names leaves out or names
// "" (an invalid zero value).
func Name[T Integer](v T, typ string, names ...string) string {
	if i := int(v); i >= 0 && i < len(names) && names[i] != "" {
		return names[i]
	}
	return typ + "(" + strconv.FormatInt(int64(v), 10) + ")"
}
