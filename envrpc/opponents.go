package envrpc

import (
	"slices"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// Opponent is a server-side opponent of single-agent pools, offered by
// name (PoolConfig.opponent, opponent_mix) and listed by GetServerInfo: a
// Go bot played in process, or a remote bot ([ContextPolicy]).
type Opponent struct {
	// Policy plays every seat but the agent's; it must be safe for
	// concurrent use.
	Policy env.Policy
	// Plays reports whether Policy plays game g (a game made with the
	// pool's options); nil means every game. A pool whose game its
	// opponent does not play is refused at CreatePool.
	Plays func(g env.Game) bool
	// Help describes the opponent in a few lines, for GetServerInfo.
	Help string
	// Version identifies the opponent's code and parameters (a built-in
	// bot's Version); it is part of the content digest of the pools it
	// plays in (PoolSpec.content_digest). Empty means unversioned.
	Version string
}

// opponentNames returns the names of the built-in opponents, sorted.
func (s *Server) opponentNames() []string {
	names := make([]string, 0, len(s.opponents))
	for n := range s.opponents {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// opponentInfo describes every opponent, sorted by name, with the games it
// plays.
func (s *Server) opponentInfo() []*flickv1.OpponentInfo {
	var out []*flickv1.OpponentInfo
	for _, name := range s.opponentNames() {
		o := s.opponents[name]
		out = append(out, &flickv1.OpponentInfo{Name: name, Games: s.gamesOf(o), Help: o.Help})
	}
	return out
}

// gamesOf returns the ids of the registered games o plays (made with their
// default options), sorted, or nil if it plays every game.
func (s *Server) gamesOf(o Opponent) []string {
	if o.Plays == nil {
		return nil
	}
	var ids []string
	for _, id := range s.reg.IDs() {
		g, err := s.newGame(id, nil)
		if err == nil && o.Plays(g) {
			ids = append(ids, id)
		}
	}
	return ids
}
