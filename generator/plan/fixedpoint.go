package plan

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/config"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/loops"
	"github.com/fadj-dev/fadj/generator/source"
)

// FixedPoint is the treatment of a loop the spec marks as a fixed-point
// iteration: Christianson's two-phase adjoint (generator/analysis/
// fixedpoint infers its state and parameters and checks the loop).
type FixedPoint struct {
	Loop    loops.Loop
	Spec    *config.FixedPoint
	Name    string // as messages and the runtime's report name it
	Tol     float64
	Norm    config.Norm
	MaxIter int
	Warm    bool
	Check   bool // the stationarity check
	// State and Params are the spec's lists (nil: inferred), StatePos
	// and ParamsPos where they are.
	State, Params       []Named
	StatePos, ParamsPos source.Position
}

// Named is a name as the spec writes it, and where.
type Named struct {
	Text string
	Pos  source.Position
}

func named(paths []config.Path) []Named {
	var out []Named
	for _, p := range paths {
		out = append(out, Named{p.Text, p.Pos})
	}
	return out
}

func (f *FixedPoint) String() string {
	start := "cold"
	if f.Warm {
		start = "warm"
	}
	return fmt.Sprintf("%s %s: fixed point tol %g %s max %d %s", f.Loop.Pos, f.Name, f.Tol, f.Norm, f.MaxIter, start)
}

// FixedPoint returns the treatment of DO construct d, nil for a loop
// reversed as any other.
func (p *Plan) FixedPoint(d *ast.DoConstruct) *FixedPoint {
	if p == nil {
		return nil
	}
	return p.fixed[d]
}

// FixedPoints returns the fixed-point loops in spec order.
func (p *Plan) FixedPoints() []*FixedPoint {
	if p == nil {
		return nil
	}
	return p.fixedOrder
}

// fixedPoints locates the loops of the spec's fixed_point entries.
func (b *builder) fixedPoints() {
	for i := range b.t.FixedPoint {
		fp := &b.t.FixedPoint[i]
		ref := loops.Ref{Routine: fp.Routine, Name: fp.Name, Var: fp.Var, Label: fp.Label, At: fp.At, While: fp.While}
		found := loops.Find(b.prog, ref)
		pos := fp.LoopPos
		if !pos.IsValid() {
			pos = fp.Pos
		}
		switch {
		case len(found) == 0:
			b.errs.Addf(pos, "fixed_point: no DO loop %s in the sources", ref.Describe())
			continue
		case len(found) > 1:
			var at []string
			for _, l := range found {
				at = append(at, l.Pos.String())
			}
			b.errs.Addf(pos, "fixed_point: %d DO loops match %s (%s); narrow it with in, at or label", len(found), ref.Describe(), strings.Join(at, ", "))
			continue
		}
		l := found[0]
		if prev := b.plan.fixed[l.Do]; prev != nil {
			b.errs.Addf(pos, "fixed_point: the loop at %s is listed twice (first at line %d)", l.Pos, prev.Spec.Pos.Line)
			continue
		}
		f := &FixedPoint{Loop: l, Spec: fp, Name: loopName(l), Tol: fp.Tolerance, Norm: fp.Norm,
			MaxIter: fp.MaxIterations, Warm: fp.Start == config.WarmStart, Check: fp.Stationarity == config.StationarityCheck,
			State: named(fp.State), Params: named(fp.Parameters), StatePos: fp.StatePos, ParamsPos: fp.ParametersPos}
		if b.plan.fixed == nil {
			b.plan.fixed = map[*ast.DoConstruct]*FixedPoint{}
		}
		b.plan.fixed[l.Do] = f
		b.plan.fixedOrder = append(b.plan.fixedOrder, f)
	}
}

// loopName names loop l in generated code and reports: routine::name, or
// routine::line.
func loopName(l loops.Loop) string {
	r := "?"
	if l.Routine != nil {
		r = l.Routine.Name
	}
	if l.Do.Name != nil {
		return r + "::" + strings.ToLower(l.Do.Name.Name)
	}
	return fmt.Sprintf("%s::line %d", r, l.Pos.Line)
}
