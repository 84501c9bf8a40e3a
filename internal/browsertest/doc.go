// Package browsertest runs pages in a real headless Chromium for tests: the
// arena's HTML report and the replay viewer are checked in the browser that a
// user would open them in, not only as text.
//
// A test calls [New] to start a private browser, which is killed when the test
// ends, then drives it: [Browser.Open] or [Browser.Navigate] loads a page,
// [Eval] reads the DOM with JavaScript, [Browser.Errors] lists what the page
// wrote to the console as errors (and any dialog it opened), and
// [Browser.Screenshot] saves a full-page PNG as a test artefact for a human to
// look at. Every browser call has a timeout ([ActionTimeout]); a failed call
// fails the test.
//
//	func TestPage(t *testing.T) {
//		b := browsertest.New(t)
//		b.Open(path)
//		if n := browsertest.Eval[int](b, `document.querySelectorAll("svg").length`); n != 2 {
//			t.Errorf("got %d plots, want 2", n)
//		}
//		if errs := b.Errors(); len(errs) > 0 {
//			t.Errorf("console errors: %q", errs)
//		}
//		t.Logf("screenshot: %s", b.Screenshot("page"))
//	}
//
// # Finding the browser
//
// Chromium comes from the system's packages: scripts/install-browser installs
// it (Debian's chromium). [FindChrome] looks for chromium, chromium-browser,
// google-chrome and google-chrome-stable on PATH. When no browser is found,
// [New] skips the test, or fails it when the CI environment variable is set, so
// that a continuous-integration run cannot pass without the browser tests.
//
// # Environment variables
//
//   - FLICKARENA_CHROME: the browser binary to use (a path or a name on PATH),
//     instead of searching; an invalid value is an error, not a fallback.
//   - FLICKARENA_ARTIFACTS: the directory for screenshots and other test
//     artefacts ([ArtifactDir]); created if missing. Default: a per-test
//     temporary directory, deleted after the test.
//   - CI: when set (to anything), a missing browser fails the test instead of
//     skipping it.
//
// The browser runs headless, without the sandbox (Chromium refuses to run as
// root with it, and tests often run as root in containers) and without the GPU,
// in a 1280×900 window with a fresh profile. Only test code imports this
// package.
package browsertest
