package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Functions with a derived-type result: f_d returns the result and its
// tangent in its last arguments, as for a real result (funcs.go); s =
// f(t) assigns the hoisted reference's tangent.

// derivedResult reports whether function result res is of a derived
// type whose tangent fadj builds: a scalar with real data, neither
// ALLOCATABLE nor POINTER, without POINTER components (ALLOCATABLE
// real components are allocated in the tangent with the result's).
func derivedResult(res *sema.Symbol) bool {
	return decl.IsDerived(res.Type) && decl.HasFloat(res.Type) && res.Rank() == 0 &&
		!res.Attrs.Has(sema.AttrPointer) && !res.Attrs.Has(sema.AttrAllocatable) && !decl.HasPointerComponent(res.Type)
}

// derivedFuncTangent returns the tangent of an assignment of rhs, when
// it is a hoisted function reference, to a scalar of derived type t
// whose tangent is lhsD: the copy of the reference's tangent, or zero
// when the callee's result is passive; ok false if rhs is no such
// reference.
func (g *gen) derivedFuncTangent(rhs, lhsD ast.Expr, t *sema.Type) (out []ast.Stmt, ok bool) {
	c := g.hoistedCall(rhs) // (or an expression with a defined operator: dtype_op.go)
	if c == nil || g.repl[c] == nil {
		return nil, false
	}
	if d := g.tmpD[c]; d != nil {
		return []ast.Stmt{&ast.AssignStmt{Lhs: lhsD, Rhs: ast.Clone(d)}}, true
	}
	if len(decl.AllocLeaves(t)) > 0 {
		// The tangent's ALLOCATABLE components allocated as the value's.
		out = []ast.Stmt{&ast.AssignStmt{Lhs: ast.Clone(lhsD), Rhs: ast.NewIdent(g.repl[c].Name)}}
	}
	return append(out, decl.ZeroDerived(lhsD, 0, t.Derived, g.newIndex)...), true
}

// derivedAssignPost is derivedAssign, with the statements to run after
// s: when s gives a scalar with ALLOCATABLE components a passive value
// (a passive variable's, a passive function's result), which may
// reallocate them, the tangent's components realigned with them, zero
// (zeroed before s, they may have had other shapes).
func (g *gen) derivedAssignPost(s *ast.AssignStmt) (tan, post []ast.Stmt, err error) {
	if tan, err = g.derivedAssign(s); err != nil {
		return nil, nil, err
	}
	t := g.info.TypeOf(s.Lhs)
	if g.info.Rank(s.Lhs) != 0 || len(decl.AllocPaths(t)) == 0 || !g.passiveValue(s.Rhs) {
		return tan, nil, nil
	}
	lhsD, err := g.shadowRef(s.Lhs)
	if err != nil {
		return nil, nil, err
	}
	for _, p := range decl.AllocPaths(t) {
		post = append(post, decl.ForPath(s.Lhs, lhsD, p, false, g.newIndex, func(x, xd ast.Expr, c *sema.Symbol) []ast.Stmt {
			zero := &ast.AssignStmt{Lhs: ast.Clone(xd), Rhs: zeroConst(c.Type)}
			return decl.Associate(c, decl.Follow(x, xd, c.Rank(), zero, true))
		})...)
	}
	return tan, post, nil
}

// passiveValue reports whether x, of derived type, is a passive
// variable or the result of a function reference (or defined operator)
// without a tangent.
func (g *gen) passiveValue(x ast.Expr) bool {
	if b := g.baseSym(x); b != nil {
		return !g.pa.ActiveVar(b)
	}
	if c, ok := x.(*ast.CallExpr); ok {
		k := g.info.Calls[c]
		return k.Kind == sema.FunctionCall && !k.IsIntrinsic() && g.repl[c] == nil
	}
	return g.info.Operators[x] != nil && g.repl[g.opCall[x]] == nil
}
