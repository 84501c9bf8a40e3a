// Package arenatest holds the fakes and helpers that the tests of package
// arena and of package arena/store share: fake bots, scenarios and a
// deterministic fake referee, stores opened for a test, and the store
// backends (an SQLite file, a PostgreSQL database) a test runs on.
//
// It is imported by tests only. A test binary that uses [PostgreSQL] must
// call pgtest.Main from its TestMain.
package arenatest
