package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// selectTypeSupported rejects the SELECT TYPE constructs whose reversal
// (selectType) is not known to be right: a selector holding active data
// (its derivative object would need the selector's dynamic type), a jump
// leaving a block (the jump machinery does not look inside the
// construct), and a selector whose dynamic type the procedure may change
// (allocated, deallocated, pointer-assigned or moved): the backward
// sweep dispatches again on it.
func (g *gen) selectTypeSupported(s *ast.SelectType) error {
	v := g.selectTypeSel(s)
	if v == nil {
		return notSupported("SELECT TYPE of '%s' in reverse mode (the selector must be a variable or a component of one)", exprString(s.Selector))
	}
	if g.pa.ActiveComponent(v, g.info.SelectorPath(s.Selector)) {
		return notSupported("SELECT TYPE of active '%s' in reverse mode (fadj differentiates SELECT TYPE whose selected object holds passive data only; its derivative object would need the selector's dynamic type)", exprString(s.Selector))
	}
	if j := jumpOut(s); j != nil {
		return notSupported("%s leaving a block of SELECT TYPE at line %d in reverse mode", ast.StmtName(j), g.fset.Position(j.Pos()).Line)
	}
	if st := g.retyping(v, s); st != nil {
		return notSupported("SELECT TYPE of '%s' in reverse mode: the %s at line %d may change its dynamic type, which the backward sweep dispatches on again", exprString(s.Selector), retypingName(st), g.fset.Position(st.Pos()).Line)
	}
	return nil
}

// jumpOut returns a GO TO, RETURN, or an EXIT or CYCLE outside the DO
// loops of the blocks of s, or nil.
func jumpOut(s *ast.SelectType) ast.Stmt {
	var found ast.Stmt
	var walk func(list []ast.Stmt, inLoop bool)
	walk = func(list []ast.Stmt, inLoop bool) {
		for _, st := range list {
			ast.Inspect(st, func(n ast.Node) bool {
				if found != nil {
					return false
				}
				switch n := n.(type) {
				case *ast.DoConstruct:
					if n != st || !inLoop {
						walk(n.Body, true)
						return false
					}
				case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt, *ast.ReturnStmt:
					found = n.(ast.Stmt)
				case *ast.ExitStmt:
					if !inLoop || n.Construct != nil {
						found = n
					}
				case *ast.CycleStmt:
					if !inLoop || n.Construct != nil {
						found = n
					}
				}
				return found == nil
			})
		}
	}
	for _, gd := range s.Guards {
		walk(gd.Body, false)
	}
	return found
}

// retyping returns a statement of the procedure that may change the
// dynamic type of variable v or of one of its components between SELECT
// TYPE sel (or a call selecting v) and its adjoint: an ALLOCATE, DEALLOCATE, pointer assignment
// or MOVE_ALLOC of it in sel, after it, or in a DO loop enclosing it
// (those before it run again only after the adjoint), or nil.
func (g *gen) retyping(v *sema.Symbol, sel ast.Stmt) ast.Stmt {
	if g.scope == nil || g.scope.Unit == nil {
		return nil
	}
	inLoop := map[ast.Node]bool{} // the statements of the loops enclosing sel
	for _, l := range enclosingLoops(g.scope.Unit.Body, sel) {
		ast.Inspect(l, func(n ast.Node) bool {
			inLoop[n] = true
			return true
		})
	}
	is := func(x ast.Expr) bool {
		b := rootSym(g.info, x)
		for i := 0; i < 8 && b != nil && b != v; i++ {
			as := sema.AssocSelector(b)
			if as == nil {
				break
			}
			b = rootSym(g.info, as)
		}
		return b == v
	}
	var found ast.Stmt
	reached := false // in preorder: sel and what follows it
	ast.Inspect(&ast.Unit{Body: g.scope.Unit.Body}, func(n ast.Node) bool {
		if found != nil {
			return false
		}
		reached = reached || n == sel
		if !reached && !inLoop[n] {
			return true
		}
		switch n := n.(type) {
		case *ast.AllocateStmt:
			for _, o := range n.Objects {
				if is(o) {
					found = n
				}
			}
		case *ast.PointerAssignStmt:
			if is(n.Lhs) {
				found = n
			}
		case *ast.CallStmt:
			if id, ok := n.Name.(*ast.Ident); ok && id.Lower() == "move_alloc" {
				for _, a := range n.Args {
					if is(a) {
						found = n
					}
				}
			}
		}
		return found == nil
	})
	return found
}

// rootSym returns the variable at the root of designator x (subscripts,
// shapes and components left out), or nil.
func rootSym(info *sema.Info, x ast.Expr) *sema.Symbol {
	switch e := x.(type) {
	case *ast.Ident:
		return info.ObjectOf(e)
	case *ast.CallExpr:
		return rootSym(info, e.Fun)
	case *ast.SelectorExpr:
		return rootSym(info, e.X)
	case *ast.KeywordArg:
		return rootSym(info, e.Value)
	}
	return nil
}

// retypingName names a statement retyping returns.
func retypingName(s ast.Stmt) string {
	switch s := s.(type) {
	case *ast.AllocateStmt:
		return strings.ToUpper(s.Keyword) + " statement"
	case *ast.PointerAssignStmt:
		return "pointer assignment"
	}
	return "MOVE_ALLOC call"
}

// enclosingLoops returns the DO constructs of list enclosing s.
func enclosingLoops(list []ast.Stmt, s ast.Stmt) []*ast.DoConstruct {
	var out []*ast.DoConstruct
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		d, ok := n.(*ast.DoConstruct)
		if !ok {
			return true
		}
		ast.Inspect(d, func(m ast.Node) bool {
			if m == s {
				out = append(out, d)
			}
			return m != s
		})
		return true
	})
	return out
}
