// Package riverqueue measures River (github.com/riverqueue/river, a Go job
// queue on PostgreSQL) as the arena's work queue, beside the arena's own
// leases (BenchmarkLeases_Claim in package arena), on the same private
// PostgreSQL server (internal/pgtest). It is a module of its own, so that
// River stays out of the arena's dependencies: the measurement decided
// against it (docs/decisions/arena-work-queue-leases.md).
//
// Run it with
//
//	cd benchmarks/riverqueue && go test -run '^$' -bench . -benchtime 2000x
package riverqueue
