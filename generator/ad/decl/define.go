package decl

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// MayDefine reports whether unit may define variable d (a dummy or a
// global): an assignment to it, a READ into it, a DO over it, or passing
// it to a procedure. It looks at the unit only, conservatively.
// A dummy declared intent(out) or intent(inout) counts as defined; one
// declared intent(in) never is (the standard forbids defining it, also
// through a procedure it is passed to).
func MayDefine(info *sema.Info, unit *ast.Unit, d *sema.Symbol) bool {
	if d.IsDummy() && d.Intent == ast.IntentIn {
		return false
	}
	if d.IsDummy() && (d.Intent == ast.IntentOut || d.Intent == ast.IntentInOut) {
		return true
	}
	return Assigns(info, unit.Body, d)
}

// Assigns reports whether a statement of list may define variable d, as
// MayDefine but from the statements alone.
func Assigns(info *sema.Info, list []ast.Stmt, d *sema.Symbol) bool {
	for _, s := range list {
		found := false
		Defined(info, s, func(v *sema.Symbol) {
			found = found || v == d
		})
		if found {
			return true
		}
	}
	return false
}

// Defined calls f with each variable statement s (nested statements
// included) may define: the base variable of an assignment's left side, a
// DO variable, a READ item, an actual argument of a CALL or of a reference
// of a user function (conservatively: the callee may define it). A
// variable may come more than once.
func Defined(info *sema.Info, s ast.Stmt, f func(*sema.Symbol)) {
	defined(info, s, f, false)
}

// defined is Defined; byIntent leaves out the actual arguments of a
// known procedure that its dummy cannot define (global_define.go).
func defined(info *sema.Info, s ast.Stmt, f func(*sema.Symbol), byIntent bool) {
	def := func(x ast.Expr) {
		for {
			switch y := x.(type) {
			case *ast.Ident:
				if v := info.ObjectOf(y); v != nil {
					f(v)
				}
				return
			case *ast.CallExpr:
				x = y.Fun
			case *ast.SelectorExpr:
				x = y.X
			default:
				return
			}
		}
	}
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			def(n.Lhs)
		case *ast.DoConstruct:
			if n.Var != nil {
				def(n.Var)
			}
		case *ast.IOStmt:
			if n.Keyword == "read" {
				for _, it := range n.Items {
					ast.Inspect(it, func(m ast.Node) bool {
						if x, ok := m.(ast.Expr); ok {
							def(x)
						}
						return true
					})
				}
			}
		case *ast.AllocateStmt:
			// The allocation status of the objects, and STAT=.
			for _, o := range n.Objects {
				def(o)
			}
			for _, o := range n.Options {
				if k := o.Name.Lower(); k == "stat" || k == "errmsg" {
					def(o.Value)
				}
			}
		case *ast.CallStmt:
			for i, a := range n.Args {
				if byIntent && readOnlyArg(info, info.CallStmts[n], n.Name, i, a) { // global_define.go
					continue
				}
				if kw, ok := a.(*ast.KeywordArg); ok {
					a = kw.Value
				}
				def(a)
			}
		case *ast.CallExpr:
			if c, ok := info.Calls[n]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() {
				for i, a := range n.Args {
					if !byIntent || !readOnlyArg(info, c, n.Fun, i, a) {
						def(a)
					}
				}
			}
		}
		return true
	})
}

// Canon is the symbol standing for global s: a common-block member is
// the member at the same place in the block's first declaration.
func Canon(s *sema.Symbol) *sema.Symbol { return s.CanonicalGlobal() }

// MemberIndex is the place of s in its common block's declaration, -1 if
// not found.
func MemberIndex(s *sema.Symbol) int {
	for _, d := range s.Common.Decls {
		for i, m := range d.Members {
			if m == s {
				return i
			}
		}
	}
	return -1
}

// DefinesGlobal reports whether the procedure of unit u, or one it calls
// (transitively), may define global v (a module or common-block variable;
// common members compare by place, through Canon).
func DefinesGlobal(info *sema.Info, u *ast.Unit, v *sema.Symbol) bool {
	return definesGlobal(info, u, Canon(v), map[*ast.Unit]bool{})
}

func definesGlobal(info *sema.Info, u *ast.Unit, v *sema.Symbol, seen map[*ast.Unit]bool) bool {
	if u == nil || seen[u] {
		return false
	}
	seen[u] = true
	found := false
	var check func(list []ast.Stmt)
	check = func(list []ast.Stmt) {
		for _, s := range list {
			ast.Inspect(s, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if sym := info.ObjectOf(id); sym != nil && sym != v && Canon(sym) == v && !found {
						found = assignsGlobal(info, u.Body, sym)
					}
				}
				return !found
			})
		}
	}
	if assignsGlobal(info, u.Body, v) { // global_define.go
		return true
	}
	check(u.Body)
	if found {
		return true
	}
	visit := func(c sema.Call) {
		if !found && c.Proc != nil && c.Proc.Proc != nil && c.Proc.Proc.Unit != nil && !c.IsIntrinsic() {
			found = definesGlobal(info, c.Proc.Proc.Unit, v, seen)
		}
	}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CallStmt:
			visit(info.CallStmts[x])
		case *ast.CallExpr:
			if c, ok := info.Calls[x]; ok && c.Kind == sema.FunctionCall {
				visit(c)
			}
		}
		return !found
	})
	return found
}
