package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Associations replaces each ASSOCIATE construct whose selectors are
// plain designators by its body, with every reference of an associate
// name replaced by (a clone of) its selector: IFS physics wraps whole
// routines in ASSOCIATE (rain => ydecldp%rain, ...), and the
// differentiators then see the component references themselves.
//
// A selector qualifies when it names the same object wherever the body
// refers to it: a variable, a component of one (x%a%b), or an element of
// a scalar kind whose subscripts are constants. A construct whose other
// selectors are scalar numeric or logical values becomes a BLOCK with
// locals for them (associate_value.go); one with an array or character
// expression, or an element with variable subscripts, keeps its
// construct, which reverse mode reports as not supported.
func Associations(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	x := &expander{info: prog.Info}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			x.associations(u)
		}
	}
}

func (x *expander) associations(u *ast.Unit) {
	for _, p := range u.Procs {
		x.associations(p)
	}
	u.Body = x.spliceAssociates(u.Body)
}

// spliceAssociates returns list with its qualifying ASSOCIATE constructs
// (nested ones too) replaced by their bodies.
func (x *expander) spliceAssociates(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		a, ok := s.(*ast.AssociateConstruct)
		if ok && !x.plainAssociations(a) {
			if blk := x.valueAssociation(a); blk != nil { // associate_value.go
				out = append(out, blk)
				continue
			}
		}
		if !ok || !x.plainAssociations(a) {
			x.nestedAssociates(s)
			out = append(out, s)
			continue
		}
		body := x.spliceAssociates(a.Body)
		for i, b := range body {
			body[i] = x.substitute(b, a)
		}
		if a.Label != 0 || a.Name != nil {
			// A label or construct name (EXIT assoc_name) needs a
			// construct: a BLOCK keeps both.
			blk := &ast.BlockConstruct{StmtHeader: a.StmtHeader, Name: a.Name, Body: body, End: a.End}
			out = append(out, blk)
			continue
		}
		if len(body) > 0 && len(a.Doc) > 0 {
			h := body[0].Header()
			h.Doc = append(append([]*ast.Comment{}, a.Doc...), h.Doc...)
		}
		out = append(out, body...)
	}
	return out
}

// nestedAssociates splices the qualifying ASSOCIATE constructs of the
// statement lists inside s.
func (x *expander) nestedAssociates(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.IfConstruct:
		for _, b := range s.Branches {
			b.Body = x.spliceAssociates(b.Body)
		}
	case *ast.DoConstruct:
		s.Body = x.spliceAssociates(s.Body)
	case *ast.SelectCase:
		for _, c := range s.Cases {
			c.Body = x.spliceAssociates(c.Body)
		}
	case *ast.BlockConstruct:
		s.Body = x.spliceAssociates(s.Body)
	case *ast.AssociateConstruct:
		s.Body = x.spliceAssociates(s.Body)
	}
}

// plainAssociations reports whether every selector of a qualifies.
func (x *expander) plainAssociations(a *ast.AssociateConstruct) bool {
	x.fixed = x.undefinedIn(a.Body)
	x.fixedBase = x.keptStructures(a.Body) // associate_component.go
	for _, as := range a.Assocs {
		if as == nil || as.Name == nil || !x.plainAssoc(as, a.Body) {
			return false
		}
	}
	return len(a.Assocs) > 0
}

// plainAssoc reports whether the selector of as qualifies, and, for a
// section, whether body's references of its name can be rewritten.
func (x *expander) plainAssoc(as *ast.Association, body []ast.Stmt) bool {
	s := x.info.ObjectOf(as.Name)
	if s == nil || s.Selector == nil || !x.plainSelector(as.Selector, true) {
		return false
	}
	if r := x.info.Rank(as.Selector); r > 0 {
		if _, ok := as.Selector.(*ast.CallExpr); ok {
			return x.sectionUsesFit(body, s, r)
		}
	}
	return true
}

// plainSelector reports whether e is a variable, a component of one, or
// (top) a scalar element whose subscripts are constants or read
// variables the construct's body does not define (x.fixed).
func (x *expander) plainSelector(e ast.Expr, top bool) bool {
	switch e := e.(type) {
	case *ast.Ident:
		s := x.info.Uses[e]
		return s != nil && s.Kind == sema.VarSym && s.Selector == nil
	case *ast.SelectorExpr:
		return x.plainSelector(e.X, false)
	case *ast.CallExpr:
		if top && x.info.Rank(e) > 0 {
			return x.sectionSelector(e) // associate_section.go
		}
		if !top || x.info.Rank(e) != 0 {
			return false
		}
		if c, ok := x.info.Calls[e]; !ok || c.Kind != sema.ArrayElement {
			return false // a function reference or a substring
		}
		for _, a := range e.Args {
			if !x.fixedSubscript(a) {
				return false
			}
		}
		return x.plainSelector(e.Fun, false)
	}
	return false
}

// substitute replaces the references of a's associate names in s by
// clones of their selectors.
func (x *expander) substitute(s ast.Stmt, a *ast.AssociateConstruct) ast.Stmt {
	names := map[*sema.Symbol]ast.Expr{}
	for _, as := range a.Assocs {
		names[x.info.ObjectOf(as.Name)] = as.Selector
	}
	return x.substituteNode(s, names).(ast.Stmt)
}

// substituteExpr is substitute for an expression.
func (x *expander) substituteExpr(e ast.Expr, names map[*sema.Symbol]ast.Expr) ast.Expr {
	// Apply cannot replace its root: hold e in a ParenExpr.
	p := x.substituteNode(&ast.ParenExpr{X: e}, names).(*ast.ParenExpr)
	return p.X
}

func (x *expander) substituteNode(n ast.Node, names map[*sema.Symbol]ast.Expr) ast.Node {
	return ast.Apply(n, func(c *ast.Cursor) bool {
		return !x.substituteSection(c, names) // associate_section.go
	}, func(c *ast.Cursor) bool {
		id, ok := c.Node().(*ast.Ident)
		if !ok {
			return true
		}
		if sel := names[x.info.Uses[id]]; sel != nil {
			c.Replace(x.clone(sel))
		}
		return true
	})
}
