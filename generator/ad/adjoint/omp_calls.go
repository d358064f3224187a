package adjoint

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Calls in a parallel loop (column physics: do j = 1, ny; call
// column(u(:, j), ...)). A call is reversed jointly, as in serial code:
// the backward iteration calls the callee's adjoint, which runs the
// callee's forward sweep again, recording on the tape, and then its
// backward sweep, popping what it pushed. The tape of the runtime module
// is threadprivate (each thread pushes and pops its own, the master
// thread's is the serial tape), and each call leaves it as it found it,
// so the backward iterations need no order between them.
//
// What the caller records around the call (a snapshot of the arguments
// the callee overwrites, restored before its adjoint runs) cannot go on
// the tape inside the loop; when the argument is the iteration's own
// (u(:, j), a subscript the loop index) and the iteration writes nothing
// of its array before the call, the array goes on the tape once before
// the loop, comes off into a copy before the backward loop, and the
// backward iteration restores its section from the copy (ompCallSnaps).
//
// The arguments of the callee's adjoint are writes of the backward
// iteration (ompCallWrites): the adjoint of an intent(in) dummy is
// incremented (a shared scalar's is a reduction(+), an array's must be
// the iteration's own or at a constant distance from it, for the two
// colours of ompColoured: the callee's increments cannot be atomic),
// the others are set. A callee whose adjoint updates the adjoints of
// module variables, COMMON or SAVE variables is rejected: the threads
// would update them at once.

// ompCallSnaps replaces the snapshot of the argument of a call in the
// forward body f of parallel loop s, and its restore in the backward body
// b, by a copy of its array made before the loop (see above); recs are
// as for ompBuffers. A snapshot it cannot replace stays (the loop is then
// rejected: it needs the tape).
func (g *gen) ompCallSnaps(s *ast.DoConstruct, c *ast.Comment, f, b []ast.Stmt, recs *[4][]ast.Stmt) ([]ast.Stmt, []ast.Stmt) {
	nf, nb := append([]ast.Stmt(nil), f...), append([]ast.Stmt(nil), b...)
	var pops []ast.Stmt // before the backward loop, the last pushed first
	private := g.ompLoopPrivates(c)
	for i, st := range f {
		op, ok := tape.Of(st)
		if !ok || op.Kind != tape.SnapPush {
			continue
		}
		if _, scalar := op.Ref.(*ast.Ident); scalar && !op.IsArray() {
			g.ompScalarSnap(nf, nb, i, op)
			continue
		}
		if g.ompPrivateArraySnap(s, nf, nb, i, op, private, recs) { // omp_private_snaps.go
			continue
		}
		j, base, ok := g.ompOwnSnap(s, f[:i], op, b)
		if !ok {
			continue
		}
		ts := typeSpec(op.Type)
		id := g.allocatable("fadj_save", ts, base.Rank())
		if ts == nil || id == nil {
			continue
		}
		var dims []ast.Expr
		for d := 1; d <= base.Rank(); d++ {
			bound := func(fn string) ast.Expr {
				return &ast.CallExpr{Fun: ast.NewIdent(fn), Args: []ast.Expr{ast.NewIdent(base.Name), deriv.Int(d)}}
			}
			dims = append(dims, &ast.RangeExpr{Lo: bound("lbound"), Hi: bound("ubound")})
		}
		ref := op.Ref.(*ast.CallExpr)
		nf[i] = nil
		nb[j] = &ast.AssignStmt{Lhs: ast.Clone(ref), Rhs: &ast.CallExpr{Fun: ast.NewIdent(id.Name), Args: cloneExprs(ref.Args)}}
		// The array goes on the tape before the loop, last of what
		// is pushed there, and comes off into the copy once what the
		// loop pushes after it is popped (the loop itself pushes
		// nothing).
		size := func(x ast.Expr) ast.Expr { return &ast.CallExpr{Fun: ast.NewIdent("size"), Args: []ast.Expr{x}} }
		recs[0] = append(recs[0], tapePushArray(op.Type, ast.NewIdent(base.Name), size(ast.NewIdent(base.Name))))
		pops = append([]ast.Stmt{&ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{&ast.CallExpr{Fun: ast.NewIdent(id.Name), Args: dims}}},
			tapePopArray(op.Type, ast.NewIdent(id.Name), size(ast.NewIdent(id.Name)))}, pops...)
		recs[3] = append(recs[3], &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{ast.NewIdent(id.Name)}})
	}
	recs[2] = append(recs[2], pops...)
	return ompNonNil(nf), ompNonNil(nb)
}

// ompOwnSnap checks snapshot push op of the forward body (after the
// statements before): its section is the iteration's own, the statements
// before do not write its array, and the backward body b restores it
// once, at index j, in b itself.
func (g *gen) ompOwnSnap(s *ast.DoConstruct, before []ast.Stmt, op tape.Op, b []ast.Stmt) (j int, base *sema.Symbol, ok bool) {
	ref, isRef := op.Ref.(*ast.CallExpr)
	base = g.refSym(op.Ref)
	if !isRef || base == nil || base.Rank() == 0 || len(ref.Args) != base.Rank() || base.Dims[base.Rank()-1].Kind == sema.AssumedSize {
		return 0, nil, false
	}
	own := false
	for _, x := range ref.Args {
		if id, isID := x.(*ast.Ident); isID && strings.EqualFold(id.Name, s.Var.Name) {
			own = true
		}
	}
	if !own || ompWritesArray(before, base.Name) {
		return 0, nil, false
	}
	j, ok = snapRestore(b, op, base.Name)
	return j, base, ok
}

// snapRestore returns the index in b of the one restore of snapshot push
// op, of variable name: false if b restores name other than once or not
// by op's inverse.
func snapRestore(b []ast.Stmt, op tape.Op, name string) (int, bool) {
	j, n := -1, 0
	for k, st := range b {
		if back, isOp := tape.Of(st); isOp && back.Kind == tape.SnapPop && refName(back.Ref) == strings.ToLower(name) {
			n++
			if back.Type == op.Type && ast.Equal(back.Ref, op.Ref) {
				j = k
			}
		}
	}
	return j, j >= 0 && n == 1
}

// ompWritesArray reports whether list may write array name: an
// assignment to it, or a call (other than a tape push) naming it.
func ompWritesArray(list []ast.Stmt, name string) bool {
	found := false
	for _, st := range list {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				found = found || refName(n.Lhs) == strings.ToLower(name)
			case *ast.CallStmt:
				if op, ok := tape.Of(n); !ok || op.Kind != tape.Push && op.Kind != tape.SnapPush {
					found = found || mentions(n, name)
				}
			}
			return !found
		})
	}
	return found
}

// ompCallees are the versions the calls of the body of parallel loop s
// call, by the name of their adjoint (lower case).
func (g *gen) ompCallees(s *ast.DoConstruct) map[string]*activity.ProcActivity {
	out := map[string]*activity.ProcActivity{}
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.CallStmt, *ast.CallExpr: // (a function reference)
			if callee := g.pa.CallPattern(n); callee != nil && callee.Unit != nil {
				out[strings.ToLower(routineName(callee, g.suffix))] = callee
				// calls: split: the backward routine takes the adjoint's
				// arguments (its forward one records: omp_tape.go).
				out[strings.ToLower(routineName(callee, "_bwd"))] = callee
			}
		}
		return true
	})
	return out
}

// ompCallWrites adds to w what the calls of the backward body of
// parallel loop s write (see above): an increment of the adjoint of an
// intent(in) dummy's actual, an assignment of the others; it returns the
// adjoint arrays the callees increment.
func (g *gen) ompCallWrites(s *ast.DoConstruct, c *ast.Comment, w *ompWrites) (map[string]bool, error) {
	callees := g.ompCallees(s)
	incremented := map[string]bool{}
	g.omp.globals = nil
	for _, call := range w.calls {
		name := strings.ToLower(exprString(call.Name))
		callee := callees[name]
		if callee == nil {
			return nil, fmt.Errorf("a call of '%s' in the adjoint of an !$omp parallel do loop", name)
		}
		if err := g.ompCalleeShared(c, callee); err != nil {
			return nil, err
		}
		dummies, err := ompAdjDummies(callee, g.info.ScopeOf(callee.Unit), call)
		if err != nil {
			return nil, err
		}
		for k, x := range call.Args {
			if err := g.ompCallArg(w, callee, x, dummies[k], k > 0 && dummies[k-1] == dummies[k], incremented); err != nil {
				return nil, err
			}
		}
	}
	sort.Strings(w.order)
	return incremented, nil
}

// ompAdjDummies are the dummies of the adjoint of callee called by call,
// in the order of its arguments: each active dummy twice (the adjoint
// follows it), and a function's result (its adjoint, last: funcRef).
func ompAdjDummies(callee *activity.ProcActivity, cs *sema.Scope, call *ast.CallStmt) ([]*sema.Symbol, error) {
	var out []*sema.Symbol
	for _, a := range callee.Unit.Args {
		ds := cs.LookupLocal(a.Lower())
		out = append(out, ds)
		if ds != nil && inPattern(callee, ds) {
			out = append(out, ds)
		}
	}
	if callee.Unit.Kind == ast.FunctionUnit {
		out = append(out, ompResult(callee.Unit, cs))
	}
	bad := len(out) != len(call.Args)
	for _, x := range call.Args {
		_, kw := x.(*ast.KeywordArg)
		bad = bad || kw
	}
	for _, ds := range out {
		bad = bad || ds == nil
	}
	if bad {
		return nil, fmt.Errorf("a call of '%s' with absent or keyword arguments in the adjoint of an !$omp parallel do loop", exprString(call.Name))
	}
	return out, nil
}

// ompCalleeShared rejects a callee whose adjoint updates adjoints every
// thread shares: of COMMON, SAVE or host variables, and of module
// variables but the real scalars omp_globals.go reduces (loop directive
// c).
func (g *gen) ompCalleeShared(c *ast.Comment, callee *activity.ProcActivity) error {
	cs := g.info.ScopeOf(callee.Unit)
	for _, v := range callee.ActiveVars() {
		if v.Sym.Owner != cs && v.Sym.Module() != nil && g.ompGlobalOK(c, v.Sym) {
			continue
		}
		if v.Sym.Owner != cs || v.Sym.Attrs&sema.AttrSave != 0 || v.Sym.Common != nil {
			return fmt.Errorf("a call of '%s', whose adjoint updates the adjoint of '%s' that all threads share, in the adjoint of an !$omp parallel do loop", callee.Proc.Name, v.Sym.Name)
		}
	}
	return nil
}

// ompCallArg adds the write of argument x of a callee's adjoint (dummy
// ds, adj: x is an adjoint) to w.
func (g *gen) ompCallArg(w *ompWrites, callee *activity.ProcActivity, x ast.Expr, ds *sema.Symbol, adj bool, incremented map[string]bool) error {
	name := refName(x)
	if name == "" || ds.Intent == ast.IntentIn && !adj {
		return nil // an expression, or not written
	}
	if ce, ok := x.(*ast.CallExpr); ok && ds.Rank() > 0 {
		section := false
		for _, a := range ce.Args {
			_, r := a.(*ast.RangeExpr)
			section = section || r
		}
		if !section {
			return fmt.Errorf("an element of '%s' passed to array dummy '%s' of '%s' in the adjoint of an !$omp parallel do loop", name, ds.Name, callee.Proc.Name)
		}
	}
	var rhs ast.Expr = deriv.Int(0)
	if adj && ds.Intent == ast.IntentIn {
		// The callee's adjoint increments it.
		rhs = &ast.BinaryExpr{X: ast.Clone(x), OpLit: "+", Op: token.PLUS, Y: deriv.Int(0)}
	}
	a := &ast.AssignStmt{Lhs: ast.Clone(x), Rhs: rhs}
	switch x.(type) {
	case *ast.Ident:
		w.add(w.scalars, name, a)
	case *ast.CallExpr:
		w.add(w.arrays, name, a)
		incremented[name] = true
	default:
		return fmt.Errorf("argument '%s' of '%s' in the adjoint of an !$omp parallel do loop", exprString(x), callee.Proc.Name)
	}
	return nil
}

// ompResult is the result variable of function u (scope cs).
func ompResult(u *ast.Unit, cs *sema.Scope) *sema.Symbol {
	name := u.Name.Name
	if u.Result != nil {
		name = u.Result.Name
	}
	return cs.LookupLocal(strings.ToLower(name))
}

// ompScalarSnap turns the snapshot of scalar op.Ref at nf[i] (a private
// variable the callee changes) and its restore in nb into a tape record
// and its pop, which ompBuffers stores in an array indexed by the loop
// index (or the loop is rejected: it needs the tape).
func (g *gen) ompScalarSnap(nf, nb []ast.Stmt, i int, op tape.Op) {
	for k, st := range nb {
		if back, ok := tape.Of(st); ok && back.Kind == tape.SnapPop && back.Type == op.Type && ast.Equal(back.Ref, op.Ref) {
			nf[i] = tapePush(op.Type, ast.Clone(op.Ref))
			nb[k] = tapePop(op.Type, ast.Clone(op.Ref))
			return
		}
	}
}
