package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// passiveCall reverses a CALL of a procedure without a derivative version
// (activity found no active value flowing through it) or of an intrinsic
// subroutine: the forward sweep records the arguments the TBR analysis
// lists and runs the call; the backward sweep restores them. An active
// variable the callee overwrites gets a zero adjoint (its new value is
// passive); one it may modify in part is rejected.
func (g *gen) passiveCall(s *ast.CallStmt) (fwd, bwd []ast.Stmt, err error) {
	if g.pa.ActiveStmt(s) {
		return nil, nil, notSupported("call of '%s' without a derivative version in reverse mode", exprString(s.Name))
	}
	c := g.info.CallStmts[s]
	intrinsic := c.IsIntrinsic()
	var unit *ast.Unit
	var cs *sema.Scope
	if c.Proc != nil && c.Proc.Proc != nil && !intrinsic {
		unit, cs = c.Proc.Proc.Unit, c.Proc.Proc.Scope
	}
	var pops, zeros []ast.Stmt
	for i, a := range s.Args {
		var ds *sema.Symbol
		if kw, ok := a.(*ast.KeywordArg); ok {
			a = kw.Value
			if cs != nil && kw.Name != nil {
				ds = cs.LookupLocal(kw.Name.Lower())
			}
		} else if unit != nil && cs != nil && i < len(unit.Args) {
			ds = cs.LookupLocal(unit.Args[i].Lower())
		}
		if err := g.checkCalls(a); err != nil {
			return nil, nil, err
		}
		bs := g.baseSym(a)
		if bs == nil || bs.Kind != sema.VarSym {
			continue // an expression: passed by value
		}
		if (ds != nil && ds.Intent == ast.IntentIn) || (bs.IsDummy() && bs.Intent == ast.IntentIn) {
			continue // cannot be modified
		}
		modified := intrinsic || ds == nil || unit == nil || mayModify(g.info, unit, ds)
		if !modified {
			continue
		}
		rec := a
		if c, ok := a.(*ast.CallExpr); ok && g.info.Rank(a) == 0 && ds != nil && len(ds.Dims) > 0 {
			rec = c.Fun // an element passed to an array dummy: the rest of the array too
		}
		if g.records(s, a) {
			push, pop, err := g.pushPop(rec)
			if err != nil {
				return nil, nil, err
			}
			if push != nil {
				fwd = append(fwd, push)
				pops = append([]ast.Stmt{pop}, pops...)
			}
		}
		if g.hasAdj(bs) {
			whole := intrinsic || (ds != nil && ds.Intent == ast.IntentOut)
			if !whole {
				return nil, nil, notSupported("active variable '%s' passed to '%s', which has no derivative version and may modify it, in reverse mode", exprString(a), exprString(s.Name))
			}
			r, err := g.adjRef(a)
			if err != nil {
				return nil, nil, err
			}
			zeros = append(zeros, &ast.AssignStmt{Lhs: r, Rhs: deriv.Const("0", g.info.TypeOf(a))})
		}
	}
	fwd = append(fwd, s)
	return withLabel(s, fwd), append(zeros, pops...), nil
}

// mayModify reports whether unit may define variable d (a dummy or a
// global): an assignment to it, a READ into it, a DO over it, or passing
// it to a procedure. It looks at the unit only, conservatively.
func mayModify(info *sema.Info, unit *ast.Unit, d *sema.Symbol) bool {
	if d.IsDummy() && (d.Intent == ast.IntentOut || d.Intent == ast.IntentInOut) {
		return true
	}
	found := false
	is := func(x ast.Expr) bool {
		for {
			switch y := x.(type) {
			case *ast.Ident:
				return info.ObjectOf(y) == d
			case *ast.CallExpr:
				x = y.Fun
			case *ast.SelectorExpr:
				x = y.X
			case *ast.ParenExpr:
				return false
			default:
				return false
			}
		}
	}
	var walk func(list []ast.Stmt)
	walk = func(list []ast.Stmt) {
		for _, s := range list {
			if found {
				return
			}
			ast.Inspect(s, func(n ast.Node) bool {
				switch n := n.(type) {
				case *ast.AssignStmt:
					if is(n.Lhs) {
						found = true
					}
				case *ast.DoConstruct:
					if n.Var != nil && is(n.Var) {
						found = true
					}
				case *ast.IOStmt:
					if n.Keyword == "read" {
						for _, it := range n.Items {
							ast.Inspect(it, func(m ast.Node) bool {
								if x, ok := m.(ast.Expr); ok && is(x) {
									found = true
								}
								return !found
							})
						}
					}
				case *ast.CallStmt:
					for _, a := range n.Args {
						if kw, ok := a.(*ast.KeywordArg); ok {
							a = kw.Value
						}
						if is(a) {
							found = true // conservatively: the callee may define it
						}
					}
				case *ast.CallExpr:
					if c, ok := info.Calls[n]; ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() {
						for _, a := range n.Args {
							if is(a) {
								found = true
							}
						}
					}
				}
				return !found
			})
		}
	}
	walk(unit.Body)
	return found
}
