package flickemup_test

import (
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/flickarena/flickarena/env/flickemup"
	"github.com/flickarena/flickarena/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files (testdata/*.golden)")

// goldenFloat formats x for the golden file: 5 decimals, enough to see any change of the encoding
// and few enough to ignore the last-bit differences of trigonometry between platforms.
func goldenFloat(x float32) string {
	s := strconv.FormatFloat(math.Round(float64(x)*1e5)/1e5, 'f', -1, 64)
	if s == "-0" {
		return "0"
	}
	return s
}

// TestEncoding_Golden compares the first observation of two scenarios (gold, a closed bank;
// the gallows, the neutral figures, a Winchester each), from both seats, with the golden file
// testdata/first-observations.golden, field by field. The scenarios are frozen copies of
// bank-job.scn and pardon.scn in testdata/encoding, so that an edit of ours changes nothing
// here. A change of the encoding bumps RulesVersion and every scenario's version line (see
// "# Versions" in the package doc): rerun with -update and review the diff.
func TestEncoding_Golden(t *testing.T) {
	var b strings.Builder
	for _, name := range []string{"bank-job", "pardon"} {
		sc, err := flickemup.ParseFile(filepath.Join("testdata", "encoding", name+flickemup.Ext))
		if err != nil {
			t.Fatal(err)
		}
		cfg := flickemup.DefaultConfig()
		cfg.Custom = sc
		g, err := flickemup.NewEnv(cfg)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Reset(rand.New(rand.NewPCG(1, 1))); err != nil {
			t.Fatal(err)
		}
		s := g.Spec()
		obs := make([]float32, s.ObsSize())
		for seat := range 2 {
			g.Observe(obs, seat)
			i := 0
			for _, f := range s.Obs {
				fmt.Fprintf(&b, "%s seat %d %s:", name, seat, f.Name)
				for _, x := range obs[i : i+f.Size] {
					b.WriteString(" " + goldenFloat(x))
				}
				b.WriteString("\n")
				i += f.Size
			}
		}
	}
	golden.Check(t, filepath.Join("testdata", "first-observations.golden"), []byte(b.String()), *update, "first observations")
}

// FuzzEnv_Actions plays arbitrary native actions within the spec's ranges on a table where
// nothing moves: Validate and DecodeAction never panic, Validate agrees with the engine's
// Check, and an action the mask and Validate accept steps without error.
func FuzzEnv_Actions(f *testing.F) {
	f.Add([]byte{0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 11, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5})
	f.Add([]byte{2, 3, 1, 1, 30, 1, 200, 17, 90, 5, 0, 0, 1, 0, 255, 255, 128})
	f.Fuzz(func(t *testing.T, data []byte) {
		cfg := flickemup.DefaultConfig()
		cfg.Scenario = "gunsmith"
		cfg.Options.Table = stillTable{}
		e, err := flickemup.NewEnv(cfg)
		if err != nil {
			t.Fatal(err)
		}
		_ = e.Reset(rand.New(rand.NewPCG(1, 2)))
		s := e.Spec()
		a := s.NewAction()
		mask := make([]bool, s.MaskSize())
		for len(data) >= len(s.Heads)+len(s.Dims) && !e.Engine().Over() {
			for h, hd := range s.Heads {
				a.Discrete[h] = int32(int(data[h]) % hd.N)
			}
			for d, dm := range s.Dims {
				a.Continuous[d] = dm.Low + (dm.High-dm.Low)*float32(data[len(s.Heads)+d])/255
			}
			data = data[len(s.Heads)+len(s.Dims):]
			verr, cerr := e.Validate(a), e.Engine().Check(flickemup.DecodeUnchecked(e, a))
			if (verr == nil) != (cerr == nil) {
				t.Fatalf("Validate(%v) = %v but the engine's Check = %v", a, verr, cerr)
			}
			e.Mask(mask)
			if verr != nil || s.Check(a, mask) != nil {
				e.DefaultAction(a)
			}
			if _, err := e.Step(a); err != nil {
				t.Fatalf("Step(%v): %v", a, err)
			}
		}
	})
}
