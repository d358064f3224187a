package adjoint

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Recomputing a callee's results by calling it again (issue 12).
//
// A slice of ERA may hold a CALL (package slice, Slicer.Recall) when
// running the call again in the backward sweep gives the values it gave
// in the forward sweep and changes nothing else: the callee is a
// subroutine of the analysed files that writes only its arguments (no
// module, common or host variable: modref), each of those passed whole;
// it keeps no state (no SAVE, DATA or initialised local), does no I/O,
// STOP, ALLOCATE or pointer assignment, and calls nothing but intrinsics
// (a leaf, so that this holds of everything it runs). What it reads,
// arguments and globals, is the slice's USE, checked like any other.

// recallable reports whether call c can run again in a recomputation.
func (g *gen) recallable(c *ast.CallStmt) bool {
	callee := g.info.CallStmts[c].Proc
	if callee == nil || callee.Proc == nil || callee.Proc.Unit == nil || callee.Proc.Form != sema.FormSubroutine {
		return false
	}
	mc := g.modref().Call(c, g.scope)
	for v := range mc.Defs {
		if mc.Globals[v] {
			return false
		}
	}
	for _, a := range mc.Args {
		if _, whole := a.Expr.(*ast.Ident); a.Defines && (!whole || isGlobal(a.Var)) {
			return false
		}
	}
	return quietLeaf(g.info, callee.Proc)
}

// quietLeaf reports whether procedure p keeps no state, has no effect but
// on its variables, and calls no user procedure (see above).
func quietLeaf(info *sema.Info, p *sema.Proc) bool {
	u := p.Unit
	if len(u.Procs) > 0 || p.Scope == nil || p.Scope.SaveAll() {
		return false
	}
	for _, v := range p.Scope.Symbols() {
		if v.Kind != sema.VarSym {
			continue
		}
		if v.Attrs.Has(sema.AttrSave) || v.Attrs.Has(sema.AttrData) || v.Attrs.Has(sema.AttrPointer) ||
			v.Attrs.Has(sema.AttrAllocatable) || v.Attrs.Has(sema.AttrTarget) || (v.Init != nil && !v.Attrs.Has(sema.AttrParameter)) {
			return false
		}
	}
	quiet := true
	for _, s := range u.Body {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallStmt, *ast.IOStmt, *ast.StopStmt, *ast.AllocateStmt, *ast.PointerAssignStmt:
				quiet = false
			case *ast.CallExpr:
				if k, ok := info.Calls[n]; ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
					quiet = false
				}
			}
			return quiet
		})
	}
	return quiet
}
