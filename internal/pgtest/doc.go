// Package pgtest starts private PostgreSQL servers for tests: initdb and
// postgres in a new temporary directory, listening on a Unix socket in that
// directory only (no TCP port), with trust authentication for the superuser
// "postgres" and durability turned off (fsync=off): a server that exists for
// one test binary or one test and is deleted afterwards.
//
// PostgreSQL refuses to run as root; when the tests run as root, the server
// runs as the "postgres" system user (made by Debian's package), or else as
// "nobody", in a directory that user owns.
//
// [DB] returns a new empty database on the test binary's shared server,
// started on first use and stopped by [Main], which the package's TestMain
// calls. [New] starts a server of the test's own, stopped at the test's
// cleanup, for a test that stops or inspects the server.
//
// # Environment variables
//
//   - FLICKARENA_PG_BIN: the directory of initdb and postgres. By default
//     they are looked up on PATH, then in /usr/lib/postgresql/*/bin (where
//     Debian's postgresql package puts them), newest version first.
//   - FLICKARENA_REQUIRE_POSTGRES or CI: when either is set (to anything),
//     missing binaries fail the test instead of skipping it. `make test`
//     sets FLICKARENA_REQUIRE_POSTGRES, and scripts/install-postgres
//     (called by `make deps`) installs the binaries.
package pgtest
