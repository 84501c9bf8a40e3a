package main

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"time"

	"github.com/flickarena/flickarena/env"
	"github.com/flickarena/flickarena/env/flickemup"
)

// compareScenarios returns the names of our scenarios, the default one first.
func compareScenarios() []string {
	names := []string{flickemup.DefaultScenario}
	for _, in := range flickemup.List() {
		if in.Name != flickemup.DefaultScenario {
			names = append(names, in.Name)
		}
	}
	return names
}

// comparison is the result of compare: rates per CPU-second, times in CPU seconds.
type comparison struct {
	flicksPerSec, stepsPerSec, flicksPerStep float64
	physFlick, flickStep, ctlStep            float64 // per raw flick, per env flick step, per other env step
	ratioFlick, ratioAll                     float64
}

// compareSlice is how many env steps the comparison plays between two replays of their flicks.
const compareSlice = 100

// compare plays steps steps of one game of our scenario on one core with random legal
// actions, recording its actions and flicks; then, rounds times, it plays the same actions on
// the scenario's default env (Vector.Step alone: the actions are not chosen again) and
// replays the recorded flicks on the raw physics, interleaved every compareSlice steps so
// that both meet the same conditions of a shared machine, and times both in CPU time, twice:
// by whole slices, for the all-steps ratio and the rates (two clock reads every 100 steps on
// either side, so the clock costs nothing that matters), then step by step and flick by
// flick, less the clock's own cost measured before each slice, for the split between flick
// steps and the others. It returns the round whose all-steps ratio is the median, so that
// every figure comes from one side-by-side run.
func compare(scenario string, steps, rounds int, seed uint64) (comparison, error) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	rec, err := record(scenario, steps, seed)
	if err != nil {
		return comparison{}, err
	}
	r, err := newReplayer()
	if err != nil {
		return comparison{}, err
	}
	nFlicks := len(rec.flicks)
	var results []comparison
	for range rounds {
		var whole, each timings
		if err := rec.play(scenario, seed, r, &whole, false); err != nil {
			return comparison{}, err
		}
		if err := rec.play(scenario, seed, r, &each, true); err != nil {
			return comparison{}, err
		}
		perFlick := each.phys.Seconds() / float64(nFlicks)
		perFlickStep := each.flickSteps.Seconds() / float64(nFlicks)
		results = append(results, comparison{
			flicksPerSec:  float64(nFlicks) / whole.phys.Seconds(),
			stepsPerSec:   float64(steps) / whole.env.Seconds(),
			flicksPerStep: float64(nFlicks) / float64(steps),
			physFlick:     perFlick,
			flickStep:     perFlickStep,
			ctlStep:       each.otherSteps.Seconds() / float64(steps-nFlicks),
			ratioFlick:    perFlick / perFlickStep,
			ratioAll:      whole.phys.Seconds() / whole.env.Seconds(),
		})
	}
	slices.SortFunc(results, func(a, b comparison) int { return cmp.Compare(a.ratioAll, b.ratioAll) })
	return results[len(results)/2], nil
}

// timings are the CPU times of one play of a recording.
type timings struct {
	env, flickSteps, otherSteps time.Duration // the env's steps: all; step by step, those that flicked and the others
	phys                        time.Duration // the raw physics of their flicks
}

// play plays the recording's actions on a fresh env of scenario, reset with seed, slice by
// slice, each slice's flicks replayed by r after it, and adds the CPU times to t: by whole
// slices, or with each, step by step and flick by flick less the clock's own cost. The env
// must end in the recording's state hash.
func (rec *recording) play(scenario string, seed uint64, r *replayer, t *timings, each bool) error {
	v, err := env.NewVector(flickemup.ScenarioFactory(scenario), env.Config{NumEnvs: 1, Workers: 1})
	if err != nil {
		return err
	}
	defer v.Close()
	if _, err := v.Reset(seed); err != nil {
		return err
	}
	flick := 0 // index of the first flick of the slice
	for from := 0; from < len(rec.actions); from += compareSlice {
		to := min(from+compareSlice, len(rec.actions))
		n := 0 // flicks in the slice
		var clock time.Duration
		if each {
			clock = clockCost(25)
		}
		start := cpuNow()
		for i := from; i < to; i++ {
			var s time.Duration
			if each {
				s = cpuNow()
			}
			if _, err := v.Step(rec.actions[i]); err != nil {
				return fmt.Errorf("step %d: %w", i, err)
			}
			if each {
				d := cpuNow() - s - clock
				if rec.flicked[i] {
					t.flickSteps += d
				} else {
					t.otherSteps += d
				}
			}
			if rec.flicked[i] {
				n++
			}
		}
		if !each {
			t.env += cpuNow() - start
		}
		flicks := rec.flicks[flick : flick+n]
		var d time.Duration
		if each {
			d, err = r.replayEach(flicks, clock)
		} else {
			d, err = r.replay(flicks)
		}
		if err != nil {
			return err
		}
		t.phys += d
		flick += n
	}
	if got := v.Batch().StateHash[0]; got != rec.hash {
		return fmt.Errorf("the env played other flicks than the recording (hash %x, want %x)", got, rec.hash)
	}
	return nil
}
