package envrpc

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strings"

	"google.golang.org/protobuf/encoding/protowire"
	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/env"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// MaxListPageSize is the largest ListGamesRequest.page_size the server
// honours; a larger one is taken as this.
const MaxListPageSize = 1000

// ListGames implements flickv1.EnvServiceServer: one page of the games, in
// id order, each with its spec under default options (or the reason it
// cannot be created with them), the options it declares
// (env.OptionDeclarer) and its reward and joint-rule docs
// (env.RulesDocumenter). A page holds at most page_size games (0: no count
// limit) and never more than fit in the server's message limit; its
// next_page_token, the last id of the page, encoded, is empty on the last
// page (AIP-158).
func (s *Server) ListGames(_ context.Context, req *flickv1.ListGamesRequest) (*flickv1.ListGamesResponse, error) {
	size := int(req.GetPageSize())
	switch {
	case size < 0:
		return nil, s.toStatus(invalidf("list_games.page_size", "%d; want 0 or more", size), "list_games")
	case size == 0:
		size = len(s.reg.IDs())
	case size > MaxListPageSize:
		size = MaxListPageSize
	}
	ids := s.reg.IDs()
	if tok := req.GetPageToken(); tok != "" {
		after, err := decodePageToken(tok)
		if err != nil {
			return nil, s.toStatus(err, "list_games")
		}
		// The games after the last one of the previous page.
		i, found := slices.BinarySearch(ids, after)
		if found {
			i++
		}
		ids = ids[i:]
	}
	resp := &flickv1.ListGamesResponse{}
	limit, used := s.limits.MaxMessageBytes, 0
	for _, id := range ids {
		if len(resp.Games) == size {
			break
		}
		info := s.gameInfo(id)
		// Room for the entry and for the token of the page ending with it.
		n, tok := entrySize(info), tokenSize(id)
		if used+n+tok > limit && len(resp.Games) == 0 {
			// Alone over the limit: listed without its spec, so that the
			// listing goes on.
			info = &flickv1.GameInfo{Id: id, Error: fmt.Sprintf("its spec and options take %d bytes, over the server's message limit of %d bytes", n, limit)}
			n = entrySize(info)
		} else if used+n+tok > limit {
			break
		}
		used += n
		resp.Games = append(resp.Games, info)
	}
	if len(resp.Games) > 0 && len(resp.Games) < len(ids) {
		resp.NextPageToken = encodePageToken(resp.Games[len(resp.Games)-1].GetId())
	}
	return resp, nil
}

// gameInfo returns the GameInfo of registered game id: its spec and
// options under default options, or the reason it cannot be created.
func (s *Server) gameInfo(id string) *flickv1.GameInfo {
	info := &flickv1.GameInfo{Id: id}
	if g, err := s.newGame(id, nil); err != nil {
		info.Error = err.Error()
	} else {
		info.Spec = GameSpec(g.Spec())
		if d, ok := g.(env.OptionDeclarer); ok {
			info.Options = OptionSpecs(d.OptionSpecs())
		}
		if d, ok := g.(env.RulesDocumenter); ok {
			info.RewardDoc, info.JointRuleDoc = d.RewardDoc(), d.JointRuleDoc()
		}
	}
	return info
}

// entrySize returns the bytes info takes as an element of
// ListGamesResponse.games: its tag, its length and itself.
func entrySize(info *flickv1.GameInfo) int {
	n := proto.Size(info)
	return protowire.SizeTag(1) + protowire.SizeBytes(n)
}

// tokenSize returns the bytes the next_page_token field of a page ending
// with game id takes.
func tokenSize(id string) int {
	return protowire.SizeTag(2) + protowire.SizeBytes(len(encodePageToken(id)))
}

// pageTokenPrefix starts every decoded page token, so that a token from
// another API is recognised as foreign.
const pageTokenPrefix = "after:"

// encodePageToken returns the page token of the page after game id.
func encodePageToken(id string) string {
	return base64.RawURLEncoding.EncodeToString([]byte(pageTokenPrefix + id))
}

// decodePageToken returns the game id a page token continues after, or an
// InvalidArgument error.
func decodePageToken(tok string) (string, error) {
	b, err := base64.RawURLEncoding.DecodeString(tok)
	id, ok := strings.CutPrefix(string(b), pageTokenPrefix)
	if err != nil || !ok || !env.ValidID(id) {
		return "", invalidf("list_games.page_token", "%q is not a token this server gave out; start again with an empty one", tok)
	}
	return id, nil
}

// errPageLoop reports a server whose next_page_token does not move on.
var errPageLoop = errors.New("envrpc: list games: the server repeated a page token")

// ListAllGames returns every game c's server registers, following
// ListGames' pages (any server: one that does not paginate answers in one
// page).
func ListAllGames(ctx context.Context, c flickv1.EnvServiceClient) ([]*flickv1.GameInfo, error) {
	var games []*flickv1.GameInfo
	req := &flickv1.ListGamesRequest{}
	for {
		resp, err := c.ListGames(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("envrpc: list games: %w", err)
		}
		games = append(games, resp.GetGames()...)
		next := resp.GetNextPageToken()
		if next == "" {
			return games, nil
		}
		if next == req.GetPageToken() || len(resp.GetGames()) == 0 {
			return nil, errPageLoop
		}
		req = &flickv1.ListGamesRequest{PageToken: next}
	}
}
