package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// passiveCall reverses a CALL of a procedure without a derivative version
// (activity found no active value flowing through it) or of an intrinsic
// subroutine: the forward sweep records the arguments the TBR analysis
// lists and runs the call; the backward sweep restores them. An active
// variable the callee overwrites gets a zero adjoint (its new value is
// passive); so does one it may modify in part (passive_calls.go).
func (g *gen) passiveCall(s *ast.CallStmt) (fwd, bwd []ast.Stmt, err error) {
	if g.pa.ActiveStmt(s) && g.info.UnboundDummy(s) != nil {
		return nil, nil, notSupported("active call of dummy procedure '%s', which the calls of its procedure bind to several procedures or to one without a body, in reverse mode", exprString(s.Name))
	}
	if g.pa.ActiveStmt(s) {
		return nil, nil, notSupported("call of '%s' without a derivative version in reverse mode", exprString(s.Name))
	}
	if err := g.checkReexecCall(s); err != nil { // io_reexec.go
		return nil, nil, err
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
		modified := intrinsic || ds == nil || unit == nil || decl.MayDefine(g.info, unit, ds)
		if !modified {
			continue
		}
		rec := a
		if c, ok := a.(*ast.CallExpr); ok && g.info.Rank(a) == 0 && ds != nil && len(ds.Dims) > 0 {
			rec = c.Fun // an element passed to an array dummy: the rest of the array too
		}
		if g.records(s, a) && !g.reallocatedArg(s, a) { // alloc.go saves those
			push, pop, err := g.pushPop(rec)
			if err != nil {
				return nil, nil, err
			}
			if push != nil {
				fwd = append(fwd, push)
				pops = append([]ast.Stmt{pop}, pops...)
			}
		}
		if g.hasAdj(bs) && intrinsic {
			r, err := g.adjRef(a)
			if err != nil {
				return nil, nil, err
			}
			zeros = append(zeros, &ast.AssignStmt{Lhs: r, Rhs: deriv.Const("0", g.info.TypeOf(a))})
		} else if g.hasAdj(bs) {
			z, err := g.passiveDefZeros(a, ds, unit, exprString(s.Name))
			if err != nil {
				return nil, nil, err
			}
			zeros = append(zeros, z...)
		}
	}
	gz, err := g.passiveGlobalZeros(s, nil)
	if err != nil {
		return nil, nil, err
	}
	gpush, gpop, err := g.passiveGlobalSaves(s)
	if err != nil {
		return nil, nil, err
	}
	fwd = append(append(fwd, gpush...), s)
	return withLabel(s, fwd), append(append(append(zeros, gz...), gpop...), pops...), nil
}
