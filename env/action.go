package env

// Action is one player's decision in the native (hybrid) action space of a
// [Spec]: one value per discrete head and one value per continuous dim.
//
// An Action is a view: its slices usually point into a caller's buffer (an
// [Actions] batch, a policy's scratch). Whoever receives an Action reads it
// during the call and does not keep the slices.
type Action struct {
	// Discrete holds one value per head, Discrete[h] in [0, Spec.Heads[h].N).
	Discrete []int32
	// Continuous holds one value per dim, in the dim's unit, finite and
	// within [Spec.Dims[d].Low, Spec.Dims[d].High].
	Continuous []float32
}

// CopyFrom copies src's values into a's buffers, which must have the same
// lengths.
func (a Action) CopyFrom(src Action) {
	copy(a.Discrete, src.Discrete)
	copy(a.Continuous, src.Continuous)
}

// Actions is a batch of actions in struct-of-arrays layout, one row per
// env: Discrete is [NumEnvs × len(Spec.Heads)] and Continuous is
// [NumEnvs × len(Spec.Dims)], row-major. The fields are exported so that a
// server can point them at decoded wire tensors without copying.
type Actions struct {
	// Discrete holds env i's head h at index i*len(Spec.Heads)+h.
	Discrete []int32
	// Continuous holds env i's dim d at index i*len(Spec.Dims)+d.
	Continuous []float32
}

// At returns the action of env i as a view into a (no copy). It panics if
// a is too short for env i.
func (a Actions) At(s *Spec, i int) Action {
	h, d := len(s.Heads), len(s.Dims)
	return Action{
		Discrete:   a.Discrete[i*h : (i+1)*h : (i+1)*h],
		Continuous: a.Continuous[i*d : (i+1)*d : (i+1)*d],
	}
}
