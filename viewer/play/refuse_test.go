package play_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/viewer/play"
)

// TestPlay_BadGames: a request for a game that cannot be played as asked is refused with a
// message that says why, and starts nothing.
func TestPlay_BadGames(t *testing.T) {
	f := newFixture(t, play.Limits{})
	for _, tc := range []struct {
		req  any
		code int
		want string
	}{
		{map[string]any{"game": "chess-v1", "seats": []string{"human", "random"}}, 400, `"chess-v1": not a registered game`},
		{map[string]any{"game": "flickago-v3", "seats": []string{"human"}}, 400, "has 2 seats (white, black), the request names 1"},
		{map[string]any{"game": "flickago-v3", "seats": []string{"human", "planner"}}, 400, `no bot called "planner" (bots: random`},
		{map[string]any{"game": "flickago-v3", "seats": []string{"random", "random"}}, 400, "no seat is a person's"},
		{map[string]any{"game": "flickago-v3", "seats": []string{"human:", "random"}}, 400, "a person's name is 1 to 32"},
		{map[string]any{"game": "flickago-v3", "seats": []string{}}, 400, "want one name per seat"},
		{map[string]any{"game": "flickago-v3", "options": map[string]string{"power_sd": "-1"}, "seats": []string{"human", "random"}}, 400, "power_sd"},
		{map[string]any{"game": "flickago-v3", "seats": []string{"human", "random"}, "colour": "red"}, 400, `unknown field "colour"`},
		{"not an object", 400, "not the JSON expected"},
	} {
		code, msg := f.do(t, "POST", "/sessions", tc.req, nil)
		if code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("POST sessions %v: %d %q, want %d with %q", tc.req, code, msg, tc.code, tc.want)
		}
	}
	// the form of the request: JSON only, from the page's own site only
	req, _ := http.NewRequest("POST", f.http.URL+"/sessions", strings.NewReader(`{"game":"flickago-v3","seats":["human","random"]}`))
	req.Header.Set("Content-Type", "text/plain")
	if code, msg := f.send(t, req, nil); code != http.StatusUnsupportedMediaType || !strings.Contains(msg, "application/json") {
		t.Errorf("a text/plain body: %d %q", code, msg)
	}
	req, _ = http.NewRequest("POST", f.http.URL+"/sessions", strings.NewReader(`{"game":"flickago-v3","seats":["human","random"]}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "http://evil.example")
	if code, msg := f.send(t, req, nil); code != http.StatusForbidden || !strings.Contains(msg, "another site") {
		t.Errorf("another site's page: %d %q", code, msg)
	}
	req, _ = http.NewRequest("POST", f.http.URL+"/sessions", strings.NewReader(`{"game":"x","seats":[]} {}`))
	req.Header.Set("Content-Type", "application/json")
	if code, msg := f.send(t, req, nil); code != http.StatusBadRequest || !strings.Contains(msg, "after its JSON value") {
		t.Errorf("trailing data: %d %q", code, msg)
	}
	if n := f.srv.Sessions(); n != 0 {
		t.Errorf("%d sessions after refused requests", n)
	}
	if code, msg := f.do(t, "GET", "/sessions/nope", nil, nil); code != http.StatusNotFound || !strings.Contains(msg, `no game "nope"`) {
		t.Errorf("an unknown session: %d %q", code, msg)
	}
	if code, msg := f.do(t, "GET", "/sessions/x?wait=99", nil, nil); code != http.StatusBadRequest || !strings.Contains(msg, "wait") {
		t.Errorf("wait=99: %d %q", code, msg)
	}
}

// TestPlay_RefusedActions: an action the rules or the request's form refuse is answered with
// its reason, and changes nothing: the same turn is still offered, and a good action is then
// played.
func TestPlay_RefusedActions(t *testing.T) {
	f := newFixture(t, play.Limits{})
	st := f.start(t, map[string]any{"game": "flickemup/showdown-v9", "seats": []string{"human", "random"}, "seed": "3"})
	var tn *play.Turn
	for tn == nil { // the lawmen may not be first to move
		s := f.waitTurn(t, st.ID, 0)
		if s.Over {
			t.Fatal("over before the person's turn")
		}
		tn = s.Turn
	}
	k, bad, many := 0, -1, len(tn.Choices)
	flick := &play.Flick{VX: 0, VY: 100}
	for _, tc := range []struct {
		act  play.Act
		code int
		want string
	}{
		{play.Act{Step: tn.Step + 1, Choice: &k}, 409, "the game waits for step"},
		{play.Act{Step: tn.Step, Choice: &bad}, 422, "choice -1: the turn has"},
		{play.Act{Step: tn.Step, Choice: &many}, 422, "the turn has"},
		{play.Act{Step: tn.Step}, 422, "no action"},
		{play.Act{Step: tn.Step, Choice: &k, Flick: flick}, 422, "flicks nothing"},
		{play.Act{Step: tn.Step, Action: &replayAction{Discrete: []int32{0, 0}, Continuous: []float32{0}}}, 422, "the action has 2 heads and 1 dims"},
		// a cowboy the mask does not allow: Spec.Check refuses it
		{play.Act{Step: tn.Step, Action: &replayAction{Discrete: []int32{0, 9, 0, 0, 0, 0}, Continuous: []float32{0, 0, 0}}}, 422, "refused, nothing changed"},
		// a shot while choosing the cowboy: the mask refuses the kind
		{play.Act{Step: tn.Step, Action: &replayAction{Discrete: []int32{2, 0, 0, 0, 0, 0}, Continuous: []float32{0, 0, 0}}}, 422, "refused, nothing changed"},
	} {
		code, msg := f.do(t, "POST", "/sessions/"+st.ID+"/act", tc.act, nil)
		if code != tc.code || !strings.Contains(msg, tc.want) {
			t.Errorf("act %+v: %d %q, want %d with %q", tc.act, code, msg, tc.code, tc.want)
		}
	}
	now := f.waitTurn(t, st.ID, 0)
	if now.Turn == nil || now.Turn.Step != tn.Step {
		t.Fatalf("after the refusals the turn is %+v, want step %d still", now.Turn, tn.Step)
	}
	// the first choice now (a cowboy), then its first flick aimed: both played
	if code, msg := f.do(t, "POST", "/sessions/"+st.ID+"/act", play.Act{Step: tn.Step, Choice: &k}, nil); code != 200 {
		t.Fatalf("a legal choice: %d %s", code, msg)
	}
	next := f.waitTurn(t, st.ID, 0)
	if next.Turn == nil || next.Turn.Step != tn.Step+1 {
		t.Fatalf("after the cowboy: %+v", next.Turn)
	}
	fl := -1
	for i, c := range next.Turn.Choices {
		if c.Aim != nil {
			fl = i
			break
		}
	}
	if fl < 0 {
		t.Fatal("no flick to aim")
	}
	if code, msg := f.do(t, "POST", "/sessions/"+st.ID+"/act", play.Act{Step: next.Turn.Step, Choice: &fl}, nil); code != 422 || !strings.Contains(msg, "is a flick: aim it") {
		t.Errorf("a flick without its aim: %d %q", code, msg)
	}
	if code, msg := f.do(t, "POST", "/sessions/"+st.ID+"/act", play.Act{Step: next.Turn.Step, Choice: &fl, Flick: flick}, nil); code != 200 {
		t.Errorf("an aimed flick: %d %s", code, msg)
	}
	// closing the game ends it, and keeps its replay
	var closed play.State
	if code, msg := f.do(t, "DELETE", "/sessions/"+st.ID, nil, &closed); code != 200 {
		t.Fatalf("close: %d %s", code, msg)
	}
	if !closed.Over || !strings.Contains(closed.Note, "closed") || closed.Replay == "" {
		t.Errorf("closed: over %v, note %q, replay %q", closed.Over, closed.Note, closed.Replay)
	}
	if code, msg := f.do(t, "POST", "/sessions/"+st.ID+"/act", play.Act{Step: 0, Choice: &k}, nil); code != 404 {
		t.Errorf("an action after close: %d %q, want 404", code, msg)
	}
}

// TestPlay_Limits: a game beyond the server's limit is refused until one ends; an idle game
// expires, and its replay is kept.
func TestPlay_Limits(t *testing.T) {
	f := newFixture(t, play.Limits{MaxSessions: 2, IdleTimeout: time.Hour})
	game := map[string]any{"game": "fliprando-v1", "seats": []string{"human", "random"}}
	a := f.start(t, game)
	b := f.start(t, game)
	if code, msg := f.do(t, "POST", "/sessions", game, nil); code != http.StatusTooManyRequests || !strings.Contains(msg, "the server's limit is 2") {
		t.Errorf("a third game: %d %q", code, msg)
	}
	// a is used, b is not: after 40 + 30 minutes b is idle for an hour, a for 30 minutes
	f.clock.advance(40 * time.Minute)
	f.waitTurn(t, a.ID, 0)
	if n := f.srv.Expire(); n != 0 {
		t.Errorf("expired %d games after 40 minutes", n)
	}
	f.clock.advance(30 * time.Minute)
	if n := f.srv.Expire(); n != 1 {
		t.Fatalf("expired %d games, want b", n)
	}
	if code, msg := f.do(t, "GET", "/sessions/"+b.ID, nil, nil); code != http.StatusNotFound || !strings.Contains(msg, "expired") {
		t.Errorf("the expired game: %d %q", code, msg)
	}
	kept := f.saved.all()
	if len(kept) != 1 || kept[0].End == nil || !strings.Contains(kept[0].End.Note, "idle") {
		t.Fatalf("kept %d replays, want b's with a note of its expiry", len(kept))
	}
	f.start(t, game) // room again
}

// replayAction is a native action as the API takes it.
type replayAction = replay.Action
