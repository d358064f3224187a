package parser

import (
	"slices"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// names calls f for each name n references: not components (%name) nor
// keywords (name=) of arguments.
func names(n ast.Node, f func(*ast.Ident)) {
	ast.Inspect(n, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			f(n)
		case *ast.SelectorExpr:
			names(n.X, f)
			return false
		case *ast.KeywordArg:
			names(n.Value, f)
			return false
		}
		return true
	})
}

// base returns the variable a data object or a left-hand side names.
func base(x ast.Expr) *ast.Ident {
	switch x := x.(type) {
	case *ast.Ident:
		return x
	case *ast.CallExpr:
		return base(x.Fun)
	case *ast.SelectorExpr:
		return base(x.X)
	}
	return nil
}

// checkSaved gives the entry points whose code uses a saved local of u
// that the code of another uses too a problem, when the value it has on
// entry to one of them matters (it is not just the variable of the loops
// that use it): each procedure would have its own.
func (s *splitter) checkSaved(u *ast.Unit, pts []*point) {
	saved := savedLocals(u, pts)
	users := map[string][]*point{} // the entry points whose code uses the name
	exposed := map[string]bool{}   // some code uses its value on entry
	for _, p := range pts {
		for i, st := range u.Body {
			if !p.keep[i] {
				continue
			}
			names(st, func(id *ast.Ident) {
				n := strings.ToLower(id.Name)
				if _, ok := saved[n]; ok && !slices.Contains(users[n], p) {
					users[n] = append(users[n], p)
				}
			})
			stateNames(st, func(id *ast.Ident) { exposed[strings.ToLower(id.Name)] = true })
		}
	}
	// What the internal procedures the code of an entry point calls use
	// of the host's saved locals counts as used by it, on entry.
	for _, p := range pts {
		var kept []ast.Stmt
		for i, st := range u.Body {
			if p.keep[i] {
				kept = append(kept, st)
			}
		}
		for _, ip := range called(u.Procs, kept) {
			ast.Inspect(ip, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if n := strings.ToLower(id.Name); saved[n] != nil && !slices.Contains(users[n], p) {
						users[n], exposed[n] = append(users[n], p), true
					}
				}
				return true
			})
		}
	}
	for n, ps := range users {
		if len(ps) < 2 || !exposed[n] {
			continue
		}
		var e diag.List
		e.Addf(s.fset.Position(saved[n].Pos()), "not supported yet: saved variable '%s' is used by the code of entry points '%s' and '%s' (ENTRY): each would have its own; keep it in a COMMON block or a module",
			saved[n].Name, ps[0].name.Name, ps[1].name.Name)
		for _, p := range ps {
			p.problems = append(p.problems, e...)
		}
	}
}

// savedLocals returns the saved local variables of u (SAVE, DATA, an
// initialisation; every local under a SAVE without a list) with the
// name that declares them.
func savedLocals(u *ast.Unit, pts []*point) map[string]*ast.Ident {
	saved := map[string]*ast.Ident{}
	add := func(id *ast.Ident) {
		if id == nil || strings.HasPrefix(id.Name, "/") {
			return
		}
		if _, ok := saved[strings.ToLower(id.Name)]; !ok {
			saved[strings.ToLower(id.Name)] = id
		}
	}
	all := false
	for _, d := range u.Decls {
		if a, ok := d.(*ast.AttrStmt); ok && a.Attr.Kind == ast.AttrSave && len(a.Entities) == 0 {
			all = true
		}
	}
	data := func(d *ast.DataStmt) {
		for _, set := range d.Sets {
			for _, o := range set.Objects {
				dataObject(o, add)
			}
		}
	}
	for _, d := range u.Decls {
		switch d := d.(type) {
		case *ast.AttrStmt:
			if d.Attr.Kind == ast.AttrSave {
				for _, e := range d.Entities {
					add(e.Name)
				}
			}
		case *ast.TypeDecl:
			save, param := hasAttr(d.Attrs, ast.AttrSave), hasAttr(d.Attrs, ast.AttrParameter)
			for _, e := range d.Entities {
				if save || e.Init != nil && !param || all && !param {
					add(e.Name)
				}
			}
		case *ast.DataStmt:
			data(d)
		}
	}
	for _, st := range u.Body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.DataStmt:
				data(n)
			case *ast.AssignStmt:
				if all {
					add(base(n.Lhs))
				}
			case *ast.DoConstruct:
				if all {
					add(n.Var)
				}
			}
			return true
		})
	}
	if all {
		for _, d := range u.Decls {
			if a, ok := d.(*ast.AttrStmt); ok && a.Attr.Kind == ast.AttrDimension {
				for _, e := range a.Entities {
					add(e.Name)
				}
			}
		}
	}
	for _, n := range notLocal(u, pts) {
		delete(saved, n)
	}
	return saved
}

// dataObject calls add for the variables a DATA object names (not the
// variables of implied DOs).
func dataObject(o ast.Expr, add func(*ast.Ident)) {
	if d, ok := o.(*ast.ImpliedDo); ok {
		for _, it := range d.Items {
			dataObject(it, add)
		}
		return
	}
	add(base(o))
}

// notLocal returns the names of u that are not local variables: dummy
// arguments and results of the entry points, COMMON and PARAMETER names.
func notLocal(u *ast.Unit, pts []*point) []string {
	var out []string
	for _, p := range pts {
		out = append(out, p.resultVar())
		for _, a := range p.args {
			out = append(out, strings.ToLower(a.Name))
		}
	}
	for _, d := range u.Decls {
		switch d := d.(type) {
		case *ast.CommonStmt:
			for _, b := range d.Blocks {
				for _, e := range b.Entities {
					out = append(out, strings.ToLower(e.Name.Name))
				}
			}
		case *ast.ParameterStmt:
			for _, e := range d.Entities {
				out = append(out, strings.ToLower(e.Name.Name))
			}
		}
	}
	return out
}

func hasAttr(attrs []*ast.Attr, k ast.AttrKind) bool {
	for _, a := range attrs {
		if a.Kind == k {
			return true
		}
	}
	return false
}

// rename makes c, the copy of entry point p, p's own: declarations of
// the other entry points' dummy arguments and result variables are
// dropped, references to those results become references to p's, and a
// reference left to another entry's dummy argument is rejected.
func (s *splitter) rename(c *ast.Unit, pts []*point, p *point) {
	mine := map[string]bool{}
	for _, a := range p.args {
		mine[strings.ToLower(a.Name)] = true
	}
	foreign := map[string]*point{}
	others := map[string]bool{}
	for _, q := range pts {
		for _, a := range q.args {
			if n := strings.ToLower(a.Name); !mine[n] && foreign[n] == nil {
				foreign[n] = q
			}
		}
		if c.Kind == ast.FunctionUnit && q.resultVar() != p.resultVar() {
			others[q.resultVar()] = true
		}
	}
	c.Decls = dropDecls(c.Decls, func(n string) bool { return foreign[n] != nil || others[n] })
	reported := false
	check := func(id *ast.Ident) {
		n := strings.ToLower(id.Name)
		if others[n] {
			id.Name = p.resultVar()
			return
		}
		if q := foreign[n]; q != nil && !reported {
			reported = true
			s.errorf(id.Pos(), "not supported yet: '%s', a dummy argument of '%s' but not of '%s', is used in the code or declarations of '%s' (ENTRY)",
				id.Name, q.name.Name, p.name.Name, p.name.Name)
		}
	}
	for _, d := range c.Decls {
		switch d.(type) {
		case *ast.InterfaceBlock, *ast.TypeDef:
			// scopes of their own (an interface body's dummies, components)
		default:
			names(d, check)
		}
	}
	for _, b := range c.Body {
		names(b, check)
	}
	// The internal procedures its code calls reach the host's variables
	// by host association (a local of theirs named as another entry's
	// dummy is rejected too); the others are left out.
	c.Procs = called(c.Procs, append(append([]ast.Stmt(nil), c.Decls...), c.Body...))
	if len(c.Procs) == 0 {
		c.Contains = nil
	}
	for _, ip := range c.Procs {
		for _, st := range append(append([]ast.Stmt(nil), ip.Decls...), ip.Body...) {
			names(st, check)
		}
	}
}

// called returns the procedures of procs that stmts reference, directly
// or through each other, in their order.
func called(procs []*ast.Unit, stmts []ast.Stmt) []*ast.Unit {
	byName := map[string]*ast.Unit{}
	for _, ip := range procs {
		byName[strings.ToLower(ip.Name.Name)] = ip
	}
	seen := map[*ast.Unit]bool{}
	var visit func(ast.Node)
	visit = func(n ast.Node) {
		names(n, func(id *ast.Ident) {
			if ip := byName[strings.ToLower(id.Name)]; ip != nil && !seen[ip] {
				seen[ip] = true
				visit(ip)
			}
		})
	}
	for _, st := range stmts {
		visit(st)
	}
	var out []*ast.Unit
	for _, ip := range procs {
		if seen[ip] {
			out = append(out, ip)
		}
	}
	return out
}

// dropDecls removes the names drop says from the type declarations and
// attribute statements of decls, and the statements left empty.
func dropDecls(decls []ast.Stmt, drop func(string) bool) []ast.Stmt {
	keep := func(list []*ast.Entity) []*ast.Entity {
		var out []*ast.Entity
		for _, e := range list {
			if !drop(strings.ToLower(e.Name.Name)) {
				out = append(out, e)
			}
		}
		return out
	}
	var out []ast.Stmt
	for _, d := range decls {
		switch d := d.(type) {
		case *ast.TypeDecl:
			if d.Entities = keep(d.Entities); len(d.Entities) == 0 {
				continue
			}
		case *ast.AttrStmt:
			if len(d.Entities) > 0 {
				if d.Entities = keep(d.Entities); len(d.Entities) == 0 {
					continue
				}
			}
		}
		out = append(out, d)
	}
	return out
}

// stateNames calls f for each name n references whose value on entry to
// the procedure may matter: not the variable of a DO loop or implied DO
// inside that loop (the loop defines it first), nor components and
// argument keywords.
func stateNames(n ast.Node, f func(*ast.Ident)) {
	loopVars := map[string]int{}
	var walk func(ast.Node)
	loop := func(v *ast.Ident, bounds []ast.Expr, inside func()) {
		for _, b := range bounds {
			if b != nil {
				walk(b)
			}
		}
		if v == nil {
			inside()
			return
		}
		k := strings.ToLower(v.Name)
		loopVars[k]++
		inside()
		loopVars[k]--
	}
	walk = func(n ast.Node) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if loopVars[strings.ToLower(n.Name)] == 0 {
					f(n)
				}
			case *ast.SelectorExpr:
				walk(n.X)
				return false
			case *ast.KeywordArg:
				walk(n.Value)
				return false
			case *ast.DoConstruct:
				if n.Concurrent != nil {
					return true // (its indexes are its own; their names count)
				}
				loop(n.Var, []ast.Expr{n.Start, n.Stop, n.Step, n.While, n.Mask}, func() {
					for _, s := range n.Body {
						walk(s)
					}
				})
				return false
			case *ast.ImpliedDo:
				loop(n.Var, []ast.Expr{n.Start, n.Stop, n.Step}, func() {
					for _, it := range n.Items {
						walk(it)
					}
				})
				return false
			}
			return true
		})
	}
	walk(n)
}
