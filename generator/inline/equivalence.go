package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Equivalences replaces each EQUIVALENCE statement of a procedure whose
// objects are local variables of one numeric type with constant bounds
// (legacy work arrays: equivalence (w(1), v(1,1)), (a, w(3))) by one
// local array fadj_eq_<first name> holding their storage, as
// CommonLayouts does for a common block: each reference of a variable
// becomes the element, or the section of a rank-1 variable, it is
// storage associated with. The analyses and the differentiators then see
// one array where the original spelled several names for its elements.
// An EQUIVALENCE of dummies, common or module variables, SAVE or DATA
// variables (their initial values would need one DATA statement), of
// different types, or of a variable referenced as a whole array of rank
// 2 or more is kept: the activity analysis rejects it where active.
func Equivalences(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	x := &expander{info: prog.Info}
	var visit func(u *ast.Unit)
	visit = func(u *ast.Unit) {
		for _, p := range u.Procs {
			visit(p)
		}
		if u.Kind == ast.SubroutineUnit || u.Kind == ast.FunctionUnit {
			x.equivalences(u)
		}
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			visit(u)
		}
	}
}

// equivalences rewrites the EQUIVALENCE statements of u when all of them
// qualify (they may chain through one variable).
func (x *expander) equivalences(u *ast.Unit) {
	scope := x.info.ScopeOf(u)
	var stmts []*ast.EquivalenceStmt
	for _, d := range u.Decls {
		if e, ok := d.(*ast.EquivalenceStmt); ok {
			stmts = append(stmts, e)
		}
	}
	if scope == nil || len(stmts) == 0 || scope.SaveAll() {
		return
	}
	groups := x.eqGroups(stmts)
	if groups == nil {
		return
	}
	var layouts []*declLayout
	commons := make([]*sema.Symbol, len(groups))
	for i, g := range groups {
		dl := &declLayout{u: u, offset: g.offset, name: "fadj_eq_" + g.first.Name}
		var ok bool
		if dl, commons[i], ok = x.commonMember(dl, g); !ok { // equivalence_common.go
			return
		}
		if commons[i] == nil && scope.Lookup(dl.name) != nil || !x.rewritable(u, dl) {
			return
		}
		layouts = append(layouts, dl)
	}
	for i, dl := range layouts {
		if commons[i] != nil {
			x.applyCommonEquivalence(u, scope, dl, groups[i], commons[i])
			continue
		}
		x.applyEquivalence(u, scope, dl, groups[i])
	}
	var decls []ast.Stmt
	for _, d := range u.Decls {
		if _, ok := d.(*ast.EquivalenceStmt); !ok {
			decls = append(decls, d)
		}
	}
	u.Decls = decls
}

// eqGroup is one storage sequence: its variables, their offsets from its
// start, its length and type.
type eqGroup struct {
	first  *sema.Symbol
	offset map[*sema.Symbol]int64
	length int64
	typ    *sema.Type
}

// eqGroups returns the storage sequences the statements make, nil if an
// object does not qualify or the offsets contradict each other.
func (x *expander) eqGroups(stmts []*ast.EquivalenceStmt) []*eqGroup {
	type rel struct {
		to  *sema.Symbol
		off int64 // offset(sym) = offset(to) + off
	}
	parent := map[*sema.Symbol]rel{}
	var find func(s *sema.Symbol) (*sema.Symbol, int64)
	find = func(s *sema.Symbol) (*sema.Symbol, int64) {
		r, ok := parent[s]
		if !ok || r.to == s {
			return s, 0
		}
		root, off := find(r.to)
		parent[s] = rel{root, off + r.off}
		return root, off + r.off
	}
	var order []*sema.Symbol
	for _, st := range stmts {
		for _, set := range st.Sets {
			var base *sema.Symbol
			var baseOff int64
			for _, obj := range set {
				v, elem, ok := x.eqObject(obj)
				if !ok {
					return nil
				}
				if _, seen := parent[v]; !seen {
					parent[v] = rel{v, 0}
					order = append(order, v)
				}
				if base == nil {
					base, baseOff = v, elem
					continue
				}
				// offset(v) + elem = offset(base) + baseOff
				rv, ov := find(v)
				rb, ob := find(base)
				if rv == rb {
					if ov+elem != ob+baseOff {
						return nil
					}
					continue
				}
				parent[rv] = rel{rb, ob + baseOff - elem - ov}
			}
		}
	}
	byRoot := map[*sema.Symbol]*eqGroup{}
	var groups []*eqGroup
	for _, v := range order {
		root, off := find(v)
		g := byRoot[root]
		if g == nil {
			g = &eqGroup{first: v, offset: map[*sema.Symbol]int64{}, typ: v.Type}
			byRoot[root] = g
			groups = append(groups, g)
		}
		if !sema.Identical(g.typ, v.Type) {
			return nil
		}
		g.offset[v] = off
	}
	for _, g := range groups {
		min := int64(0)
		for _, off := range g.offset {
			if off < min {
				min = off
			}
		}
		for v, off := range g.offset {
			g.offset[v] = off - min
			n, _ := constSize(v)
			if off-min+n > g.length {
				g.length = off - min + n
			}
		}
	}
	return groups
}

// eqObject returns the variable of EQUIVALENCE object e and the offset
// of the element e names in it, ok false if it does not qualify.
func (x *expander) eqObject(e ast.Expr) (*sema.Symbol, int64, bool) {
	id, ok := e.(*ast.Ident)
	var subs []ast.Expr
	if c, isCall := e.(*ast.CallExpr); isCall {
		id, ok = c.Fun.(*ast.Ident)
		subs = c.Args
	}
	if !ok {
		return nil, 0, false
	}
	v := x.info.ObjectOf(id)
	// (A common-block member is checked with its group: equivalence_common.go.)
	const shared = sema.AttrSave | sema.AttrData | sema.AttrPointer | sema.AttrAllocatable | sema.AttrTarget | sema.AttrDummy
	if v == nil || v.Kind != sema.VarSym || v.Module() != nil || v.Attrs&shared != 0 || v.Type == nil ||
		!(v.Type.IsReal() || v.Type.IsInteger() || v.Type.IsComplex()) {
		return nil, 0, false
	}
	if _, ok := constSize(v); !ok || (len(subs) != 0 && len(subs) != len(v.Dims)) {
		return nil, 0, false
	}
	var off, stride int64 = 0, 1
	for k, s := range subs {
		c, ok := x.info.ConstValue(s) // NMAX + 1
		if !ok || c.Kind != sema.IntValue {
			return nil, 0, false
		}
		val := c.Int
		off += (val - v.Dims[k].Lo.Value) * stride
		n, _ := v.Dims[k].Extent()
		stride *= n
	}
	return v, off, true
}

// applyEquivalence declares group g's array in u and rewrites the
// references and declarations of its variables.
func (x *expander) applyEquivalence(u *ast.Unit, scope *sema.Scope, dl *declLayout, g *eqGroup) {
	arr := g.first
	x.rewriteRefs(dl, arr)
	dropped := map[*sema.Symbol]bool{}
	for v := range g.offset {
		dropped[v] = true
		if v != arr {
			scope.Remove(v)
		}
	}
	var decls []ast.Stmt
	for _, d := range u.Decls {
		switch d := d.(type) {
		case *ast.TypeDecl:
			if d.Entities = x.keepEntities(d.Entities, dropped); len(d.Entities) == 0 {
				continue
			}
		case *ast.AttrStmt:
			if d.Attr != nil && d.Attr.Kind == ast.AttrDimension {
				if d.Entities = x.keepEntities(d.Entities, dropped); len(d.Entities) == 0 {
					continue
				}
			}
		}
		decls = append(decls, d)
	}
	ent := &ast.Entity{Name: ast.NewIdent(dl.name), Dims: []*ast.Dim{{Hi: intLit(g.length)}}}
	x.info.Defs[ent.Name] = arr
	u.Decls = append(decls, &ast.TypeDecl{Type: typeSpec(g.typ), DColon: true, Entities: []*ast.Entity{ent}})
	scope.MoveTo(arr, scope, dl.name)
	arr.Dims = []sema.Dim{{Kind: sema.ExplicitShape, Lo: sema.Bound{Value: 1, Const: true},
		Hi: sema.Bound{Expr: intLit(g.length), Value: g.length, Const: true}}}
	arr.Attrs &^= sema.AttrEquivalence | sema.AttrDimension
}

func (x *expander) keepEntities(list []*ast.Entity, dropped map[*sema.Symbol]bool) []*ast.Entity {
	var k []*ast.Entity
	for _, e := range list {
		if !dropped[x.info.ObjectOf(e.Name)] {
			k = append(k, e)
		}
	}
	return k
}
