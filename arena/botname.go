package arena

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxBotNameLen is the longest bot name the arena accepts, in bytes.
const MaxBotNameLen = 64

// MaxBotVersionLen is the longest bot version the arena accepts, in bytes.
const MaxBotVersionLen = 128

// ErrBadBotName is wrapped by the errors of [CheckBotName] and
// [CheckBotVersion].
var ErrBadBotName = errors.New("arena: bad bot name")

// CheckBotName reports whether name can name a bot: 1 to [MaxBotNameLen]
// bytes of ASCII letters, digits and the characters '_', '.', '+' and '-'
// (the names PGN tools read, printable on any terminal, safe in a
// comma-separated --bots list). The error quotes the name, shortened.
func CheckBotName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("%w: empty", ErrBadBotName)
	case len(name) > MaxBotNameLen:
		return fmt.Errorf("%w: %s is %d bytes long, more than the limit of %d", ErrBadBotName, QuoteShort(name), len(name), MaxBotNameLen)
	}
	for i, r := range name {
		if !nameRune(r) {
			return fmt.Errorf("%w: %s holds %q at byte %d; a name is made of letters, digits, '_', '.', '+' and '-'",
				ErrBadBotName, QuoteShort(name), r, i)
		}
	}
	return nil
}

// CheckBotVersion reports whether v can be a bot's version: 1 to
// [MaxBotVersionLen] bytes of printable ASCII (spaces included).
func CheckBotVersion(v string) error {
	switch {
	case v == "":
		return fmt.Errorf("%w: empty version", ErrBadBotName)
	case len(v) > MaxBotVersionLen:
		return fmt.Errorf("%w: version %s is %d bytes long, more than the limit of %d", ErrBadBotName, QuoteShort(v), len(v), MaxBotVersionLen)
	}
	for i := range len(v) {
		if c := v[i]; c < 0x20 || c > 0x7e {
			return fmt.Errorf("%w: version %s holds byte %#02x at %d; a version is printable ASCII", ErrBadBotName, QuoteShort(v), c, i)
		}
	}
	return nil
}

// nameRune reports whether r may appear in a bot name.
func nameRune(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	case r == '_', r == '.', r == '+', r == '-':
		return true
	}
	return false
}

// SafeBotName returns name when [CheckBotName] accepts it, and otherwise a
// valid name derived from it: the allowed characters kept, every other
// character replaced by '_', cut to 40 bytes, then "-" and the first 8 hex
// digits of the name's SHA-256 (so that two bad names stay apart). Use it
// to print or export a name read from a database written before names were
// checked.
func SafeBotName(name string) string {
	if CheckBotName(name) == nil {
		return name
	}
	var b strings.Builder
	for _, r := range name {
		if b.Len() >= 40 {
			break
		}
		if nameRune(r) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	sum := sha256.Sum256([]byte(name))
	return b.String() + "-" + hex.EncodeToString(sum[:4])
}

// QuoteShort quotes s as Go does (%q: control characters and invalid UTF-8
// escaped), cut to its first 40 bytes with "..." and the total length when
// longer, for error messages about untrusted text.
func QuoteShort(s string) string {
	const keep = 40
	if len(s) <= keep {
		return fmt.Sprintf("%q", s)
	}
	cut := keep
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q... (%d bytes)", s[:cut], len(s))
}
