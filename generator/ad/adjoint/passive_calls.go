package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/tbr"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// passiveDefZeros returns the backward-sweep statements for active
// variable a passed to dummy ds of callee unit, where the call's activity
// pattern leaves ds passive (a call without a derivative version, or a
// passive dummy of a version): nothing if the callee cannot define ds,
// else the zeroing of a's adjoint.
//
// Zeroing is exact. The pattern drops ds only if its value on entry is
// not varied, or its value on exit is not useful, or that value does not
// depend on a varied input (the summary makes an output the callee may
// leave unchanged depend on itself). In the first two cases the adjoint
// zeroed is irrelevant or already zero; in the last the callee overwrote
// a with a passive value, which kills its adjoint.
//
// An element passed to an array dummy is rejected: the callee may
// overwrite the array from the element on, a part the caller cannot name.
func (g *gen) passiveDefZeros(a ast.Expr, ds *sema.Symbol, unit *ast.Unit, callee string) ([]ast.Stmt, error) {
	if ds == nil || unit == nil {
		return nil, notSupported("active variable '%s' passed to '%s', which has no derivative version and may modify it, in reverse mode", exprString(a), callee)
	}
	if !decl.MayDefine(g.info, unit, ds) {
		return nil, nil
	}
	if ce, ok := a.(*ast.CallExpr); ok {
		if g.info.Rank(a) == 0 && len(ds.Dims) > 0 {
			return nil, notSupported("active array element '%s' passed to array dummy '%s' of '%s', which may modify it with a passive value, in reverse mode", exprString(a), ds.Name, callee)
		}
		for _, x := range ce.Args {
			if _, r := x.(*ast.RangeExpr); !r && g.info.Rank(x) > 0 {
				return nil, notSupported("active variable '%s' with a vector subscript passed to '%s', which may modify it, in reverse mode", exprString(a), callee)
			}
		}
	}
	r, err := g.adjRef(a)
	if err != nil {
		return nil, err
	}
	zero := g.zeroRef(r, g.info.TypeOf(a), g.info.Rank(a))
	if b, whole := a.(*ast.Ident); whole {
		return allocGuard(g.info.ObjectOf(b), r, zero), nil
	}
	return zero, nil
}

// passiveGlobalZeros returns the zeroing of the adjoints of the module
// and common variables with an adjoint that call s may define and that
// its version callee (nil for a procedure without one) leaves passive:
// the same reasoning as for its arguments (passiveDefZeros) makes it
// exact. A global the routine cannot name is rejected.
func (g *gen) passiveGlobalZeros(s *ast.CallStmt, callee *activity.ProcActivity) ([]ast.Stmt, error) {
	mc := g.modref().Call(s, g.scope)
	var zeros []ast.Stmt
	for _, v := range mc.Globals.Sorted() {
		if !mc.Defs[v] || !g.hasAdj(v) || callee != nil && inPattern(callee, v) {
			continue
		}
		if x := g.hiddenAdj(v); x != nil { // alloc_clash.go
			zeros = append(zeros, allocGuard(v, x, g.zeroRef(x, v.Type, v.Rank()))...)
			continue
		}
		name := decl.LocalName(g.pa.Unit.Decls, v) // (a renamed USE's)
		if g.scope.Lookup(strings.ToLower(name)) != v {
			return nil, notSupported("variable '%s' with an adjoint, defined by '%s' (no derivative version), not accessible by its name in '%s'", v.Name, exprString(s.Name), g.pa.Proc.Name)
		}
		r, err := g.adjRef(ast.NewIdent(name))
		if err != nil {
			return nil, err
		}
		zeros = append(zeros, allocGuard(v, r, g.zeroRef(r, v.Type, v.Rank()))...)
	}
	return zeros, nil
}

// allocGuard returns zero, the zeroing of adjoint xb of variable v,
// under allocated(xb) (associated for a pointer) when v is allocatable:
// the callee may have deallocated v, and xb followed it.
func allocGuard(v *sema.Symbol, xb ast.Expr, zero []ast.Stmt) []ast.Stmt {
	if !decl.IsAllocatable(v) {
		return zero
	}
	return decl.Associate(v, decl.If(decl.Allocated(ast.Clone(xb)), zero...))
}

// passiveGlobalSaves returns the pushes before call s of a procedure
// without a derivative version of the module and common variables it may
// define that the backward sweep needs (tbr.GlobalsBefore; without TBR,
// every one it may define), and the pops restoring them in the backward
// sweep.
func (g *gen) passiveGlobalSaves(s *ast.CallStmt) (push, pop []ast.Stmt, err error) {
	var refs []tbr.Ref
	if g.tbr != nil {
		for _, v := range g.tbr.GlobalsBefore(s) {
			refs = append(refs, tbr.Ref{Var: v})
		}
	} else {
		mc := g.modref().Call(s, g.scope)
		for _, v := range mc.Globals.Sorted() {
			if mc.Defs[v] {
				refs = append(refs, tbr.Ref{Var: v})
			}
		}
	}
	return g.saves(refs, tape.Push, exprString(s.Name), false)
}
