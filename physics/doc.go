// Package physics is the table: wooden pieces sliding on a flat surface, seen from above,
// simulated with the Go port of Box2D (github.com/ByteArena/box2d v1.0.2). It knows nothing
// of any game: Flick 'em Up! and Flickago build their rules on top of it, each with its own
// piece catalogue, buildings and reference scenes.
//
// # Units
//
// Lengths are in cm, masses in g, times in s, velocities in cm/s, impulses in g·cm/s. The
// table lies in the plane with its lower-left corner at the origin; there is no gravity in the
// plane. Table friction is one Box2D friction joint per piece to a static ground body with a
// maximum force of μ·m·g (g = 981 cm/s²): pieces decelerate at a constant rate and stop, as
// wood on a table does, unlike linear damping.
//
// # Pieces
//
// A game supplies its pieces in a [Catalogue] with the table's configuration (Config.Pieces):
// each [Kind] with its shape, size, mass, frictions and restitution ([Spec]). A figure
// (Spec.Topples) stands on a round base and can be knocked over; a fallen figure lies along
// its fall direction as a Height × base-diameter rectangle.
//
// # A flick
//
// The state between flicks is plain data ([State]: pieces with kind, position, angle,
// fallen and off flags). [Simulator.Flick] gives one piece a velocity, clipped to
// Config.MaxSpeed after seeded execution [Noise], and simulates until every piece has been
// slower than Config.RestSpeed for Config.RestSteps steps, or Config.MaxTime passes. It
// returns an [Outcome]:
//
//   - the contact log: the first touch of every pair, in order, with point and normal;
//   - the falls: a standing figure falls when the normal impulse it receives in one step
//     exceeds Config.KnockImpulse (read in Box2D's PostSolve, applied after the step);
//     [Outcome.Hit] applies the shooting rule (the flicked piece's first contact fell);
//   - the pieces that left the table (their centre crossed the edge);
//   - the pieces moved, and an undo record: [Outcome.Restore] puts them all back.
//
// [Door] answers the questions of a doorway between two blocks: did a disc enter (any part
// past the door line), did it leave (wholly past), did it touch only the inner faces of the
// blocks.
//
// # Determinism and parallelism
//
// Each flick builds a fresh Box2D world from the State, so an outcome depends only on the
// state, the flick and the values drawn from the random source: bit for bit, in any goroutine,
// any number of times (TestFlick_Golden, TestFlick_Parallel). Continuous collision is off,
// because its global counters make parallel worlds race; tunnelling is prevented instead by
// sizing every step so that the fastest piece moves at most Config.StepTravel cm, less than
// the smallest disc plus the thinnest obstacle (TestFlick_NoTunnelling). The same sizing
// makes slow phases cheap: the step grows to Config.MaxStep as pieces slow down. Pieces start
// every flick asleep, so only what moves costs time. A [Simulator] holds scratch buffers and
// is not safe for concurrent use; give each goroutine its own.
//
// # Running flicks for a game
//
// A game's rules send their flicks through a hook with the signature of [Simulator.Flick].
// [Pooled] runs them on simulators borrowed from a pool shared by every game of one
// configuration, so a game holds no Box2D world between flicks; [Tracer] runs them and keeps
// the trajectories (frames every [TraceInterval]) between Begin and Take, for replays. Neither
// changes an outcome.
//
// # Geometry
//
// [Outline] is the ground a piece covers seen from above ([Catalogue.Outline], [Circle]): the
// placement tests of a game's rules (Contains, Intersects, OnTable) and the aiming queries of
// bots (Dist, Overlaps, Cast). [Door.Frame] and [Door.Line] give a door's line as it stands.
//
// # Errors
//
// A NaN or infinite velocity, an unknown or pinned piece, is [ErrBadFlick]; a state with an
// unknown kind, a non-finite coordinate or a piece in play off the table is [ErrBadState].
// Either leaves the state untouched. Panics only signal programmer errors ([Catalogue.Spec]
// of a kind the catalogue lacks, a bad catalogue given to [MustCatalogue]).
package physics
