// Package physics is the table: wooden pieces sliding on a flat surface, seen from above,
// simulated with the Go port of Box2D (github.com/ByteArena/box2d v1.0.2). It knows nothing
// of any game: Flick 'em Up! and Flickago build their rules on top of it, each with its own
// piece catalogue, buildings and reference scenes.
//
// # Units
//
// Lengths are in cm, masses in g, times in s, velocities in cm/s, impulses in g·cm/s. The
// table lies in the plane with its lower-left corner at the origin; there is no gravity in the
// plane. Table friction is a constant deceleration of every awake piece, applied by this
// package around each Box2D step (half a step's worth before it, half after): μ·g for the
// centre (g = 981 cm/s²) and (2/3)·μ·m·g·R / I for the spin, so pieces slow at a constant
// rate and stop, as wood on a table does, unlike linear damping. A piece sliding freely
// stops after exactly v²/(2μg) cm, whatever the step sizes. Box2D itself sees no friction
// joint and no force: collisions happen inside its step.
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
// any number of times (TestFlick_Golden, TestFlick_Parallel). A piece enters that world only
// when the flick reaches it: the flicked piece first, then any piece within 4 cm of an awake
// piece at the start of a step, each with the pieces within 4 cm of it in turn, all asleep;
// a piece nothing comes near never costs anything, and a far piece cannot change an outcome
// (TestFlick_FarPiecesChangeNothing). Continuous collision is off, because its global
// counters make parallel worlds race; tunnelling is prevented instead by sizing every step so
// that no point of an awake piece moves more than Config.StepTravel cm, less than the
// smallest disc plus the thinnest obstacle (TestFlick_NoTunnelling). A piece far from
// everything (half its clearance, the gap between its bounding box and any other piece's,
// above StepTravel) may move up to half that clearance, at most Config.OpenTravel cm and
// never past the table's edge: two pieces then close at most their gap in one step, so
// nothing can be hit by a long step. Steps last Config.MinStep to Config.MaxStep, so slow
// phases are cheap too. Pieces start every flick asleep, and a piece that friction has
// stopped and that touches nothing goes back to sleep at once, so only what moves costs time.
// "Touches" is judged where the step left the pieces: a piece that slid into another in the
// step that stopped it stays awake, and Box2D pushes the two apart (TestFlick_StopsOutside).
// A [Simulator] holds scratch buffers and is not safe for concurrent use; give each
// goroutine its own.
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
