package tidy

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// zeroedArrays drops a = 0 of a local adjoint array when the loop nest
// after it sets every element before reading it: the backward sweep
// zeroes the adjoints of a routine's temporaries and then increments
// each element once,
//
//	s1_b = 0.0_8
//	do i = n, 1, -1
//	  s1_b(i) = s1_b(i) + 0.5d0*dt*s_b(i)
//
// which becomes s1_b(i) = 0.5d0*dt*s_b(i) without the zeroing (a memset
// of the array on every call). It applies when
//
//   - a is a REAL or COMPLEX array of plainVars (not a dummy: its shape
//     is the procedure's own) with an explicit shape whose bounds are
//     literals, PARAMETERs or INTENT(IN) dummies, so that they hold on
//     entry and at the loops alike;
//   - nothing between the zeroing and the nest names a;
//   - the nest is one DO loop per dimension, each the only statement of
//     the one around it, stepping by 1 or -1 over the dimension's bounds,
//     without EXIT, CYCLE, jumps or labels, a not named in its headers;
//   - the first statement of the innermost body naming a increments
//     a(v1, ..., vk), the DO variables one per dimension, and every other
//     reference to a in the nest is that element.
//
// Units with internal procedures or `!$` lines are left alone.
func zeroedArrays(u *ast.Unit) {
	if len(u.Procs) > 0 || hasDirectives(u) {
		return
	}
	z := arrayZeroer{u: u, plain: plainVars(u), floats: floatNames(u), fixed: fixedNames(u), dims: declaredDims(u)}
	for _, a := range u.Args {
		delete(z.plain, strings.ToLower(a.Name))
	}
	var walk func(list []ast.Stmt) []ast.Stmt
	walk = func(list []ast.Stmt) []ast.Stmt {
		list = append([]ast.Stmt(nil), list...) // the nests found are replaced in this copy
		out := make([]ast.Stmt, 0, len(list))
		for i, s := range list {
			switch s.(type) {
			case *ast.IfConstruct, *ast.DoConstruct, *ast.SelectCase:
				s = nested(s, walk)
			}
			if x, ok := zeroStore(s); ok && s.Header().Label == 0 && len(s.Header().Doc) == 0 {
				if j, nest := z.coveringNest(x, list, i); nest != nil {
					list[j] = nest
					continue
				}
			}
			out = append(out, s)
		}
		return out
	}
	u.Body = walk(u.Body)
}

type arrayZeroer struct {
	u                    *ast.Unit
	plain, floats, fixed map[string]bool
	dims                 map[string][]*ast.Dim
}

// coveringNest looks for the loop nest after list[i] (x = 0) that sets
// every element of x first; it returns its index and the nest with the
// increment made an assignment.
func (z arrayZeroer) coveringNest(x string, list []ast.Stmt, i int) (int, ast.Stmt) {
	dims := z.dims[x]
	if !z.plain[x] || !z.floats[x] || len(dims) == 0 || !z.boundsFixed(dims) {
		return 0, nil
	}
	for j := i + 1; j < len(list); j++ {
		s := list[j]
		if s.Header().Label != 0 {
			return 0, nil
		}
		if names(s)[x] == 0 {
			continue
		}
		d, ok := s.(*ast.DoConstruct)
		if !ok {
			return 0, nil
		}
		nest := z.setFirst(x, d, dims)
		if nest == nil {
			return 0, nil
		}
		return j, nest
	}
	return 0, nil
}

// setFirst returns a copy of the nest d whose innermost body's first
// statement naming x, an increment of the element the DO variables
// cover, assigns it; nil if the nest is not of that form.
func (z arrayZeroer) setFirst(x string, d *ast.DoConstruct, dims []*ast.Dim) ast.Stmt {
	loops := []*ast.DoConstruct{d}
	for len(loops) < len(dims) {
		last := loops[len(loops)-1]
		if len(last.Body) != 1 {
			return nil
		}
		in, ok := last.Body[0].(*ast.DoConstruct)
		if !ok {
			return nil
		}
		loops = append(loops, in)
	}
	vars := map[string]*ast.DoConstruct{}
	for _, l := range loops {
		if l.Var == nil || l.While != nil || l.Concurrent != nil || len(l.Locality) > 0 || l.Header().Label != 0 {
			return nil
		}
		for _, e := range []ast.Expr{l.Start, l.Stop, l.Step} {
			if e != nil && names(e)[x] > 0 {
				return nil
			}
		}
		vars[strings.ToLower(l.Var.Name)] = l
	}
	inner := loops[len(loops)-1]
	if branches(inner.Body) {
		return nil
	}
	for k, s := range inner.Body {
		if names(s)[x] == 0 {
			continue
		}
		a, ok := s.(*ast.AssignStmt)
		if !ok {
			return nil
		}
		el, ok := a.Lhs.(*ast.CallExpr)
		if !ok || len(el.Args) != len(dims) || !covers(el, dims, vars) {
			return nil
		}
		e, ok := increment(a)
		ix := loopIndexes{}.of(inner) // every reference to x in the nest is el (final.go)
		if !ok || ix.names[x] != ix.elements[x][strings.ToLower(printer.ExprString(el))] {
			return nil
		}
		c := clone(a)
		c.Rhs = e
		body := append([]ast.Stmt(nil), inner.Body...)
		body[k] = c
		return rebuild(loops, body)
	}
	return nil
}

// covers reports whether the subscripts of el are the DO variables, one
// per dimension, each looping over its dimension's bounds by 1 or -1.
func covers(el *ast.CallExpr, dims []*ast.Dim, vars map[string]*ast.DoConstruct) bool {
	seen := map[string]bool{}
	for d, s := range el.Args {
		id, ok := s.(*ast.Ident)
		v := ""
		if ok {
			v = strings.ToLower(id.Name)
		}
		l := vars[v]
		if l == nil || seen[v] {
			return false
		}
		seen[v] = true
		lo := dims[d].Lo
		if lo == nil {
			lo = &ast.BasicLit{Kind: token.INT, Value: "1"}
		}
		hi := dims[d].Hi
		one := &ast.BasicLit{Kind: token.INT, Value: "1"}
		var step ast.Expr = one
		if l.Step != nil {
			step = l.Step
		}
		up := ast.Equal(l.Start, lo) && ast.Equal(l.Stop, hi) && ast.Equal(step, one)
		down := ast.Equal(l.Start, hi) && ast.Equal(l.Stop, lo) && ast.Equal(step, &ast.UnaryExpr{Op: token.MINUS, X: one})
		if !up && !down {
			return false
		}
	}
	return len(seen) == len(vars)
}

// rebuild copies the loop nest with body as its innermost body.
func rebuild(loops []*ast.DoConstruct, body []ast.Stmt) ast.Stmt {
	var s ast.Stmt
	for k := len(loops) - 1; k >= 0; k-- {
		c := clone(loops[k])
		if k == len(loops)-1 {
			c.Body = body
		} else {
			c.Body = []ast.Stmt{s}
		}
		s = c
	}
	return s
}

// boundsFixed reports whether every bound is written and holds the same
// value throughout the procedure.
func (z arrayZeroer) boundsFixed(dims []*ast.Dim) bool {
	for _, d := range dims {
		if d.Hi == nil || d.Colon && d.Lo == nil {
			return false
		}
		for _, e := range []ast.Expr{d.Lo, d.Hi} {
			if e == nil {
				continue
			}
			if _, star := e.(*ast.StarExpr); star {
				return false
			}
			for n := range names(e) {
				if !z.fixed[n] {
					return false
				}
			}
		}
	}
	return true
}

// fixedNames returns the PARAMETERs and INTENT(IN) dummies u declares.
func fixedNames(u *ast.Unit) map[string]bool {
	out := map[string]bool{}
	for _, s := range u.Decls {
		td, ok := s.(*ast.TypeDecl)
		if !ok {
			continue
		}
		fixed := hasAttr(td, ast.AttrParameter)
		for _, a := range td.Attrs {
			fixed = fixed || a.Kind == ast.AttrIntent && a.Intent == ast.IntentIn
		}
		if fixed {
			for _, e := range td.Entities {
				out[strings.ToLower(e.Name.Name)] = true
			}
		}
	}
	return out
}

// declaredDims returns the array spec of each array u declares: in a
// type declaration or a DIMENSION (or other attribute) statement.
func declaredDims(u *ast.Unit) map[string][]*ast.Dim {
	out := map[string][]*ast.Dim{}
	for _, s := range u.Decls {
		var attrs []*ast.Attr
		var ents []*ast.Entity
		switch d := s.(type) {
		case *ast.TypeDecl:
			attrs, ents = d.Attrs, d.Entities
		case *ast.AttrStmt:
			attrs, ents = []*ast.Attr{d.Attr}, d.Entities
		default:
			continue
		}
		var attrDims []*ast.Dim
		for _, a := range attrs {
			if a != nil && a.Kind == ast.AttrDimension {
				attrDims = a.Dims
			}
		}
		for _, e := range ents {
			if len(e.Dims) > 0 {
				out[strings.ToLower(e.Name.Name)] = e.Dims
			} else if attrDims != nil {
				out[strings.ToLower(e.Name.Name)] = attrDims
			}
		}
	}
	return out
}
