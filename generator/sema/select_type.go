package sema

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// selectType analyses a SELECT TYPE construct. In each block the
// associate name (or the selector's name, when the selector is a name)
// is a variable of the block's type: the type of TYPE IS, polymorphic of
// CLASS IS, the selector's declared type under CLASS DEFAULT; it has the
// selector's rank and, like an ASSOCIATE name, stands for the selector.
func (c *checker) selectType(s *ast.SelectType) {
	sym := c.constructName(s.Name, false)
	var r refResult
	switch s.Selector.(type) {
	case *ast.Ident, *ast.CallExpr, *ast.SelectorExpr:
		r = c.ref(s.Selector, refValue)
	default:
		t, rk := c.expr(s.Selector)
		r = refResult{t: t, rank: rk}
	}
	var id *ast.Ident
	switch {
	case s.Assoc != nil:
		id = s.Assoc
	default:
		id, _ = s.Selector.(*ast.Ident)
		if id == nil && s.Selector != nil {
			c.errorf(posOf(s.Selector), "SELECT TYPE of an expression needs an associate name (name => expression)")
		}
	}
	if r.t.valid() && !r.t.Class {
		c.errorf(posOf(s.Selector), "the selector of SELECT TYPE must be polymorphic (CLASS), not %s", r.t)
	}
	for i, g := range s.Guards {
		if g == nil {
			continue
		}
		c.hdr(&g.Head)
		t := r.t
		switch g.Kind {
		case ast.TypeIs, ast.ClassIs:
			t = c.typeSpec(g.Type)
			if g.Kind == ast.ClassIs && t.valid() && t.Basic == DerivedType {
				cl := *t
				cl.Class = true
				t = &cl
			}
		}
		c.constructUse(g.Name, sym)
		sc := newScope(AssociateScope, c.scope, c.scope.Unit)
		sc.implicit = c.unitScope().implicit
		if id != nil {
			c.addLocal(sc, c.guardName(id, t, r, s.Selector))
			if i == 0 && s.Assoc != nil {
				c.def(s.Assoc, sc.names[c.name(id)])
			}
		}
		saved := c.scope
		c.scope = sc
		c.stmts(g.Body)
		c.scope = saved
	}
	c.hdr(&s.End.StmtHeader)
	c.constructUse(s.End.Name, sym)
	c.popConstruct(sym)
}

// guardName is the associate name id of one block of SELECT TYPE, of
// type t, standing for the selector r.
func (c *checker) guardName(id *ast.Ident, t *Type, r refResult, sel ast.Expr) *Symbol {
	var pos source.Pos = id.NamePos
	as := &Symbol{Name: c.name(id), Kind: VarSym, Pos: pos, Type: t, ArgIndex: -1, Selector: sel, declared: true,
		readonly: !r.isVar, assocBase: r.base}
	if t == nil {
		as.Type = Invalid
	}
	if r.pointer || r.viaPtr {
		as.assocBase = nil
	}
	if r.rank > 0 {
		as.Dims = make([]Dim, r.rank)
		for i := range as.Dims {
			as.Dims[i] = Dim{Kind: AssumedShape, Lo: Bound{Value: 1, Const: true}}
		}
	}
	return as
}

// AssocSelector returns the selector that associate name s (of SELECT
// TYPE or ASSOCIATE) stands for, nil if s is not one: the analyses treat
// a reference to the name as one to the selector.
func AssocSelector(s *Symbol) ast.Expr {
	if s == nil || s.Kind != VarSym || s.Selector == nil || s.Owner == nil || s.Owner.Kind != AssociateScope {
		return nil
	}
	return s.Selector
}

// SelectorPath returns the component path of designator x ("%a%b", ""
// for a whole variable), subscripts left out, an associate name standing
// for its selector's path: what the activity analysis keys active
// components by.
func (info *Info) SelectorPath(x ast.Expr) string {
	switch e := x.(type) {
	case *ast.SelectorExpr:
		return info.SelectorPath(e.X) + "%" + e.Sel.Lower()
	case *ast.CallExpr:
		return info.SelectorPath(e.Fun)
	case *ast.Ident:
		if sel := AssocSelector(info.ObjectOf(e)); sel != nil {
			return info.SelectorPath(sel)
		}
	}
	return ""
}

// selectedClass adds to keep the CLASS dummies whose dynamic type the
// procedure inspects: the variable at the root of the selector of a SELECT
// TYPE, and, to a fixed point, a CLASS dummy passed on as the actual of
// such a dummy. Their blocks reach the components of the extensions, so
// StaticBindings must not give them TYPE(t) of their declared type
// (monoClass), which would hide those components from the analyses.
func selectedClass(prog *Program, keep map[*Symbol]bool) {
	info := prog.Info
	for _, f := range prog.Files {
		for _, u := range f.Units {
			ast.Inspect(u, func(n ast.Node) bool {
				if st, ok := n.(*ast.SelectType); ok {
					if v := selectorRoot(info, st.Selector); v != nil && v.Kind == VarSym {
						keep[v] = true
					}
				}
				return true
			})
		}
	}
	for changed := true; changed; {
		changed = false
		for st, c := range info.CallStmts {
			if c.Proc == nil || c.Proc.Proc == nil {
				continue
			}
			args := withPassed(st.Name, st.Args, c)
			for _, d := range c.Proc.Proc.Args {
				if d == nil || !keep[d] {
					continue
				}
				if a := actualOf(d, args); a != nil {
					if v := selectorRoot(info, a); v != nil && v.Kind == VarSym && v.Type != nil && v.Type.Class && !keep[v] {
						keep[v] = true
						changed = true
					}
				}
			}
		}
	}
}

// selectorRoot returns the variable at the root of designator x, through
// associate names, or nil.
func selectorRoot(info *Info, x ast.Expr) *Symbol {
	for i := 0; i < 16; i++ {
		switch e := x.(type) {
		case *ast.Ident:
			s := info.ObjectOf(e)
			if sel := AssocSelector(s); sel != nil {
				x = sel
				continue
			}
			return s
		case *ast.SelectorExpr:
			x = e.X
		case *ast.CallExpr:
			x = e.Fun
		case *ast.ParenExpr:
			x = e.X
		default:
			return nil
		}
	}
	return nil
}

// SelectedDummy reports whether dummy d of a procedure with a body is the
// root of the selector of a SELECT TYPE of it, or is passed on to a
// dummy that is (to any depth): the adjoint of a call passing d an
// actual dispatches again on the actual's dynamic type.
func SelectedDummy(info *Info, d *Symbol) bool {
	return selectedDummy(info, d, map[*Symbol]bool{})
}

func selectedDummy(info *Info, d *Symbol, seen map[*Symbol]bool) bool {
	if d == nil || seen[d] || !d.IsDummy() || d.Owner == nil || d.Owner.Unit == nil ||
		d.Type == nil || !d.Type.IsDerived() {
		return false // (only an object of derived type holds a CLASS part)
	}
	seen[d] = true
	found := false
	ast.Inspect(&ast.Unit{Body: d.Owner.Unit.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectType:
			found = found || selectorRoot(info, n.Selector) == d
		case *ast.CallStmt:
			c := info.CallStmts[n]
			if c.Proc == nil || c.Proc.Proc == nil {
				break
			}
			args := withPassed(n.Name, n.Args, c)
			for _, cd := range c.Proc.Proc.Args {
				if cd == nil {
					continue
				}
				if a := actualOf(cd, args); a != nil && selectorRoot(info, a) == d && selectedDummy(info, cd, seen) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// SelectedActuals returns the actual arguments of call s (a CALL
// statement or a function reference) passed to dummies SELECT TYPE
// selects (SelectedDummy).
func SelectedActuals(info *Info, s ast.Node) []ast.Expr {
	var c Call
	var args []ast.Expr
	switch s := s.(type) {
	case *ast.CallStmt:
		c = info.CallStmts[s]
		args = withPassed(s.Name, s.Args, c)
	case *ast.CallExpr:
		c = info.Calls[s]
		if c.Kind != FunctionCall {
			return nil
		}
		args = withPassed(s.Fun, s.Args, c)
	}
	if c.Proc == nil || c.Proc.Proc == nil {
		return nil
	}
	var out []ast.Expr
	for _, d := range c.Proc.Proc.Args {
		if d == nil {
			continue
		}
		if a := actualOf(d, args); a != nil && SelectedDummy(info, d) {
			out = append(out, a)
		}
	}
	return out
}
