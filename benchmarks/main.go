package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/internal/gctune"
)

// poolSizes are the pool sizes of the env steps/s rows.
var poolSizes = []int{1, 64, 1024, 4096}

func main() {
	gogc := gctune.Default() // GOGC=400 unless the environment says otherwise
	scale := flag.Float64("scale", 1, "multiply the work of every measurement")
	seed := flag.Uint64("seed", 1, "seed of the games and of the random actions")
	only := flag.String("only", "physics,compare,pools,scaling,arena", "the measurements to make, comma-separated: physics, compare, pools, scaling, arena")
	flag.Parse()
	parts := map[string]bool{}
	for _, p := range strings.Split(*only, ",") {
		switch p = strings.TrimSpace(p); p {
		case "physics", "compare", "pools", "scaling", "arena":
			parts[p] = true
		default:
			fmt.Fprintf(os.Stderr, "benchmarks: -only %q: want physics, compare, pools, scaling or arena\n", p)
			os.Exit(2)
		}
	}
	if err := run(*scale, *seed, gogc, parts); err != nil {
		fmt.Fprintln(os.Stderr, "benchmarks:", err)
		os.Exit(1)
	}
}

// row is one line of the table.
type row struct{ what, value, goal, verdict string }

// run makes every measurement and prints the table; gogc is the collector's setting in force.
func run(scale float64, seed uint64, gogc string, parts map[string]bool) error {
	n := func(k int) int { return max(1, int(float64(k)*scale)) }
	fmt.Printf("Machine: %s; GOGC=%s; load average %s at start\n", machine(), gogc, loadAverage())
	if parts["compare"] || parts["pools"] || parts["scaling"] {
		fmt.Printf("Env rows: %s (the comparison's: every Flick 'em Up! scenario), self-play, random legal actions (env.RandomPolicy), seed %d.\n", flickemup.ID, seed)
		fmt.Printf("Their times are taken inside Vector.Step only (the agent's choice is not the env's cost), by the wall clock and by the %s.\n", cpuClock)
	}
	if parts["arena"] {
		fmt.Printf("Arena rows: whole games of %s between the random bot and the aimer (their choices included), wall clock; seed %d.\n", arenaScenario, seed)
	}
	if parts["physics"] {
		fmt.Printf("Physics row: BenchmarkFlick's workload (benchmarks/flickbench: the reference town, 42 pieces, and a flicked bullet or movement disc at 50-300 cm/s), Flick 'em Up!'s default physics, one core (GOMAXPROCS=1).\n")
	}
	var rows []row

	// 0. The raw physics on its reference workload, on one core.
	if parts["physics"] {
		const rounds = 5
		r, err := physicsRun(n(4000), rounds)
		if err != nil {
			return fmt.Errorf("physics: %w", err)
		}
		rows = append(rows,
			row{fmt.Sprintf("physics flicks/s, reference town, 1 core, CPU time: median (range over %d rounds of %d flicks)", rounds, n(4000)), spread(r.cpu), "≥ 5,800 (0.6× native Box2D v3, issue 17)", verdict(median(r.cpu) >= 5800)},
			row{"physics flicks/s, the same rounds, wall clock", spread(r.wall), "", ""},
			row{"physics steps per flick", fmt.Sprintf("%.2f", r.steps), "", ""},
		)
	}

	// 1. The env against the raw physics of the same flicks, on one core, scenario by scenario.
	if parts["compare"] {
		for _, name := range compareScenarios() {
			id := flickemup.ScenarioID(name)
			c, err := compare(name, n(4000), 5, seed)
			if err != nil {
				return fmt.Errorf("physics comparison, %s: %w", id, err)
			}
			if name == flickemup.DefaultScenario {
				rows = append(rows,
					row{fmt.Sprintf("%s: physics flicks/s, raw: the game's own flicks replayed (1 core, CPU time)", id), count(c.flicksPerSec), "", ""},
					row{fmt.Sprintf("%s: env steps/s, 1 env (1 core, CPU time)", id), fmt.Sprintf("%s (%.2f flicks/step)", count(c.stepsPerSec), c.flicksPerStep), "", ""},
					row{fmt.Sprintf("%s: env steps/s ÷ raw physics flicks/s", id), pct(c.stepsPerSec / c.flicksPerSec), "≥ 90%", verdict(c.stepsPerSec/c.flicksPerSec >= 0.9)},
				)
			}
			rows = append(rows,
				row{fmt.Sprintf("%s: env time per flick step (physics + rules, encoding and the rest); per other step (select, end turn, ...)", id),
					fmt.Sprintf("%.0f µs (%.0f + %.1f); %.1f µs; %.2f flicks/step", c.flickStep*1e6, c.physFlick*1e6, (c.flickStep-c.physFlick)*1e6, c.ctlStep*1e6, c.flicksPerStep), "", ""},
				row{fmt.Sprintf("%s: physics share of env time (raw physics time / env time of the same flicks): flick steps only; all steps (each flick also pays its share of the other steps)", id),
					fmt.Sprintf("%s; %s", pct(c.ratioFlick), pct(c.ratioAll)), "≥ 90%; ≥ 90%", verdict(c.ratioFlick >= 0.9 && c.ratioAll >= 0.9)},
			)
		}
	}

	// 2. Env steps/s per pool size, on every core; memory per game at the largest.
	cores := runtime.GOMAXPROCS(0)
	for _, size := range poolSizes {
		if !parts["pools"] {
			break
		}
		r, err := poolRun(size, n(30000), seed)
		if err != nil {
			return fmt.Errorf("pool of %d: %w", size, err)
		}
		rows = append(rows, row{fmt.Sprintf("env steps/s, %d envs, %d workers: wall clock (per CPU-second)", size, min(size, cores)),
			fmt.Sprintf("%s (%s), %.2f flicks/step", count(r.stepsPerSec), count(r.stepsPerCPU), r.flicksPerStep), "", ""})
		if size == poolSizes[len(poolSizes)-1] {
			rows = append(rows, row{fmt.Sprintf("live heap per game, %d envs after warm-up", size),
				fmt.Sprintf("%.1f kB", r.heapPerGame/1000), "< 100 kB", verdict(r.heapPerGame < 100e3)})
		}
	}

	// 3. Scaling from one core to two.
	if parts["scaling"] && runtime.NumCPU() >= 2 {
		s, err := scaling(256, n(100), 3, seed)
		if err != nil {
			return fmt.Errorf("scaling: %w", err)
		}
		rows = append(rows,
			row{"scaling 1 → 2 cores, 256 envs: wall-clock steps/s ratio", fmt.Sprintf("%.2fx", s.wall), "≥ 1.8x", verdict(s.wall >= 1.8)},
			row{"scaling 1 → 2 cores, 256 envs: 2 × CPU time per step on 1 core / on 2 cores", fmt.Sprintf("%.2fx", s.cpu), "(the bound with 2 idle cores)", ""},
		)
	}

	// 4. The arena against the env, on the same games and bots.
	if parts["arena"] {
		a, err := arenaMeasure(2*max(1, n(40)/2), 3, seed)
		if err != nil {
			return fmt.Errorf("arena: %w", err)
		}
		rate := func(r arenaResult) string {
			return fmt.Sprintf("%.1f games/s, %s steps/s; cores busy %s", r.gamesPerSec, count(r.stepsPerSec), pct(r.busy))
		}
		rows = append(rows,
			row{fmt.Sprintf("bare env: %d showdowns, random vs aimer, played on env.Game by %d goroutines (no referee, no store)", a.bare.games, cores), rate(a.bare), "", ""},
			row{"arena run, the same games, concurrency 1 (referee, 2 s deadline, SQLite store)", rate(a.one), "", ""},
			row{fmt.Sprintf("arena run, the same games, concurrency %d", cores), rate(a.all), "", ""},
			row{fmt.Sprintf("arena steps/s at concurrency %d ÷ bare env steps/s", cores), pct(a.all.stepsPerSec / a.bare.stepsPerSec), "≥ 90%", verdict(a.all.stepsPerSec/a.bare.stepsPerSec >= 0.9)},
			row{fmt.Sprintf("arena games/s, concurrency %d ÷ concurrency 1", cores), fmt.Sprintf("%.2fx", a.all.gamesPerSec/a.one.gamesPerSec), fmt.Sprintf("≥ %.1fx", 0.9*float64(cores)), verdict(a.all.gamesPerSec/a.one.gamesPerSec >= 0.9*float64(cores))},
		)
	}

	fmt.Println()
	fmt.Println("| measurement | value | goal | met |")
	fmt.Println("|---|---|---|---|")
	for _, r := range rows {
		fmt.Printf("| %s | %s | %s | %s |\n", r.what, r.value, r.goal, r.verdict)
	}
	fmt.Printf("\nLoad average %s at the end.\n", loadAverage())
	return nil
}

// poolResult is the result of poolRun.
type poolResult struct{ stepsPerSec, stepsPerCPU, flicksPerStep, heapPerGame float64 }

// poolRun times a pool of size games on every core for about envSteps env steps, after a
// warm-up that lets every game flick; it measures the live heap per game after the warm-up.
func poolRun(size, envSteps int, seed uint64) (poolResult, error) {
	heap0 := liveHeap()
	p, err := newPlayer(flickemup.Factory, size, 0, seed)
	if err != nil {
		return poolResult{}, err
	}
	defer p.close()
	if err := p.run(min(20, max(5, 20000/size))); err != nil {
		return poolResult{}, err
	}
	heap := float64(liveHeap()-heap0) / float64(size)
	p.resetCounts()
	if err := p.run(max(3, envSteps/size)); err != nil {
		return poolResult{}, err
	}
	return poolResult{stepsPerSec: p.stepsPerSecond(), stepsPerCPU: p.stepsPerCPUSecond(),
		flicksPerStep: float64(p.flickSteps) / float64(p.steps), heapPerGame: heap}, nil
}

// scalingResult is the result of scaling.
type scalingResult struct{ wall, cpu float64 }

// scaling returns the medians, over rounds, of the ratio of wall-clock steps/s on two cores
// to that on one core, and of 2 × the CPU time per step on one core / on two (what the ratio
// would be with two idle cores), for the same steps of a pool of size games.
func scaling(size, steps, rounds int, seed uint64) (scalingResult, error) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	timed := func(cores int) (*player, error) {
		runtime.GOMAXPROCS(cores)
		p, err := newPlayer(flickemup.Factory, size, cores, seed)
		if err != nil {
			return nil, err
		}
		defer p.close()
		if err := p.run(5); err != nil {
			return nil, err
		}
		p.resetCounts()
		if err := p.run(steps); err != nil {
			return nil, err
		}
		return p, nil
	}
	var walls, cpus []float64
	for range rounds {
		one, err := timed(1)
		if err != nil {
			return scalingResult{}, err
		}
		two, err := timed(2)
		if err != nil {
			return scalingResult{}, err
		}
		if !slices.Equal(one.hashes(), two.hashes()) {
			return scalingResult{}, fmt.Errorf("one and two cores played different games")
		}
		walls = append(walls, two.stepsPerSecond()/one.stepsPerSecond())
		cpus = append(cpus, 2*two.stepsPerCPUSecond()/one.stepsPerCPUSecond())
	}
	return scalingResult{wall: median(walls), cpu: median(cpus)}, nil
}

// median returns the median of xs (the mean of the middle two for an even count).
func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	m := len(s) / 2
	if len(s)%2 == 0 {
		return (s[m-1] + s[m]) / 2
	}
	return s[m]
}

// count formats x as an integer with thousands separators.
func count(x float64) string {
	s := fmt.Sprintf("%.0f", x)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// pct formats a ratio as a percentage.
func pct(x float64) string { return fmt.Sprintf("%.0f%%", 100*x) }

// verdict says whether a goal is met.
func verdict(ok bool) string {
	if ok {
		return "yes"
	}
	return "no"
}
