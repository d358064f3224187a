package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Active references of functions with side effects on module or common
// variables (`mx = mx + x; foo = mx`, referenced as `y = foo(foo(x))`).
// The backward sweep cannot evaluate such a reference again, and the
// adjoint of each must see the globals as its reference saw them. So each
// is hoisted into a temporary, in the order gfortran evaluates them
// (arguments before the reference, operands left to right):
//
//	forward:  push mx; fadj_fv1 = foo(x)
//	          push mx; fadj_fv2 = foo(fadj_fv1)
//	          y = fadj_fv2; push fadj_fv2, fadj_fv1
//	backward: pop fadj_fv1, fadj_fv2; fadj_fv2_b = 0, fadj_fv1_b = 0
//	          (adjoint of y = fadj_fv2: fadj_fv2_b = fadj_fv2_b + y_b)
//	          pop mx; push mx; call foo_b(fadj_fv1, fadj_fv1_b, fadj_fv2_b); pop mx
//	          pop mx; push mx; call foo_b(x, x_b, fadj_fv1_b); pop mx
//
// Each foo_b runs foo's forward sweep from the globals as they were
// before its reference, and the last pop leaves them so again for the
// adjoints of the statements before. (The standard leaves the order of
// evaluation to the compiler; a program whose result depends on it is not
// standard-conforming, and fadj assumes gfortran's.)

// hoistRef is one hoisted reference: its value's and adjoint's
// temporaries, and the saves of the globals around it.
type hoistRef struct {
	x ast.Expr // a reference, or an expression with a defined operator
	// call is x, or for an operator the reference of its specific
	// procedure with the operands as arguments (dtype_op.go).
	call     *ast.CallExpr
	callee   *activity.ProcActivity
	val, adj *ast.Ident
	push     []ast.Stmt
	pop      []ast.Stmt
}

// hoisting holds the references hoisted out of the statement being
// reversed, by the position of their parenthesis (which clones keep).
type hoisting struct {
	refs  []*hoistRef
	byPos map[source.Pos]*hoistRef
}

// hoistedRef returns the hoisting of reference x, or nil.
func (g *gen) hoistedRef(x ast.Expr) *hoistRef {
	if g.hoist == nil {
		return nil
	}
	if p := hoistPos(x); p.IsValid() {
		return g.hoist.byPos[p]
	}
	return nil
}

// hoistPos returns the position that identifies x, a reference or an
// expression with a defined operator, among the hoisted ones.
func hoistPos(x ast.Expr) source.Pos {
	switch x := x.(type) {
	case *ast.CallExpr:
		return x.Lparen
	case *ast.BinaryExpr:
		return x.OpPos
	case *ast.UnaryExpr:
		return x.OpPos
	case *ast.ParenExpr:
		return hoistPos(x.X) // (an operand (-v): its value's temporary)
	}
	return source.NoPos
}

// sideEffects reports whether x references a function with a derivative
// version that uses a module or common variable the program writes.
func (g *gen) sideEffects(x *ast.CallExpr) bool {
	c, ok := g.info.Calls[x]
	if !ok || c.Kind != sema.FunctionCall || c.IsIntrinsic() {
		return false
	}
	callee := g.pa.CallPattern(x)
	if callee == nil || callee.Unit == nil || callee.Unit.Kind != ast.FunctionUnit {
		return false
	}
	for _, s := range g.sh.calleeGlobals(g.info, callee.Unit) {
		if g.sh.written[decl.Canon(s)] {
			return true
		}
	}
	return false
}

// arrayRef reports whether x references a function with a derivative
// version and an array result: hoisted too, its adjoint needing an
// array of the result's shape.
func (g *gen) arrayRef(x *ast.CallExpr) bool {
	c, ok := g.info.Calls[x]
	return ok && c.Kind == sema.FunctionCall && !c.IsIntrinsic() && g.pa.CallPattern(x) != nil && g.info.Rank(x) > 0
}

// impureRefs returns the references with side effects (and those with
// array results, with results of types with ALLOCATABLE components, and
// expressions with defined operators: dtype_op.go) in x, in the order
// they are evaluated: a reference after those in its arguments.
func (g *gen) impureRefs(x ast.Expr) []ast.Expr {
	var out []ast.Expr
	passive := g.pa.ActiveExpr(x) // an active right side: funcref_passive.go
	var visit func(n ast.Node) bool
	var arg func(a ast.Expr)
	visit = func(n ast.Node) bool {
		if args := g.opOperands(n); args != nil {
			for _, a := range args {
				arg(a)
			}
			out = append(out, n.(ast.Expr))
			return false
		}
		c, ok := n.(*ast.CallExpr)
		if !ok || !(g.sideEffects(c) || g.arrayRef(c) || g.allocDerivedRef(c) || g.nestedDerivedRef(c) || passive && g.passiveImpure(c)) {
			return true
		}
		for _, a := range c.Args {
			arg(a)
		}
		out = append(out, c)
		return false
	}
	// An operand of a hoisted operator or reference that is a reference
	// with a derived-type result is hoisted too (dtype_op.go).
	arg = func(a ast.Expr) {
		if c := g.derivedOperand(a); c != nil {
			for _, b := range c.Args {
				arg(b)
			}
			out = append(out, c)
			return
		}
		ast.Inspect(a, visit)
	}
	ast.Inspect(x, visit)
	return out
}

// hoistedAssign reverses assignment s whose right side holds the
// references refs with side effects (see above).
func (g *gen) hoistedAssign(s *ast.AssignStmt, refs []ast.Expr) (fwd, bwd []ast.Stmt, err error) {
	h := &hoisting{byPos: map[source.Pos]*hoistRef{}}
	for _, x := range refs {
		r, err := g.newHoistRef(x)
		if err != nil {
			return nil, nil, err
		}
		h.refs = append(h.refs, r)
		h.byPos[hoistPos(x)] = r
	}
	g.hoist = h
	defer func() { g.hoist = nil }()
	var pre, post, pushes, pops, zeros []ast.Stmt
	for _, r := range h.refs {
		value := hoistValue(r.x)
		pre = append(pre, r.push...)
		pre = append(pre, &ast.AssignStmt{Lhs: r.val, Rhs: value})
		push, pop, zero, err := g.hoistedTemps(r)
		if err != nil {
			return nil, nil, err
		}
		pushes, pops = append(pushes, push...), append(pop, pops...)
		if zero != nil {
			zeros = append(zeros, zero)
		}
		back, err := g.hoistedBackward(r)
		if err != nil {
			return nil, nil, err
		}
		post = append(back, post...)
	}
	afwd, abwd, err := g.hoistedLhs(s)
	if err != nil {
		return nil, nil, err
	}
	if l := s.Header().Label; l != 0 {
		c := &ast.ContinueStmt{}
		c.Label = l
		pre = append([]ast.Stmt{c}, pre...)
		afwd = unlabel(afwd, l)
	}
	fwd = append(append(pre, afwd...), pushes...)
	bwd = append(append(pops, zeros...), abwd...)
	bwd = append(bwd, post...)
	return g.substHoisted(fwd), g.substHoisted(bwd), nil
}

// newHoistRef declares the temporaries of reference x and the saves of
// the globals it may use.
func (g *gen) newHoistRef(x ast.Expr) (*hoistRef, error) {
	if c, ok := x.(*ast.CallExpr); ok && g.pa.CallPattern(c) == nil && g.info.Calls[c].Kind == sema.FunctionCall {
		return g.newPassiveRef(c) // funcref_passive.go
	}
	call := g.hoistCall(x)
	name := exprString(call.Fun)
	t := g.info.TypeOf(x)
	derived := decl.IsDerived(t) && g.info.Rank(x) == 0 && !g.sideEffects(call)
	// An array result is hoisted as a scalar one is, into an array
	// temporary (a tendency function reading the model state the time
	// loop writes, du = a*du + dt*rhs(): was rejected).
	if t == nil || !(t.IsReal() || derived) {
		return nil, notSupported("reference of function '%s' without a real result, which uses module or common variables the program writes, in reverse mode", name)
	}
	r := &hoistRef{x: x, call: call, callee: g.pa.CallPattern(x)}
	for i, d := range r.callee.Unit.Args {
		ds := g.info.ScopeOf(r.callee.Unit).LookupLocal(d.Lower())
		if ds != nil && ds.Kind == sema.VarSym && decl.MayDefine(g.info, r.callee.Unit, ds) && !g.neverDefined(ds) { // legacy_intents.go (a dummy procedure is never defined)
			if !g.sideEffects(call) {
				return nil, notSupported("reference of function '%s', which may define its argument '%s', hoisted into a temporary in reverse mode", name, r.callee.Unit.Args[i].Name)
			}
			return nil, notSupported("reference of function '%s', which may define its argument '%s' and uses module or common variables the program writes, in reverse mode", name, r.callee.Unit.Args[i].Name)
		}
	}
	for _, a := range call.Args {
		if b := g.baseSym(a); b != nil && isGlobal(b) {
			for _, s := range g.sh.calleeGlobals(g.info, r.callee.Unit) {
				if decl.Canon(s) == decl.Canon(b) {
					return nil, notSupported("module or common variable '%s' passed to function '%s', which uses it, in reverse mode", b.Name, name)
				}
			}
		}
	}
	g.ntmp++
	n := strconv.Itoa(g.ntmp)
	var err error
	if derived {
		r.val, r.adj, err = g.derivedPair("fadj_fv"+n, t) // dtype_op.go
		if err != nil {
			return nil, err
		}
	} else if rank := g.info.Rank(x); rank > 0 {
		r.val, r.adj = ast.NewIdent("fadj_fv"+n), ast.NewIdent("fadj_fv"+n+g.suffix)
		for _, v := range []*ast.Ident{r.val, r.adj} {
			if err := g.arrayTemp(v.Name, t, rank); err != nil {
				return nil, err
			}
		}
	} else {
		if r.val, err = g.local("fadj_fv"+n, t); err != nil {
			return nil, err
		}
		if r.adj, err = g.local("fadj_fv"+n+g.suffix, t); err != nil {
			return nil, err
		}
	}
	r.push, r.pop, err = g.aroundCall(r.callee.Unit, name)
	return r, err
}

// hoistedTemps returns the record of the value of hoisted reference r
// after its statement, its restoration, and the zeroing of its adjoint
// (an array's, allocated with the value's shape, is part of pop).
func (g *gen) hoistedTemps(r *hoistRef) (push, pop []ast.Stmt, zero ast.Stmt, err error) {
	if r.adj == nil {
		push, pop = g.passiveTemps(r) // funcref_passive.go
		return push, pop, nil, nil
	}
	t := g.info.TypeOf(r.x)
	z := &ast.AssignStmt{Lhs: ast.NewIdent(r.adj.Name), Rhs: deriv.Const("0", t)}
	rank := g.info.Rank(r.x)
	if decl.IsDerived(t) {
		push, pop, err = g.derivedHoistTemps(r, t) // dtype_op.go
		return push, pop, nil, err
	}
	if rank == 0 {
		typ, _ := tape.TypeOf(t)
		return []ast.Stmt{tapePush(typ, r.val)}, []ast.Stmt{tapePop(typ, r.val)}, z, nil
	}
	// An array: its values and bounds, restored into a new allocation,
	// its adjoint allocated with its shape (each ALLOCATE after the
	// DEALLOCATE guard tidy knows: it sets the descriptors first).
	v := &sema.Symbol{Name: r.val.Name, Kind: sema.VarSym, Type: t, Dims: make([]sema.Dim, rank)}
	rec, err := g.allocRecords(ast.NewIdent(r.val.Name), v, tape.Push, true)
	if err != nil {
		return nil, nil, nil, err
	}
	free := func(name string) ast.Stmt {
		return decl.If(decl.Allocated(ast.NewIdent(name)), decl.Deallocate(ast.NewIdent(name)))
	}
	pop = append(append(rec.popBounds, free(r.val.Name), rec.alloc), rec.popValues...)
	pop = append(pop, free(r.adj.Name), decl.AllocateMold(ast.NewIdent(r.adj.Name), ast.NewIdent(r.val.Name)), z)
	return rec.push, pop, nil, nil
}

// hoistedBackward returns the backward sweep of hoisted reference r: the
// globals restored as its reference saw them, the adjoint of the
// function, and the globals restored again.
func (g *gen) hoistedBackward(r *hoistRef) ([]ast.Stmt, error) {
	if r.callee == nil {
		return nil, nil // a passive reference: funcref_passive.go
	}
	args, pre, post, err := g.funcRefArgs(r.call, r.callee)
	if err != nil {
		return nil, err
	}
	args = g.withResultAdj(args, r.adj)
	out := append([]ast.Stmt(nil), r.pop...)
	out = append(out, r.push...)
	out = append(out, pre...)
	out = append(out, &ast.CallStmt{Name: ast.NewIdent(routineName(r.callee, g.suffix)), Args: args, Parens: true})
	out = append(out, r.pop...)
	return append(out, post...), nil
}

// substHoisted replaces, in copies of the statements of list that hold
// them, the hoisted references by their values' temporaries.
func (g *gen) substHoisted(list []ast.Stmt) []ast.Stmt {
	out := make([]ast.Stmt, len(list))
	for i, s := range list {
		out[i] = s
		found := false
		ast.Inspect(s, func(n ast.Node) bool {
			found = found || g.hoistedRef(asExpr(n)) != nil
			return !found
		})
		if !found {
			continue
		}
		c := ast.Clone(s)
		ast.Apply(c, func(cur *ast.Cursor) bool {
			if r := g.hoistedRef(asExpr(cur.Node())); r != nil {
				cur.Replace(ast.NewIdent(r.val.Name))
				return false
			}
			return true
		}, nil)
		out[i] = c
	}
	return out
}

// asExpr returns n as an expression, or nil.
func asExpr(n ast.Node) ast.Expr {
	x, _ := n.(ast.Expr)
	return x
}

// explicitShape reports whether variable s is a scalar or an
// explicit-shape array (not allocatable or a pointer): a function result
// its adjoint can take as an argument of the same shape.
func explicitShape(s *sema.Symbol) bool {
	if s.Attrs.Has(sema.AttrAllocatable) || s.Attrs.Has(sema.AttrPointer) {
		return false
	}
	for _, d := range s.Dims {
		if d.Kind != sema.ExplicitShape {
			return false
		}
	}
	return true
}

// resultShapeOK reports whether function result s is one whose adjoint
// can take its result's adjoint as an argument: a scalar, an
// explicit-shape array, or an allocatable array (alloc_result.go).
func resultShapeOK(s *sema.Symbol) bool {
	return explicitShape(s) || allocResult(s)
}
