package play_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/internal/catalogue"
	"github.com/flickarena/flickarena/replay"
	"github.com/flickarena/flickarena/viewer/play"
)

// clock is a settable clock for the idle expiry.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// saved collects the replays a server keeps.
type saved struct {
	mu sync.Mutex
	r  map[string]*replay.Replay
}

func (s *saved) save(name string, r *replay.Replay) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.r[name] = r
	return nil
}

func (s *saved) all() []*replay.Replay {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []*replay.Replay
	for _, r := range s.r {
		out = append(out, r)
	}
	return out
}

// fixture is a play server over the catalogue's games with the bot random.
type fixture struct {
	srv   *play.Server
	http  *httptest.Server
	reg   *env.Registry
	clock *clock
	saved *saved
}

func newFixture(t *testing.T, limits play.Limits) *fixture {
	t.Helper()
	reg, err := catalogue.Registry()
	if err != nil {
		t.Fatal(err)
	}
	f := &fixture{reg: reg, clock: &clock{now: time.Unix(1e9, 0)}, saved: &saved{r: map[string]*replay.Replay{}}}
	f.srv, err = play.NewServer(play.Config{Registry: reg, Limits: limits, Now: f.clock.Now, Save: f.saved.save,
		Bots: []play.Bot{{Name: "random", Policy: env.RandomPolicy{}, Help: "uniformly random"}}})
	if err != nil {
		t.Fatal(err)
	}
	f.http = httptest.NewServer(f.srv)
	t.Cleanup(func() {
		f.http.Close()
		f.srv.Close()
	})
	return f
}

// do sends a request with a JSON body (nil for none) and decodes the JSON answer into out
// (nil to skip); it returns the status and the error message of an error answer.
func (f *fixture) do(t *testing.T, method, path string, body any, out any) (int, string) {
	t.Helper()
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, f.http.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return f.send(t, req, out)
}

func (f *fixture) send(t *testing.T, req *http.Request, out any) (int, string) {
	t.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode >= 300 {
		var e struct{ Error string }
		if err := json.Unmarshal(data, &e); err != nil || e.Error == "" {
			t.Fatalf("%s %s: %d without a JSON error: %q", req.Method, req.URL.Path, resp.StatusCode, data)
		}
		return resp.StatusCode, e.Error
	}
	if out != nil {
		if err := json.Unmarshal(data, out); err != nil {
			t.Fatalf("%s %s: %v in %q", req.Method, req.URL.Path, err, data)
		}
	}
	return resp.StatusCode, ""
}

// start starts a game and returns its state.
func (f *fixture) start(t *testing.T, req map[string]any) play.State {
	t.Helper()
	var st play.State
	if code, msg := f.do(t, "POST", "/sessions", req, &st); code != http.StatusCreated {
		t.Fatalf("start %v: %d %s", req, code, msg)
	}
	return st
}

// waitTurn polls the session from record from until a person's turn or the end, and returns
// the state with every record from from on.
func (f *fixture) waitTurn(t *testing.T, id string, from int) play.State {
	t.Helper()
	var all []json.RawMessage
	seen := -1
	for range 1000 {
		var st play.State
		q := fmt.Sprintf("/sessions/%s?from=%d&wait=5", id, from)
		if seen >= 0 {
			q += fmt.Sprintf("&seen=%d", seen)
		}
		if code, msg := f.do(t, "GET", q, nil, &st); code != http.StatusOK {
			t.Fatalf("state: %d %s", code, msg)
		}
		all = append(all, st.Lines...)
		from, seen = st.Next, st.Version
		if st.Turn != nil || st.Over {
			st.Lines = all
			return st
		}
	}
	t.Fatal("no turn and no end after 1000 polls")
	return play.State{}
}

// playOut plays every person's turn of session id with choose until the game ends, and
// returns the replay's records and the final state.
func (f *fixture) playOut(t *testing.T, id string, choose func(tn *play.Turn) play.Act) ([]json.RawMessage, play.State) {
	t.Helper()
	var lines []json.RawMessage
	from := 0
	for turns := 0; ; turns++ {
		if turns > 2000 {
			t.Fatal("the game did not end in 2000 turns of the person")
		}
		st := f.waitTurn(t, id, from)
		lines = append(lines, st.Lines...)
		from = st.Next
		if st.Over {
			return lines, st
		}
		a := choose(st.Turn)
		if code, msg := f.do(t, "POST", "/sessions/"+id+"/act", a, nil); code != http.StatusOK {
			t.Fatalf("act %+v at step %d: %d %s", a, st.Turn.Step, code, msg)
		}
	}
}

// firstChoice plays the turn's first choice, a flick up the screen at 150 cm/s when it is one.
func firstChoice(tn *play.Turn) play.Act {
	k := 0
	a := play.Act{Step: tn.Step, Choice: &k}
	if tn.Choices[0].Aim != nil {
		a.Flick = &play.Flick{VX: 20, VY: 150, Facing: 1}
	}
	return a
}

// parse reads the records as a replay file.
func parse(t *testing.T, lines []json.RawMessage) *replay.Replay {
	t.Helper()
	var buf bytes.Buffer
	for _, l := range lines {
		buf.Write(l)
		buf.WriteByte('\n')
	}
	r, err := replay.Read(&buf)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestPlay_WholeGames plays a whole game of each flicking game and of Flip' Rando through the
// API, a person against random, and proves each replay by playing its actions again through
// the engine (replay.Verify): the page's actions went through the same rules, the same
// execution noise and the same seeds as any game.
func TestPlay_WholeGames(t *testing.T) {
	for _, tc := range []struct {
		game  string
		opts  env.Options
		seats []string
		flick bool
	}{
		{"flickago-v3", nil, []string{"human", "random"}, true},
		{"flickemup/showdown-v9", nil, []string{"random", "human:ana"}, true},
		{"fliprando-v1", env.Options{"players": "3"}, []string{"human", "random", "human"}, false},
	} {
		t.Run(strings.ReplaceAll(tc.game, "/", "_"), func(t *testing.T) {
			f := newFixture(t, play.Limits{})
			seed := "7"
			st := f.start(t, map[string]any{"game": tc.game, "options": tc.opts, "seats": tc.seats, "seed": seed})
			flicks := 0
			lines, end := f.playOut(t, st.ID, func(tn *play.Turn) play.Act {
				if tn.Player != tc.seats[tn.Seat] {
					t.Fatalf("turn of seat %d names %q, want %q", tn.Seat, tn.Player, tc.seats[tn.Seat])
				}
				a := firstChoice(tn)
				if a.Flick != nil {
					flicks++
				}
				return a
			})
			if tc.flick && flicks == 0 {
				t.Error("the person flicked nothing")
			}
			r := parse(t, lines)
			if r.End == nil || r.End.Status != "terminated" {
				t.Fatalf("the game ended %+v (note %q), want terminated by its rules", r.End, end.Note)
			}
			if got := strings.Join(r.Header.Players, ","); got != strings.Join(tc.seats, ",") {
				t.Errorf("players %s, want %v", got, tc.seats)
			}
			if r.Header.Seed == nil || r.Header.Seed.Key != 7 {
				t.Errorf("seed %+v, want key 7", r.Header.Seed)
			}
			if tc.flick {
				if n := countFlicks(r); n == 0 {
					t.Error("the replay holds no trajectory")
				}
			}
			if err := replay.Verify(f.reg, r); err != nil {
				t.Fatalf("the replay does not verify: %v", err)
			}
			// the saved replay is the same game, and the state names its file
			if end.Replay == "" {
				t.Fatal("the ended game names no saved replay")
			}
			kept := f.saved.all()
			if len(kept) != 1 || len(kept[0].Steps) != len(r.Steps) || kept[0].End.Hash != r.End.Hash {
				t.Errorf("saved %d replays, want the game's", len(kept))
			}
			// the replay download is the same records
			req, _ := http.NewRequest("GET", f.http.URL+"/sessions/"+st.ID+"/replay", nil)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			dl, err := replay.Read(resp.Body)
			resp.Body.Close()
			if err != nil || len(dl.Steps) != len(r.Steps) {
				t.Errorf("download: %v, %d steps", err, len(dl.Steps))
			}
		})
	}
}

// countFlicks counts the trajectories of a replay.
func countFlicks(r *replay.Replay) int {
	n := 0
	for _, s := range r.Steps {
		n += len(s.Flicks)
	}
	return n
}
