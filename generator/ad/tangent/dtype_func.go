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
