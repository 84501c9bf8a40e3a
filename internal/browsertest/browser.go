package browsertest

import (
	"context"
	"fmt"
	"iter"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Timeouts of the browser calls. A call that takes longer fails the test.
const (
	// StartTimeout bounds the start of the browser.
	StartTimeout = 60 * time.Second
	// ActionTimeout bounds every other call: a navigation, an evaluation,
	// a screenshot.
	ActionTimeout = 30 * time.Second
	// CloseTimeout bounds the graceful close of the browser at the end of
	// the test; the process is killed afterwards in any case.
	CloseTimeout = 10 * time.Second
)

// Window is the size of the browser window, in CSS pixels.
const (
	WindowWidth  = 1280
	WindowHeight = 900
)

// Browser is a headless Chromium with one tab, owned by one test. Its methods
// fail that test on error, so they must be called from the test's goroutine;
// a subtest uses its own view of the browser, [Browser.For].
type Browser struct {
	t testing.TB
	*tab
}

// tab is the state a Browser shares with its views.
type tab struct {
	ctx context.Context // the tab; the browser lives as long as it

	mu       sync.Mutex                // protects the fields below
	owner    testing.TB                // the test that started the browser, for logs
	console  []chromedp.ConsoleMessage // every console message, flush markers excluded
	dialogs  []string                  // dialogs the page opened, as "type: message"
	flushed  int                       // the last flush marker seen
	closed   bool                      // the test has ended; stop logging
	notified chan struct{}             // signalled (never blocking) when a marker arrives
}

// For returns a view of the browser for a subtest t: the same browser and tab,
// whose methods fail t. The browser still closes when the test that called
// [New] ends.
func (b *Browser) For(t testing.TB) *Browser { return &Browser{t: t, tab: b.tab} }

// New starts a private headless browser for the test and returns it. The
// browser is closed, and its process killed, when the test ends.
//
// Without a browser (see [FindChrome]) New skips the test, or fails it when
// the CI environment variable is set; the message says to run
// scripts/install-browser.
func New(t testing.TB) *Browser {
	t.Helper()
	path, err := FindChrome()
	if err != nil {
		fail, msg := unavailable(err, os.Getenv)
		if fail {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}

	b := &Browser{t: t, tab: &tab{owner: t, notified: make(chan struct{}, 1)}}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.WindowSize(WindowWidth, WindowHeight),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("mute-audio", true),
	)
	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(allocCtx,
		chromedp.WithLogf(b.logf), chromedp.WithErrorf(b.logf))
	b.ctx = ctx

	// The first call starts the browser and binds it to ctx, so it must not
	// carry a timeout itself: a watchdog cancels it instead.
	watchdog := time.AfterFunc(StartTimeout, cancel)
	err = chromedp.Do(ctx)
	if !watchdog.Stop() && err == nil {
		err = fmt.Errorf("start timed out after %v", StartTimeout)
	}
	if err != nil {
		cancel()
		allocCancel()
		t.Fatalf("browsertest: start %s: %v", path, err)
	}

	var wg sync.WaitGroup
	messages := chromedp.Console(ctx)
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	wg.Add(2)
	go func() {
		defer wg.Done()
		b.collectConsole(messages)
	}()
	go func() {
		defer wg.Done()
		b.dismissDialogs(dialogs)
	}()

	t.Cleanup(func() {
		cctx, ccancel := context.WithTimeout(ctx, CloseTimeout)
		if err := chromedp.Cancel(cctx); err != nil {
			t.Logf("browsertest: close: %v", err)
		}
		ccancel()
		cancel()
		allocCancel() // kills the process if it is still alive, and waits
		wg.Wait()
		b.mu.Lock()
		b.closed = true
		b.mu.Unlock()
	})
	return b
}

// Context returns the context of the browser's tab, for chromedp calls that
// the helpers do not cover. Derive a context with a timeout from it for each
// call (the helpers use [ActionTimeout]); cancelling it closes the browser.
func (b *Browser) Context() context.Context { return b.ctx }

// Run runs chromedp actions in the tab, in order, within ActionTimeout, and
// fails the test on error.
func (b *Browser) Run(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, ActionTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		b.t.Fatalf("browsertest: %v", err)
	}
}

// Follow runs chromedp actions that navigate the tab (a click on a link, for
// instance) and waits, within ActionTimeout, until the new page has loaded, so
// that what runs next runs in the new page rather than racing the navigation.
// It fails the test on error, when the actions navigate nowhere, or when the
// document's HTTP status is 400 or above.
func (b *Browser) Follow(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, ActionTimeout)
	defer cancel()
	resp, err := chromedp.RunResponse(ctx, actions...)
	if err != nil {
		b.t.Fatalf("browsertest: follow a navigation: %v", err)
	}
	if resp != nil && resp.Status >= 400 {
		b.t.Fatalf("browsertest: follow a navigation: %s answered %d %s", resp.URL, resp.Status, resp.StatusText)
	}
}

// Navigate loads the URL in the tab and waits for its load event.
func (b *Browser) Navigate(rawURL string) {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, ActionTimeout)
	defer cancel()
	if err := chromedp.Do(ctx, chromedp.Navigate(rawURL)); err != nil {
		b.t.Fatalf("browsertest: navigate to %s: %v", rawURL, err)
	}
}

// Open loads a local file, given by its path, and waits for its load event.
func (b *Browser) Open(path string) {
	b.t.Helper()
	u, err := FileURL(path)
	if err != nil {
		b.t.Fatal(err)
	}
	b.Navigate(u)
}

// FileURL returns the file:// URL of a local file.
func FileURL(path string) (string, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", fmt.Errorf("browsertest: %w", err)
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String(), nil
}

// Eval evaluates a JavaScript expression in the tab's page and decodes its
// JSON value into a T, within ActionTimeout. An exception, or a value that
// does not decode into T (undefined, for instance), fails the test. A promise
// is awaited.
func Eval[T any](b *Browser, expr string) T {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, ActionTimeout)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		b.t.Fatalf("browsertest: evaluate %q: %v", expr, err)
	}
	return v
}

// Screenshot saves a PNG of the whole page (beyond the window, down to its
// end) as <ArtifactDir>/<test name>-<name>.png and returns its path.
func (b *Browser) Screenshot(name string) string {
	b.t.Helper()
	ctx, cancel := context.WithTimeout(b.ctx, ActionTimeout)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG, not JPEG
	if err != nil {
		b.t.Fatalf("browsertest: screenshot: %v", err)
	}
	return WriteArtifact(b.t, ArtifactDir(b.t), name+".png", png)
}

// Console returns every console message of the tab so far (calls of the
// console API, uncaught exceptions, browser log entries), in order.
func (b *Browser) Console() []chromedp.ConsoleMessage {
	b.t.Helper()
	b.flush()
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]chromedp.ConsoleMessage(nil), b.console...)
}

// Errors returns what went wrong in the page so far, one line each: console
// errors and failed assertions, uncaught exceptions, browser log entries of
// level error (such as a failed resource load), and dialogs (alert, confirm,
// prompt), which are dismissed. A page that works returns none.
func (b *Browser) Errors() []string {
	b.t.Helper()
	var errs []string
	for _, m := range b.Console() {
		switch m.Type {
		case chromedp.ConsoleError, "assert", chromedp.ConsoleException:
			errs = append(errs, m.String())
		}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return append(errs, b.dialogs...)
}

// flush waits until every console message sent before the call has been
// collected: it logs a marker and waits for it, since messages arrive in order.
func (b *Browser) flush() {
	b.t.Helper()
	b.mu.Lock()
	want := b.flushed + 1
	b.mu.Unlock()
	Eval[chromedp.Void](b, "console.debug("+strconv.Quote(flushMarker(want))+")")
	deadline := time.NewTimer(ActionTimeout)
	defer deadline.Stop()
	for {
		b.mu.Lock()
		got := b.flushed
		b.mu.Unlock()
		if got >= want {
			return
		}
		select {
		case <-b.notified:
		case <-deadline.C:
			b.t.Fatalf("browsertest: console messages did not arrive within %v", ActionTimeout)
		}
	}
}

// flushMarker is the console message that flush logs.
func flushMarker(n int) string { return "browsertest: flush " + strconv.Itoa(n) }

// collectConsole records the tab's console messages until the tab closes.
func (b *tab) collectConsole(messages iter.Seq2[chromedp.ConsoleMessage, error]) {
	for m, err := range messages {
		if err != nil {
			return
		}
		b.mu.Lock()
		if m.Type == chromedp.ConsoleDebug && m.Text == flushMarker(b.flushed+1) {
			b.flushed++
			select {
			case b.notified <- struct{}{}:
			default:
			}
		} else {
			b.console = append(b.console, m)
		}
		b.mu.Unlock()
	}
}

// dismissDialogs records and dismisses the dialogs the page opens, which
// would otherwise block it.
func (b *tab) dismissDialogs(events iter.Seq2[page.EventJavascriptDialogOpening, error]) {
	for ev, err := range events {
		if err != nil {
			return
		}
		b.mu.Lock()
		b.dialogs = append(b.dialogs, fmt.Sprintf("dialog %s: %s", ev.Type, ev.Message))
		b.mu.Unlock()
		ctx, cancel := context.WithTimeout(b.ctx, ActionTimeout)
		_, err := chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		cancel()
		if err != nil {
			b.logf("browsertest: dismiss dialog: %v", err)
		}
	}
}

// logf sends chromedp's own log lines to the test log while the test runs.
func (b *tab) logf(format string, args ...any) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.closed {
		b.owner.Logf("chromedp: "+format, args...)
	}
}
