package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// CommonLayouts gives one layout to each common block that routines
// declare with different members (legacy scratch storage: common /wrk/
// a, b, c(8) in one routine, common /wrk/ s(10) in another), when all its
// members, in every declaration, have one numeric type and constant
// bounds: each routine then declares the block as one array fadj_wrk of
// the longest length, and every reference of a member becomes one of
// the elements it is storage associated with (c(i) is fadj_wrk(2 + i), a
// rank-1 member whole or a section of one a section of it). The
// analyses and the differentiators follow common blocks member by member
// when every routine declares them alike, and differentiate the storage
// association the original spelled by names. A block with another type,
// with variable bounds, EQUIVALENCE, or a member referenced in a way
// that has no such element (a whole array of rank 2 or more, a section
// of one, a substring) keeps its declarations, and the activity analysis
// reports it where it is active.
func CommonLayouts(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	units := map[*sema.Scope]*ast.Unit{}
	var collect func(u *ast.Unit)
	collect = func(u *ast.Unit) {
		if s := prog.Info.ScopeOf(u); s != nil {
			units[s] = u
		}
		for _, p := range u.Procs {
			collect(p)
		}
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			collect(u)
		}
	}
	x := &expander{info: prog.Info}
	for _, c := range prog.Info.Commons {
		if l := x.commonLayout(c, units); l != nil {
			l.apply(x)
		}
	}
}

// blockLayout is the rewrite of one common block: per declaration, its
// unit and each member's offset (in elements) in the block.
type blockLayout struct {
	c      *sema.Common
	typ    *sema.Type
	length int64
	decls  []*declLayout
}

type declLayout struct {
	d      *sema.CommonDecl
	u      *ast.Unit
	offset map[*sema.Symbol]int64
	name   string // the array's name in the unit
}

// commonLayout returns the rewrite of c, nil if its declarations agree
// or it does not qualify.
func (x *expander) commonLayout(c *sema.Common, units map[*sema.Scope]*ast.Unit) *blockLayout {
	if len(c.Decls) < 2 || sameLayouts(c) {
		return nil
	}
	l := &blockLayout{c: c}
	for _, d := range c.Decls {
		u := units[d.Scope]
		if u == nil || len(d.Members) == 0 {
			return nil
		}
		dl := &declLayout{d: d, u: u, offset: map[*sema.Symbol]int64{}, name: "fadj_" + blockName(c)}
		if d.Scope.Lookup(dl.name) != nil {
			return nil
		}
		var off int64
		for _, m := range d.Members {
			n, ok := constSize(m)
			if !ok || m.Type == nil || !(m.Type.IsReal() || m.Type.IsInteger() || m.Type.IsComplex()) ||
				m.Attrs&(sema.AttrPointer|sema.AttrAllocatable|sema.AttrTarget) != 0 {
				return nil
			}
			if l.typ == nil {
				l.typ = m.Type
			} else if !sema.Identical(l.typ, m.Type) {
				return nil
			}
			dl.offset[m] = off
			off += n
		}
		if off > l.length {
			l.length = off
		}
		if hasEquivalence(u) || !x.rewritable(u, dl) {
			return nil
		}
		l.decls = append(l.decls, dl)
	}
	return l
}

func blockName(c *sema.Common) string {
	if c.Name == "" {
		return "blank"
	}
	return c.Name
}

// sameLayouts reports whether every declaration of c has the members of
// the first, by type and shape.
func sameLayouts(c *sema.Common) bool {
	first := c.Decls[0].Members
	for _, d := range c.Decls[1:] {
		if len(d.Members) != len(first) {
			return false
		}
		for i, m := range d.Members {
			if m.Type == nil || first[i].Type == nil || !sema.Identical(m.Type, first[i].Type) || len(m.Dims) != len(first[i].Dims) {
				return false
			}
			for k := range m.Dims {
				a, oka := m.Dims[k].Extent()
				b, okb := first[i].Dims[k].Extent()
				if oka != okb || a != b {
					return false
				}
			}
		}
	}
	return true
}

// constSize returns the number of elements of m when its bounds are
// constant.
func constSize(m *sema.Symbol) (int64, bool) {
	n := int64(1)
	for _, d := range m.Dims {
		e, ok := d.Extent()
		if !ok {
			return 0, false
		}
		n *= e
	}
	return n, true
}

func hasEquivalence(u *ast.Unit) bool {
	for _, d := range u.Decls {
		if _, ok := d.(*ast.EquivalenceStmt); ok {
			return true
		}
	}
	return false
}

// rewritable reports whether every reference of a member of dl in its
// unit has an element or a section of the block's array.
func (x *expander) rewritable(u *ast.Unit, dl *declLayout) bool {
	ok := true
	var visit func(n ast.Node) bool
	visit = func(n ast.Node) bool {
		if !ok {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if id, isID := n.Fun.(*ast.Ident); isID && hasKey(dl.offset, x.info.Uses[id]) {
				ok = x.memberRef(n, x.info.Uses[id], 0) != nil
				for _, a := range n.Args {
					ast.Inspect(a, visit)
				}
				return false // not the name alone
			}
		case *ast.Ident:
			if m := x.info.Uses[n]; hasKey(dl.offset, m) && len(m.Dims) > 1 {
				ok = false // a whole array of rank 2 or more
			}
		}
		return ok
	}
	for _, s := range u.Body {
		ast.Inspect(s, visit)
	}
	for _, d := range u.Decls {
		if ds, isData := d.(*ast.DataStmt); isData {
			ast.Inspect(ds, visit)
		}
	}
	return ok
}

func hasKey(m map[*sema.Symbol]int64, s *sema.Symbol) bool {
	_, ok := m[s]
	return s != nil && ok
}

// memberRef returns the reference of the block's array (its symbol arr,
// nil when only checking) that member reference e of m names: an element
// for subscripts, a section for a range of a rank-1 member; nil if there
// is none.
func (x *expander) memberRef(e *ast.CallExpr, m *sema.Symbol, base int64) ast.Expr {
	if len(e.Args) != len(m.Dims) || len(m.Dims) == 0 {
		return nil // a substring, or a function
	}
	if r, isRange := e.Args[0].(*ast.RangeExpr); isRange {
		if len(m.Dims) != 1 || r.Stride != nil && !isOne(r.Stride) {
			return nil
		}
		lo, hi := r.Lo, r.Hi
		if lo == nil {
			lo = intLit(m.Dims[0].Lo.Value)
		}
		if hi == nil {
			hi = intLit(m.Dims[0].Hi.Value)
		}
		return &ast.RangeExpr{Lo: x.offsetOf(m, []ast.Expr{lo}, base), Hi: x.offsetOf(m, []ast.Expr{hi}, base)}
	}
	for _, a := range e.Args {
		switch a.(type) {
		case *ast.RangeExpr, *ast.KeywordArg, *ast.StarExpr:
			return nil
		}
		if x.info.Rank(a) != 0 {
			return nil // a vector subscript
		}
	}
	return x.offsetOf(m, e.Args, base)
}

// offsetOf returns the 1-based index in the block's array of m(subs),
// m's elements starting after base: base + 1 + sum of (sub_k - lo_k)
// times the extents before dimension k.
func (x *expander) offsetOf(m *sema.Symbol, subs []ast.Expr, base int64) ast.Expr {
	var terms []ast.Expr
	stride := int64(1)
	c := base + 1
	for k, s := range subs {
		lo := m.Dims[k].Lo.Value
		if v, ok := intValue(s); ok {
			c += (v - lo) * stride
		} else {
			c -= lo * stride
			var t ast.Expr = s
			if stride != 1 {
				if _, bin := s.(*ast.BinaryExpr); bin {
					t = &ast.ParenExpr{X: s}
				}
				t = &ast.BinaryExpr{X: intLit(stride), Op: token.STAR, OpLit: "*", Y: t}
			}
			terms = append(terms, t)
		}
		e, _ := m.Dims[k].Extent()
		stride *= e
	}
	var out ast.Expr
	for _, t := range terms {
		if out == nil {
			out = t
		} else {
			out = &ast.BinaryExpr{X: out, Op: token.PLUS, OpLit: "+", Y: t}
		}
	}
	switch {
	case out == nil:
		return intLit(c)
	case c > 0:
		return &ast.BinaryExpr{X: out, Op: token.PLUS, OpLit: "+", Y: intLit(c)}
	case c < 0:
		return &ast.BinaryExpr{X: out, Op: token.MINUS, OpLit: "-", Y: intLit(-c)}
	}
	return out
}

// apply rewrites every declaration of the block (see CommonLayouts).
func (l *blockLayout) apply(x *expander) {
	for _, dl := range l.decls {
		arr := dl.d.Members[0]
		x.rewriteRefs(dl, arr)
		scope := dl.d.Scope
		dropped := map[*sema.Symbol]bool{}
		for _, m := range dl.d.Members {
			dropped[m] = true
			if m != arr {
				scope.Remove(m)
			}
		}
		dl.u.Decls = x.dropMembers(dl.u.Decls, dropped, l, dl, arr)
		scope.MoveTo(arr, scope, dl.name)
		arr.Dims = []sema.Dim{{Kind: sema.ExplicitShape, Lo: sema.Bound{Value: 1, Const: true},
			Hi: sema.Bound{Expr: intLit(l.length), Value: l.length, Const: true}}}
		arr.CommonIndex = 0
		dl.d.Members = []*sema.Symbol{arr}
	}
}

// rewriteRefs replaces the references of dl's members in its unit by
// references of arr.
func (x *expander) rewriteRefs(dl *declLayout, arr *sema.Symbol) {
	// The references keep the members' positions: the analyses record
	// a read or a definition at its position.
	ref := func(at *ast.Ident) *ast.Ident {
		id := ast.NewIdent(dl.name)
		id.NamePos = at.NamePos
		x.info.Uses[id] = arr
		return id
	}
	post := func(c *ast.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			id, ok := n.Fun.(*ast.Ident)
			if !ok || !hasKey(dl.offset, x.info.Uses[id]) {
				return true
			}
			m := x.info.Uses[id]
			sub := x.memberRef(n, m, dl.offset[m])
			call := &ast.CallExpr{Fun: ref(id), Lparen: n.Lparen, Args: []ast.Expr{sub}}
			_, section := sub.(*ast.RangeExpr)
			x.info.Calls[call] = sema.Call{Kind: sema.ArrayElement, Proc: arr, Section: section, Type: m.Type, Rank: b2i(section)}
			c.Replace(call)
		case *ast.Ident:
			m := x.info.Uses[n]
			if !hasKey(dl.offset, m) {
				return true
			}
			if p, isCall := c.Parent().(*ast.CallExpr); isCall && p.Fun == ast.Expr(n) {
				return true // rewritten with its call
			}
			var sub ast.Expr = intLit(dl.offset[m] + 1)
			if len(m.Dims) == 1 {
				n1, _ := constSize(m)
				sub = &ast.RangeExpr{Lo: intLit(dl.offset[m] + 1), Hi: intLit(dl.offset[m] + n1)}
			}
			call := &ast.CallExpr{Fun: ref(n), Lparen: n.NamePos, Args: []ast.Expr{sub}}
			_, section := sub.(*ast.RangeExpr)
			x.info.Calls[call] = sema.Call{Kind: sema.ArrayElement, Proc: arr, Section: section, Type: m.Type, Rank: b2i(section)}
			c.Replace(call)
		}
		return true
	}
	for i, s := range dl.u.Body {
		dl.u.Body[i] = ast.Apply(s, nil, post).(ast.Stmt)
	}
	for i, d := range dl.u.Decls {
		if ds, ok := d.(*ast.DataStmt); ok {
			dl.u.Decls[i] = ast.Apply(ds, nil, post).(ast.Stmt)
		}
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// dropMembers returns decls without the declarations of the dropped
// members, the block's COMMON entries replaced by the array, declared
// before the first of them.
func (x *expander) dropMembers(decls []ast.Stmt, dropped map[*sema.Symbol]bool, l *blockLayout, dl *declLayout, arr *sema.Symbol) []ast.Stmt {
	var out []ast.Stmt
	placed := false
	keep := func(list []*ast.Entity) []*ast.Entity { return x.keepEntities(list, dropped) }
	for _, d := range decls {
		switch d := d.(type) {
		case *ast.TypeDecl:
			if d.Entities = keep(d.Entities); len(d.Entities) == 0 {
				continue
			}
		case *ast.AttrStmt:
			if d.Attr != nil && d.Attr.Kind == ast.AttrDimension {
				if d.Entities = keep(d.Entities); len(d.Entities) == 0 {
					continue
				}
			}
		case *ast.CommonStmt:
			var blocks []*ast.CommonBlock
			for _, b := range d.Blocks {
				if !sameBlock(b, l.c) {
					blocks = append(blocks, b)
					continue
				}
				if !placed {
					placed = true
					ent, decl := &ast.Entity{Name: ast.NewIdent(dl.name)}, &ast.Entity{Name: ast.NewIdent(dl.name), Dims: []*ast.Dim{{Hi: intLit(l.length)}}}
					x.info.Defs[ent.Name], x.info.Defs[decl.Name] = arr, arr
					out = append(out, &ast.TypeDecl{Type: typeSpec(l.typ), DColon: true, Entities: []*ast.Entity{decl}})
					b.Entities = []*ast.Entity{ent}
					blocks = append(blocks, b)
				}
			}
			if len(blocks) == 0 {
				continue
			}
			d.Blocks = blocks
		}
		out = append(out, d)
	}
	return out
}

func sameBlock(b *ast.CommonBlock, c *sema.Common) bool {
	if b.Name == nil {
		return c.Name == ""
	}
	return b.Name.Lower() == c.Name
}

// typeSpec returns the declared type of t, a numeric intrinsic type.
func typeSpec(t *sema.Type) *ast.TypeSpec {
	k := ast.Real
	switch {
	case t.IsInteger():
		k = ast.Integer
	case t.IsComplex():
		k = ast.Complex
	}
	return &ast.TypeSpec{Kind: k, KindSel: &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(t.Kind)}}
}
