package main

import (
	"errors"
	"strings"
)

// commandLine returns the command line recorded with a run: "arena", the
// command's name and its arguments, each quoted as a POSIX shell reads it
// back when it holds anything but letters, digits and -_./:=,@%+ (a path
// with a space, a knob name with brackets), so that the line can be pasted
// into a shell and read back by splitCommand.
func commandLine(name string, args []string) string {
	parts := []string{"arena", name}
	for _, a := range args {
		parts = append(parts, shellQuote(a))
	}
	return strings.Join(parts, " ")
}

// shellQuote returns s as one shell word: s itself when it is made of safe
// characters only, else s in single quotes (a single quote inside closes
// them, is escaped with a backslash, and opens them again).
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool { return !safeShellRune(r) }) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// safeShellRune reports whether r needs no quoting in a shell word.
func safeShellRune(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		return true
	}
	return strings.ContainsRune("-_./:=,@%+", r)
}

// errUnterminatedQuote is returned by splitCommand for a line whose quote is
// never closed.
var errUnterminatedQuote = errors.New("unterminated quote")

// splitCommand splits a command line into its words as a POSIX shell does,
// without expansions: blanks separate words; single quotes keep everything
// up to the next one; double quotes keep everything up to the next one,
// except that a backslash there escapes ", \, $ and `; a backslash outside
// quotes escapes the next character. It reads back what commandLine writes.
func splitCommand(line string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		in    bool // a word is open (it may be empty: '')
	)
	rs := []rune(line)
	for i := 0; i < len(rs); i++ {
		switch r := rs[i]; {
		case r == ' ' || r == '\t' || r == '\n':
			if in {
				words, in = append(words, cur.String()), false
				cur.Reset()
			}
		case r == '\'':
			in = true
			j := i + 1
			for j < len(rs) && rs[j] != '\'' {
				j++
			}
			if j == len(rs) {
				return nil, errUnterminatedQuote
			}
			cur.WriteString(string(rs[i+1 : j]))
			i = j
		case r == '"':
			in = true
			j := i + 1
			for ; j < len(rs) && rs[j] != '"'; j++ {
				if rs[j] == '\\' && j+1 < len(rs) && strings.ContainsRune("\"\\$`", rs[j+1]) {
					j++
				}
				cur.WriteRune(rs[j])
			}
			if j == len(rs) {
				return nil, errUnterminatedQuote
			}
			i = j
		case r == '\\' && i+1 < len(rs):
			in = true
			i++
			cur.WriteRune(rs[i])
		default:
			in = true
			cur.WriteRune(r)
		}
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}
