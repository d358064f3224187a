package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Dummy procedures bound to one procedure, for the differentiators.
//
// Legacy libraries take the model as an EXTERNAL argument: MINPACK's
// `call lmdif(fcn, m, n, x, fvec, ...)` calls `fcn`, an ODE integrator
// calls `derivs`, a quadrature routine calls `f`. The analyses and the
// generators need to know which procedure such a call reaches, and its
// derivative version. In a program where every call of the library
// routine passes the same procedure (one model, one right-hand side),
// the dummy procedure is bound statically: BindDummyProcedures makes
// each call of the dummy a call of that procedure in the semantic
// information and the call graph. The statements keep their text (the
// primal code calls `fcn`, which the derivative routines keep as a
// dummy argument, so that the caller still passes it), while the
// derivative code calls the procedure's derivative. A dummy procedure
// that several procedures, an intrinsic, a procedure without a body or
// nothing reach is left as it was (and an active call of it is rejected
// at its position).

// BindDummyProcedures rebinds the calls of dummy procedures that every
// call of their procedure binds to the same procedure with a body (see
// above). Dummies passed on as actual arguments bind through the chain.
// The dummy procedures of roots (the procedures differentiated, which
// their users call with procedures of their own) bind to nothing; those
// of a procedure nothing calls bind nothing.
func BindDummyProcedures(prog *Program, roots ...*Symbol) {
	if prog == nil || prog.Info == nil || prog.Info.CallGraph == nil {
		return
	}
	info := prog.Info
	b := &dummyBinder{info: info, to: map[*Symbol]map[*Symbol]bool{}, from: map[*Symbol]map[*Symbol]bool{}, unknown: map[*Symbol]bool{}}
	for _, r := range roots {
		if r != nil && r.Proc != nil {
			for _, d := range r.Proc.Args {
				if d != nil && d.Kind == ProcSym && d.Proc != nil && d.Proc.Kind == ProcDummy {
					b.unknown[d] = true
				}
			}
		}
	}
	// A call of a dummy procedure reaches the procedures it is bound to
	// (a stepper passed as STEPPR that ODEINT calls with its DERIVS):
	// their dummies bind through it too, to a fixed point.
	for changed := true; changed; {
		changed = false
		for _, n := range info.CallGraph.Nodes {
			if !n.Defined() {
				continue
			}
			for _, s := range n.Sites {
				changed = b.site(s) || changed
			}
		}
		changed = b.propagate() || changed
	}
	if len(b.to) == 0 {
		return // (most programs)
	}
	bound := map[*Symbol]*Symbol{}
	for d, set := range b.to {
		if len(set) != 1 || b.unknown[d] {
			continue
		}
		for p := range set {
			if sameResult(d, p) {
				bound[d] = p
			}
		}
	}
	if len(bound) > 0 {
		b.rebind(bound)
	}
}

type dummyBinder struct {
	info *Info
	// to are the procedures with a body each dummy procedure is bound to.
	to map[*Symbol]map[*Symbol]bool
	// from are the dummy procedures passed as the actual argument of
	// each dummy procedure.
	from map[*Symbol]map[*Symbol]bool
	// unknown are the dummies an actual argument binds to something
	// else (an intrinsic, a procedure without a body, a variable).
	unknown map[*Symbol]bool
}

// site records the bindings that call s makes of its callee's dummy
// procedures (of the procedures a called dummy is bound to so far), and
// reports whether it recorded one it had not.
func (b *dummyBinder) site(s CallSite) bool {
	var args []ast.Expr
	switch {
	case s.Stmt != nil:
		args = s.Stmt.Args
	case s.Expr != nil:
		args = s.Expr.Args
	default:
		return false
	}
	callee := s.Callee.Proc
	if callee.Proc != nil && callee.Proc.Kind == ProcDummy {
		changed := false
		for p := range b.to[callee] {
			changed = b.args(p, args) || changed
		}
		return changed
	}
	return b.args(callee, args)
}

// args records the bindings that actual arguments args make of the
// dummy procedures of callee.
func (b *dummyBinder) args(callee *Symbol, args []ast.Expr) bool {
	if callee.Proc == nil || callee.Proc.Unit == nil {
		return false
	}
	changed := false
	add := func(m map[*Symbol]map[*Symbol]bool, d, v *Symbol) {
		if m[d] == nil {
			m[d] = map[*Symbol]bool{}
		}
		if !m[d][v] {
			m[d][v], changed = true, true
		}
	}
	for _, d := range callee.Proc.Args {
		if d == nil || d.Kind != ProcSym || d.Proc == nil || d.Proc.Kind != ProcDummy {
			continue
		}
		a := actualOf(d, args)
		if a == nil {
			continue // an absent optional dummy
		}
		id, ok := a.(*ast.Ident)
		var sym *Symbol
		if ok {
			sym = b.info.Uses[id]
		}
		switch {
		case sym == nil || sym.Kind != ProcSym || sym.Proc == nil:
			changed = changed || !b.unknown[d]
			b.unknown[d] = true
		case sym.Proc.Kind == ProcDummy:
			add(b.from, d, sym)
		default:
			p := sym
			if sym.Proc.Global != nil {
				p = sym.Proc.Global
			}
			if p.Proc == nil || p.Proc.Unit == nil || p.Proc.Kind == ProcIntrinsic {
				changed = changed || !b.unknown[d]
				b.unknown[d] = true
				continue
			}
			add(b.to, d, p)
		}
	}
	return changed
}

// actualOf returns the actual argument of dummy d among args, or nil.
func actualOf(d *Symbol, args []ast.Expr) ast.Expr {
	for _, a := range args {
		if kw, ok := a.(*ast.KeywordArg); ok && kw.Name != nil && kw.Name.Lower() == d.Name {
			return kw.Value
		}
	}
	if d.ArgIndex >= 0 && d.ArgIndex < len(args) {
		if _, kw := args[d.ArgIndex].(*ast.KeywordArg); !kw {
			return args[d.ArgIndex]
		}
	}
	return nil
}

// propagate passes the bindings of the dummies passed on as actual
// arguments to the dummies they are passed to, to a fixed point, and
// reports whether it added one.
func (b *dummyBinder) propagate() bool {
	added := false
	for changed := true; changed; {
		changed = false
		for d, srcs := range b.from {
			for s := range srcs {
				if b.unknown[s] && !b.unknown[d] {
					b.unknown[d], changed = true, true
				}
				for p := range b.to[s] {
					if b.to[d] == nil {
						b.to[d] = map[*Symbol]bool{}
					}
					if !b.to[d][p] {
						b.to[d][p], changed = true, true
					}
				}
			}
		}
		added = added || changed
	}
	return added
}

// sameResult reports whether dummy d and procedure p are both
// subroutines, or functions of the same result type.
func sameResult(d, p *Symbol) bool {
	if p.Proc.Form == FormFunction {
		return d.Proc.Form != FormSubroutine && d.Type != nil && p.Type != nil && Identical(d.Type, p.Type)
	}
	return d.Proc.Form != FormFunction
}

// rebind makes the calls of each bound dummy calls of its procedure, in
// the semantic information and the call graph.
func (b *dummyBinder) rebind(bound map[*Symbol]*Symbol) {
	g := b.info.CallGraph
	for _, n := range g.Nodes {
		for i, s := range n.Sites {
			p := bound[s.Callee.Proc]
			if p == nil {
				continue
			}
			d := s.Callee.Proc
			if s.Stmt != nil {
				c := b.info.CallStmts[s.Stmt]
				b.info.CallStmts[s.Stmt] = Call{Kind: c.Kind, Proc: p, Local: d, Type: c.Type, Rank: c.Rank}
			}
			if s.Expr != nil {
				c := b.info.Calls[s.Expr]
				b.info.Calls[s.Expr] = Call{Kind: c.Kind, Proc: p, Local: d, Type: c.Type, Rank: c.Rank}
			}
			n.Sites[i].Callee = g.node(p)
		}
	}
	for _, n := range g.Nodes {
		n.Callees, n.Callers = nil, nil
	}
	g.finish()
}

// UnboundDummy returns the dummy procedure that CALL statement s calls
// when BindDummyProcedures left it unbound (the calls of its procedure
// pass several procedures, or one without a body), else nil: the
// generators say so when such a call is active.
func (info *Info) UnboundDummy(s *ast.CallStmt) *Symbol {
	p := info.CallStmts[s].Proc
	if p != nil && p.Kind == ProcSym && p.Proc != nil && p.Proc.Kind == ProcDummy {
		return p
	}
	return nil
}
