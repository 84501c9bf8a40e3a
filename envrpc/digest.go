package envrpc

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"runtime"
	"slices"

	"github.com/flickarena/flickarena/env"
)

// ContentDigester is implemented by games whose set-up comes from data, such
// as a Flick 'em Up! scenario file (flickemup.Env): ContentDigest returns a
// digest of that data, equal for equal data, so that two servers serving
// different files under one id give different pool digests.
type ContentDigester interface {
	ContentDigest() string
}

// contentDigest returns PoolSpec.content_digest of a pool of game g (the
// pool's probe, made with opts, the options without the watch option) under
// pc: the SHA-256, in hex, of the server's build, the game id and options,
// g's own content digest when it has one ([ContentDigester]) and, in
// VIEW_SINGLE_AGENT, each opponent's name and version, and the teacher's
// name and version when the pool has one (its advice is part of the batch). The pool's other
// settings are in its config, which clients compare themselves.
func (s *Server) contentDigest(g env.Game, opts env.Options, pc *poolConfig) string {
	h := sha256.New()
	fmt.Fprintf(h, "build version=%q go=%q arch=%q\n", s.version, runtime.Version(), runtime.GOARCH)
	fmt.Fprintf(h, "game=%q\n", g.Spec().ID)
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		fmt.Fprintf(h, "option %q=%q\n", k, opts[k])
	}
	if d, ok := g.(ContentDigester); ok {
		fmt.Fprintf(h, "content=%q\n", d.ContentDigest())
	}
	if pc.env.View == env.SingleAgent {
		names := []string{pc.wire.GetOpponent()}
		if mix := pc.wire.GetOpponentMix(); len(mix) > 0 {
			names = names[:0]
			for _, m := range mix {
				names = append(names, m.GetName())
			}
		}
		for _, name := range names {
			fmt.Fprintf(h, "opponent %q version=%q\n", name, s.opponents[name].Version)
		}
	}
	if t := pc.teacher; t.name != "" {
		fmt.Fprintf(h, "teacher %q version=%q\n", t.name, t.o.Version)
	}
	return hex.EncodeToString(h.Sum(nil))
}
