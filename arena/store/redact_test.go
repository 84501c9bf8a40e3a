package store_test

import (
	"net/url"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/flickarena/flickarena/arena/store"
)

// TestRedactURL_TrickyPasswords: no password, however written (special
// characters escaped or not, in the user part or a parameter, in a URL or a
// key=value string), survives RedactURL: neither the one meant nor the one
// pgx would send; and what holds no password comes back unchanged.
func TestRedactURL_TrickyPasswords(t *testing.T) {
	t.Setenv("PGPASSWORD", "")
	t.Setenv("PGPASSFILE", "/nonexistent")
	for _, tc := range []struct{ in, secret, want string }{
		{"postgres://u:s3cr;t@h/arena", "s3cr;t", "postgres://u:xxxxx@h/arena"},
		{"postgres://u@h/arena?password=s3cr;t", "s3cr;t", "postgres://u@h/arena?password=xxxxx"},
		{"postgres://u@h/arena?sslmode=disable&password=s3cr;t&x=1", "s3cr;t", "postgres://u@h/arena?sslmode=disable&password=xxxxx&x=1"},
		{"postgres://u@h/arena?pass%77ord=s3cr3t", "s3cr3t", "postgres://u@h/arena?pass%77ord=xxxxx"},
		{"postgres://u@h/arena?sslpassword=k3yp4ss", "k3yp4ss", "postgres://u@h/arena?sslpassword=xxxxx"},
		{"postgres://u:" + url.QueryEscape("s3 cr/t?#@;") + "@h/arena", "s3 cr/t?#@;", "postgres://u:xxxxx@h/arena"},
		{"postgres://u:s3cr#t@h/arena", "s3cr#t", "postgres://u:xxxxx@h/arena"},
		{"postgres://u:s3cr?t@h/arena", "s3cr?t", "postgres://u:xxxxx@h/arena"},
		{"postgres://u:12?t3st@h/arena", "12?t3st", "postgres://u:xxxxx@h/arena"},
		{"postgres://u:s3/cr3t@h/arena", "s3/cr3t", "postgres://u:xxxxx@h/arena"},
		{"postgres://u:s3@cr3t@h/arena", "s3@cr3t", "postgres://u:xxxxx@h/arena"},
		{"postgres://u:s3 cr3t@h/arena", "s3 cr3t", "postgres://u:xxxxx@h/arena"},
		{"postgres://u:s3%zzcr3t@h/arena", "s3%zzcr3t", "postgres://u:xxxxx@h/arena"},
		{"postgresql://u:s3cr3t@h1:5432,h2:5433/arena", "s3cr3t", "postgresql://u:xxxxx@h1:5432,h2:5433/arena"},
		{"host=h user=u password=s3cr;t dbname=arena", "s3cr;t", "host=h user=u password=xxxxx dbname=arena"},
		{"host=h password = 's3 cr\\'t;' dbname=arena", "s3 cr\\'t;", "host=h password = xxxxx dbname=arena"},
		{"password='s3 cr3t", "s3 cr3t", "password=xxxxx"},
		{"host=h sslpassword=k3yp4ss", "k3yp4ss", "host=h sslpassword=xxxxx"},
		{"postgres://u@h/arena?application_name=a@b", "", "postgres://u@h/arena?application_name=a@b"},
		{"postgresql:///arena?host=/run/postgresql", "", "postgresql:///arena?host=/run/postgresql"},
		{"results.db", "", "results.db"},
		{"--scenarios=race:players=3", "", "--scenarios=race:players=3"},
	} {
		got := store.RedactURL(tc.in)
		if got != tc.want {
			t.Errorf("RedactURL(%q) = %q, want %q", tc.in, got, tc.want)
		}
		var secrets []string
		if tc.secret != "" {
			secrets = append(secrets, tc.secret, url.QueryEscape(tc.secret), url.PathEscape(tc.secret))
		}
		if cfg, err := pgx.ParseConfig(tc.in); err == nil && cfg.Password != "" {
			secrets = append(secrets, cfg.Password) // what pgx would send
		}
		for _, s := range secrets {
			if strings.Contains(got, s) {
				t.Errorf("RedactURL(%q) = %q keeps the password %q", tc.in, got, s)
			}
		}
	}
}
