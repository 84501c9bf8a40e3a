package rating

import (
	"math"
	"testing"
)

func TestHolm(t *testing.T) {
	bs := []Balance{{PValue: 0.01}, {PValue: 0.04}, {PValue: 0.03}, {PValue: 0.5}}
	holm(bs)
	// Sorted: 0.01·4 = 0.04, 0.03·3 = 0.09, 0.04·2 = 0.08 → 0.09, 0.5·1 = 0.5.
	want := []float64{0.04, 0.09, 0.09, 0.5}
	for i, b := range bs {
		if math.Abs(b.PHolm-want[i]) > 1e-15 {
			t.Errorf("PHolm[%d] = %v, want %v", i, b.PHolm, want[i])
		}
	}
}

func TestBinomialTest(t *testing.T) {
	tests := []struct {
		w, l int
		want float64
	}{
		{9, 1, 2 * 11.0 / 1024},
		{1, 9, 2 * 11.0 / 1024},
		{5, 5, 1},
		{0, 0, 1},
		{0, 3, 0.25},
	}
	for _, tt := range tests {
		if got := binomialTest(tt.w, tt.l); math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("binomialTest(%d, %d) = %v, want %v", tt.w, tt.l, got, tt.want)
		}
	}
}
