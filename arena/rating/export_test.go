package rating

// PriorEstimators names the candidate covariances of a fit under a prior
// that the coverage experiment compares; the first is the shipped one.
var PriorEstimators = []string{"bound", "bread", "posterior", "robust"}

// FitWithPriorEstimator fits with one of [PriorEstimators].
func FitWithPriorEstimator(games []Game, cfg Config, name string) (*Model, error) {
	saved := priorEstimator
	defer func() { priorEstimator = saved }()
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
	return Fit(games, cfg)
}
