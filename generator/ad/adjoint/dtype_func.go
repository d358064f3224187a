package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Functions with a derived-type result (function add(a, b) result(c);
// type(vec) :: c). The adjoint f_b takes the adjoint of the result as
// its last argument, of the type, as for a real result (routine.go); a
// reference assigned to a derived-type variable (s = f(t)) is reversed
// by f_b called with the left side's adjoint, moved into a temporary
// and zeroed first (the arguments may reference the left side).

// derivedResult reports whether function result res is of a derived
// type whose adjoint fadj builds: a scalar with real data, neither
// ALLOCATABLE nor POINTER, without POINTER components (ALLOCATABLE
// real components, as in `type(field) :: c` with `real(8), allocatable
// :: d(:)`, are allocated in the result's adjoint with the result's:
// dtype_result.go).
func derivedResult(res *sema.Symbol) bool {
	return decl.IsDerived(res.Type) && decl.HasFloat(res.Type) && res.Rank() == 0 &&
		!res.Attrs.Has(sema.AttrPointer) && !res.Attrs.Has(sema.AttrAllocatable) && !decl.HasPointerComponent(res.Type)
}

// resultType returns the type of the declaration of the argument
// holding the adjoint of the function's result.
func (g *gen) resultType() *ast.TypeSpec {
	if decl.IsDerived(g.result.Type) {
		return decl.DerivedType(g.result.Type)
	}
	return decl.Type(g.result, g.result.Type.IsComplex(), true)
}

// derivedFuncAdjoint returns the adjoint of an assignment of function
// reference x, of derived type t, to a left side of adjoint lhsB; ok
// false if x is no reference of a function with an adjoint.
func (g *gen) derivedFuncAdjoint(x ast.Expr, lhsB ast.Expr, t *sema.Type) (out []ast.Stmt, ok bool, err error) {
	c, isCall := x.(*ast.CallExpr)
	if !isCall {
		return nil, false, nil
	}
	k := g.info.Calls[c]
	if k.Kind != sema.FunctionCall || k.IsIntrinsic() {
		return nil, false, nil
	}
	callee := g.pa.CallPattern(c)
	if callee == nil {
		return nil, false, nil
	}
	if g.hoistedRef(c) != nil || g.sideEffects(c) {
		return nil, true, notSupported("reference of function '%s' with a derived-type result and side effects in reverse mode", exprString(c.Fun))
	}
	if callee.Unit != nil {
		for _, s := range g.sh.calleeGlobals(g.info, callee.Unit) {
			if g.sh.written[decl.Canon(s)] {
				return nil, true, notSupported("reference of function '%s', which uses module or common variable '%s' that the program writes, in reverse mode", exprString(c.Fun), s.Name)
			}
		}
	}
	args, pre, post, err := g.funcRefArgs(c, callee)
	if err != nil {
		return nil, true, err
	}
	tmp, err := g.derivedTemp(t, 0)
	if err != nil {
		return nil, true, err
	}
	out = append(pre, &ast.AssignStmt{Lhs: tmp, Rhs: ast.Clone(lhsB)})
	out = append(out, g.zeroRef(ast.Clone(lhsB), t, 0)...)
	out = append(out, &ast.CallStmt{Name: ast.NewIdent(routineName(callee, g.suffix)), Args: g.withResultAdj(args, ast.NewIdent(tmp.Name)), Parens: true})
	return append(out, post...), true, nil
}

// derivedFuncRef reports whether x is a reference of a function with an
// adjoint and a derived-type result (derivedFuncAdjoint reverses it).
func (g *gen) derivedFuncRef(x ast.Expr) bool {
	c, ok := x.(*ast.CallExpr)
	if !ok || !decl.IsDerived(g.info.TypeOf(x)) {
		return false
	}
	k := g.info.Calls[c]
	return k.Kind == sema.FunctionCall && !k.IsIntrinsic() && g.pa.CallPattern(c) != nil
}
