package driver

import (
	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/ad/adjoint"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/loops"
	"github.com/fadj-dev/fadj/generator/sema"
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

// qualifiedName is the routine of version pa as the spec names it:
// module::name, or name for an external one.
func qualifiedName(pa *activity.ProcActivity) string {
	s := pa.Proc
	if s.Owner != nil && s.Owner.Kind == sema.ModuleScope && s.Owner.Symbol != nil {
		return s.Owner.Symbol.Name + "::" + s.Name
	}
	return s.Name
}

// routineStrategies returns the strategies of strategy_overrides by
// routine (none if opts sets one strategy for all).
func routineStrategies(t *config.Target, act *activity.Result, opts Options) map[*sema.Symbol]adjoint.Strategy {
	if opts.Strategy != "" || len(t.StrategyOverrides) == 0 {
		return nil
	}
	out := map[*sema.Symbol]adjoint.Strategy{}
	for _, pa := range act.Procs {
		out[pa.Proc] = adjoint.Strategy(t.StrategyFor(qualifiedName(pa)))
	}
	return out
}

// checkStrategyOverrides rejects, at its place in the spec, an override
// (of strategy_overrides or call_overrides) naming no routine whose adjoint the target's generates (not in its call
// tree, or without derivatives).
func checkStrategyOverrides(t *config.Target, act *activity.Result) error {
	var l diag.List
	for _, o := range t.StrategyOverrides {
		found := false
		for _, pa := range act.Procs {
			found = found || o.Matches(qualifiedName(pa))
		}
		if !found {
			l.Addf(o.Pos, "strategy_overrides: '%s' is not a routine whose adjoint the adjoint of '%s' needs (not called from it, or without derivatives)", o.Routine, t.Routine)
		}
	}
	// call_overrides likewise: a misspelt name would leave the calls
	// reversed as calls says, silently.
	for _, o := range t.CallOverrides {
		found := false
		for _, pa := range act.Procs {
			found = found || o.Matches(qualifiedName(pa))
		}
		if !found {
			l.Addf(o.Pos, "call_overrides: '%s' is not a routine whose adjoint the adjoint of '%s' needs (not called from it, or without derivatives)", o.Callee, t.Routine)
		}
	}
	if len(l) > 0 {
		return l
	}
	return nil
}

// strategyRegions locates the regions of strategy_regions, as checkpoints
// locate theirs: a name matching no region or several is an error at its
// place.
func strategyRegions(prog *sema.Program, t *config.Target) (map[*ast.BlockConstruct]adjoint.Strategy, error) {
	if len(t.StrategyRegions) == 0 {
		return nil, nil
	}
	out := map[*ast.BlockConstruct]adjoint.Strategy{}
	var l diag.List
	for _, r := range t.StrategyRegions {
		found, errs := loops.FindBlocks(prog, r.Scope, r.Name)
		l = append(l, errs...)
		switch {
		case len(errs) > 0:
		case len(found) == 0:
			l.Addf(r.RegionPos, "strategy_regions: no BLOCK construct or checkpoint markers '%s' in the sources", r.Region)
		case len(found) > 1:
			l.Addf(r.RegionPos, "strategy_regions: %d regions match '%s'; qualify it with its routine (routine::name)", len(found), r.Region)
		case out[found[0].Block] != "":
			l.Addf(r.RegionPos, "strategy_regions: the region '%s' is listed twice", r.Region)
		default:
			out[found[0].Block] = adjoint.Strategy(r.Strategy)
		}
	}
	if len(l) > 0 {
		return nil, l
	}
	return out, nil
}
