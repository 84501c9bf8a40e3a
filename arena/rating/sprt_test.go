package rating_test

import (
	"testing"

	"github.com/flickarena/flickarena/arena/rating"
)

// TestSPRT_LLR checks every SPRT vector of §8. Tolerance: half a unit of the
// last digit of the re-implementation column (4 decimals).
func TestSPRT_LLR(t *testing.T) {
	tri := func(w, l, d int) any { return rating.Trinomial{W: w, L: l, D: d} }
	// fastchess order Stats(ll, ld, wl, dd, wd, ww).
	pen6 := func(ll, ld, wl, dd, wd, ww int) any {
		return rating.Pentanomial{LL: ll, LD: ld, WL: wl, DD: dd, WD: wd, WW: ww}
	}
	// fishtest order [LL, LD, DD+WL, WD, WW]; the split of the middle cell
	// does not matter to the LLR.
	pen5 := func(ll, ld, mid, wd, ww int) any {
		return rating.Pentanomial{LL: ll, LD: ld, DD: mid, WD: wd, WW: ww}
	}
	tests := []struct {
		name       string
		data       any
		elo0, elo1 float64
		scale      rating.Scale
		want       float64
	}{
		{"logistic trinomial 21404/21184/40708", tri(21404, 21184, 40708), 0.5, 2.5, rating.Logistic, -1.5719},
		{"logistic trinomial 57433/57030/106593", tri(57433, 57030, 106593), 0, 2, rating.Logistic, -2.5930},
		{"logistic pentanomial 223..246", pen6(223, 9863, 20279, 1000, 10037, 246), 0.5, 2.5, rating.Logistic, -3.0741},
		{"logistic pentanomial 871..821", pen6(871, 26175, 55003, 980, 26678, 821), 0, 2, rating.Logistic, -4.9787},
		{"normalized trinomial 36433/36027/68692", tri(36433, 36027, 68692), 0, 2, rating.Normalized, 0.9233},
		{"normalized pentanomial 365..390", pen6(365, 16618, 36029, 200, 16974, 390), 0, 2, rating.Normalized, 2.2504},
		{"fishtest unit data", pen5(10789, 19328, 33806, 19402, 10543), -3, 1, rating.Logistic, 2.1311},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := rating.SPRT{Elo0: tt.elo0, Elo1: tt.elo1, Alpha: 0.05, Beta: 0.05, Scale: tt.scale}
			var d rating.Decision
			var err error
			switch data := tt.data.(type) {
			case rating.Trinomial:
				d, err = s.Trinomial(data)
			case rating.Pentanomial:
				d, err = s.Pentanomial(data)
			}
			if err != nil {
				t.Fatal(err)
			}
			if !within(d.LLR, tt.want, 0.00005) {
				t.Errorf("LLR = %.5f, want %v", d.LLR, tt.want)
			}
		})
	}
}

func TestSPRT_Bounds(t *testing.T) {
	lo, hi := rating.SPRT{Alpha: 0.05, Beta: 0.05}.Bounds()
	if !within(lo, -2.944, 0.0005) || !within(hi, 2.944, 0.0005) {
		t.Errorf("bounds = %v, %v, want ±2.944", lo, hi)
	}
}

func TestSPRT_Verdict(t *testing.T) {
	s := rating.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	tests := []struct {
		name string
		t    rating.Trinomial
		want rating.Verdict
	}{
		{"clearly better", rating.Trinomial{W: 700, D: 200, L: 300}, rating.AcceptH1},
		{"clearly worse", rating.Trinomial{W: 300, D: 200, L: 700}, rating.AcceptH0},
		{"too few games", rating.Trinomial{W: 6, D: 2, L: 5}, rating.Continue},
		{"no games", rating.Trinomial{}, rating.Continue},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d, err := s.Trinomial(tt.t)
			if err != nil {
				t.Fatal(err)
			}
			if d.Verdict != tt.want {
				t.Errorf("verdict = %v (LLR %.3f), want %v", d.Verdict, d.LLR, tt.want)
			}
			switch pct := d.Percent(); d.Verdict {
			case rating.AcceptH1:
				if pct < 100 {
					t.Errorf("percent = %v at H1", pct)
				}
			case rating.AcceptH0:
				if pct > -100 {
					t.Errorf("percent = %v at H0", pct)
				}
			default:
				if pct <= -100 || pct >= 100 {
					t.Errorf("percent = %v while continuing", pct)
				}
			}
		})
	}
}

// TestSPRT_Symmetry: swapping wins and losses and negating and swapping the
// hypotheses negates the LLR.
func TestSPRT_Symmetry(t *testing.T) {
	a, err := rating.SPRT{Elo0: -1, Elo1: 4, Alpha: 0.05, Beta: 0.05}.Pentanomial(rating.Pentanomial{LL: 3, LD: 40, WL: 50, DD: 20, WD: 45, WW: 0})
	if err != nil {
		t.Fatal(err)
	}
	b, err := rating.SPRT{Elo0: -4, Elo1: 1, Alpha: 0.05, Beta: 0.05}.Pentanomial(rating.Pentanomial{LL: 0, LD: 45, WL: 50, DD: 20, WD: 40, WW: 3})
	if err != nil {
		t.Fatal(err)
	}
	if !within(a.LLR, -b.LLR, 1e-9) {
		t.Errorf("LLR %v vs %v, want opposite", a.LLR, b.LLR)
	}
}

func TestSPRT_Errors(t *testing.T) {
	tests := []rating.SPRT{
		{Elo0: 0, Elo1: 5, Alpha: 0, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 1},
		{Elo0: 5, Elo1: 5, Alpha: 0.05, Beta: 0.05},
		{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05, Scale: 7},
	}
	for _, s := range tests {
		if _, err := s.Trinomial(rating.Trinomial{W: 1}); err == nil {
			t.Errorf("%+v: no error", s)
		}
	}
}
