package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// pointerAliases returns, for each local pointer of the procedure that
// a pointer assignment of body associates with a part of a dummy or a
// global (h => s%h, p => q with q such a pointer), those variables:
// the effects of a procedure that writes its dummy's components through
// local pointers are the dummy's.
func (w *intentWalker) pointerAliases(body []ast.Stmt) map[*Symbol][]*Symbol {
	type pair struct{ p, x *Symbol }
	var pairs []pair
	ast.Inspect(&ast.Unit{Body: body}, func(n ast.Node) bool {
		pa, ok := n.(*ast.PointerAssignStmt)
		if !ok {
			return true
		}
		p, _ := w.designator(pa.Lhs)
		x, _ := w.designator(pa.Rhs)
		if p != nil && x != nil && p.Attrs&AttrPointer != 0 && !w.tracked(p) {
			pairs = append(pairs, pair{p, x})
		}
		return true
	})
	if len(pairs) == 0 {
		return nil
	}
	out := map[*Symbol][]*Symbol{}
	has := func(p, b *Symbol) bool {
		for _, x := range out[p] {
			if x == b {
				return true
			}
		}
		return false
	}
	for changed := true; changed; {
		changed = false
		for _, pr := range pairs {
			targets := []*Symbol{pr.x}
			if !w.tracked(pr.x) {
				targets = out[pr.x] // another local pointer's, or a local
			}
			for _, b := range targets {
				if w.tracked(b) && !has(pr.p, b) {
					out[pr.p] = append(out[pr.p], b)
					changed = true
				}
			}
		}
	}
	return out
}
