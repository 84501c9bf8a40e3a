// Package envrpctest helps test code that speaks the Flickarena wire
// protocol: NewServer runs an envrpc.Server in memory (over bufconn, no
// port, closed at the end of the test), and Run is the protocol compliance
// suite, which drives a game through the wire and checks it against the
// same game in an in-process env.Vector.
//
//	func TestCompliance(t *testing.T) {
//		reg := env.NewRegistry()
//		race.Register(reg)
//		e := envrpctest.NewServer(t, reg)
//		envrpctest.Run(t, e.Conn, race.ID, race.Factory, envrpctest.Config{})
//	}
//
// Run checks, as subtests:
//
//   - Info: the server lists the game with the spec the factory gives (and
//     its reward and joint-rule docs, env.RulesDocumenter), and a protocol
//     of major version 1; CreatePool echoes a fully resolved config, every
//     declared option at its canonical value.
//   - MatchesVector: for every autoreset mode, both views, both illegal
//     modes, unary calls and the Session stream, the batches through the
//     wire equal, bit for bit, those of an in-process Vector given the same
//     seed and actions (partial resets included). The env conformance suite
//     (envtest) holds for the in-process Vector, so it holds through the
//     wire.
//   - Formats: the BOX and MULTI_DISCRETE action formats decode as
//     env.Spec.DecodeBoxBatch and DecodeMultiDiscreteBatch do.
//   - Determinism: two pools with one seed agree, another seed diverges, a
//     second Reset replays the first.
//   - BadInput: wrong dtypes, shapes and lengths, non-finite, out-of-range
//     and masked-out actions, bad reset masks and seeds, unknown pools and
//     games, bad configs and pools over the advertised limit fail with the
//     right code and a message naming the field (an illegal action also in
//     google.rpc details naming its env and field), and leave the pool
//     unchanged (it then steps exactly like a twin that saw none of them).
//   - ObserveAllSeats: every seat's observation equals Game.Observe.
//   - Session: in-band errors carry the unary codes, request ids are
//     echoed, and the stream survives errors.
package envrpctest
