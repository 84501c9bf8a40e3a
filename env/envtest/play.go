package envtest

import (
	"fmt"
	"maps"
	"reflect"
	"slices"
	"testing"

	"github.com/flickarena/flickarena/env"
)

// testSpec checks the spec and the factory.
func (s *suite) testSpec(t *testing.T) {
	g := s.newGame(t)
	spec := g.Spec()
	if err := spec.Validate(); err != nil {
		t.Fatal(err)
	}
	if again := g.Spec(); !reflect.DeepEqual(again, spec) {
		t.Errorf("Spec changed between two calls: %+v then %+v", spec, again)
	}
	if other := s.newGame(t).Spec(); !reflect.DeepEqual(other, spec) {
		t.Errorf("two games from one factory have different specs: %+v and %+v", spec, other)
	}
	opts := maps.Clone(s.cfg.Options)
	if opts == nil {
		opts = env.Options{}
	}
	opts["envtest_no_such_option"] = "1"
	if _, err := s.f(opts); err == nil {
		t.Errorf("factory accepted the unknown option envtest_no_such_option: it must reject unknown options (see env.Options.Check)")
	}
}

// testPlay plays random legal actions in self-play with NextStep autoreset
// until Config.Episodes episodes end, checking every batch.
func (s *suite) testPlay(t *testing.T) {
	v := s.newVector(t, env.Config{})
	spec, n, p := v.Spec(), v.NumEnvs(), v.Spec().NumPlayers
	seed := s.cfg.Seed
	b, err := v.Reset(seed)
	if err != nil {
		t.Fatalf("Reset(%d): %v", seed, err)
	}
	checkBatch(t, v, b, fmt.Sprintf("seed %d reset", seed), true)
	for i := range n {
		if b.Done(i) || b.Episode[i] != 0 {
			t.Fatalf("after Reset, env %d: done %v, episode %d", i, b.Done(i), b.Episode[i])
		}
		s.checkFresh(t, b, seed, i, "reset")
	}

	rng := s.actionRNG(1)
	act := spec.NewActions(n)
	ret := make([]float32, n*p) // our own sum of each episode's rewards
	length := make([]int32, n)  // our own count of each episode's steps
	wasDone := make([]bool, n)
	prevEp := make([]uint64, n)
	ended, terminated := 0, 0
	for step := 1; ended < s.cfg.Episodes; step++ {
		if step > s.cfg.MaxSteps {
			t.Fatalf("seed %d: only %d of %d episodes ended in %d steps (raise envtest.Config.MaxSteps, or set Spec.MaxEpisodeSteps)",
				seed, ended, s.cfg.Episodes, s.cfg.MaxSteps)
		}
		randomActions(v, b, act, rng)
		for i := range n {
			wasDone[i], prevEp[i] = b.Done(i), b.Episode[i]
		}
		if b, err = v.Step(act); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
		where := fmt.Sprintf("seed %d step %d", seed, step)
		checkBatch(t, v, b, where, step%8 == 1)
		for i := range n {
			r := b.RewardAt(i)
			if wasDone[i] {
				// NextStep autoreset: this step reset env i.
				if b.Done(i) || slices.ContainsFunc(r, nonZero) || b.Episode[i] != prevEp[i]+1 {
					t.Fatalf("%s: env %d reset by autoreset: done %v, reward %v, episode %d after %d",
						where, i, b.Done(i), r, b.Episode[i], prevEp[i])
				}
				s.checkFresh(t, b, seed, i, where)
				clear(ret[i*p : (i+1)*p])
				length[i] = 0
				continue
			}
			if b.Episode[i] != prevEp[i] {
				t.Fatalf("%s: env %d: episode number changed from %d to %d during an episode", where, i, prevEp[i], b.Episode[i])
			}
			length[i]++
			for k, x := range r {
				ret[i*p+k] += x
			}
			switch {
			case b.Terminated[i]:
				for k, x := range r {
					if x < -1 || x > 1 {
						t.Errorf("%s: env %d: terminal reward of seat %d = %g outside [-1, 1]", where, i, k, x)
					}
				}
			case slices.ContainsFunc(r, nonZero):
				t.Errorf("%s: env %d: reward %v before a terminal step (rewards are outcomes only without shaping)", where, i, r)
			}
			if !b.Done(i) {
				continue
			}
			ended++
			if b.Terminated[i] {
				terminated++
			}
			if b.EpisodeLength[i] != length[i] {
				t.Errorf("%s: env %d: EpisodeLength %d, counted %d", where, i, b.EpisodeLength[i], length[i])
			}
			if !bitsEqual(b.EpisodeReturn[i*p:(i+1)*p], ret[i*p:(i+1)*p]) {
				t.Errorf("%s: env %d: EpisodeReturn %v, summed %v", where, i, b.EpisodeReturn[i*p:(i+1)*p], ret[i*p:(i+1)*p])
			}
		}
		if t.Failed() {
			return
		}
	}
	t.Logf("seed %d: %d episodes ended, %d terminated, %d truncated", seed, ended, terminated, ended-terminated)
}

// checkFresh checks that row i of b, just reset, is exactly the first state
// of a fresh game reset with the generator the seeding contract promises
// for (EnvKey(seed, i), b.Episode[i]).
func (s *suite) checkFresh(t *testing.T, b *env.Batch, seed uint64, i int, where string) {
	t.Helper()
	g := s.newGame(t)
	if err := g.Reset(env.EpisodeRand(env.EnvKey(seed, i), b.Episode[i])); err != nil {
		t.Fatalf("%s: fresh game Reset: %v", where, err)
	}
	if h := g.Hash(); h != b.StateHash[i] {
		t.Fatalf("%s: env %d episode %d: hash %#x, a fresh game reset with EpisodeRand(EnvKey(%d, %d), %d) has %#x",
			where, i, b.Episode[i], b.StateHash[i], seed, i, b.Episode[i], h)
	}
	obs := make([]float32, b.ObsSize)
	g.Observe(obs, g.CurrentPlayer())
	if !bitsEqual(obs, b.ObsAt(i)) || int(b.CurrentPlayer[i]) != g.CurrentPlayer() {
		t.Fatalf("%s: env %d episode %d: row differs from a fresh game's first state", where, i, b.Episode[i])
	}
}

// testTruncation checks that Config.MaxEpisodeSteps cuts every episode at
// that many steps, as a truncation without outcome.
func (s *suite) testTruncation(t *testing.T) {
	const limit = 2
	v := s.newVector(t, env.Config{MaxEpisodeSteps: limit})
	n := v.NumEnvs()
	seed := s.cfg.Seed + 1
	b, err := v.Reset(seed)
	if err != nil {
		t.Fatalf("Reset(%d): %v", seed, err)
	}
	rng := s.actionRNG(3)
	act := v.Spec().NewActions(n)
	length := make([]int32, n)
	wasDone := make([]bool, n)
	truncated := 0
	for step := 1; step <= s.cfg.Steps; step++ {
		randomActions(v, b, act, rng)
		for i := range n {
			wasDone[i] = b.Done(i)
		}
		if b, err = v.Step(act); err != nil {
			t.Fatalf("seed %d step %d: %v", seed, step, err)
		}
		where := fmt.Sprintf("seed %d step %d (MaxEpisodeSteps %d)", seed, step, limit)
		checkBatch(t, v, b, where, false)
		for i := range n {
			if wasDone[i] {
				length[i] = 0
				continue
			}
			length[i]++
			switch {
			case length[i] == limit && !b.Done(i):
				t.Fatalf("%s: env %d not truncated after %d steps", where, i, limit)
			case b.Truncated[i] && slices.ContainsFunc(b.RewardAt(i), nonZero):
				t.Errorf("%s: env %d: truncation carries reward %v (a truncated episode has no outcome)", where, i, b.RewardAt(i))
			case b.Done(i) && b.EpisodeLength[i] != length[i]:
				t.Errorf("%s: env %d: EpisodeLength %d, counted %d", where, i, b.EpisodeLength[i], length[i])
			}
			if b.Truncated[i] {
				truncated++
			}
		}
	}
	if truncated == 0 {
		t.Errorf("seed %d: no episode truncated in %d steps with MaxEpisodeSteps %d (with the suite's options, an episode must be able to last longer than that)", seed, s.cfg.Steps, limit)
	}
}

// nonZero reports whether x is not zero.
func nonZero(x float32) bool { return x != 0 }
