package viewer

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
)

// TokenParam is the query parameter that gives a viewer its server's token once, in the URL
// a user opens (http://HOST/?token=TOKEN): the viewer answers with a cookie that carries the
// proof of it ([CookieName]) and a small landing page that replaces itself with the same URL
// without the token, so that the token stays out of the address bar, the history and the
// links the page follows. A page rather than a redirect: when the link is followed from
// another site, the browser does not send a SameSite=Strict cookie on a redirect that site
// started, but does on a navigation the viewer's own page starts.
const TokenParam = "token"

// CookieName begins the name of the cookie by which a browser proves that it was given the
// token: HttpOnly (the page's script cannot read it), SameSite=Strict (another site cannot
// make the browser send it), for the whole viewer. The name ends with 8 hexadecimal digits
// derived from the token, so that two viewers on one host (cookies ignore the port) keep
// their cookies apart. Its value is derived from the token (an HMAC-SHA256), not the token
// itself, so that the cookie cannot be replayed as the gRPC bearer token.
const CookieName = "flickarena_viewer_"

// requireToken wraps h so that every request must prove it knows token: by the cookie (any
// of the cookies of its name: a stale one sent first does not lock the user out), by
// "Authorization: Bearer TOKEN", or by ?token=TOKEN (which sets the cookie and answers the
// landing page). Comparisons take constant time. Anything else gets 401 with a line saying
// how to get in.
func requireToken(token string, h http.Handler) http.Handler {
	proof := derive(token, "cookie value")
	name := CookieName + derive(token, "cookie name")[:8]
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if q := r.URL.Query(); q.Has(TokenParam) {
			if !equal(q.Get(TokenParam), token) {
				deny(w)
				return
			}
			http.SetCookie(w, &http.Cookie{
				Name: name, Value: proof, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
			})
			q.Del(TokenParam)
			// A relative reference to the same resource without the token, so that a viewer
			// mounted under a prefix (http.StripPrefix) stays within it.
			loc := "./"
			if i := strings.LastIndexByte(r.URL.Path, '/'); i >= 0 && i < len(r.URL.Path)-1 {
				loc = "./" + url.PathEscape(r.URL.Path[i+1:])
			}
			if len(q) > 0 {
				loc += "?" + q.Encode()
			}
			land(w, loc)
			return
		}
		for _, c := range r.CookiesNamed(name) {
			if equal(c.Value, proof) {
				h.ServeHTTP(w, r)
				return
			}
		}
		if bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && equal(bearer, token) {
			h.ServeHTTP(w, r)
			return
		}
		deny(w)
	})
}

// land answers the request that gave the token with a page that replaces itself with loc
// (a relative URL without the token): by script, else by a refresh, else by a link. It
// sends no Referer (the token is in its URL) and is never cached.
func land(w http.ResponseWriter, loc string) {
	js, _ := json.Marshal(loc) // a string: cannot fail; escapes <, > and &
	attr := html.EscapeString(loc)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	fmt.Fprintf(w, "<!doctype html><meta charset=\"utf-8\"><link rel=\"icon\" href=\"data:,\"><title>Flickarena viewer</title>\n"+
		"<script>location.replace(%s)</script>\n<noscript><meta http-equiv=\"refresh\" content=\"0;url=%s\"></noscript>\n"+
		"<p><a href=\"%s\">open the viewer</a></p>\n", js, attr, attr)
}

// deny answers 401 with how to authenticate.
func deny(w http.ResponseWriter) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="flickarena viewer"`)
	// A small HTML page rather than plain text: its empty icon keeps the browser from asking
	// for /favicon.ico, a request that could otherwise arrive after the token's cookie is set
	// and be logged as a 404 of the viewer.
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusUnauthorized)
	fmt.Fprintf(w, "<!doctype html><meta charset=\"utf-8\"><link rel=\"icon\" href=\"data:,\"><title>Flickarena viewer</title>\n"+
		"<p>this viewer requires the server's token: open it once as /?%s=TOKEN</p>\n", TokenParam)
}

// derive returns a value derived from token for a purpose (HMAC-SHA256, in hexadecimal).
func derive(token, purpose string) string {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte("flickarena viewer v1: " + purpose))
	return hex.EncodeToString(m.Sum(nil))
}

// equal compares two secrets in time independent of where they differ.
func equal(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
