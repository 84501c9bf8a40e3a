package viewer

import (
	"net"
	"net/http"
	"strings"
)

// requireLoopbackHost wraps h so that it answers only requests whose Host is a loopback
// name (see [Config.LoopbackHosts]); any other gets 421 Misdirected Request.
func requireLoopbackHost(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Header().Set("X-Content-Type-Options", "nosniff")
			w.WriteHeader(http.StatusMisdirectedRequest)
			_, _ = w.Write([]byte("this viewer answers only on a loopback name: open it as http://localhost:PORT/\n"))
			return
		}
		h.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a Host header names the local machine by a name that no DNS
// answer can point elsewhere: localhost (browsers resolve it to loopback themselves, RFC
// 6761) or a loopback IP address; with or without a port, case and a final dot ignored.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
