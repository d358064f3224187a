package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// Defined assignments (ASSIGNMENT(=)), as modern models give their state
// types (`interface assignment(=)` with a module subroutine, or `generic
// :: assignment(=) => copy` bound to the type, ELEMENTAL for arrays of
// the type too). The standard defines `a = b` with a defined assignment
// as `call s(a, (b))`: DefinedAssignments rewrites each such statement
// into that CALL of the specific subroutine sema resolved, which the
// differentiators then treat as any call (an elemental one with the
// array operands too). The right side is passed as it is when it cannot
// share storage with the left side (another variable, a part of the
// same one that cannot overlap it, a function reference, an expression),
// in parentheses when it may (a copy of its value: the specific may
// define its first dummy before it reads the second): a part of the same
// variable that may overlap it, or a POINTER with a POINTER or TARGET.
//
// The specific is often PRIVATE to its module, or renamed, where the
// assignment is written: the generated code, which must name the same
// procedure, spells such a call as the assignment again (Respell).
// Assignments in FORALL and WHERE, whose bodies cannot hold a CALL, stay
// as they are, and the differentiators reject them when they are active;
// so do an assignment whose specific is not accessible where a CALL
// elsewhere names it, or another procedure of its name (Respell could
// not tell them apart), and one with a polymorphic side (CLASS of a type
// another extends: its binding is chosen at run time).

// Reassigned holds the names of the specifics that DefinedAssignments
// made calls of where the name does not reach them.
type Reassigned struct {
	names map[string]bool
}

// DefinedAssignments rewrites the defined assignments of prog into calls
// of their specific subroutines (see above).
func DefinedAssignments(prog *sema.Program) *Reassigned {
	r := &Reassigned{}
	if prog == nil || prog.Info == nil || len(prog.Info.Assignments) == 0 {
		return r
	}
	x := &expander{info: prog.Info}
	ra := &reassigner{x: x, r: r, called: x.namedCalls(), extended: extendedTypes(prog.Info)}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			ra.unit(u)
		}
	}
	return r
}

// reassigner rewrites the defined assignments of the program's units.
type reassigner struct {
	x        *expander
	r        *Reassigned
	called   map[string]bool       // the names CALL statements give procedures
	extended map[*sema.Symbol]bool // the derived types another type extends
}

func (ra *reassigner) unit(u *ast.Unit) {
	for _, p := range u.Procs {
		ra.unit(p)
	}
	x, sc := ra.x, ra.x.info.ScopeOf(u)
	if sc == nil || len(u.Body) == 0 {
		return
	}
	ast.Apply(&ast.Unit{Body: u.Body}, func(c *ast.Cursor) bool {
		switch s := c.Node().(type) {
		case *ast.ForallStmt, *ast.ForallConstruct, *ast.WhereStmt, *ast.WhereConstruct:
			return false // (a CALL cannot go there)
		case *ast.AssignStmt:
			spec := x.info.Assignments[s]
			reach := spec != nil && sc.Lookup(spec.Name) == spec
			if !ra.rewritable(s, spec, reach) {
				return true
			}
			call := x.assignCall(s, spec)
			x.siteOf(sc.Symbol, s, spec, call)
			if !reach {
				if ra.r.names == nil {
					ra.r.names = map[string]bool{}
				}
				ra.r.names[spec.Name] = true
			}
			c.Replace(call)
		}
		return true
	}, nil)
}

// rewritable reports whether defined assignment s of specific spec (nil
// for an intrinsic one) becomes a CALL: not when spec has no body here,
// nor when its name does not reach s and a CALL names a procedure so
// (Respell could not tell them apart), nor when a side is polymorphic
// (CLASS of a type another extends: the binding is dynamic).
func (ra *reassigner) rewritable(s *ast.AssignStmt, spec *sema.Symbol, reach bool) bool {
	if spec == nil || spec.Proc == nil || spec.Proc.Unit == nil || !reach && ra.called[spec.Name] {
		return false
	}
	for _, e := range []ast.Expr{s.Lhs, s.Rhs} {
		if t := ra.x.info.TypeOf(e); t != nil && t.Class && (t.Derived == nil || ra.extended[t.Derived]) {
			return false
		}
	}
	return true
}

// extendedTypes returns the derived types some type of the program
// extends.
func extendedTypes(info *sema.Info) map[*sema.Symbol]bool {
	out := map[*sema.Symbol]bool{}
	for _, s := range info.Defs {
		if s != nil && s.Kind == sema.TypeSym {
			for p := s.Parent; p != nil; p = p.Parent {
				out[p] = true
			}
		}
	}
	return out
}

// assignCall returns CALL spec(lhs, rhs) for defined assignment s.
func (x *expander) assignCall(s *ast.AssignStmt, spec *sema.Symbol) *ast.CallStmt {
	name := ast.NewIdent(spec.Name)
	name.NamePos = s.Pos()
	x.info.Uses[name] = spec
	rhs := s.Rhs
	if x.mayShare(s.Lhs, rhs) {
		rhs = &ast.ParenExpr{X: rhs}
	}
	call := &ast.CallStmt{StmtHeader: s.StmtHeader, Name: name, Args: []ast.Expr{s.Lhs, rhs}, Parens: true}
	x.info.CallStmts[call] = sema.Call{Kind: sema.SubroutineCall, Proc: spec}
	return call
}

// mayShare reports whether rhs is a variable that may share storage with
// lhs: a part of the same variable (or of an associate name) that may
// overlap it, or one reached through a POINTER while the other is a
// POINTER or TARGET.
func (x *expander) mayShare(lhs, rhs ast.Expr) bool {
	if !x.designator(rhs) {
		return false
	}
	l, r := x.ref(lhs), x.ref(rhs)
	if l.base == nil || r.base == nil || l.base.Selector != nil || r.base.Selector != nil {
		return true
	}
	if l.base == r.base {
		return !x.disjoint(lhs, rhs) // (defined_assign_disjoint.go)
	}
	return l.pointer && (r.pointer || r.target) || r.pointer && l.target
}

// varRef is what mayShare needs of a designator: its variable, and
// whether it is reached through a POINTER (the variable or a component)
// or lies in a TARGET.
type varRef struct {
	base            *sema.Symbol
	pointer, target bool
}

func (x *expander) ref(e ast.Expr) varRef {
	var r varRef
	for {
		switch v := e.(type) {
		case *ast.Ident:
			r.base = x.info.Uses[v]
			if r.base != nil {
				r.pointer = r.pointer || r.base.Attrs.Has(sema.AttrPointer)
				r.target = r.base.Attrs.Has(sema.AttrTarget)
			}
			return r
		case *ast.SelectorExpr:
			if c := x.info.Uses[v.Sel]; c != nil && c.Attrs.Has(sema.AttrPointer) {
				r.pointer = true
			}
			e = v.X
		case *ast.CallExpr:
			e = v.Fun
		case *ast.ParenExpr:
			e = v.X
		default:
			return varRef{}
		}
	}
}

// siteOf makes the call graph's site of defined assignment s, in the
// procedure or main program caller, the site of call.
func (x *expander) siteOf(caller *sema.Symbol, s *ast.AssignStmt, spec *sema.Symbol, call *ast.CallStmt) {
	if site := x.bareSite(caller, spec, s.Pos()); site != nil {
		site.Stmt = call
	}
}

// bareSite returns the call graph's site in caller of spec at pos that
// neither a CALL statement nor a function reference makes (a defined
// assignment or operator), nil if none.
func (x *expander) bareSite(caller, spec *sema.Symbol, pos source.Pos) *sema.CallSite {
	cg := x.info.CallGraph
	if cg == nil || caller == nil {
		return nil
	}
	n := cg.Node(caller)
	if n == nil {
		return nil
	}
	for i := range n.Sites {
		site := &n.Sites[i]
		if site.Stmt == nil && site.Expr == nil && site.Callee.Proc == spec && site.Pos == pos {
			return site
		}
	}
	return nil
}

// namedCalls returns the names of the procedures CALL statements of
// prog name (Respell tells calls apart by name).
func (x *expander) namedCalls() map[string]bool {
	out := map[string]bool{}
	for s, c := range x.info.CallStmts {
		if id, ok := s.Name.(*ast.Ident); ok && c.Kind == sema.SubroutineCall {
			out[id.Lower()] = true
		}
		if c.Proc != nil {
			out[c.Proc.Name] = true
		}
	}
	return out
}

// Respell writes, in generated file f, the calls of the specifics that
// DefinedAssignments made where their name does not reach them as the
// assignments they were: `call state_copy(a, b)` as `a = b` (`a = (b)`
// for a copy of b's value), the same procedure.
func (r *Reassigned) Respell(f *ast.File) {
	if r == nil || len(r.names) == 0 {
		return
	}
	for _, u := range f.Units {
		ast.Apply(u, func(c *ast.Cursor) bool {
			s, ok := c.Node().(*ast.CallStmt)
			if !ok {
				return true
			}
			id, ok := s.Name.(*ast.Ident)
			if !ok || !r.names[id.Lower()] || len(s.Args) != 2 {
				return true
			}
			c.Replace(&ast.AssignStmt{StmtHeader: s.StmtHeader, Lhs: s.Args[0], Rhs: s.Args[1]})
			return false
		}, nil)
	}
}
