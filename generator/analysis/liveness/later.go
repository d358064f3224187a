package liveness

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A recorded assignment left out (dead) leaves its old value in place,
// which its adjoint then reads instead of popping it: right only if no
// statement after it, in the rest of its list, the following iterations
// of its loops and the code after them, may define the variable again (a
// temporary assigned twice per iteration, dt = t(k) - 10 then dt =
// dt*(1 + g*dt), the second dead). later holds those variables where
// assign is asked; an iteration-private array (private.go) is not
// redefined by the following iterations in the elements this one uses.

// defined adds to out the variables statement s (nested statements
// included) may define: left sides, DO variables, allocated and
// pointer-assigned objects, and, conservatively, whatever a CALL, a user
// function reference or a READ names.
func (l *analyzer) defined(s ast.Stmt, out Set) {
	all := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v := l.Info.ObjectOf(id); v != nil && v.Kind == sema.VarSym {
					out[v] = true
				}
			}
			return true
		})
	}
	root := func(x ast.Expr) {
		for {
			switch e := x.(type) {
			case *ast.CallExpr:
				x = e.Fun
				continue
			case *ast.SelectorExpr:
				x = e.X
				continue
			}
			break
		}
		if id, ok := x.(*ast.Ident); ok {
			all(id)
		}
	}
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			root(n.Lhs)
		case *ast.PointerAssignStmt:
			root(n.Lhs)
		case *ast.DoConstruct:
			if n.Var != nil {
				root(n.Var)
			}
		case *ast.AllocateStmt:
			for _, o := range n.Objects {
				root(o)
			}
		case *ast.CallStmt:
			all(n)
		case *ast.IOStmt:
			if n.Keyword != "print" {
				all(n)
			}
		case *ast.CallExpr:
			if k, ok := l.Info.Calls[n]; ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
				all(n)
			}
		}
		return true
	})
}

// definedIn returns the variables the statements of list may define.
func (l *analyzer) definedIn(list []ast.Stmt) Set {
	out := Set{}
	for _, s := range list {
		l.defined(s, out)
	}
	return out
}
