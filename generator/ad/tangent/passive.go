package tangent

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// zeroAfterPassive returns, after CALL s of a procedure without a tangent
// version, the zeroing of the tangents of the active variables the callee
// may define (actual arguments, and module and common variables visible
// here): its version is passive because what it leaves in them does not
// depend on a varied value (or is not useful), so their tangents are
// zero after it, whatever they held before. (Allocatables are realigned
// by followCall.) After the call of a version callee, the same holds for
// the dummies and globals its pattern leaves out.
//
// An element passed to an array dummy is rejected: the callee may
// overwrite the array from the element on, a part the caller cannot name.
func (g *gen) zeroAfterPassive(s *ast.CallStmt, callee *activity.ProcActivity) ([]ast.Stmt, error) {
	if g.globals.modref == nil {
		g.globals.modref = modref.New(g.info)
	}
	mc := g.globals.modref.Call(s, g.scope)
	var out []ast.Stmt
	done := map[*sema.Symbol]bool{}
	for _, a := range mc.Args {
		v := a.Var
		if callee != nil && (a.Dummy == nil || inPattern(callee, a.Dummy)) {
			continue
		}
		if !a.Defines || v == nil || done[v] || decl.IsAllocatable(v) || !hasShadow(v.Type) || !g.pa.ActiveVar(v) || g.scope.Lookup(v.Name) != v {
			continue
		}
		if _, id := a.Expr.(*ast.Ident); !id && a.Whole && a.Dummy != nil {
			return nil, notSupported("active array element '%s' passed to array dummy '%s' of '%s', which may modify it with a passive value", exprString(a.Expr), a.Dummy.Name, exprString(s.Name))
		}
		if a.Whole {
			done[v] = true
			out = append(out, g.zero(g.tname(v), v)...)
			continue
		}
		ref, err := g.shadowRef(a.Expr)
		if err != nil {
			// Not a designator fadj renames: zero all of it.
			done[v] = true
			out = append(out, g.zero(g.tname(v), v)...)
			continue
		}
		t := g.info.TypeOf(a.Expr)
		if decl.IsDerived(t) {
			out = append(out, decl.ZeroDerived(ref, g.info.Rank(a.Expr), t.Derived, func() *ast.Ident { return g.newTemp("fadj_i", sema.Int4) })...)
			continue
		}
		out = append(out, &ast.AssignStmt{Lhs: ref, Rhs: zeroConst(t)})
	}
	for _, v := range mc.Defs.Sorted() {
		if !mc.Globals[v] || done[v] || callee != nil && inPattern(callee, v) || decl.IsAllocatable(v) || !hasShadow(v.Type) || !g.pa.ActiveVar(v) {
			continue
		}
		if v.Module() == nil && v.Attrs.Has(sema.AttrInCommon) {
			// A member of a common block the routine declares is its
			// own (modref names it so); its tangent is in /blk_d/.
			if g.scope.Lookup(v.Name) != v {
				return nil, notSupported("active common-block variable '%s' defined by '%s', in a block '%s' does not declare", v.Name, exprString(s.Name), g.pa.Proc.Name)
			}
			done[v] = true
			out = append(out, g.zero(g.tname(v), v)...)
			continue
		}
		if v.Module() == nil || g.scope.Lookup(decl.LocalName(g.pa.Unit.Decls, v)) != v {
			continue // (host variables: not visible by name here)
		}
		done[v] = true
		out = append(out, g.zero(decl.LocalName(g.pa.Unit.Decls, v)+g.suffix, v)...)
	}
	return out, nil
}
