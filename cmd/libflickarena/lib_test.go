package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	spb "google.golang.org/genproto/googleapis/rpc/status"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	"github.com/flickarena/flickarena/envrpc"
	"github.com/flickarena/flickarena/envrpc/envrpctest"
	flickv1 "github.com/flickarena/flickarena/proto/flickarena/v1"
)

// exportedNames returns the names of the functions exports.go exports, and those
// flickarena.h declares.
func exportedNames(t *testing.T) (exported, declared []string) {
	t.Helper()
	src, err := os.ReadFile("exports.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^//export (\w+)$`).FindAllStringSubmatch(string(src), -1) {
		exported = append(exported, m[1])
	}
	h, err := os.ReadFile("flickarena.h")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile(`(?m)^(?:int32_t|void) (fa_\w+)\(`).FindAllStringSubmatch(string(h), -1) {
		declared = append(declared, m[1])
	}
	slices.Sort(exported)
	slices.Sort(declared)
	return exported, declared
}

// TestHeader_DeclaresEveryExport checks that flickarena.h declares exactly the functions the
// library exports (their prototypes are checked by the C compiler: the cgo preamble
// includes the header), the nine of ABI version 1.
func TestHeader_DeclaresEveryExport(t *testing.T) {
	exported, declared := exportedNames(t)
	if !slices.Equal(exported, declared) || len(exported) != 9 {
		t.Errorf("exported %v, flickarena.h declares %v", exported, declared)
	}
}

// TestServer_HasNoTestGame checks that a build without the fault tag serves the catalogue
// with no test-only game.
func TestServer_HasNoTestGame(t *testing.T) {
	s, err := theServer()
	if err != nil {
		t.Fatal(err)
	}
	games, err := s.ListGames(context.Background(), &flickv1.ListGamesRequest{})
	if err != nil || games.GetNextPageToken() != "" {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range games.GetGames() {
		ids = append(ids, g.GetId())
	}
	if !slices.Contains(ids, "race-v1") || slices.ContainsFunc(ids, func(id string) bool { return strings.HasPrefix(id, "test/") }) {
		t.Errorf("games %v", ids)
	}
}

// TestServer_Limits checks the library's limits: no idle timeout and no CPU budget of one
// call (a wall-clock deadline, which a stopped process would pass), envserver's others.
func TestServer_Limits(t *testing.T) {
	s, err := theServer()
	if err != nil {
		t.Fatal(err)
	}
	got, def := s.Limits(), envrpc.DefaultLimits()
	if got.IdleTimeout >= 0 || got.MaxCallCPU >= 0 {
		t.Errorf("idle timeout %v, call budget %v: want none (negative)", got.IdleTimeout, got.MaxCallCPU)
	}
	got.IdleTimeout, got.MaxCallCPU = def.IdleTimeout, def.MaxCallCPU
	if got != def {
		t.Errorf("limits %+v, want envserver's %+v but for the idle timeout and call budget", got, def)
	}
}

// script is a run of testdata/drive.c: its commands, and the request files they read.
type script struct {
	t     *testing.T
	dir   string
	lines []string
	files int
}

// req writes m serialized (or raw bytes) into a new request file and returns its name.
func (s *script) req(m any) string {
	s.t.Helper()
	var b []byte
	switch m := m.(type) {
	case []byte:
		b = m
	case proto.Message:
		var err error
		if b, err = proto.Marshal(m); err != nil {
			s.t.Fatal(err)
		}
	}
	s.files++
	name := fmt.Sprintf("req%d.bin", s.files)
	if err := os.WriteFile(filepath.Join(s.dir, name), b, 0o600); err != nil {
		s.t.Fatal(err)
	}
	return name
}

// add appends a command.
func (s *script) add(format string, args ...any) {
	s.lines = append(s.lines, fmt.Sprintf(format, args...))
}

// bind appends a bind of slot to buffers of lay's sizes.
func (s *script) bind(slot int, label string, lay [envrpc.NumBufFields]envrpc.BufLayout) {
	sizes := make([]string, len(lay))
	for f, l := range lay {
		sizes[f] = strconv.Itoa(l.Bytes())
	}
	s.add("bind %d %s %s", slot, label, strings.Join(sizes, " "))
}

// result is the answer to one command.
type result struct {
	rc      int
	present envrpc.Present
}

// results runs the script and returns each label's answer.
type results struct {
	t   *testing.T
	dir string
	by  map[string]result
}

// get returns the answer of label, which must have been given.
func (r *results) get(label string) result {
	r.t.Helper()
	res, ok := r.by[label]
	if !ok {
		r.t.Fatalf("no answer for %s", label)
	}
	return res
}

// file returns the bytes the command label wrote with ext.
func (r *results) file(label, ext string) []byte {
	r.t.Helper()
	b, err := os.ReadFile(filepath.Join(r.dir, label+"."+ext))
	if err != nil {
		r.t.Fatal(err)
	}
	return b
}

// status returns the error status label returned, checking its return code is the code.
func (r *results) status(label string) *status.Status {
	r.t.Helper()
	res := r.get(label)
	var p spb.Status
	if err := proto.Unmarshal(r.file(label, "err"), &p); err != nil {
		r.t.Fatalf("%s: %v", label, err)
	}
	st := status.FromProto(&p)
	if res.rc == 0 || res.rc != int(st.Code()) {
		r.t.Fatalf("%s: returned %d with the status %v", label, res.rc, st.Proto())
	}
	return st
}

// wantStatus fails unless label failed with code and a message containing part.
func (r *results) wantStatus(label string, code codes.Code, part string) {
	r.t.Helper()
	st := r.status(label)
	if st.Code() != code || !strings.Contains(st.Message(), part) {
		r.t.Errorf("%s: %v %q, want %v with %q", label, st.Code(), st.Message(), code, part)
	}
}

// sameStatus fails unless label failed with err's code, message and details.
func (r *results) sameStatus(label string, err error) {
	r.t.Helper()
	got, want := r.status(label), status.Convert(err)
	if !proto.Equal(got.Proto(), want.Proto()) {
		// The details are Any messages; their bytes may order map entries differently.
		gd, wd := got.Details(), want.Details()
		same := got.Code() == want.Code() && got.Message() == want.Message() && len(gd) == len(wd)
		for k := 0; same && k < len(gd); k++ {
			gm, ok1 := gd[k].(proto.Message)
			wm, ok2 := wd[k].(proto.Message)
			same = ok1 && ok2 && proto.Equal(gm, wm)
		}
		if !same {
			r.t.Errorf("%s: the library said %v, the Go pool %v", label, got.Proto(), want.Proto())
		}
	}
}

// sameBatch fails unless label's call filled the fields twin's last call did, with the
// same bytes (prefix: the label of the dumped buffers, label by default).
func (r *results) sameBatch(label, prefix string, pr envrpc.Present, twin envrpc.Buffers) {
	r.t.Helper()
	if res := r.get(label); res.rc != 0 || (prefix == label && res.present != pr) {
		r.t.Fatalf("%s: rc %d, present %v; want present %v", label, res.rc, res.present, pr)
	}
	for f := range envrpc.NumBufFields {
		if !pr.Has(f) {
			continue
		}
		if got := r.file(prefix, strconv.Itoa(int(f))); !bytes.Equal(got, twin.RawBytes(f)) {
			r.t.Errorf("%s: %s: the C buffer differs from the Go pool's (%d and %d bytes)", prefix, f, len(got), len(twin.RawBytes(f)))
		}
	}
}

// run builds drive.c against lib and runs the script, with cgo's pointer checks on.
func (s *script) run(lib string) *results {
	s.t.Helper()
	drive := filepath.Join(s.dir, "drive")
	cc := exec.Command(compiler(s.t), "-std=gnu11", "-Wall", "-Werror", "-pthread", "-I", s.dir, "-o", drive, "testdata/drive.c",
		"-L", filepath.Dir(lib), "-lflickarena", "-Wl,-rpath,"+filepath.Dir(lib))
	if out, err := cc.CombinedOutput(); err != nil {
		s.t.Fatalf("compiling drive.c: %v\n%s", err, out)
	}
	cmd := exec.Command(drive)
	cmd.Dir = s.dir
	cmd.Env = append(os.Environ(), "GODEBUG=cgocheck=1")
	cmd.Stdin = strings.NewReader(strings.Join(s.lines, "\n") + "\n")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		s.t.Fatalf("drive: %v\n%s\nstdout:\n%s", err, stderr.Bytes(), out)
	}
	r := &results{t: s.t, dir: s.dir, by: map[string]result{}}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		var label string
		var rc int
		var present uint32
		if _, err := fmt.Sscanf(sc.Text(), "%s %d %d", &label, &rc, &present); err != nil {
			s.t.Fatalf("drive answered %q: %v", sc.Text(), err)
		}
		r.by[label] = result{rc, envrpc.Present(present)}
	}
	return r
}

// compiler returns the C compiler ($CC, else gcc), skipping the test if there is none.
func compiler(t *testing.T) string {
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "gcc"
	}
	path, err := exec.LookPath(cc)
	if err != nil {
		t.Skipf("no C compiler %q (%v): the C ABI is not tested; install gcc (make deps: scripts/install-cc)", cc, err)
	}
	return path
}

// buildLibrary builds the library with the fault tag into dir, with flickarena.h beside
// it, and returns its path.
func buildLibrary(t *testing.T, dir string) string {
	t.Helper()
	compiler(t)
	lib := filepath.Join(dir, "libflickarena.so")
	build := exec.Command("go", "build", "-buildmode=c-shared", "-tags", "fault", "-o", lib, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -buildmode=c-shared: %v\n%s", err, out)
	}
	h, err := os.ReadFile("flickarena.h")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "flickarena.h"), h, 0o600); err != nil {
		t.Fatal(err)
	}
	gen, err := os.ReadFile(filepath.Join(dir, "libflickarena.h"))
	if err != nil {
		t.Fatal(err)
	}
	var externs []string
	for _, m := range regexp.MustCompile(`(?m)^extern \w+\** (fa_\w+)\(`).FindAllStringSubmatch(string(gen), -1) {
		externs = append(externs, m[1])
	}
	slices.Sort(externs)
	if _, declared := exportedNames(t); !slices.Equal(externs, declared) {
		t.Errorf("the generated header declares %v, flickarena.h %v", externs, declared)
	}
	return lib
}

// twinPool is a pool of the test's own server (theServer, built without the fault tag),
// given the same requests as a pool of the library, to compare.
type twinPool struct {
	t   *testing.T
	lp  *envrpc.LocalPool
	buf envrpc.Buffers
}

func newTwin(t *testing.T, req *flickv1.CreatePoolRequest) *twinPool {
	t.Helper()
	s, err := theServer()
	if err != nil {
		t.Fatal(err)
	}
	lp, _, err := s.NewLocalPool(req)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = lp.Close() })
	tw := &twinPool{t: t, lp: lp, buf: lp.NewBuffers()}
	if err := lp.Bind(tw.buf); err != nil {
		t.Fatal(err)
	}
	return tw
}

func (tw *twinPool) reset(req *flickv1.ResetRequest) (envrpc.Present, error) {
	return tw.lp.Reset(context.Background(), req)
}

func (tw *twinPool) step(req *flickv1.StepRequest) (envrpc.Present, error) {
	return tw.lp.Step(context.Background(), req)
}

// musts returns a function that returns its present set, failing t on an error.
func musts(t *testing.T) func(envrpc.Present, error) envrpc.Present {
	return func(pr envrpc.Present, err error) envrpc.Present {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return pr
	}
}

// TestLibrary_FromC builds the shared library (with the fault tag) and drives every
// function of flickarena.h from a C program, under cgo's pointer checks: the ABI version;
// games listed; a pool with every optional field (single-agent, SAME_STEP, observe_all_seats,
// a teacher) created, bound to C memory, reset and stepped with the same bytes in its
// buffers as a Go LocalPool given the same requests; errors as serialized google.rpc.Status
// equal to the Go pool's (a refused action, bytes that are not protobuf, another pool's id,
// an unknown game, a reset before bind, a NULL buffer); a game that panics in its Step and
// in its option specs, and an export that panics itself, all INTERNAL and never a crash;
// two pools stepping at once from two threads; and close, idempotent, then NOT_FOUND.
func TestLibrary_FromC(t *testing.T) {
	dir := t.TempDir()
	lib := buildLibrary(t, dir)
	s := &script{t: t, dir: dir}
	must := musts(t)
	seed := uint64(5)
	reset := &flickv1.ResetRequest{Seed: &seed}

	s.add("version v")
	s.add("list list %s", s.req(&flickv1.ListGamesRequest{}))
	s.add("list listpanic %s", s.req(&flickv1.ListGamesRequest{PageToken: "fault:panic"}))

	// A pool with every field.
	create := &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "race-v1", NumEnvs: 3, Options: map[string]string{"rounds": "2"},
		View: flickv1.View_VIEW_SINGLE_AGENT, AutoresetMode: flickv1.AutoresetMode_AUTORESET_MODE_SAME_STEP,
		ObserveAllSeats: true, Teacher: "random", AgentSeat: flickv1.AgentSeat_AGENT_SEAT_ALTERNATE, Shaping: 0.5}}
	twin := newTwin(t, create)
	lay := twin.lp.Layout()
	s.add("create 0 c0 %s", s.req(create))
	s.add("reset 0 unbound %s", s.req(reset))
	s.add("spec 0 spec0")
	s.bind(0, "b0", lay)
	s.add("bindnull 0 bnull %d", envrpc.BufAgentSeat)
	s.add("reset 0 r0 %s", s.req(reset))
	wantReset := must(twin.reset(reset))
	resetBuf := envrpc.Buffers{} // the twin's batch after the reset, kept to compare with r0
	copyBuffers(&resetBuf, twin.buf)
	const steps = 8
	zero := &flickv1.StepRequest{Discrete: envrpctest.Tensor([]int32{0, 0, 0, 0, 0, 0}, 3, 2), Continuous: envrpctest.Tensor([]float32{0, 0, 0}, 3, 1)}
	stepFile := s.req(zero)
	var wantSteps []envrpc.Present
	var stepBufs []envrpc.Buffers
	for k := range steps {
		s.add("step 0 s%d %s", k, stepFile)
		wantSteps = append(wantSteps, must(twin.step(zero)))
		var b envrpc.Buffers
		copyBuffers(&b, twin.buf)
		stepBufs = append(stepBufs, b)
	}
	bad := &flickv1.StepRequest{Discrete: envrpctest.Tensor([]int32{0, 9, 0, 0, 0, 0}, 3, 2), Continuous: zero.GetContinuous()}
	s.add("step 0 bad %s", s.req(bad))
	_, badErr := twin.step(bad)
	short := &flickv1.StepRequest{Discrete: envrpctest.Tensor([]int32{0, 0}, 1, 2), Continuous: zero.GetContinuous()}
	s.add("step 0 short %s", s.req(short))
	_, shortErr := twin.step(short)
	s.add("step 0 garbage %s", s.req([]byte{0xff, 0xff, 0xff}))
	s.add("step 0 other %s", s.req(&flickv1.StepRequest{PoolId: "pool-0123"}))

	// The fault game.
	s.add("create 1 cf %s", s.req(&flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "test/fault-v1", NumEnvs: 2,
		Options: map[string]string{"panic_step": "3"}}}))
	// The fault game is two-player Race under another id: its layout is Race's.
	s.bind(1, "bf", newTwin(t, &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "race-v1", NumEnvs: 2}}).lp.Layout())
	s.add("reset 1 rf %s", s.req(reset))
	faultStep := s.req(&flickv1.StepRequest{Discrete: envrpctest.Tensor([]int32{0, 0, 0, 0}, 2, 2), Continuous: envrpctest.Tensor([]float32{0, 0}, 2, 1)})
	for k := range 4 {
		s.add("step 1 f%d %s", k, faultStep)
	}
	s.add("create 2 cspecs %s", s.req(&flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "test/fault-v1", NumEnvs: 1,
		Options: map[string]string{"panic_specs": "true"}}}))
	s.add("create 2 cunknown %s", s.req(&flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "nope-v1", NumEnvs: 1}}))
	manyEnvs := &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "race-v1", NumEnvs: 1 << 20}}
	s.add("create 2 cmany %s", s.req(manyEnvs))
	srv, err := theServer()
	if err != nil {
		t.Fatal(err)
	}
	_, _, manyErr := srv.NewLocalPool(manyEnvs)

	// Two pools of Flickago stepping at once from two threads.
	fa := &flickv1.CreatePoolRequest{Config: &flickv1.PoolConfig{GameId: "flickago-v3", NumEnvs: 4, IllegalMode: flickv1.IllegalMode_ILLEGAL_MODE_REPLACE}}
	faTwin := newTwin(t, fa)
	for slot := 3; slot <= 4; slot++ {
		s.add("create %d ca%d %s", slot, slot, s.req(fa))
		s.bind(slot, fmt.Sprintf("ba%d", slot), faTwin.lp.Layout())
		s.add("reset %d ra%d %s", slot, slot, s.req(reset))
	}
	must(faTwin.reset(reset))
	faZero := &flickv1.StepRequest{Discrete: envrpctest.Tensor(make([]int32, 4*3), 4, 3), Continuous: envrpctest.Tensor(make([]float32, 4*2), 4, 2)}
	const threadSteps = 12
	s.add("threads 3 4 th %s %d", s.req(faZero), threadSteps)
	var faPresent envrpc.Present
	for range threadSteps {
		faPresent = must(faTwin.step(faZero))
	}

	s.add("close 0 x0")
	s.add("close 0 x0again")
	s.add("closeraw 999 xunknown")
	s.add("step 0 afterclose %s", stepFile)

	r := s.run(lib)
	if got := r.get("v").rc; got != 1 {
		t.Errorf("fa_abi_version() = %d", got)
	}
	var games flickv1.ListGamesResponse
	if r.get("list").rc != 0 || proto.Unmarshal(r.file("list", "out"), &games) != nil {
		t.Fatalf("list: %+v", r.get("list"))
	}
	var ids []string
	for _, g := range games.GetGames() {
		ids = append(ids, g.GetId())
	}
	if !slices.Contains(ids, "race-v1") || !slices.Contains(ids, "flickemup/showdown-v9") || !slices.Contains(ids, "test/fault-v1") {
		t.Errorf("games %v", ids)
	}
	r.wantStatus("listpanic", codes.Internal, "fa_list_games: panic: fault: requested")

	var created flickv1.CreatePoolResponse
	if r.get("c0").rc != 0 || proto.Unmarshal(r.file("c0", "out"), &created) != nil {
		t.Fatalf("create: %+v", r.get("c0"))
	}
	want := twin.lp.Spec()
	if !strings.HasPrefix(created.GetSpec().GetPoolId(), "pool-") || created.GetSpec().GetContentDigest() == "" {
		t.Errorf("created %v", created.GetSpec())
	}
	var spec flickv1.PoolSpec
	if r.get("spec0").rc != 0 || proto.Unmarshal(r.file("spec0", "out"), &spec) != nil || !proto.Equal(&spec, created.GetSpec()) {
		t.Errorf("spec: %v, want the created %v", &spec, created.GetSpec())
	}
	got := created.GetSpec()
	got.PoolId, got.ContentDigest, want.PoolId, want.ContentDigest = "", "", "", "" // another server's build
	if !proto.Equal(got, want) {
		t.Errorf("created %v, the Go pool's spec %v", got, want)
	}
	r.wantStatus("unbound", codes.FailedPrecondition, "fa_pool_bind")
	if r.get("b0").rc != 0 {
		t.Fatalf("bind: %v", r.status("b0").Proto())
	}
	r.wantStatus("bnull", codes.InvalidArgument, "buffers[14] (agent_seat) is NULL")
	r.sameBatch("r0", "r0", wantReset, resetBuf)
	for k := range steps {
		label := fmt.Sprintf("s%d", k)
		r.sameBatch(label, label, wantSteps[k], stepBufs[k])
	}
	r.sameStatus("bad", badErr)
	r.sameStatus("short", shortErr)
	r.wantStatus("garbage", codes.InvalidArgument, "request: not a valid protobuf flickarena.v1.StepRequest")
	r.wantStatus("other", codes.InvalidArgument, "step.pool_id: \"pool-0123\" is not this pool")

	for _, label := range []string{"cf", "bf", "rf", "f0", "f1"} {
		if r.get(label).rc != 0 {
			t.Fatalf("%s: %v", label, r.status(label).Proto())
		}
	}
	r.wantStatus("f2", codes.Internal, "env 0: step: game failed: panic: fault: step 3")
	if r.get("f3").rc != 0 {
		t.Errorf("the step after the fault: %v", r.status("f3").Proto())
	}
	r.wantStatus("cspecs", codes.Internal, "/flickarena.v1.EnvService/CreatePool: panic: fault: option specs")
	r.wantStatus("cunknown", codes.NotFound, `config.game_id: unknown game "nope-v1"`)
	r.sameStatus("cmany", manyErr)

	r.sameBatch("th", "th.a", faPresent, faTwin.buf)
	r.sameBatch("th", "th.b", faPresent, faTwin.buf)

	for _, label := range []string{"x0", "x0again"} {
		if r.get(label).rc != 0 {
			t.Errorf("%s: fa_pool_close returned %d", label, r.get(label).rc)
		}
	}
	if r.get("xunknown").rc != int(codes.NotFound) {
		t.Errorf("closing an unknown handle returned %d", r.get("xunknown").rc)
	}
	r.wantStatus("afterclose", codes.NotFound, "pool closed")
}

// copyBuffers copies src into dst, allocating.
func copyBuffers(dst *envrpc.Buffers, src envrpc.Buffers) {
	*dst = envrpc.Buffers{
		Obs: slices.Clone(src.Obs), Reward: slices.Clone(src.Reward), Terminated: slices.Clone(src.Terminated),
		Truncated: slices.Clone(src.Truncated), CurrentPlayer: slices.Clone(src.CurrentPlayer),
		ActionMask: slices.Clone(src.ActionMask), StateHash: slices.Clone(src.StateHash), Episode: slices.Clone(src.Episode),
		Illegal: slices.Clone(src.Illegal), EpisodeReturn: slices.Clone(src.EpisodeReturn),
		EpisodeLength: slices.Clone(src.EpisodeLength), FinalObs: slices.Clone(src.FinalObs),
		FinalStateHash: slices.Clone(src.FinalStateHash), ObsAllSeats: slices.Clone(src.ObsAllSeats),
		AgentSeat: slices.Clone(src.AgentSeat), TeacherDiscrete: slices.Clone(src.TeacherDiscrete),
		TeacherContinuous: slices.Clone(src.TeacherContinuous),
	}
}
