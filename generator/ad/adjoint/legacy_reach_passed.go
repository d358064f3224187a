package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An assumed-size dummy passed on. A normalisation routine of the BLAS
// style hands its dummy to another (nrm(n, x) calls dnrm2(n, x, 1), or
// ddot(n, x(1), 1, x(1), 1)): what the routine reaches of it includes
// what the callee reaches of the dummy it binds, from the element
// passed on (the whole dummy from its first). The callee's reach
// (dummyReach, in the routine's terms: the call's actual arguments) is
// offset from that element and taken again in the routine's caller's
// terms like a subscript of the routine's own.

// maxPassedDepth bounds the chain of calls followed (a recursive
// routine passing its dummy to itself has no reach).
const maxPassedDepth = 4

// passedReach returns the lowest and highest indices of dummy d of the
// routine that the callee of parent (a CALL or a function reference)
// reaches from actual argument ref, d's element at subscript sub (1 for
// the whole d), in the terms of the routine's caller (args); false when
// parent passes nothing on this way or the callee's reach is not known.
func (g *gen) passedReach(parent ast.Node, ref, sub ast.Expr, loops []*ast.DoConstruct, d *sema.Symbol, args []ast.Expr, facts []fact, depth int) (lo, hi ast.Expr, ok bool) {
	if depth >= maxPassedDepth {
		return nil, nil, false
	}
	var call sema.Call
	var actuals []ast.Expr
	switch p := parent.(type) {
	case *ast.CallStmt:
		call, actuals = g.info.CallStmts[p], p.Args
	case *ast.CallExpr:
		if !g.passedToFunction(p, ref) {
			return nil, nil, false
		}
		call, actuals = g.info.Calls[p], p.Args
	default:
		return nil, nil, false
	}
	if call.Proc != nil && call.Proc.Proc != nil && call.Proc.Proc.Unit != nil {
		var ok bool // (keyword arguments in the callee's order)
		if actuals, ok = positional(actuals, call.Proc.Proc.Unit.Args); !ok {
			return nil, nil, false
		}
	}
	cd, unit := g.boundDummy(call, actuals, ref, d)
	if cd == nil {
		return nil, nil, false
	}
	inner, found := g.dummyReachAt(unit, cd, actuals, depth+1)
	if !found {
		// A dummy of explicit shape (y(n), with array syntax): what it
		// declares (legacy_reach_passed_decl.go).
		if inner, found = g.declaredReach(cd, actuals); !found {
			return nil, nil, false
		}
	}
	low := inner.lo
	if b, known := lowerBound(inner.lo, inner.facts); known {
		// (The reach's lo serves its lower bound only (reachRef): the
		// callee's guards give it, which the caller's terms lose.)
		low = deriv.Int(int(b))
	}
	// (The callee's reach names the routine's index locals: k of
	// call daxpy(k-1, t, a(1,k), 1, b(1), 1) after k = n + 1 - kb.)
	from := g.loopAliases(ref, g.rebind(offsetBy(sub, low), d.Owner), loops)
	to := g.loopAliases(ref, g.rebind(offsetBy(g.info.Clone(sub), inner.hi), d.Owner), loops)
	lo, _, okLo := g.subscriptReach(from, loops, d, args, facts)
	_, hi, okHi := g.subscriptReach(to, loops, d, args, facts)
	if !okHi && len(loops) > 0 {
		hi, okHi = g.loopHi(ref, sub, inner.hi, loops, d, args, facts) // legacy_reach_passed_loop.go
	}
	if !okLo || !okHi {
		return nil, nil, false
	}
	return lo, hi, true
}

// boundDummy returns the dummy of call's procedure (with its body) that
// actual argument ref (by position) binds, of d's type, rank 1 or of an
// explicit shape, and the procedure's body; nil if there is none.
func (g *gen) boundDummy(call sema.Call, actuals []ast.Expr, ref ast.Expr, d *sema.Symbol) (*sema.Symbol, *ast.Unit) {
	p := call.Proc
	if p == nil || p.Proc == nil || p.Proc.Unit == nil || call.IsIntrinsic() {
		return nil, nil
	}
	for j, a := range actuals {
		if a != ref {
			continue // (a keyword argument is not followed)
		}
		if j >= len(p.Proc.Args) {
			return nil, nil
		}
		cd := p.Proc.Args[j]
		if cd == nil || cd.Rank() == 0 || cd.Rank() > 1 && !declaredShape(cd) || cd.Type == nil || d.Type == nil || cd.Type.String() != d.Type.String() {
			return nil, nil
		}
		return cd, p.Proc.Unit
	}
	return nil, nil
}

// reachFun reports whether id, of no symbol, names the min, max or
// merge of a reach (reduceMinMax, foldMerge), or an integer intrinsic
// of a guard the reach code cloned (merge(.., 0, n >= mod(n, 5) + 1)),
// at cursor c.
func reachFun(c *ast.Cursor, id *ast.Ident) bool {
	ce, ok := c.Parent().(*ast.CallExpr)
	if !ok || ce.Fun != ast.Expr(id) {
		return false
	}
	name := strings.ToLower(id.Name)
	return name == "merge" || integerIntrinsics[name]
}

// rebind returns x, in the routine's terms, with the names the reach
// code cloned without their symbols (the guard of a loop that may not
// run) bound again in the routine's scope.
func (g *gen) rebind(x ast.Expr, scope *sema.Scope) ast.Expr {
	x = g.info.Clone(x)
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && g.info.ObjectOf(id) == nil {
			if s := scope.Lookup(strings.ToLower(id.Name)); s != nil && s.Kind == sema.VarSym {
				g.info.Uses[id] = s
			}
		}
		return true
	})
	return x
}

// noteKeywords records in kwCalls the call n (a CALL or a reference)
// of each of its keyword arguments.
func noteKeywords(n ast.Node, kwCalls map[ast.Node]ast.Node) {
	var args []ast.Expr
	switch n := n.(type) {
	case *ast.CallStmt:
		args = n.Args
	case *ast.CallExpr:
		args = n.Args
	}
	for _, a := range args {
		if kw, ok := a.(*ast.KeywordArg); ok {
			kwCalls[kw] = n
		}
	}
}

// argParent returns parent, or the call of parent when it is a keyword
// argument (call scale2(n=n, y=x)): the element it passes is passed on.
func argParent(parent ast.Node, kwCalls map[ast.Node]ast.Node) ast.Node {
	if c, ok := kwCalls[parent]; ok {
		return c
	}
	return parent
}
