package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An element selector with variable subscripts (top => flux(k) in a loop
// over k) names one element for the whole construct: the subscripts are
// evaluated on entry. Substituting the selector for the name is exact
// when nothing in the body can change them: local variables and dummies
// the body never assigns, loops over, passes to a procedure or reads
// into.

// fixedSubscript reports whether subscript e is built from constants
// and variables x.fixed keeps, with arithmetic only.
func (x *expander) fixedSubscript(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		s := x.info.Uses[e]
		if s == nil {
			return false
		}
		return s.Kind == sema.ConstSym || s.Kind == sema.VarSym && x.fixed != nil && x.fixed(s)
	case *ast.SelectorExpr:
		return x.fixedComponent(e) // associate_component.go
	case *ast.ParenExpr:
		return x.fixedSubscript(e.X)
	case *ast.UnaryExpr:
		return x.fixedSubscript(e.X)
	case *ast.BinaryExpr:
		return x.fixedSubscript(e.X) && x.fixedSubscript(e.Y)
	}
	return false
}

// undefinedIn returns whether a variable keeps its value through body:
// an integer local or dummy of a procedure (not a global, which a call
// may change, nor a pointer) that no statement of body may define; or
// such a structure, whose integer components keepStructures looks at.
func (x *expander) undefinedIn(body []ast.Stmt) func(*sema.Symbol) bool {
	defined := map[*sema.Symbol]bool{}
	mark := func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if s := x.info.Uses[id]; s != nil {
					defined[s] = true
				}
			}
			return true
		})
	}
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			mark(baseOf(n.Lhs)) // not its subscripts
		case *ast.PointerAssignStmt:
			mark(baseOf(n.Lhs))
		case *ast.DoConstruct:
			if n.Var != nil {
				mark(n.Var)
			}
		case *ast.CallStmt:
			for _, a := range n.Args {
				mark(a)
			}
		case *ast.CallExpr:
			if c, ok := x.info.Calls[n]; !ok || c.Kind == sema.FunctionCall && !c.IsIntrinsic() || c.Kind == sema.CallUnknown {
				for _, a := range n.Args {
					mark(a)
				}
			}
		case *ast.IOStmt, *ast.AllocateStmt:
			ast.Inspect(n, func(m ast.Node) bool {
				if e, ok := m.(ast.Expr); ok {
					mark(e)
					return false
				}
				return true
			})
		}
		return true
	})
	return func(s *sema.Symbol) bool {
		if defined[s] || s.Attrs&(sema.AttrPointer|sema.AttrTarget|sema.AttrInCommon) != 0 || s.Type == nil || !s.Type.IsInteger() && !s.Type.IsDerived() {
			return false
		}
		k := s.Owner
		return k != nil && k.Kind != sema.ModuleScope && k.Kind != sema.GlobalScope && s.Module() == nil
	}
}

// baseOf returns the variable designator e is a part of.
func baseOf(e ast.Expr) ast.Expr {
	for {
		switch b := e.(type) {
		case *ast.CallExpr:
			e = b.Fun
		case *ast.SelectorExpr:
			e = b.X
		default:
			return e
		}
	}
}
