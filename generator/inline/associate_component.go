package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Integer components as fixed subscripts. Models keep their index
// bounds in a grid or control structure (MOM6's G%isc:G%iec, a state's
// current time level CS%cur), and write associate selectors with them:
// h => CS%h(G%isc:G%iec, G%jsc:G%jec, CS%cur). Such a subscript is fixed
// (associate_fixed.go) when its base is a local or dummy of a derived
// type that x.fixed keeps (no statement of the body may define it, nor
// call a procedure bound to it) and no component on the way is a pointer.

// fixedComponent reports whether integer component reference e is a
// fixed subscript.
func (x *expander) fixedComponent(e *ast.SelectorExpr) bool {
	if c := x.info.Uses[e.Sel]; c == nil || c.Type == nil || !c.Type.IsInteger() {
		return false
	}
	var b ast.Expr = e
	for {
		sel, ok := b.(*ast.SelectorExpr)
		if !ok {
			break
		}
		if c := x.info.Uses[sel.Sel]; c == nil || c.Attrs.Has(sema.AttrPointer) {
			return false
		}
		b = sel.X
	}
	id, ok := b.(*ast.Ident)
	if !ok {
		return false // an element of an array of structures: its subscript would need checking too
	}
	s := x.info.Uses[id]
	return s != nil && s.Kind == sema.VarSym && s.Type.IsDerived() && x.fixedBase != nil && x.fixedBase(s)
}

// keptStructures returns whether a derived-type variable keeps its value
// through body, as undefinedIn's for integers: a local or dummy (not a
// global, pointer or target) that no statement of body may define, pass
// to a procedure, or call a procedure bound to (call cs%step()).
func (x *expander) keptStructures(body []ast.Stmt) func(*sema.Symbol) bool {
	bound := map[*sema.Symbol]bool{}
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		var f ast.Expr
		switch n := n.(type) {
		case *ast.CallStmt:
			f = n.Name
		case *ast.CallExpr:
			if c, ok := x.info.Calls[n]; !ok || c.Kind != sema.ArrayElement && c.Kind != sema.Substring {
				f = n.Fun // (cs%h(i) is an element)
			}
		}
		if sel, ok := f.(*ast.SelectorExpr); ok {
			if id, ok := baseOf(sel).(*ast.Ident); ok {
				if s := x.info.Uses[id]; s != nil {
					bound[s] = true
				}
			}
		}
		return true
	})
	return func(s *sema.Symbol) bool {
		if bound[s] || s.Type == nil || !s.Type.IsDerived() {
			return false
		}
		return x.fixed != nil && x.fixed(s)
	}
}
