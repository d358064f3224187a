package liveness

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// private returns the arrays that each iteration of the counted
// loop s touches only in its own elements: every reference in the body is
// an element or section whose subscript in one dimension, the same for
// all references, is the loop index itself. An iteration then never reads
// what another one wrote, so what the body reads of such an array is not
// live at the end of the previous iteration, only before the loop. This is
// what lets the liveness leave out `u(i) = u(i) + dt*r(u(i))` in a callee's
// adjoint: its adjoint reads u(i) as it was before the loop, and nothing
// reads the values it computes (Tapenade leaves it out too).
//
// An array passed to a procedure (an element may stand for the rest of it
// by sequence association), referenced whole, equivalenced, a pointer or a
// target, or shared with other units, is not private.
func (l *analyzer) private(s *ast.DoConstruct) Set {
	if s.Var == nil || s.While != nil || len(s.Concurrent) > 0 {
		return nil
	}
	idx := l.Info.ObjectOf(s.Var)
	if idx == nil {
		return nil
	}
	refs := map[*sema.Symbol]int{}    // every reference of the name
	elems := map[*sema.Symbol]int{}   // references as v(...)
	dims := map[*sema.Symbol]uint32{} // dimensions subscripted by the index in all of them
	passed := map[*sema.Symbol]bool{} // referenced in a procedure's arguments
	poison := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				if v := l.Info.ObjectOf(id); v != nil {
					passed[v] = true
				}
			}
			return true
		})
	}
	for _, st := range s.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallStmt:
				for _, a := range n.Args {
					poison(a)
				}
			case *ast.CallExpr:
				k, ok := l.Info.Calls[n]
				if !ok || k.Kind != sema.ArrayElement {
					if ok && k.Kind == sema.FunctionCall && !k.IsIntrinsic() {
						for _, a := range n.Args {
							poison(a)
						}
					}
					break
				}
				id, ok := n.Fun.(*ast.Ident)
				if !ok {
					break
				}
				v := l.Info.ObjectOf(id)
				if v == nil {
					break
				}
				var d uint32
				for i, a := range n.Args {
					if ai, ok := a.(*ast.Ident); ok && i < 32 && l.Info.ObjectOf(ai) == idx {
						d |= 1 << i
					}
				}
				if elems[v] == 0 {
					dims[v] = d
				} else {
					dims[v] &= d
				}
				elems[v]++
			case *ast.Ident:
				if v := l.Info.ObjectOf(n); v != nil && v.Kind == sema.VarSym {
					refs[v]++
				}
			}
			return true
		})
	}
	const shared = sema.AttrEquivalence | sema.AttrPointer | sema.AttrTarget | sema.AttrInCommon
	private := Set{}
	for v, n := range elems {
		if n == refs[v] && dims[v] != 0 && !passed[v] && v.Kind == sema.VarSym && v != idx &&
			v.Attrs&shared == 0 && !Global(v) && !HostVar(v, l.Scope) {
			private[v] = true
		}
	}
	return private
}
