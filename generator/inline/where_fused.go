package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A WHERE whose assignments cannot each run in a loop of its own
// (where_elemental.go), because a mask reads what an assignment before
// defines (where (h > hmin); h = h + dt*f(h); u = uh/h; end where), runs
// as one loop nest, each element through an IF construct whose branches
// are the WHERE's (an ELSEWHERE an ELSE IF or ELSE) and hold its
// assignments of that element:
//
//	do fadj_wi1 = 1, size(h, 1)
//	  if (h(fadj_wi1) > hmin) then
//	    h(fadj_wi1) = h(fadj_wi1) + dt*f(h(fadj_wi1))
//	    u(fadj_wi1) = uh(fadj_wi1)/h(fadj_wi1)
//	  end if
//	end do
//
// That gives the WHERE's values when no element reads another's: every
// designator in the masks and right sides that may overlap the left side
// of an assignment is that left side, and left sides that may overlap are
// the same. Element k of a left side is then assigned, by the loop as by
// the WHERE, once the masks and the assignments before have seen its old
// value; and an ELSEWHERE's mask, which the WHERE evaluates after the
// bodies before it, reads at element k only what those left unchanged
// there, since the IF did not take their branch.

// fusable reports whether the WHERE of branches may run as one nest.
func (w *whereLoops) fusable(branches []*ast.WhereBranch) bool {
	type lhs struct {
		p   path
		key string
	}
	var lhss []lhs
	var reads []ast.Expr
	for _, b := range branches {
		if b.Mask != nil {
			reads = append(reads, b.Mask)
		}
		for _, st := range b.Body {
			as := st.(*ast.AssignStmt)
			p, ok := w.path(as.Lhs)
			if !ok || w.aliasable(as.Lhs) {
				return false
			}
			key := ast.Key(as.Lhs)
			for _, l := range lhss {
				if l.p.overlaps(p) && l.key != key {
					return false
				}
			}
			lhss = append(lhss, lhs{p, key})
			reads = append(reads, as.Rhs)
		}
	}
	for _, x := range reads {
		for _, l := range lhss {
			if ok, _ := w.reads(x, l.p, l.key, "", nil); !ok {
				return false
			}
		}
	}
	return true
}

// fused returns the nest running the WHERE of branches element by
// element, over the shape of shape's left side, with indices ks.
func (w *whereLoops) fused(branches []*ast.WhereBranch, shape *ast.AssignStmt, ks []*sema.Symbol) (ast.Stmt, bool) {
	ifc := &ast.IfConstruct{End: ast.EndStmt{Keyword: "if"}}
	ifc.Start = shape.Start
	for _, b := range branches {
		br := &ast.IfBranch{}
		if b.Mask != nil {
			m, ok := w.elem(b.Mask, ks)
			if !ok {
				return nil, false
			}
			br.Cond = m
		}
		for _, st := range b.Body {
			a, ok := w.elemAssign(st.(*ast.AssignStmt), ks)
			if !ok {
				return nil, false
			}
			br.Body = append(br.Body, a)
		}
		ifc.Branches = append(ifc.Branches, br)
	}
	return w.nest(ifc, shape.Lhs, ks), true
}
