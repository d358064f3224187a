// Package fixedpoint decides how a fixed-point loop z = φ(z, x) is
// reversed by the two-phase adjoint of Christianson, as Taftaf, Hascoët
// and Pascual implement it ("Implementation and measurements of an
// efficient Fixed Point Adjoint", 2015): which variables are its state
// and parameters (their eqs. 3 and 4), and whether the loop has the
// shape the method needs (their section 2), each violation reported at
// the statement concerned.
package fixedpoint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/plan"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Decision is how one fixed-point loop is reversed.
type Decision struct {
	*plan.FixedPoint
	// State and Params are the sets the adjoint uses: the spec's if it
	// gives them, else the inferred ones (eqs. 3 and 4, restricted to
	// real variables).
	State, Params []*sema.Symbol
	// InferredState = out ∩ live after the loop; InferredParams = use \ out.
	InferredState, InferredParams []*sema.Symbol
	// Out is what one iteration may define, every type: the recording
	// sweep's end values of these are restored before each adjoint
	// iteration, and their values before the loop are saved around it.
	Out []*sema.Symbol
	// Body is the statements of one iteration; Exit is the IF ... EXIT
	// that ended it in the source (nil for a DO WHILE whose only exit
	// is its header).
	Body []ast.Stmt
	Exit ast.Stmt
	// Record is the body without the dead code of the stopping
	// criterion (what only the exit test reads): the recording sweep,
	// and what both adjoint sweeps differentiate.
	Record []ast.Stmt
}

// String prints the sets, for tests and reports.
func (d *Decision) String() string {
	return fmt.Sprintf("state: %s; parameters: %s; out: %s", names(d.State), names(d.Params), names(d.Out))
}

func names(l []*sema.Symbol) string {
	var s []string
	for _, v := range l {
		s = append(s, v.Name)
	}
	return strings.Join(s, " ")
}

// Input is what Analyze needs of the program.
type Input struct {
	Prog   *sema.Program
	ModRef *modref.Result
	// Active reports whether a variable of the loop's routine is active
	// somewhere in it: an overwritten active variable must be state.
	Active func(*sema.Symbol) bool
}

// Analyze decides how f is reversed. Errors are the applicability
// violations; warnings the disagreements of the spec's sets with the
// inferred ones.
func Analyze(in Input, f *plan.FixedPoint) (d *Decision, errs, warns diag.List) {
	a := &analyzer{in: in, f: f, info: in.Prog.Info, scope: in.Prog.Info.ScopeOf(f.Loop.Unit)}
	d = &Decision{FixedPoint: f}
	d.Body, d.Exit = a.shape(&errs)
	out := in.ModRef.Defines(d.Body, a.scope)
	if d.Exit != nil {
		for v := range in.ModRef.Defines([]ast.Stmt{d.Exit}, a.scope) {
			out[v] = true
		}
	}
	if v := f.Loop.Do.Var; v != nil {
		if s := a.info.ObjectOf(v); s != nil {
			out[s] = true
		}
	}
	use := a.uses()
	live := a.liveAfter()
	d.Out = sorted(out, nil)
	d.InferredState = sorted(out, func(v *sema.Symbol) bool { return live[v] && a.differentiable(v) })
	d.InferredParams = sorted(use, func(v *sema.Symbol) bool { return !out[v] && a.differentiable(v) })
	d.State = a.userSet(f.State, "state", d.InferredState, &errs, &warns)
	d.Params = a.userSet(f.Params, "parameters", d.InferredParams, &errs, &warns)
	a.overwritten(d, out, &errs)
	d.Record = a.record(d.Body)
	errs.Sort()
	warns.Sort()
	return d, errs, warns
}

type analyzer struct {
	in    Input
	f     *plan.FixedPoint
	info  *sema.Info
	scope *sema.Scope
}

func (a *analyzer) pos(p source.Pos) source.Position { return a.in.Prog.Fset.Position(p) }

// differentiable restricts the sets to real and complex variables that
// are active (the residual and the iteration count are neither).
func (a *analyzer) differentiable(v *sema.Symbol) bool {
	return real(v) && (a.in.Active == nil || a.in.Active(v))
}

func real(v *sema.Symbol) bool {
	return v.Type != nil && (v.Type.IsReal() || v.Type.IsComplex())
}

func sorted(s map[*sema.Symbol]bool, keep func(*sema.Symbol) bool) []*sema.Symbol {
	var out []*sema.Symbol
	for v := range s {
		if keep == nil || keep(v) {
			out = append(out, v)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Name != out[j].Name {
			return out[i].Name < out[j].Name
		}
		return out[i].Pos < out[j].Pos
	})
	return out
}
