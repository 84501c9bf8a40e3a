package rating_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"testing"

	"github.com/flickarena/flickarena/arena/rating"
)

// plVectors is testdata/pl_vectors.json, written by
// testdata/make_pl_vectors.py with choix.
type plVectors struct {
	Choix string `json:"choix"`
	Sets  []struct {
		Name     string    `json:"name"`
		Bots     int       `json:"bots"`
		Theta    []float64 `json:"theta"`
		Rankings []struct {
			Bots  []int `json:"bots"`
			Ranks []int `json:"ranks"`
		} `json:"rankings"`
	} `json:"sets"`
}

// TestFitRankings_Choix: the Plackett–Luce ratings of the stored rankings
// (2 to 5 seats, with and without shared places) match choix's
// maximum-likelihood strengths, κ·Elo = θ (natural-log strengths, centred),
// to 1e-6, for a fit without seat terms (choix has none).
func TestFitRankings_Choix(t *testing.T) {
	raw, err := os.ReadFile("testdata/pl_vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v plVectors
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Sets) < 4 {
		t.Fatalf("%d sets in the vectors, want 4", len(v.Sets))
	}
	kappa := math.Ln10 / 400
	for _, set := range v.Sets {
		t.Run(set.Name, func(t *testing.T) {
			rks := make([]rating.Ranking, len(set.Rankings))
			shared := 0
			for i, r := range set.Rankings {
				names := make([]string, len(r.Bots))
				seen := map[int]bool{}
				tie := false
				for s, b := range r.Bots {
					names[s] = fmt.Sprintf("b%02d", b)
					tie = tie || seen[r.Ranks[s]]
					seen[r.Ranks[s]] = true
				}
				if tie {
					shared++
				}
				rks[i] = rating.Ranking{Bots: names, Ranks: r.Ranks, Scenario: "s"}
			}
			m, err := rating.FitRankings(rks, rating.Config{NoSideTerms: true})
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Bots) != set.Bots {
				t.Fatalf("%d bots, want %d", len(m.Bots), set.Bots)
			}
			worst := 0.0
			for i, b := range m.Bots {
				d := math.Abs(kappa*b.Elo - set.Theta[i])
				worst = math.Max(worst, d)
				if d > 1e-6 {
					t.Errorf("%s: κ·Elo = %.9f, choix %.9f", b.Name, kappa*b.Elo, set.Theta[i])
				}
			}
			t.Logf("%d rankings (%d with a shared place): largest difference from choix %.2g", len(rks), shared, worst)
		})
	}
}
