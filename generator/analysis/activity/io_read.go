package activity

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A ReadLeaf is one variable reference among the items of a READ, with
// the implied DO loops enclosing it, outermost first: in
// read(u, *) n, ((b(i,j), i=1,n), j=1,m) the leaves are n and b(i,j)
// (loops j then i).
type ReadLeaf struct {
	X     ast.Expr
	Loops []*ast.ImpliedDo
}

// ReadLeaves returns the leaves of READ s's items, in the order of the
// item list.
func ReadLeaves(s *ast.IOStmt) []ReadLeaf {
	var out []ReadLeaf
	var walk func(x ast.Expr, loops []*ast.ImpliedDo)
	walk = func(x ast.Expr, loops []*ast.ImpliedDo) {
		if d, ok := x.(*ast.ImpliedDo); ok {
			in := append(append([]*ast.ImpliedDo{}, loops...), d)
			for _, it := range d.Items {
				walk(it, in)
			}
			return
		}
		out = append(out, ReadLeaf{X: x, Loops: loops})
	}
	for _, it := range s.Items {
		walk(it, nil)
	}
	return out
}

// ReadOrderProblem returns the leaf of READ s whose subscripts, or the
// bounds of whose implied DO loops, read a variable that the same READ
// defines at that leaf or after it (read(u, *) a(k), k), or in an
// implied DO enclosing both (read(u, *) (k, a(k), j=1,2)), or nil: the
// derivative code, which runs after the READ, addresses each leaf with
// the values the variables have then, which are those the READ used only
// if nothing read later overwrote them.
func ReadOrderProblem(info *sema.Info, s *ast.IOStmt) ast.Expr {
	leaves := ReadLeaves(s)
	base := make([]*sema.Symbol, len(leaves))
	for i, l := range leaves {
		base[i] = leafBase(info, l.X)
	}
	for k, l := range leaves {
		uses := map[*sema.Symbol]bool{}
		leafIndexVars(info, l.X, uses)
		for _, d := range l.Loops {
			for _, e := range []ast.Expr{d.Start, d.Stop, d.Step} {
				varsOf(info, e, uses)
			}
		}
		for _, d := range l.Loops {
			delete(uses, info.ObjectOf(d.Var))
		}
		for j, b := range base {
			if b == nil || !uses[b] {
				continue
			}
			if j >= k || len(l.Loops) > 0 && len(leaves[j].Loops) > 0 && leaves[j].Loops[0] == l.Loops[0] {
				return l.X
			}
		}
	}
	return nil
}

// leafBase returns the variable a designator names (a, a(i), p%c(2)).
func leafBase(info *sema.Info, x ast.Expr) *sema.Symbol {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			if s := info.ObjectOf(e); s != nil && s.Kind == sema.VarSym {
				return s
			}
			return nil
		case *ast.CallExpr:
			x = e.Fun
		case *ast.SelectorExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// leafIndexVars adds the variables read by designator x's subscripts.
func leafIndexVars(info *sema.Info, x ast.Expr, out map[*sema.Symbol]bool) {
	for {
		switch e := x.(type) {
		case *ast.CallExpr:
			for _, a := range e.Args {
				varsOf(info, a, out)
			}
			x = e.Fun
		case *ast.SelectorExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		default:
			return
		}
	}
}

func varsOf(info *sema.Info, x ast.Expr, out map[*sema.Symbol]bool) {
	if x == nil {
		return
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if s := info.ObjectOf(id); s != nil && s.Kind == sema.VarSym {
				out[s] = true
			}
		}
		return true
	})
}

// NamelistGroup returns the namelist group a READ or WRITE names (nml=g,
// or g in the format's place), or nil.
func NamelistGroup(info *sema.Info, s *ast.IOStmt) *ast.Ident {
	for i, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok {
			if kw.Name != nil && kw.Name.Lower() == "nml" {
				id, _ := kw.Value.(*ast.Ident)
				return id
			}
			continue
		}
		if id, ok := c.(*ast.Ident); ok && i == 1 {
			if g := info.ObjectOf(id); g != nil && g.Kind == sema.NamelistSym {
				return id
			}
		}
	}
	return nil
}

// NamelistLeaves returns the variables a NAMELIST READ s in the version
// of pa may define (its group's), as leaves, or nil.
func NamelistLeaves(pa *ProcActivity, s *ast.IOStmt) []ReadLeaf {
	a := pa.pi.a
	if s.Keyword != "read" {
		return nil
	}
	g := NamelistGroup(a.info, s)
	if g == nil {
		return nil
	}
	var out []ReadLeaf
	for _, m := range a.namelistOf(pa.pi.unit, g) {
		out = append(out, ReadLeaf{X: m})
	}
	return out
}

// namelistOf returns the members of namelist group g that a READ in unit
// u names: as u declares it, else as the unit declaring the group (a
// module, a host) does.
func (a *analyzer) namelistOf(u *ast.Unit, g *ast.Ident) []*ast.Ident {
	if m := namelistMembers(u, g.Lower()); len(m) > 0 {
		return m
	}
	sym := a.info.ObjectOf(g)
	if sym == nil {
		return nil
	}
	var out []*ast.Ident
	var walk func(units []*ast.Unit)
	walk = func(units []*ast.Unit) {
		for _, v := range units {
			for _, d := range v.Decls {
				if n, ok := d.(*ast.NamelistStmt); ok {
					for _, grp := range n.Groups {
						if grp != nil && grp.Name != nil && grp.Name.NamePos == sym.Pos && out == nil {
							out = namelistMembers(v, g.Lower())
						}
					}
				}
			}
			walk(v.Procs)
		}
	}
	for _, f := range a.files {
		walk(f.Units)
	}
	return out
}

// namelistMembers returns the variables unit u's NAMELIST statements put
// in group name (a group may be continued by several statements).
func namelistMembers(u *ast.Unit, name string) []*ast.Ident {
	if u == nil {
		return nil
	}
	var out []*ast.Ident
	for _, d := range u.Decls {
		n, ok := d.(*ast.NamelistStmt)
		if !ok {
			continue
		}
		for _, g := range n.Groups {
			if g == nil || g.Name == nil || strings.Trim(strings.ToLower(g.Name.Name), "/ ") != name {
				continue
			}
			for _, e := range g.Entities {
				if e != nil && e.Name != nil {
					out = append(out, e.Name)
				}
			}
		}
	}
	return out
}
