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
