package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// unusedArguments drops the dummy arguments that nothing names from the
// subroutines of f that only f calls, with the actual arguments of their
// CALL statements and the dummies of their interface bodies in f. A
// callee's adjoint keeps every argument of its original routine when it
// is made; what its backward sweep turns out not to need (an output
// whose value no derivative reads, an input only its forward sweep read)
// would be an unused dummy, which gfortran -Wall warns of. The routines
// named in public (lower case) keep their arguments: they are the
// calling convention users code against. It reports whether it dropped
// one.
//
// A routine is left as it is when its name is not unique in f, when f
// names it otherwise than in a CALL or its interface body (an actual
// argument, an EXTERNAL statement), or when it has alternate returns:
// then the CALL statements of f may not be all its references.
func unusedArguments(f *ast.File, public map[string]bool) bool {
	subs := map[string][]*ast.Unit{}
	var collect func(u *ast.Unit)
	collect = func(u *ast.Unit) {
		if u.Kind == ast.SubroutineUnit && u.Name != nil {
			n := strings.ToLower(u.Name.Name)
			subs[n] = append(subs[n], u)
		}
		for _, p := range u.Procs {
			collect(p)
		}
	}
	for _, u := range f.Units {
		collect(u)
	}
	refs := references(f)
	dropped := map[string]map[string]bool{} // routine -> its dropped dummies
	for n, us := range subs {
		if public[n] || len(us) != 1 || alternateReturns(us[0]) || refs.other[n] {
			continue
		}
		if d := dropUnused(us[0]); len(d) > 0 {
			dropped[n] = d
		}
	}
	if len(dropped) == 0 {
		return false
	}
	for _, c := range refs.calls {
		if d := dropped[strings.ToLower(c.Name.(*ast.Ident).Name)]; d != nil {
			c.Args = actualsKept(c.Args, refs.dummies[c], d)
		}
	}
	for _, b := range refs.bodies {
		if d := dropped[strings.ToLower(b.Name.Name)]; d != nil {
			dropDummies(b, d)
		}
	}
	return true
}

// refs are the references of f to its subroutines.
type refs struct {
	calls  []*ast.CallStmt
	bodies []*ast.Unit // interface bodies
	// dummies holds, for each CALL of a subroutine of f, the callee's
	// dummy names as they were before anything was dropped.
	dummies map[*ast.CallStmt][]string
	other   map[string]bool // names used otherwise than in a CALL
}

func references(f *ast.File) refs {
	r := refs{dummies: map[*ast.CallStmt][]string{}, other: map[string]bool{}}
	args := map[string][]string{}
	count := map[string]int{}    // occurrences of each name
	expected := map[string]int{} // those a unit header, CALL or interface body accounts for
	visit := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			count[strings.ToLower(n.Name)]++
		case *ast.Unit:
			if n.Name != nil {
				name := strings.ToLower(n.Name.Name)
				expected[name]++
				if n.Kind == ast.SubroutineUnit {
					args[name] = argNames(n)
				}
			}
		case *ast.InterfaceBlock:
			r.bodies = append(r.bodies, n.Bodies...)
		case *ast.CallStmt:
			if id, ok := n.Name.(*ast.Ident); ok {
				expected[strings.ToLower(id.Name)]++
				if _, seen := r.dummies[n]; !seen { // a shared statement is edited once
					r.dummies[n] = nil
					r.calls = append(r.calls, n)
				}
			}
		}
		return true
	}
	for _, u := range f.Units {
		ast.Inspect(u, visit)
	}
	for n, c := range count {
		if c != expected[n] {
			r.other[n] = true
		}
	}
	for _, c := range r.calls {
		r.dummies[c] = args[strings.ToLower(c.Name.(*ast.Ident).Name)]
	}
	return r
}

func argNames(u *ast.Unit) []string {
	var l []string
	for _, a := range u.Args {
		l = append(l, strings.ToLower(a.Name))
	}
	return l
}

func alternateReturns(u *ast.Unit) bool {
	for _, a := range u.Args {
		if a.Name == "*" {
			return true
		}
	}
	return false
}

// dropUnused removes from u the dummies that only its header and their
// own type declarations name, again until none is left (dropping a(n)
// may leave n unused), and returns their names.
func dropUnused(u *ast.Unit) map[string]bool {
	dropped := map[string]bool{}
	for {
		uses := names(u)
		for _, s := range u.Decls {
			switch td := s.(type) {
			case *ast.TypeDecl:
				for _, e := range td.Entities {
					uses[strings.ToLower(e.Name.Name)]--
				}
			case *ast.AttrStmt: // F77's DIMENSION Y(*) (legacy_rk4)
				for _, e := range td.Entities {
					if e.Name != nil {
						uses[strings.ToLower(e.Name.Name)]--
					}
				}
			case *ast.ProcDecl: // procedure(func1d) :: f (procdecl.go)
				for _, e := range td.Entities {
					if e.Name != nil {
						uses[strings.ToLower(e.Name.Name)]--
					}
				}
			}
		}
		now := map[string]bool{}
		for _, a := range u.Args {
			if n := strings.ToLower(a.Name); uses[n] <= 1 { // the header's
				now[n] = true
			}
		}
		if len(now) == 0 {
			return dropped
		}
		dropDummies(u, now)
		for n := range now {
			dropped[n] = true
		}
	}
}

// dropDummies removes the dummies named in d from u's header and type
// declarations.
func dropDummies(u *ast.Unit, d map[string]bool) {
	var args []*ast.Ident
	for _, a := range u.Args {
		if !d[strings.ToLower(a.Name)] {
			args = append(args, a)
		}
	}
	u.Args = args
	u.Decls, _ = withoutEntities(u.Decls, func(_ *ast.TypeDecl, n string) bool { return d[n] })
	var decls []ast.Stmt
	for _, s := range u.Decls {
		if as, ok := s.(*ast.AttrStmt); ok && len(as.Entities) > 0 {
			var ents []*ast.Entity
			for _, e := range as.Entities {
				if e.Name == nil || !d[strings.ToLower(e.Name.Name)] {
					ents = append(ents, e)
				}
			}
			if len(ents) == 0 {
				continue
			}
			if len(ents) < len(as.Entities) {
				c := *as
				c.Entities = ents
				s = &c
			}
		}
		decls = append(decls, s)
	}
	u.Decls = withoutProcs(decls, d) // procdecl.go
}

// actualsKept returns the actual arguments of a call whose dummies (by
// position, or by keyword) are not dropped.
func actualsKept(actuals []ast.Expr, dummies []string, dropped map[string]bool) []ast.Expr {
	var l []ast.Expr
	for i, a := range actuals {
		name := ""
		if k, ok := a.(*ast.KeywordArg); ok {
			name = strings.ToLower(k.Name.Name)
		} else if i < len(dummies) {
			name = dummies[i]
		}
		if !dropped[name] {
			l = append(l, a)
		}
	}
	return l
}
