package viewer

import (
	"crypto/hmac"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"net/http"
	"strings"
)

// TokenParam is the query parameter that gives a viewer its server's token once, in the URL
// a user opens (http://HOST/?token=TOKEN): the viewer answers with a cookie that carries the
// proof of it ([CookieName]) and redirects to the same URL without the token, so that the
// token stays out of the address bar, the history and the links the page follows.
const TokenParam = "token"

// CookieName is the cookie by which a browser proves that it was given the token: HttpOnly
// (the page's script cannot read it), SameSite=Strict (another site cannot make the browser
// send it), for the whole viewer. Its value is derived from the token (an HMAC-SHA256), not
// the token itself, so that the cookie cannot be replayed as the gRPC bearer token.
const CookieName = "flickarena_viewer"

// requireToken wraps h so that every request must prove it knows token: by the cookie, by
// "Authorization: Bearer TOKEN", or by ?token=TOKEN (which sets the cookie and redirects).
// Comparisons take constant time. Anything else gets 401 with a line saying how to get in.
func requireToken(token string, h http.Handler) http.Handler {
	proof := cookieValue(token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if q := r.URL.Query(); q.Has(TokenParam) {
			if !equal(q.Get(TokenParam), token) {
				deny(w)
				return
			}
			http.SetCookie(w, &http.Cookie{
				Name: CookieName, Value: proof, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode,
			})
			q.Del(TokenParam)
			u := *r.URL
			u.RawQuery = q.Encode()
			w.Header().Set("Cache-Control", "no-store")
			http.Redirect(w, r, u.RequestURI(), http.StatusSeeOther)
			return
		}
		if c, err := r.Cookie(CookieName); err == nil && equal(c.Value, proof) {
			h.ServeHTTP(w, r)
			return
		}
		if bearer, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer "); ok && equal(bearer, token) {
			h.ServeHTTP(w, r)
			return
		}
		deny(w)
	})
}

// deny answers 401 with how to authenticate.
func deny(w http.ResponseWriter) {
	w.Header().Set("WWW-Authenticate", `Bearer realm="flickarena viewer"`)
	http.Error(w, "this viewer requires the server's token: open it once as /?"+TokenParam+"=TOKEN", http.StatusUnauthorized)
}

// cookieValue returns the cookie that proves knowledge of token.
func cookieValue(token string) string {
	m := hmac.New(sha256.New, []byte(token))
	m.Write([]byte("flickarena viewer cookie v1"))
	return hex.EncodeToString(m.Sum(nil))
}

// equal compares two secrets in time independent of where they differ.
func equal(a, b string) bool {
	return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
