package driver

import (
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// reachedUnits returns the procedure bodies the target's versions call,
// directly or through other calls, those versions' own included: active
// or not, in the order met.
func reachedUnits(info *sema.Info, act *activity.Result) []*ast.Unit {
	var out []*ast.Unit
	seen := map[*ast.Unit]bool{}
	var visit func(u *ast.Unit)
	visit = func(u *ast.Unit) {
		if u == nil || seen[u] {
			return
		}
		seen[u] = true
		out = append(out, u)
		ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
			var k sema.Call
			var ok bool
			switch n := n.(type) {
			case *ast.CallStmt:
				k, ok = info.CallStmts[n]
			case *ast.CallExpr:
				k, ok = info.Calls[n]
			}
			if ok && k.Proc != nil && k.Proc.Proc != nil {
				visit(k.Proc.Proc.Unit)
			}
			return true
		})
		for _, p := range u.Procs {
			visit(p)
		}
	}
	for _, pa := range act.Procs {
		visit(pa.Unit)
	}
	return out
}

// unreachable returns the rejections of constructs that the reached
// procedures may run (sema.ReachedOnly). A reference bound at run time
// (x%p(...) left polymorphic) may reach any procedure: then all of them.
func unreachable(info *sema.Info, rejected map[*ast.Unit]diag.List, reached []*ast.Unit) diag.List {
	if len(rejected) == 0 {
		return nil
	}
	var out diag.List
	for _, u := range reached {
		if dynamicRefs(info, u) {
			for _, l := range rejected {
				out = append(out, l...)
			}
			return out
		}
	}
	for _, u := range reached {
		out = append(out, rejected[u]...)
	}
	return out
}

// dynamicRefs reports whether u calls a procedure through an object
// (call x%p(...), x%f(...)): sema.StaticBindings made the static ones
// plain calls, so such a reference is bound at run time or through a
// procedure component.
func dynamicRefs(info *sema.Info, u *ast.Unit) bool {
	found := false
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch c := n.(type) {
		case *ast.CallStmt:
			_, found = c.Name.(*ast.SelectorExpr)
		case *ast.CallExpr:
			if _, sel := c.Fun.(*ast.SelectorExpr); sel && info.Calls[c].Kind == sema.FunctionCall {
				found = true
			}
		}
		return !found
	})
	return found
}

// savesFloat reports whether scope declares a saved local that may carry
// a derivative: real, complex, or of a derived type.
func savesFloat(scope *sema.Scope) bool {
	if scope == nil {
		return false
	}
	for _, v := range scope.Symbols() {
		if v.Kind == sema.VarSym && !v.IsDummy() && (v.Attrs&(sema.AttrSave|sema.AttrData) != 0 || scope.SaveAll()) &&
			(v.Type.IsFloat() || v.Type.IsDerived()) {
			return true
		}
	}
	return false
}
