package rating

// PriorEstimators names the candidate covariances of a fit under a prior
// that the coverage experiments compare; the first is the shipped one.
var PriorEstimators = []string{"bound", "bread", "posterior", "robust"}

// UsePriorEstimator makes Fit and FitRankings use one of
// [PriorEstimators] until the returned function restores the shipped one.
func UsePriorEstimator(name string) (restore func()) {
	saved := priorEstimator
	switch name {
	case "bound":
		priorEstimator = mapBound
	case "bread":
		priorEstimator = mapBread
	case "posterior":
		priorEstimator = mapPosterior
	case "robust":
		priorEstimator = mapRobust
	default:
		panic("unknown estimator " + name)
	}
	return func() { priorEstimator = saved }
}

// FitWithPriorEstimator fits with one of [PriorEstimators].
func FitWithPriorEstimator(games []Game, cfg Config, name string) (*Model, error) {
	defer UsePriorEstimator(name)()
	return Fit(games, cfg)
}
