package driver

import (
	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/ad/adjoint"
)

// strategy returns the store-or-recompute strategy of target t, or that
// of opts if set.
func strategy(t *config.Target, opts Options) adjoint.Strategy {
	if opts.Strategy != "" {
		return adjoint.Strategy(opts.Strategy)
	}
	return adjoint.Strategy(t.Strategy)
}

// weights returns auto's cost weights of target t (zero: the defaults).
func weights(t *config.Target) adjoint.Weights {
	return adjoint.Weights{Recompute: t.RecomputeCost, Store: t.StoreCost}
}
