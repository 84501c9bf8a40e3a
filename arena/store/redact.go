package store

import (
	"net/url"
	"strings"
)

// redacted replaces a secret in a redacted connection string.
const redacted = "xxxxx"

// secretKeys are the connection parameters whose values are secrets:
// libpq's password and the passphrase of the client's TLS key.
var secretKeys = []string{"password", "sslpassword"}

// isSecretKey reports whether the connection parameter key holds a secret
// (any case: hiding too much is better than too little).
func isSecretKey(key string) bool {
	for _, k := range secretKeys {
		if strings.EqualFold(key, k) {
			return true
		}
	}
	return false
}

// RedactURL returns db with its secrets replaced by "xxxxx", for messages
// and the runs table. In a PostgreSQL URL ([IsPostgresURL]) they are the
// password of the user part and the value of a password or sslpassword
// parameter; in anything else, such as a key=value connection string
// (host=h password='s e;cret'), the value of every password= or
// sslpassword= pair. A URL that does not parse cleanly (a password holding
// an unescaped '/', '?', '#' or '@', a fragment, an '@' outside the user
// part) is redacted more broadly: everything between "://" and its last '@'
// after the user name is taken for the password. A string that names no
// secret comes back unchanged.
func RedactURL(db string) string {
	if !IsPostgresURL(db) {
		return redactKeyValues(db)
	}
	if out, ok := redactCleanURL(db); ok {
		return out
	}
	return redactBrokenURL(db)
}

// redactCleanURL redacts the URL db when net/url parses it the only way it
// can be meant: no fragment, no '@' but the one ending the user part, and a
// query of key=value pairs. It reports false for any other URL.
func redactCleanURL(db string) (string, bool) {
	u, err := url.Parse(db)
	if err != nil || u.Fragment != "" || u.RawFragment != "" || strings.Contains(db, "#") {
		return "", false
	}
	rest := db[strings.Index(db, "://")+3:]
	if u.User != nil && strings.Count(rest, "@") != 1 || u.User == nil && strings.Contains(rest, "@") {
		return "", false
	}
	query, ok := redactQuery(u.RawQuery)
	if !ok {
		return "", false
	}
	if _, has := u.User.Password(); has {
		u.User = url.UserPassword(u.User.Username(), redacted)
	}
	u.RawQuery = ""
	out := u.String()
	if query != "" || strings.HasSuffix(db, "?") {
		out += "?" + query
	}
	return out, true
}

// redactQuery returns the raw query q with the values of its secret keys
// replaced, and its other pairs as they are; it reports false unless every
// pair is key=value with a key.
func redactQuery(q string) (string, bool) {
	if q == "" {
		return "", true
	}
	pairs := strings.Split(q, "&")
	for i, p := range pairs {
		raw, _, ok := strings.Cut(p, "=")
		if !ok || raw == "" {
			return "", false
		}
		key := raw
		if k, err := url.QueryUnescape(raw); err == nil {
			key = k
		}
		if isSecretKey(key) {
			pairs[i] = raw + "=" + redacted
		}
	}
	return strings.Join(pairs, "&"), true
}

// redactBrokenURL redacts a URL that does not parse cleanly, broadly: the
// part between "://" and its last '@' is the user part, the password from
// its first ':' on; after it, every pair of a secret key, up to the next
// '&', is hidden.
func redactBrokenURL(db string) string {
	i := strings.Index(db, "://") + 3
	head, rest := db[:i], db[i:]
	if at := strings.LastIndexByte(rest, '@'); at >= 0 {
		user := rest[:at]
		if colon := strings.IndexByte(user, ':'); colon >= 0 {
			user = user[:colon+1] + redacted
		}
		head, rest = head+user+"@", rest[at+1:]
	}
	return head + redactPairs(rest, "&")
}

// redactPairs hides the value of every pair of a secret key in s, a value
// running to the next byte of seps or the end; a key starts s or follows a
// byte of seps or '?'.
func redactPairs(s, seps string) string {
	var b strings.Builder
	start := 0
	for i := 0; i < len(s); i++ {
		if i > 0 && !strings.ContainsRune(seps+"?", rune(s[i-1])) {
			continue
		}
		eq := strings.IndexByte(s[i:], '=')
		if eq < 0 {
			break
		}
		key := s[i : i+eq]
		if k, err := url.QueryUnescape(key); err == nil {
			key = k
		}
		if !isSecretKey(key) {
			continue
		}
		end := i + eq + 1
		for end < len(s) && !strings.ContainsRune(seps, rune(s[end])) {
			end++
		}
		b.WriteString(s[start : i+eq+1])
		b.WriteString(redacted)
		start, i = end, end-1
	}
	b.WriteString(s[start:])
	return b.String()
}

// redactKeyValues hides, in s, the value of every key=value pair of a
// secret key, as libpq reads a keyword/value connection string: a key
// starts s or follows white space, may have white space around its '=',
// and its value is a single-quoted string (with backslash escapes) or runs
// to the next white space (a backslash escaping the byte after it).
func redactKeyValues(s string) string {
	var b strings.Builder
	start := 0
	for i := 0; i < len(s); i++ {
		if i > 0 && !isSpace(s[i-1]) || isSpace(s[i]) {
			continue
		}
		j := i
		for j < len(s) && s[j] != '=' && !isSpace(s[j]) {
			j++
		}
		key := s[i:j]
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		if j == len(s) || s[j] != '=' || !isSecretKey(key) {
			continue
		}
		j++
		for j < len(s) && isSpace(s[j]) {
			j++
		}
		valueStart, end := j, j
		if end < len(s) && s[end] == '\'' {
			for end++; end < len(s) && s[end] != '\''; end++ {
				if s[end] == '\\' {
					end++
				}
			}
			end = min(end+1, len(s)) // the closing quote; an unterminated value runs to the end
		} else {
			for ; end < len(s) && !isSpace(s[end]); end++ {
				if s[end] == '\\' {
					end++
				}
			}
			end = min(end, len(s))
		}
		b.WriteString(s[start:valueStart])
		b.WriteString(redacted)
		start, i = end, end-1
	}
	b.WriteString(s[start:])
	return b.String()
}

// isSpace reports whether c is white space as libpq counts it.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}
