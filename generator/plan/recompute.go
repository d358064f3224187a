package plan

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/loops"
)

// Loops strategy recompute checkpoints (docs/recompute.md, Loops).
//
// Under strategy recompute (or auto, when its cost rule says so) the
// adjoint generator makes a binomial checkpointed loop of each outermost
// DO loop whose steps the store tape would record in: the values each
// step overwrites are then recomputed from snapshots by running earlier
// steps again, not taped. The generator decides it where the TBR records
// are known; the region it makes is the plan's like a spec checkpoint's
// (without Spec), so that the plan lists every checkpointed loop.

// Recomputed returns the binomial region of loop l with snapshots
// snapshots, registered in p (if not nil; once per loop).
func (p *Plan) Recomputed(l loops.Loop, snapshots int) *Region {
	if r := p.Region(l.Do); r != nil {
		return r
	}
	r := &Region{Loop: l, Name: loopName(l), Snapshots: snapshots}
	if p == nil {
		return r
	}
	if p.regions == nil {
		p.regions = map[*ast.DoConstruct]*Region{}
	}
	p.regions[l.Do] = r
	p.regionOrder = append(p.regionOrder, r)
	return r
}
