package flickemup

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
)

// RulesVersion is the version of the engine: the rules, the encodings, the rewards and the
// physics of the table. A change of any of them bumps it, and with it the version line of
// every scenario of ours (a rules change is a change of every scenario); a scenario file
// without a version line, a designer's, has this version (see "# Versions" in the package
// doc). TestVersions, against testdata/versions.golden, fails when a bump is missing.
const RulesVersion = 9

// ScenarioID returns the env id of our scenario name: "flickemup/<name>-v<its version>", the version
// being the one its file declares ([Scenario.EnvVersion]). A name that is not one of ours
// gets [RulesVersion], the version of a file without a version line.
func ScenarioID(scenario string) string {
	v := RulesVersion
	if sc, err := Load(scenario); err == nil {
		v = sc.EnvVersion()
	}
	return versionedID(scenario, v)
}

// versionedID returns "flickemup/<name>-v<version>".
func versionedID(name string, version int) string {
	return fmt.Sprintf("flickemup/%s-v%d", name, version)
}

// EnvVersion returns the version of the scenario's env id: its file's version line, or
// [RulesVersion] for a file without one.
func (sc *Scenario) EnvVersion() int {
	if sc.Version > 0 {
		return sc.Version
	}
	return RulesVersion
}

// versionRE is the grammar of a version: a positive decimal integer, at most nine digits.
var versionRE = regexp.MustCompile(`^[1-9][0-9]{0,8}$`)

// version reads the version line ("version 3"): a positive decimal integer.
func (l *rawLine) version() int {
	defer l.finish()
	s, ok := l.positional("version number")
	if !ok {
		return 0
	}
	if !versionRE.MatchString(s) {
		l.errorf("", "%q: want a positive decimal integer, as in \"version 3\"", s)
		return 0
	}
	v, _ := strconv.Atoi(s)
	return v
}

// contentDigest returns the SHA-256 of a scenario file's bytes with its version line left
// out, in hex ([Scenario].Digest). The version is in the env id already, which is part of a
// tournament's identity with the digest: the line would add nothing, and leaving it out keeps
// the digest of a file that gains a version line, hence its tournaments.
func contentDigest(data []byte) string {
	h := sha256.New()
	first := true
	for rest := data; len(rest) > 0; {
		line := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			line, rest = rest[:i+1], rest[i+1:]
		} else {
			rest = nil
		}
		text := line
		if first {
			text = bytes.TrimPrefix(text, []byte("\uFEFF"))
			first = false
		}
		if f := bytes.Fields(text); len(f) > 0 && string(f[0]) == "version" {
			continue
		}
		h.Write(line)
	}
	return hex.EncodeToString(h.Sum(nil))
}
