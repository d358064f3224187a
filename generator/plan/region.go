package plan

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/loops"
)

// Region is the treatment of a DO loop the spec checkpoints: its
// iterations are reversed one at a time from snapshots, each iteration
// a checkpoint (Snapshots 0), or scheduled by binomial checkpointing
// (revolve) with at most Snapshots snapshots held at once. For a region
// that is not a loop (Block set: a named BLOCK construct, or one wrapped
// from comment markers), the region is one checkpoint as a whole.
type Region struct {
	Loop      loops.Loop
	Block     *loops.Block
	Spec      *config.Checkpoint
	Name      string // as messages and the runtime's report name it
	Snapshots int    // 0: a snapshot per iteration
	// Option is the spec's snapshots option: eager and auto also save,
	// at the end of the region's forward sweep, what the code after it
	// overwrites and its adjoint reads, so that the code after it need
	// not record it (generator/analysis/tbr/region.go).
	Option Snapshots
}

func (r *Region) String() string {
	opt := ""
	if r.Option != Lazy {
		opt = ", " + r.Option.String() + " snapshots"
	}
	if r.Block != nil {
		return fmt.Sprintf("%s %s: checkpoint as a whole%s", r.Block.Pos, r.Name, opt)
	}
	if r.Snapshots == 0 {
		return fmt.Sprintf("%s %s: checkpoint each iteration%s", r.Loop.Pos, r.Name, opt)
	}
	return fmt.Sprintf("%s %s: binomial %d snapshots%s", r.Loop.Pos, r.Name, r.Snapshots, opt)
}

// Region returns the treatment of DO construct d, nil for a loop
// reversed as any other.
func (p *Plan) Region(d *ast.DoConstruct) *Region {
	if p == nil {
		return nil
	}
	return p.regions[d]
}

// Block returns the treatment of BLOCK construct b, nil for one the
// spec does not checkpoint.
func (p *Plan) Block(b *ast.BlockConstruct) *Region {
	if p == nil {
		return nil
	}
	return p.blocks[b]
}

// Regions returns the checkpointed loops and regions in spec order.
func (p *Plan) Regions() []*Region {
	if p == nil {
		return nil
	}
	return p.regionOrder
}

// regions locates the loops of the spec's checkpoints entries.
func (b *builder) regions() {
	for i := range b.t.Checkpoints {
		c := &b.t.Checkpoints[i]
		if c.Region != "" {
			b.block(c)
			continue
		}
		if c.Loop == "" {
			continue
		}
		ref := loops.Ref{Routine: c.Scope, Name: c.Name, Var: c.Var, Label: c.Label, At: c.At, While: c.While}
		found := loops.Find(b.prog, ref)
		switch {
		case len(found) == 0:
			b.errs.Addf(c.LoopPos, "checkpoints: no DO loop %s in the sources", ref.Describe())
			continue
		case len(found) > 1:
			var at []string
			for _, l := range found {
				at = append(at, l.Pos.String())
			}
			b.errs.Addf(c.LoopPos, "checkpoints: %d DO loops match %s (%s); narrow it with in, at or label", len(found), ref.Describe(), strings.Join(at, ", "))
			continue
		}
		l := found[0]
		if prev := b.plan.regions[l.Do]; prev != nil {
			b.errs.Addf(c.LoopPos, "checkpoints: the loop at %s is listed twice (first at line %d)", l.Pos, prev.Spec.LoopPos.Line)
			continue
		}
		if f := b.plan.fixed[l.Do]; f != nil {
			b.errs.Addf(c.LoopPos, "checkpoints: the loop at %s is also a fixed-point loop (line %d); a fixed-point loop is reversed by its own adjoint iteration", l.Pos, f.Spec.Pos.Line)
			continue
		}
		if call, st, ok := b.plan.StateIn(b.prog.Info, l.Do.Body); ok { // state.go
			b.errs.Addf(c.LoopPos, "checkpoints: the steps of the loop at %s call %s at %s, which runs %s: running the steps again would start from another state", l.Pos, quote(exprName(call)), b.prog.Fset.Position(call.Start), st)
			continue
		}
		r := &Region{Loop: l, Spec: c, Name: loopName(l), Option: snapshots(c.Snapshots)}
		if c.Binomial != nil {
			r.Snapshots = c.Binomial.Snapshots
		}
		if b.plan.regions == nil {
			b.plan.regions = map[*ast.DoConstruct]*Region{}
		}
		b.plan.regions[l.Do] = r
		b.plan.regionOrder = append(b.plan.regionOrder, r)
	}
}

// block locates the region of checkpoint c: a named BLOCK construct or
// comment-marked statements, wrapped into a BLOCK construct.
func (b *builder) block(c *config.Checkpoint) {
	found, errs := loops.FindBlocks(b.prog, c.Scope, c.Name)
	for _, e := range errs {
		b.errs = append(b.errs, e)
	}
	if len(errs) > 0 {
		return
	}
	what := fmt.Sprintf("'%s'", c.Name)
	if c.Scope != "" {
		what += " in " + c.Scope
	}
	switch {
	case len(found) == 0:
		b.errs.Addf(c.RegionPos, "checkpoints: no BLOCK construct or checkpoint markers %s in the sources", what)
		return
	case len(found) > 1:
		var at []string
		for _, f := range found {
			at = append(at, f.Pos.String())
		}
		b.errs.Addf(c.RegionPos, "checkpoints: %d regions match %s (%s); qualify it with its routine (routine::name) or in", len(found), what, strings.Join(at, ", "))
		return
	}
	f := found[0]
	if prev := b.plan.blocks[f.Block]; prev != nil {
		b.errs.Addf(c.RegionPos, "checkpoints: the region at %s is listed twice (first at line %d)", f.Pos, prev.Spec.RegionPos.Line)
		return
	}
	if len(f.Block.Decls) > 0 {
		b.errs.Addf(c.RegionPos, "not supported yet: checkpointing a BLOCK construct with declarations (the one at %s)", f.Pos)
		return
	}
	if call, st, ok := b.plan.StateIn(b.prog.Info, f.Block.Body); ok { // state.go
		b.errs.Addf(c.RegionPos, "checkpoints: the region at %s calls %s at %s, which runs %s: running it again would start from another state", f.Pos, quote(exprName(call)), b.prog.Fset.Position(call.Start), st)
		return
	}
	r := "?"
	if f.Routine != nil {
		r = f.Routine.Name
	}
	reg := &Region{Block: &f, Spec: c, Name: r + "::" + c.Name, Option: snapshots(c.Snapshots)}
	if b.plan.blocks == nil {
		b.plan.blocks = map[*ast.BlockConstruct]*Region{}
	}
	b.plan.blocks[f.Block] = reg
	b.plan.regionOrder = append(b.plan.regionOrder, reg)
}
