package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// DO CONCURRENT locality specifiers as the constructs they stand for.
//
// A modern model writes a per-iteration temporary LOCAL(flux), a
// coefficient each iteration starts from LOCAL_INIT(c), the arrays
// SHARED under DEFAULT(NONE) and a sum REDUCE(+: norm) (Fortran 2018 and
// 2023). Run in iteration order, as fadj runs DO CONCURRENT, the
// specifiers say:
//
//   - SHARED, DEFAULT(NONE): nothing (the iterations see the variable).
//   - REDUCE(op: v): nothing either: the iterations' updates v = v op x,
//     one after the other, are the reduction into v.
//   - LOCAL(v): the variable outside keeps its value through the
//     construct: copied before it, restored after it.
//   - LOCAL_INIT(v): the same, and each iteration starts from that value:
//     v = copy at the top of the body.
//
// lowerLocality rewrites each DO CONCURRENT so, dropping its specifiers,
// before the analyses: the derivatives follow, and generated code
// compiles with compilers (gfortran 12) that parse none of them. The
// copy is a local declared as the variable is (type and shape); a
// construct one of whose LOCAL or LOCAL_INIT variables is ALLOCATABLE,
// POINTER, polymorphic or not declared by a type declaration of the
// procedure keeps its specifiers, which the generators reject at their
// keywords.

// lowerLocality rewrites the DO CONCURRENT constructs of prog (see above).
func lowerLocality(prog *Program) {
	var visit func(u *ast.Unit)
	visit = func(u *ast.Unit) {
		for _, p := range u.Procs {
			visit(p)
		}
		if sc := prog.Info.ScopeOf(u); sc != nil && len(u.Body) > 0 && hasLocality(u.Body) {
			l := &localizer{info: prog.Info, u: u, sc: sc}
			body := &ast.Unit{Body: u.Body}
			ast.Apply(body, l.pre, nil)
			u.Body = body.Body
		}
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			visit(u)
		}
	}
}

// hasLocality reports whether a DO CONCURRENT of body has a specifier.
func hasLocality(body []ast.Stmt) bool {
	found := false
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			if d, ok := n.(*ast.DoConstruct); ok && len(d.Locality) > 0 {
				found = true
			}
			return !found
		})
	}
	return found
}

type localizer struct {
	info  *Info
	u     *ast.Unit
	sc    *Scope
	fresh *dispatcher // (its fresh names: oop_dispatch.go)
}

func (l *localizer) pre(c *ast.Cursor) bool {
	d, ok := c.Node().(*ast.DoConstruct)
	if !ok || len(d.Locality) == 0 || c.Index() < 0 {
		return true
	}
	type local struct {
		v    *Symbol
		td   *ast.TypeDecl
		e    *ast.Entity
		init bool
	}
	var locals []local
	for _, sp := range d.Locality {
		if sp.Kind != "local" && sp.Kind != "local_init" {
			continue
		}
		for _, id := range sp.Names {
			v := l.info.Uses[id]
			td, e := l.declOf(v)
			if td == nil {
				return true // (kept: rejected by the generators)
			}
			locals = append(locals, local{v, td, e, sp.Kind == "local_init"})
		}
	}
	var inits []ast.Stmt
	for _, lc := range locals {
		tmp := l.copyOf(lc.v, lc.td, lc.e)
		c.InsertBefore(l.assign(tmp, lc.v, d))
		c.InsertAfter(l.assign(lc.v, tmp, d))
		if lc.init {
			inits = append(inits, l.assign(lc.v, tmp, d))
		}
	}
	d.Body = append(inits, d.Body...)
	d.Locality = nil
	return true
}

// declOf returns the type declaration of the procedure declaring v, and
// v's entity in it, if v is a variable a copy can be declared like: nil
// else.
func (l *localizer) declOf(v *Symbol) (*ast.TypeDecl, *ast.Entity) {
	if v == nil || v.Kind != VarSym || v.Type == nil || v.Type.Class || v.Owner != l.sc ||
		v.Attrs.Has(AttrAllocatable) || v.Attrs.Has(AttrPointer) {
		return nil, nil
	}
	for _, s := range l.u.Decls {
		td, ok := s.(*ast.TypeDecl)
		if !ok {
			continue
		}
		for _, e := range td.Entities {
			if l.info.Defs[e.Name] == v {
				for _, a := range td.Attrs {
					if a.Kind == ast.AttrAllocatable || a.Kind == ast.AttrPointer {
						return nil, nil
					}
				}
				return td, e
			}
		}
	}
	return nil, nil
}

// copyOf declares a local of v's type and shape (declared by td, entity
// e) and returns it.
func (l *localizer) copyOf(v *Symbol, td *ast.TypeDecl, e *ast.Entity) *Symbol {
	if l.fresh == nil {
		l.fresh = &dispatcher{info: l.info, u: l.u, sc: l.sc}
	}
	name := l.fresh.fresh("fadj_" + strings.ToLower(v.Name) + "0")
	m := &Symbol{Name: name, Kind: VarSym, Type: v.Type, Dims: v.Dims, ArgIndex: -1, Pos: v.Pos}
	l.sc.Add(m)
	id := ast.NewIdent(name)
	l.info.Defs[id] = m
	var attrs []*ast.Attr
	for _, a := range td.Attrs {
		if a.Kind == ast.AttrDimension {
			attrs = append(attrs, &ast.Attr{AttrPos: a.AttrPos, Kind: a.Kind, Dims: l.dims(a.Dims)})
		}
	}
	ne := &ast.Entity{Name: id}
	if e.CharLen != nil {
		ne.CharLen = l.info.Clone(e.CharLen)
	}
	ne.Dims = l.dims(e.Dims)
	l.u.Decls = append(l.u.Decls, &ast.TypeDecl{Type: cloneRegistered(l.info, td.Type), Attrs: attrs, DColon: true, Entities: []*ast.Entity{ne}})
	return m
}

// dims returns a registered copy of array spec ds.
func (l *localizer) dims(ds []*ast.Dim) []*ast.Dim {
	var out []*ast.Dim
	for _, d := range ds {
		n := &ast.Dim{Colon: d.Colon}
		if d.Lo != nil {
			n.Lo = l.info.Clone(d.Lo)
		}
		if d.Hi != nil {
			n.Hi = l.info.Clone(d.Hi)
		}
		out = append(out, n)
	}
	return out
}

// cloneRegistered returns a copy of n whose identifiers and references are
// registered in info as n's are (Clone, for any node).
func cloneRegistered[N ast.Node](info *Info, n N) N {
	c := ast.Clone(n)
	var from, to []ast.Node
	ast.Inspect(n, func(x ast.Node) bool { from = append(from, x); return true })
	ast.Inspect(c, func(x ast.Node) bool { to = append(to, x); return true })
	for i, x := range from {
		switch x := x.(type) {
		case *ast.Ident:
			if s, ok := info.Uses[x]; ok {
				info.Uses[to[i].(*ast.Ident)] = s
			}
		case *ast.CallExpr:
			if k, ok := info.Calls[x]; ok {
				info.Calls[to[i].(*ast.CallExpr)] = k
			}
		}
		if ex, ok := x.(ast.Expr); ok && ex != nil {
			if t, ok := info.Types[ex]; ok {
				info.Types[to[i].(ast.Expr)] = t
			}
		}
	}
	return c
}

// assign returns `to = from` at the position of construct d.
func (l *localizer) assign(to, from *Symbol, d *ast.DoConstruct) ast.Stmt {
	lhs, rhs := ast.NewIdent(to.Name), ast.NewIdent(from.Name)
	l.info.Uses[lhs], l.info.Uses[rhs] = to, from
	s := &ast.AssignStmt{Lhs: lhs, Rhs: rhs}
	s.Start = d.StmtHeader.Start
	return s
}
