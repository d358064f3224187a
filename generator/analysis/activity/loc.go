package activity

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Var is a tracked location: a variable, or one component path of a
// derived-type variable (see the package documentation for the
// granularity).
type Var struct {
	// Sym is the variable. For a common-block member it is the member
	// declared at the same place in the first unit that declares the
	// block (or the block's CommonSym itself when the layouts of the
	// block differ between units); for variables that share storage
	// (EQUIVALENCE, pointer association) it is one representative of
	// the set. Use ProcActivity.ActiveVar to ask about any symbol.
	Sym *sema.Symbol
	// Path is "" for the whole variable, else a chain of component
	// names in lower case, each preceded by "%": "%state%u".
	Path string
}

// String returns the location as Fortran would name it: x, p%a%b, or
// /blk/ for a whole common block.
func (v Var) String() string {
	if v.Sym == nil {
		return "?" + v.Path
	}
	if v.Sym.Kind == sema.CommonSym {
		return "/" + v.Sym.Name + "/" + v.Path
	}
	return v.Sym.Name + v.Path
}

// locKey identifies a location inside the analysis: a canonical symbol
// and a component path, or the temporary holding the result of a
// function reference (tmp).
type locKey struct {
	sym  *sema.Symbol
	path string
	tmp  ast.Node
}

func (k locKey) Var() Var { return Var{Sym: k.sym, Path: k.path} }

// leaf is one tracked location of a variable relative to the variable:
// a real or complex component reached by a chain of non-pointer
// components, or an opaque component (pointer, allocatable or too deep
// to expand) that stands for everything below it.
type leaf struct {
	path string
	ptr  bool // the leaf is, or lies below, a POINTER component
}

// The leaves of a variable tracked as a whole.
var (
	wholeLeaf    = []leaf{{}}
	wholePtrLeaf = []leaf{{ptr: true}}
)

const (
	maxLeafDepth = 6
	maxLeaves    = 64
)

// canon returns the symbol that stands for sym's storage.
func (a *analyzer) canon(sym *sema.Symbol) *sema.Symbol {
	if c, ok := a.canonMap[sym]; ok {
		return c
	}
	return sym
}

// buildAliases computes the canonical symbols: common-block members
// across units, and sets of variables that share storage through
// EQUIVALENCE or pointer association, which become one location with
// whole-variable granularity.
func (a *analyzer) buildAliases() {
	info := a.info
	// Common blocks: one symbol per member position when every unit
	// declares the same layout, else the whole block is one location.
	for _, c := range info.Commons {
		if len(c.Decls) == 0 {
			continue
		}
		first := c.Decls[0].Members
		same := true
		for _, d := range c.Decls[1:] {
			if len(d.Members) != len(first) {
				same = false
				break
			}
			for i, m := range d.Members {
				if !sameLayout(m, first[i]) {
					same = false
					break
				}
			}
		}
		for _, d := range c.Decls {
			for i, m := range d.Members {
				if same {
					if m != first[i] {
						a.canonMap[m] = first[i]
					}
				} else {
					a.canonMap[m] = c.Symbol
					a.whole[c.Symbol] = true
					if hasFloat(a, m.Type) {
						a.floatClass[c.Symbol] = true
					}
					a.members[c.Symbol] = append(a.members[c.Symbol], m)
				}
			}
		}
	}
	// Storage association: EQUIVALENCE sets and pointer assignments.
	uf := map[*sema.Symbol]*sema.Symbol{}
	var find func(s *sema.Symbol) *sema.Symbol
	find = func(s *sema.Symbol) *sema.Symbol {
		p, ok := uf[s]
		if !ok || p == s {
			return s
		}
		r := find(p)
		uf[s] = r
		return r
	}
	union := func(x, y *sema.Symbol) {
		x, y = find(x), find(y)
		if x == y {
			return
		}
		if better(y, x) {
			x, y = y, x
		}
		uf[x] = x
		uf[y] = x
	}
	decl := func(x ast.Expr) *sema.Symbol {
		for {
			switch e := x.(type) {
			case *ast.Ident:
				s := info.ObjectOf(e)
				if s == nil || s.Kind != sema.VarSym {
					return nil
				}
				return s
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
	base := func(x ast.Expr) *sema.Symbol {
		if s := decl(x); s != nil {
			return a.canon(s)
		}
		return nil
	}
	var eqStmts []*ast.EquivalenceStmt
	var units []*ast.Unit
	for _, f := range a.files {
		units = append(units, f.Units...)
	}
	for len(units) > 0 {
		u := units[0]
		units = units[1:]
		units = append(units, u.Procs...)
		for _, s := range u.Decls {
			switch s := s.(type) {
			case *ast.EquivalenceStmt:
				eqStmts = append(eqStmts, s)
			case *ast.TypeDecl:
				for _, e := range s.Entities {
					if e.Pointer && e.Init != nil {
						if x, y := base(e.Name), base(e.Init); x != nil && y != nil {
							union(x, y)
						}
					}
				}
			}
		}
		walkStmts(u.Body, func(s ast.Stmt) {
			if pa, ok := s.(*ast.PointerAssignStmt); ok {
				if x, y := base(pa.Lhs), base(pa.Rhs); x != nil && y != nil {
					union(x, y)
				}
			}
		})
	}
	for _, s := range eqStmts {
		for _, set := range s.Sets {
			var first *sema.Symbol
			for _, item := range set {
				d := decl(item)
				if d == nil {
					continue
				}
				if _, ok := a.eqPos[d]; !ok {
					a.eqPos[d] = s.Pos()
				}
				b := a.canon(d)
				if first == nil {
					first = b
					uf[b] = find(b)
					continue
				}
				union(first, b)
			}
		}
	}
	// Record the classes: a class of two or more variables is one
	// location with whole-variable granularity.
	keys := make([]*sema.Symbol, 0, len(uf))
	for s := range uf {
		keys = append(keys, s)
	}
	sort.Slice(keys, func(i, j int) bool { return symLess(keys[i], keys[j]) })
	groups := map[*sema.Symbol][]*sema.Symbol{}
	var reps []*sema.Symbol
	for _, s := range keys {
		r := find(s)
		if groups[r] == nil {
			reps = append(reps, r)
		}
		groups[r] = append(groups[r], s)
	}
	// the declared symbols each canonical symbol stands for
	declared := map[*sema.Symbol][]*sema.Symbol{}
	for m, c := range a.canonMap {
		declared[c] = append(declared[c], m)
	}
	for _, r := range reps {
		g := groups[r]
		if len(g) < 2 {
			continue
		}
		var mem []*sema.Symbol
		for _, s := range g {
			if s.Kind == sema.CommonSym {
				mem = append(mem, a.members[s]...)
			} else {
				mem = append(mem, s)
				mem = append(mem, declared[s]...)
			}
		}
		sort.Slice(mem, func(i, j int) bool { return symLess(mem[i], mem[j]) })
		a.members[r] = mem
		a.whole[r] = true
		for _, m := range mem {
			if hasFloat(a, m.Type) {
				a.floatClass[r] = true
			}
		}
		for _, s := range g {
			if s == r {
				continue
			}
			a.canonMap[s] = r
			for _, m := range declared[s] {
				a.canonMap[m] = r
			}
		}
	}
}

// better reports whether x is a better representative of a storage class
// than y: globals first (so that a class holding a global is global),
// then by position.
func better(x, y *sema.Symbol) bool {
	gx, gy := isGlobalSym(x), isGlobalSym(y)
	if gx != gy {
		return gx
	}
	return symLess(x, y)
}

func symLess(x, y *sema.Symbol) bool {
	if x.Pos != y.Pos {
		return x.Pos < y.Pos
	}
	return x.Name < y.Name
}

func isGlobalSym(s *sema.Symbol) bool {
	if s.Kind == sema.CommonSym || s.Attrs&sema.AttrInCommon != 0 {
		return true
	}
	return s.Owner != nil && s.Owner.Kind == sema.ModuleScope
}

func sameLayout(x, y *sema.Symbol) bool {
	if x.Type == nil || y.Type == nil || !sema.Identical(x.Type, y.Type) || len(x.Dims) != len(y.Dims) {
		return false
	}
	for i := range x.Dims {
		ex, okx := x.Dims[i].Extent()
		ey, oky := y.Dims[i].Extent()
		if okx != oky || ex != ey {
			return false
		}
	}
	return true
}

// hasFloat reports whether a value of type t holds real or complex data.
func hasFloat(a *analyzer, t *sema.Type) bool {
	if t == nil {
		return false
	}
	if t.IsFloat() {
		return true
	}
	if t.IsDerived() {
		if t.Derived == nil {
			return true // CLASS(*): anything
		}
		return a.typeHasFloat(t.Derived, 0) || t.Class && a.extensionHasFloat(t.Derived) // select_type.go
	}
	return false
}

func (a *analyzer) typeHasFloat(ts *sema.Symbol, depth int) bool {
	if v, ok := a.typeFloat[ts]; ok {
		return v
	}
	if depth > 20 {
		return true
	}
	a.typeFloat[ts] = false // cut recursion through pointer components
	res := false
	for _, c := range ts.Components {
		if hasFloatDepth(a, c.Type, depth+1) {
			res = true
			break
		}
	}
	a.typeFloat[ts] = res
	return res
}

func hasFloatDepth(a *analyzer, t *sema.Type, depth int) bool {
	if t == nil {
		return false
	}
	if t.IsFloat() {
		return true
	}
	if t.IsDerived() {
		if t.Derived == nil {
			return true
		}
		return a.typeHasFloat(t.Derived, depth) || t.Class && a.extensionHasFloat(t.Derived)
	}
	return false
}

// leaves returns the tracked locations of a canonical symbol, relative to
// it; nil if it can never be active.
func (a *analyzer) leaves(s *sema.Symbol) []leaf {
	if l, ok := a.leafCache[s]; ok {
		return l
	}
	var l []leaf
	switch {
	case a.whole[s]:
		if a.floatClass[s] {
			l = []leaf{{ptr: a.classHasPointer(s)}}
		}
	case s.Kind != sema.VarSym:
	case s.Type == nil:
	case s.Type.IsFloat():
		l = wholeLeaf
		if s.Attrs&sema.AttrPointer != 0 {
			l = wholePtrLeaf
		}
	case s.Type.IsDerived():
		if s.Type.Class || s.Type.Derived == nil {
			if hasFloat(a, s.Type) {
				l = []leaf{{ptr: s.Attrs&sema.AttrPointer != 0}}
			}
			break
		}
		tl := a.typeLeaves(s.Type.Derived)
		if len(tl) == 0 {
			break
		}
		l = tl
		if s.Attrs&sema.AttrPointer != 0 {
			l = make([]leaf, len(tl))
			for i, x := range tl {
				l[i] = leaf{path: x.path, ptr: true}
			}
		}
	}
	a.leafCache[s] = l
	return l
}

func (a *analyzer) classHasPointer(s *sema.Symbol) bool {
	for _, m := range a.members[s] {
		if m.Attrs&sema.AttrPointer != 0 {
			return true
		}
	}
	return s.Attrs&sema.AttrPointer != 0
}

// typeLeaves expands a derived type into its real and complex component
// paths. A type with more than maxLeaves of them is one location.
func (a *analyzer) typeLeaves(ts *sema.Symbol) []leaf {
	if l, ok := a.typeLeafCache[ts]; ok {
		return l
	}
	var out []leaf
	tooMany := false
	var expand func(ts *sema.Symbol, prefix string, ptr bool, depth int)
	expand = func(ts *sema.Symbol, prefix string, ptr bool, depth int) {
		for _, c := range ts.Components {
			if tooMany {
				return
			}
			t := c.Type
			if t == nil || c.Kind != sema.ComponentSym {
				continue
			}
			p := prefix + "%" + c.Name
			cptr := ptr || c.Attrs&sema.AttrPointer != 0
			switch {
			case t.IsFloat():
				out = append(out, leaf{path: p, ptr: cptr})
			case t.IsDerived():
				if !hasFloat(a, t) {
					continue
				}
				if t.Class || t.Derived == nil || c.Attrs&(sema.AttrPointer|sema.AttrAllocatable) != 0 || depth >= maxLeafDepth {
					out = append(out, leaf{path: p, ptr: cptr})
					continue
				}
				expand(t.Derived, p, cptr, depth+1)
			}
			if len(out) > maxLeaves {
				tooMany = true
			}
		}
	}
	expand(ts, "", false, 0)
	if tooMany {
		out = []leaf{{}}
	}
	a.typeLeafCache[ts] = out
	return out
}

// covers reports how the leaf at path lp relates to a reference to path
// rp of the same variable: inside (the reference covers the whole leaf),
// partial (the leaf is bigger than the reference: writing the reference
// changes only part of the leaf), or unrelated.
func covers(lp, rp string) (inside, partial bool) {
	switch {
	case lp == rp:
		return true, false
	case rp == "":
		return true, false
	case strings.HasPrefix(lp, rp) && lp[len(rp)] == '%':
		return true, false
	case lp == "":
		return false, true
	case strings.HasPrefix(rp, lp) && rp[len(lp)] == '%':
		return false, true
	}
	return false, false
}

// ownerUnit returns the scope of the program unit that declares s
// (skipping BLOCK, ASSOCIATE and statement-function scopes).
func ownerUnit(s *sema.Symbol) *sema.Scope {
	sc := s.Owner
	for sc != nil && (sc.Kind == sema.BlockScope || sc.Kind == sema.AssociateScope || sc.Kind == sema.StmtFuncScope) {
		sc = sc.Parent
	}
	return sc
}

// isGlobalFor reports whether a location outlives a call of the
// procedure whose scope is sc: module and common-block variables,
// variables of a host (for internal procedures) and saved locals.
func (a *analyzer) isGlobalFor(k locKey, sc *sema.Scope) bool {
	s := k.sym
	if s == nil {
		return false
	}
	if isGlobalSym(s) {
		return true
	}
	if s.Attrs&sema.AttrDummy != 0 || s.Attrs&sema.AttrResult != 0 {
		return ownerUnit(s) != sc
	}
	o := ownerUnit(s)
	if o != sc {
		return true
	}
	if o != nil && o.Kind == sema.ProgramScope {
		return false
	}
	return s.Attrs&(sema.AttrSave|sema.AttrData) != 0 || s.Init != nil || (o != nil && o.SaveAll())
}
