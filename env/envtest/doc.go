// Package envtest is the conformance suite every game must pass. A game
// package calls it from its tests:
//
//	func TestConformance(t *testing.T) {
//		envtest.Run(t, mygame.Factory)
//	}
//
// Run drives Vectors of the game with seeded random legal actions until
// several episodes end, and checks, as subtests:
//
//   - Spec: a valid spec, equal for two games, unknown options rejected.
//   - Play: batch shapes; observations finite and within the declared
//     field bounds and equal to Game.Observe; masks with a legal value in
//     every head and a legal DefaultAction while running; current player
//     in range; rewards zero before the end and in [-1, 1] at a terminal
//     step; Terminated and Truncated never both; episode return and length
//     equal to the sums; read-only methods (Observe, Mask, Validate, Hash,
//     MarshalJSON) leave the hash unchanged; the JSON view is a valid JSON
//     object; NextStep autoreset resets to exactly the episode that
//     [env.EpisodeRand] seeds.
//   - Truncation: Config.MaxEpisodeSteps cuts every episode at that length.
//   - Autoreset: SameStep equals Disabled plus ResetMask (final
//     observation and hash included), NextStep equals Disabled plus
//     ResetMask with the action of a reset step ignored, stepping an ended
//     env with autoreset Disabled is refused, and a partial reset leaves
//     the other envs untouched.
//   - Determinism: two runs with one seed give bit-identical batches for
//     K steps across episode ends, whatever the workers and GOMAXPROCS;
//     a second Reset replays the first; ResetMask with EnvKey seeds equals
//     Reset; another seed diverges.
//   - IllegalActions: out-of-range, masked-out, non-finite, out-of-bounds
//     and (when one can be found) jointly illegal actions, and wrong
//     shapes, are refused with an error naming the env and the action
//     part, and change nothing; ReplaceIllegal plays the DefaultAction
//     instead, with the penalty.
//   - SingleAgent: every running env waits for seat 0, observations are
//     seat 0's, and the view is deterministic.
//
// Failures name the seed, env, step and field involved. The suite is sized
// by [Config]; under testing.Short it runs fewer steps.
package envtest
