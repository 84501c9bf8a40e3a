package viewer

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"slices"
	"strings"

	"github.com/flickarena/flickarena/internal/regfile"
	"github.com/flickarena/flickarena/replay"
)

// Config says what a [Handler] serves besides the page.
type Config struct {
	// Replays is the directory of replay files (*.jsonl, *.jsonl.gz), those at its top level
	// listed and served under replays/; nil serves none. As an [os.Root] (os.OpenRoot) it
	// refuses a symbolic link that leads out of the directory. Only regular files are served,
	// streamed from the file (never read whole into memory); anything else (a named pipe, a
	// device, a directory) is never opened, so that a FIFO named like a replay cannot block
	// a request in open(2) (see internal/regfile).
	Replays *os.Root
	// Live, if not nil, is served under live/ and offered by the page.
	Live *Live
	// Play, if not nil, is the play mode's API (package viewer/play), served under
	// play/api/; the play page is served at play/.
	Play http.Handler
	// Token, if not empty, is required of every request: see [TokenParam] and [CookieName].
	Token string
	// LoopbackHosts, when true, answers only requests whose Host is a loopback name
	// (localhost or a loopback IP address such as 127.0.0.1 or [::1], with any port) and
	// refuses any other with 421 Misdirected Request. Set it when the server listens on a
	// loopback address without a token: a page of another site that rebinds its DNS name to
	// 127.0.0.1 sends its own name as Host, and would otherwise read the replays and the
	// live game from the user's browser.
	LoopbackHosts bool
}

// Handler returns the viewer's web server, to mount at any path (with http.StripPrefix):
//
//	GET .            the viewer page
//	GET replays/     the names of the replay files, a JSON array of strings, sorted
//	GET replays/NAME one replay file, as stored (gzip is left to the page to undo)
//	GET live         the live game, as Server-Sent Events (see [Live])
//	GET play/        the play page: a person plays a game against the bots (with Config.Play)
//	    play/api/... the play mode's API (Config.Play)
//
// The page opens ?replay=URL, ?live, or else the first replay, or the live game. With a
// Config.Token, every request must carry it (see [TokenParam]); with Config.LoopbackHosts,
// every request must name a loopback host.
func Handler(cfg Config) http.Handler {
	page, err := build(pageData{Server: true, Live: cfg.Live != nil, CanPlay: cfg.Play != nil})
	if err != nil {
		panic(err) // the sources are embedded: reading them cannot fail
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(page)
	})
	mux.HandleFunc("GET /replays/{$}", func(w http.ResponseWriter, r *http.Request) {
		names, err := List(cfg.Replays)
		if err != nil {
			http.Error(w, "cannot list the replays", http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-cache")
		_ = json.NewEncoder(w).Encode(names)
	})
	mux.HandleFunc("GET /replays/{name}", func(w http.ResponseWriter, r *http.Request) {
		name := r.PathValue("name")
		if cfg.Replays == nil || !isReplay(name) || !fs.ValidPath(name) || strings.Contains(name, "/") {
			http.NotFound(w, r)
			return
		}
		serveFile(w, r, cfg.Replays, name)
	})
	if cfg.Live != nil {
		mux.Handle("GET /live", cfg.Live)
	}
	if cfg.Play != nil {
		playPage, err := build(pageData{Server: true, Live: cfg.Live != nil, Play: true})
		if err != nil {
			panic(err) // the sources are embedded: reading them cannot fail
		}
		mux.HandleFunc("GET /play/{$}", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Header().Set("Cache-Control", "no-cache")
			_, _ = w.Write(playPage)
		})
		mux.HandleFunc("GET /play", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "play/", http.StatusSeeOther) // relative: the mount's prefix stays
		})
		mux.Handle("/play/api/", http.StripPrefix("/play/api", cfg.Play))
	}
	var h http.Handler = mux
	if cfg.Token != "" {
		h = requireToken(cfg.Token, h)
	}
	if cfg.LoopbackHosts {
		h = requireLoopbackHost(h)
	}
	return h
}

// serveFile streams the regular file name of root with http.ServeContent (ranges,
// conditional requests), never whole in memory. Anything but a regular file (a directory, a
// device, a pipe: not a replay) is a 404, and is not opened.
func serveFile(w http.ResponseWriter, r *http.Request, root *os.Root, name string) {
	f, st, err := regfile.OpenIn(root, name)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	if strings.HasSuffix(name, ".gz") {
		w.Header().Set("Content-Type", "application/gzip")
	} else {
		w.Header().Set("Content-Type", "application/x-ndjson")
	}
	w.Header().Set("Cache-Control", "no-cache")
	http.ServeContent(w, r, name, st.ModTime(), f)
}

// isReplay reports whether a file name has a replay's extension.
func isReplay(name string) bool {
	return strings.HasSuffix(name, replay.Ext) || strings.HasSuffix(name, replay.GzipExt)
}

// List returns the names of the replay files at the top level of root that [Handler]
// serves, sorted; none for a nil root.
func List(root *os.Root) ([]string, error) {
	names := []string{}
	if root == nil {
		return names, nil
	}
	fsys := root.FS()
	entries, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, fmt.Errorf("viewer: list replays: %w", err)
	}
	for _, e := range entries {
		if !isReplay(e.Name()) || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		regular := e.Type().IsRegular()
		if !regular && e.Type()&fs.ModeSymlink != 0 {
			// a link is listed when it can be served: it leads to a regular file that root
			// opens (it refuses one that leads out of its directory)
			st, err := fs.Stat(fsys, e.Name())
			regular = err == nil && st.Mode().IsRegular()
		}
		if regular {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}
