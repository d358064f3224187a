package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

func scopeKindOf(u *ast.Unit) ScopeKind {
	switch u.Kind {
	case ast.ProgramUnit:
		return ProgramScope
	case ast.ModuleUnit:
		return ModuleScope
	case ast.SubroutineUnit:
		return SubroutineScope
	case ast.FunctionUnit:
		return FunctionScope
	}
	return BlockDataScope
}

// declareUnit creates the scope of u, analyses its specification part
// and declares its contained procedures, recursively. host is the host
// scope of a module or internal procedure, nil otherwise.
func (c *checker) declareUnit(u *ast.Unit, sym *Symbol, host *Scope) *Scope {
	return c.declareUnitKind(u, sym, host, scopeKindOf(u), nil)
}

func (c *checker) declareUnitKind(u *ast.Unit, sym *Symbol, host *Scope, kind ScopeKind, importHost *Scope) *Scope {
	sc := newScope(kind, host, u)
	sc.Symbol = sym
	sc.importHost = importHost
	if importHost != nil {
		importHost.Children = append(importHost.Children, sc)
	}
	sym.Inner = sc
	if sym.Proc != nil {
		if kind != InterfaceScope {
			sym.Proc.Scope = sc
		} else if sym.Proc.Unit == nil {
			sym.Proc.Scope = sc
		}
	}
	c.info.Scopes[u] = sc
	if host != nil {
		sc.implicit = host.implicit
	} else {
		sc.implicit = defaultImplicit(c.defInt, c.defReal)
	}
	savedScope, savedProc, savedSpec := c.scope, c.proc, c.inSpec
	c.scope, c.inSpec = sc, true
	c.proc = nil
	if kind != ModuleScope && kind != InterfaceScope && kind != BlockDataScope {
		c.proc = sym
		c.info.CallGraph.node(sym)
	}

	c.declareArgs(sc, u, sym, kind == InterfaceScope)

	// Contained procedures are known in the whole unit.
	procs := make([]*Symbol, len(u.Procs))
	for i, p := range u.Procs {
		if p == nil || p.Name == nil {
			continue
		}
		name := c.name(p.Name)
		pk := ProcInternal
		if kind == ModuleScope {
			pk = ProcModule
		}
		form := FormSubroutine
		if p.Kind == ast.FunctionUnit {
			form = FormFunction
		}
		ps := &Symbol{Name: name, Kind: ProcSym, Pos: identPos(p.Name, p), ArgIndex: -1,
			Proc: &Proc{Kind: pk, Form: form, Unit: p, Host: sym}}
		ps.Attrs |= prefixAttrs(p)
		c.def(p.Name, ps)
		if prev := sc.names[name]; prev != nil {
			c.errorf(ps.Pos, "'%s' is already declared at %s", name, c.where(prev.Pos, ps.Pos))
			continue
		}
		c.addLocal(sc, ps)
		procs[i] = ps
	}

	c.specPart(sc, u.Decls)
	c.finishSpec(sc)

	for i, p := range u.Procs {
		if procs[i] != nil {
			c.declareUnit(p, procs[i], sc)
		}
	}
	c.resolveGenerics(sc)
	c.resolveBindings(sc)
	if kind == ModuleScope {
		c.computeExports(sc)
	}
	c.scope, c.proc, c.inSpec = savedScope, savedProc, savedSpec
	return sc
}

// addLocal declares sym in sc.
func (c *checker) addLocal(sc *Scope, sym *Symbol) {
	sym.Owner = sc
	sc.names[sym.Name] = sym
	sc.symbols = append(sc.symbols, sym)
}

// declareArgs declares the dummy arguments and the result variable.
func (c *checker) declareArgs(sc *Scope, u *ast.Unit, sym *Symbol, iface bool) {
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit {
		return
	}
	p := sym.Proc
	if p == nil {
		return
	}
	p.Args = make([]*Symbol, len(u.Args))
	for i, a := range u.Args {
		if a == nil || a.Name == "*" {
			continue
		}
		name := c.name(a)
		if prev := sc.names[name]; prev != nil {
			c.errorf(a.NamePos, "'%s' is already declared at %s", name, c.where(prev.Pos, a.NamePos))
			continue
		}
		d := c.newSymbol(Symbol{Name: name, Kind: VarSym, Pos: a.NamePos, Attrs: AttrDummy, ArgIndex: i})
		c.addLocal(sc, d)
		c.def(a, d)
		p.Args[i] = d
	}
	own := c.name(u.Name)
	if u.Kind == ast.FunctionUnit {
		rid := u.Result
		if rid == nil {
			rid = u.Name
		}
		rname := c.name(rid)
		if rname != "" {
			r := c.newSymbol(Symbol{Name: rname, Kind: VarSym, Pos: identPos(rid, u), Attrs: AttrResult, ArgIndex: -1})
			if prev := sc.names[rname]; prev != nil {
				c.errorf(r.Pos, "'%s' is already declared at %s", rname, c.where(prev.Pos, r.Pos))
			} else {
				c.addLocal(sc, r)
				if u.Result != nil {
					c.def(u.Result, r)
				}
				p.Result = r
			}
		}
	}
	// The procedure's own name (for recursive references) unless it is
	// the result variable.
	if own != "" && sc.names[own] == nil && !iface {
		sc.names[own] = sym
	}
}

// specPart analyses the statements of a specification part.
func (c *checker) specPart(sc *Scope, decls []ast.Stmt) {
	for _, s := range decls {
		switch s := s.(type) {
		case *ast.UseStmt:
			c.useStmt(sc, s)
		case *ast.ImplicitStmt:
			c.implicitStmt(sc, s)
		case *ast.TypeDecl:
			c.typeDecl(sc, s)
		case *ast.AttrStmt:
			c.attrStmt(sc, s)
		case *ast.ProcDecl:
			c.procDecl(sc, s)
		case *ast.ParameterStmt:
			c.parameterStmt(sc, s)
		case *ast.CommonStmt:
			c.commonStmt(sc, s)
		case *ast.InterfaceBlock:
			c.interfaceBlock(sc, s)
		case *ast.TypeDef:
			c.typeDef(sc, s)
		case *ast.NamelistStmt:
			c.namelistStmt(sc, s)
		case *ast.StmtFunction:
			c.declareStmtFunc(sc, s)
		case *ast.AssignStmt:
			// A statement function the parser could not tell from an
			// assignment: f(x, y) = expr with f not an array.
			if call, ok := s.Lhs.(*ast.CallExpr); ok {
				if id, ok := call.Fun.(*ast.Ident); ok && c.stmtFuncArgs(call.Args) {
					if sym := sc.names[c.name(id)]; sym == nil || (len(sym.Dims) == 0 && !sym.Type.IsCharacter()) {
						sf := &ast.StmtFunction{StmtHeader: s.StmtHeader, Name: id, Expr: s.Rhs}
						for _, a := range call.Args {
							sf.Args = append(sf.Args, a.(*ast.Ident))
						}
						c.stmtFuncAlias[s] = sf
						c.declareStmtFunc(sc, sf)
					}
				}
			}
		}
	}
}

func (c *checker) stmtFuncArgs(args []ast.Expr) bool {
	for _, a := range args {
		if _, ok := a.(*ast.Ident); !ok {
			return false
		}
	}
	return true
}

// finishSpec completes the specification part of sc: the function result
// type, implicit types, shapes of ":" dimensions, undefined derived types.
func (c *checker) finishSpec(sc *Scope) {
	u := sc.Unit
	var r *Symbol
	if sc.Symbol != nil && sc.Symbol.Proc != nil {
		r = sc.Symbol.Proc.Result
	}
	if r != nil && u.Type != nil {
		t := c.typeSpec(u.Type)
		if r.declared {
			c.errorf(posOf(u.Type), "'%s' is already declared at %s", r.Name, c.where(r.Pos, posOf(u.Type)))
		} else {
			r.Type = t
			r.declared = true
			if id, ok := kindName(u.Type); ok {
				r.KindName = id
			}
		}
	}
	// PUBLIC and PRIVATE statements may name entities not otherwise
	// declared.
	for _, id := range sc.accessIdents {
		name := genericKey(c.name(id))
		sym := c.lookupLocal(sc, name)
		if sym == nil {
			if strings.HasPrefix(name, "operator(") || strings.HasPrefix(name, "assignment(") {
				c.errorf(id.NamePos, "'%s' is not declared", name)
				continue
			}
			sym = &Symbol{Name: name, Kind: VarSym, Pos: id.NamePos, ArgIndex: -1}
			c.addLocal(sc, sym)
		}
		c.use(id, sym)
	}
	for _, s := range sc.symbols {
		switch s.Kind {
		case VarSym, ConstSym:
			if s.Type == nil {
				c.implicitType(sc, s, s.Pos)
			}
			if len(s.Dims) > 0 {
				c.fixShape(s)
			}
		case ProcSym:
			if s.Proc != nil && s.Proc.Kind == ProcStmtFunc && s.Type == nil {
				c.implicitType(sc, s, s.Pos)
			}
		case TypeSym:
			if s.forward {
				if !c.opaque(sc) {
					c.errorf(s.fwdPos, "derived type '%s' is not defined", s.Name)
				}
				s.forward = false
				s.undefined = true
			}
		}
		s.pending = false
	}
	if r != nil && sc.Symbol != nil {
		sc.Symbol.Type = r.Type
		sc.Symbol.Dims = r.Dims
	}
}

// fixShape decides whether ":" dimensions are assumed-shape (a dummy
// that is neither allocatable nor a pointer) or deferred-shape.
func (c *checker) fixShape(s *Symbol) {
	for i := range s.Dims {
		d := &s.Dims[i]
		if d.Kind != DeferredShape && d.Kind != AssumedShape {
			continue
		}
		if s.IsDummy() && s.Attrs&(AttrAllocatable|AttrPointer) == 0 {
			d.Kind = AssumedShape
		} else {
			d.Kind = DeferredShape
		}
	}
}

// implicitType gives s the implicit type of its first letter in sc, or
// reports that there is none.
func (c *checker) implicitType(sc *Scope, s *Symbol, pos source.Pos) {
	var t *Type
	if s.Name != "" {
		t = sc.ImplicitType(s.Name[0])
	}
	if t == nil {
		if !c.opaque(sc) {
			c.errorf(pos, "undeclared name '%s' (IMPLICIT NONE is in effect)", s.Name)
		}
		s.Type = Invalid
		return
	}
	s.Type = t
	s.Implicit = true
}

// opaque reports whether sc or a host uses a module known only by name.
func (c *checker) opaque(sc *Scope) bool {
	for ; sc != nil; sc = sc.Parent {
		if sc.opaqueUse {
			return true
		}
	}
	return false
}

// ----------------------------------------------------------------------------
// Name lookup

// lookup resolves name in sc and its hosts, entering names imported by
// USE statements without ONLY into the scope at their first reference.
//
// An interface body has no host association, but sees its host's named
// constants and derived types as if they were IMPORTed: the parser does
// not represent IMPORT statements.
func (c *checker) lookup(sc *Scope, name string) *Symbol {
	for s := sc; s != nil; s = s.Parent {
		if sym := c.lookupLocal(s, name); sym != nil {
			return sym
		}
		if s.importHost != nil {
			if sym := c.lookup(s.importHost, name); sym != nil && (sym.Kind == ConstSym || sym.Kind == TypeSym) {
				return sym
			}
		}
	}
	return nil
}

func (c *checker) lookupLocal(s *Scope, name string) *Symbol {
	if sym := s.names[name]; sym != nil {
		return sym
	}
	if len(s.wild) == 0 {
		return nil
	}
	var found *Symbol
	var from *wildUse
	for _, w := range s.wild {
		sym := w.mod.Inner.exports[name]
		if sym == nil || w.excludes(name) {
			continue
		}
		if found == nil {
			found, from = sym, w
			continue
		}
		if found == sym {
			continue
		}
		if found.Kind == GenericSym && sym.Kind == GenericSym {
			found = c.mergeGenerics(s, name, found, sym)
			continue
		}
		amb := &Symbol{Name: name, Kind: BadSym, ArgIndex: -1, Owner: s, Type: Invalid,
			ambiguous: "'" + name + "' is ambiguous: it is in modules '" + from.mod.Name + "' and '" + w.mod.Name + "'"}
		s.names[name] = amb
		return amb
	}
	if found == nil {
		return nil
	}
	s.names[name] = found
	c.recordImport(s, name, found, from.mod, from.stmt)
	return found
}

func (c *checker) recordImport(s *Scope, local string, sym, mod *Symbol, stmt *ast.UseStmt) {
	imp := &Import{Local: local, Symbol: sym, Module: mod, Stmt: stmt}
	s.Imports = append(s.Imports, imp)
	if s.imported == nil {
		s.imported = make(map[string]*Import)
	}
	s.imported[local] = imp
}

// mergeGenerics makes a generic of sc that has the specifics of a and b.
func (c *checker) mergeGenerics(sc *Scope, name string, a, b *Symbol) *Symbol {
	g := &Symbol{Name: name, Kind: GenericSym, Pos: a.Pos, ArgIndex: -1, Owner: sc,
		Proc: &Proc{Kind: ProcUnknown, Form: a.Proc.Form}}
	g.Proc.Specifics = append(append(g.Proc.Specifics, a.Proc.Specifics...), b.Proc.Specifics...)
	g.Proc.Intrinsic = a.Proc.Intrinsic
	g.ctorType = a.ctorType
	if g.ctorType == nil {
		g.ctorType = b.ctorType
	}
	return g
}

// wildUse is a USE statement without ONLY: its module's public names are
// looked up when referenced.
type wildUse struct {
	mod     *Symbol
	stmt    *ast.UseStmt
	renamed []string // module names that are renamed (and so not visible as such)
}

func (w *wildUse) excludes(name string) bool {
	for _, r := range w.renamed {
		if r == name {
			return true
		}
	}
	return false
}

// globalProc returns the external procedure named name defined in the
// analysed files, or nil.
func (c *checker) globalProc(name string) *Symbol {
	if g := c.info.Global.names[name]; g != nil && g.Kind == ProcSym {
		return g
	}
	return nil
}

// genericKey normalises a generic spec written as a name: operator(.eq.)
// and OPERATOR( == ) both become operator(==).
func genericKey(name string) string {
	if !strings.HasPrefix(name, "operator") && !strings.HasPrefix(name, "assignment") {
		return name
	}
	i := strings.IndexByte(name, '(')
	j := strings.LastIndexByte(name, ')')
	if i < 0 || j < i {
		return name
	}
	kw := strings.TrimSpace(name[:i])
	op := strings.ToLower(strings.TrimSpace(name[i+1 : j]))
	if kw == "assignment" {
		return "assignment(=)"
	}
	return "operator(" + canonOp(op) + ")"
}

func canonOp(op string) string {
	switch op {
	case ".eq.":
		return "=="
	case ".ne.":
		return "/="
	case ".lt.":
		return "<"
	case ".le.":
		return "<="
	case ".gt.":
		return ">"
	case ".ge.":
		return ">="
	}
	return op
}

// ----------------------------------------------------------------------------
// USE

func (c *checker) useStmt(sc *Scope, u *ast.UseStmt) {
	if u.Module == nil {
		return
	}
	name := c.name(u.Module)
	var msym *Symbol
	if m := c.modules[name]; m != nil && u.Nature != "intrinsic" {
		if m.state != 2 {
			sc.opaqueUse = true // a USE cycle, reported already
			return
		}
		msym = m.sym
	} else if im := c.intrinsicModule(name); im != nil && u.Nature != "non_intrinsic" {
		msym = im
	} else if c.externals[name] {
		sc.opaqueUse = true
		return
	} else {
		c.errorf(u.Module.NamePos, "module '%s' not found", name)
		sc.opaqueUse = true
		return
	}
	c.use(u.Module, msym)
	var w *wildUse
	if !u.Only {
		w = &wildUse{mod: msym, stmt: u}
	}
	for _, it := range u.Items {
		if it == nil || it.Name == nil {
			continue
		}
		n := genericKey(c.name(it.Name))
		if w != nil {
			w.renamed = append(w.renamed, n)
		}
		sym := msym.Inner.exports[n]
		if sym == nil {
			if msym.Inner.names[n] != nil {
				c.errorf(it.Name.NamePos, "'%s' is private in module '%s'", n, msym.Name)
			} else {
				c.errorf(it.Name.NamePos, "'%s' is not in module '%s'", n, msym.Name)
			}
			continue
		}
		local := n
		if it.Local != nil {
			local = genericKey(c.name(it.Local))
			c.def(it.Local, sym)
		}
		c.use(it.Name, sym)
		c.addImport(sc, local, sym, msym, u, identPos(it.Name, u))
	}
	if w != nil {
		sc.wild = append(sc.wild, w)
	}
}

// addImport enters a use-associated name.
func (c *checker) addImport(sc *Scope, local string, sym, mod *Symbol, u *ast.UseStmt, pos source.Pos) {
	if prev := sc.names[local]; prev != nil {
		if prev == sym {
			return
		}
		if imp := sc.imported[local]; imp != nil {
			if prev.Kind == GenericSym && sym.Kind == GenericSym {
				sc.names[local] = c.mergeGenerics(sc, local, prev, sym)
				return
			}
			sc.names[local] = &Symbol{Name: local, Kind: BadSym, ArgIndex: -1, Owner: sc, Type: Invalid,
				ambiguous: "'" + local + "' is ambiguous: it is in modules '" + imp.Module.Name + "' and '" + mod.Name + "'"}
			return
		}
		c.errorf(pos, "'%s' from module '%s' conflicts with the local entity declared at %s", local, mod.Name, c.where(prev.Pos, pos))
		return
	}
	sc.names[local] = sym
	c.recordImport(sc, local, sym, mod, u)
}

// computeExports computes the public names of a module.
func (c *checker) computeExports(sc *Scope) {
	sc.exports = make(map[string]*Symbol, len(sc.symbols))
	public := func(name string) bool {
		switch sc.access[name] {
		case AttrPublic:
			return true
		case AttrPrivate:
			return false
		}
		return !sc.defaultPrivate
	}
	add := func(name string, s *Symbol) {
		if _, dup := sc.exports[name]; dup {
			return
		}
		sc.exports[name] = s
		sc.exportList = append(sc.exportList, s)
		sc.exportNames = append(sc.exportNames, name)
	}
	for _, s := range sc.symbols {
		if s.Kind == BadSym || sc.names[s.Name] != s {
			continue // shadowed by a generic of the same name
		}
		if public(s.Name) {
			s.Attrs = s.Attrs&^AttrPrivate | AttrPublic
			add(s.Name, s)
		} else {
			s.Attrs = s.Attrs&^AttrPublic | AttrPrivate
		}
		if t := s.ctorType; t != nil && t.Owner == sc {
			t.Attrs = t.Attrs&^(AttrPublic|AttrPrivate) | s.Attrs&(AttrPublic|AttrPrivate) // (oop_ctor.go)
		}
	}
	for _, imp := range sc.Imports {
		if sc.names[imp.Local] == imp.Symbol && public(imp.Local) {
			add(imp.Local, imp.Symbol)
		}
	}
	for _, w := range sc.wild {
		msc := w.mod.Inner
		for i, s := range msc.exportList {
			n := msc.exportNames[i]
			if w.excludes(n) || !public(n) {
				continue
			}
			if local := sc.names[n]; local != nil && local != s {
				continue // shadowed by a local entity or another import
			}
			add(n, s)
		}
	}
}

// ----------------------------------------------------------------------------
// IMPLICIT

func (c *checker) implicitStmt(sc *Scope, s *ast.ImplicitStmt) {
	if s.None {
		sc.implicit.none = true
		for i := range sc.implicit.types {
			sc.implicit.types[i] = nil
		}
		return
	}
	for _, r := range s.Rules {
		if r == nil {
			continue
		}
		t := c.typeSpec(r.Type)
		for _, lr := range r.Ranges {
			from, to := lower1(lr.From), lower1(lr.To)
			if to == 0 {
				to = from
			}
			if from < 'a' || from > 'z' || to < from || to > 'z' {
				continue
			}
			for ch := from; ch <= to; ch++ {
				sc.implicit.types[ch-'a'] = t
			}
		}
	}
}

func lower1(b byte) byte {
	if b >= 'A' && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// ----------------------------------------------------------------------------
// Types

// typeSpec resolves a declaration type.
func (c *checker) typeSpec(ts *ast.TypeSpec) *Type {
	if ts == nil {
		return Invalid
	}
	var b Basic
	var def *Type
	switch ts.Kind {
	case ast.Integer:
		b, def = IntegerType, c.defInt
	case ast.Real:
		b, def = RealType, c.defReal
	case ast.DoublePrecision:
		return c.defDouble
	case ast.Complex:
		b, def = ComplexType, c.defComplex
	case ast.DoubleComplex:
		return Complex8
	case ast.Logical:
		b, def = LogicalType, c.defLogical
	case ast.Character:
		return c.charTypeSpec(ts, nil)
	case ast.Derived, ast.Class:
		return c.derivedTypeSpec(ts)
	default:
		return Invalid
	}
	if ts.KindSel != nil {
		k, ok := c.kindValue(ts.KindSel)
		if !ok {
			return def
		}
		if t := BasicType(b, k); t != nil {
			return t
		}
		c.errorf(posOf(ts.KindSel), "kind %d is not supported for %s", k, b)
		return def
	}
	if ts.Star != nil {
		c.expr(ts.Star)
		v, ok := c.info.constValue(ts.Star, c)
		if !ok || v.Kind != IntValue {
			c.errorf(posOf(ts.Star), "kind parameter is not a constant")
			return def
		}
		k := int(v.Int)
		if b == ComplexType {
			if k%2 != 0 {
				c.errorf(posOf(ts.Star), "complex*%d is not supported", k)
				return def
			}
			k /= 2
		}
		if t := BasicType(b, k); t != nil {
			return t
		}
		c.errorf(posOf(ts.Star), "kind %d is not supported for %s", k, b)
		return def
	}
	return def
}

// kindValue evaluates a kind selector.
func (c *checker) kindValue(x ast.Expr) (int, bool) {
	if kw, ok := x.(*ast.KeywordArg); ok {
		x = kw.Value
	}
	t, _ := c.expr(x)
	v, ok := c.info.constValue(x, c)
	if ok && v.Kind == IntValue {
		return int(v.Int), true
	}
	if t == Invalid {
		return 0, false // reported already
	}
	if id, isID := x.(*ast.Ident); isID {
		c.errorf(posOf(x), "kind parameter '%s' is not a constant", c.name(id))
	} else {
		c.errorf(posOf(x), "kind parameter is not a constant")
	}
	return 0, false
}

// charTypeSpec resolves a character type; entityLen is the length
// written after an entity name (c*10), if any.
func (c *checker) charTypeSpec(ts *ast.TypeSpec, entityLen ast.Expr) *Type {
	kind := 1
	if ts.KindSel != nil {
		if k, ok := c.kindValue(ts.KindSel); ok {
			if k != 1 && k != 4 {
				c.errorf(posOf(ts.KindSel), "kind %d is not supported for character", k)
			} else {
				kind = k
			}
		}
	}
	l := ts.Len
	if l == nil {
		l = ts.Star
	}
	if entityLen != nil {
		l = entityLen
	}
	return c.charType(l, kind)
}

var (
	charAssumed  = &Type{Basic: CharacterType, Kind: 1, Len: LenAssumed}
	charDeferred = &Type{Basic: CharacterType, Kind: 1, Len: LenDeferred}
)

// charType returns the character type of the given length expression.
func (c *checker) charType(l ast.Expr, kind int) *Type {
	if p, ok := l.(*ast.ParenExpr); ok {
		if _, star := p.X.(*ast.StarExpr); star {
			l = p.X
		}
	}
	if kw, ok := l.(*ast.KeywordArg); ok {
		l = kw.Value
	}
	var t *Type
	switch l.(type) {
	case nil:
		t = c.charLen(1)
	case *ast.StarExpr:
		t = charAssumed
	case *ast.ColonLen:
		t = charDeferred
	default:
		c.expr(l)
		if v, ok := c.info.constValue(l, c); ok && v.Kind == IntValue {
			n := int(v.Int)
			if n < 0 {
				n = 0
			}
			t = c.charLen(n)
		} else {
			t = &Type{Basic: CharacterType, Kind: 1, Len: LenUnknown, LenExpr: l}
		}
	}
	if kind != 1 {
		cp := *t
		cp.Kind = kind
		t = &cp
	}
	return t
}

// charLen returns the canonical default character type of length n.
func (c *checker) charLen(n int) *Type {
	if n == 1 {
		return Char1
	}
	t := c.charTypes[n]
	if t == nil {
		t = &Type{Basic: CharacterType, Kind: 1, Len: n}
		c.charTypes[n] = t
	}
	return t
}

// derivedTypeSpec resolves TYPE(name) or CLASS(name).
func (c *checker) derivedTypeSpec(ts *ast.TypeSpec) *Type {
	if ts.Name == nil || ts.Kind == ast.Class && ts.Name.Name == "*" {
		// CLASS(*): unlimited polymorphic, of no declared type.
		if ts.Kind == ast.Class {
			return &Type{Basic: DerivedType, Class: true}
		}
		return Invalid
	}
	name := c.name(ts.Name)
	sym := c.lookup(c.scope, name)
	if sym == nil {
		// interface bodies see the host's types as if IMPORTed
		for s := c.scope; s != nil && sym == nil; s = s.Parent {
			for h := s.importHost; h != nil && sym == nil; h = h.Parent {
				if hs := c.lookup(h, name); hs != nil && hs.Kind == TypeSym {
					sym = hs
				}
			}
		}
	}
	if sym == nil {
		if intr := c.intrinsicTypeName(name); intr != nil {
			return intr
		}
		sc := c.scope
		if sc.Kind == StmtFuncScope {
			sc = sc.Parent
		}
		sym = &Symbol{Name: name, Kind: TypeSym, Pos: ts.Name.NamePos, ArgIndex: -1, forward: true, fwdPos: ts.Name.NamePos}
		sym.Type = &Type{Basic: DerivedType, Derived: sym}
		c.addLocal(sc, sym)
	}
	sym = typeOf(sym) // oop_ctor.go
	c.use(ts.Name, sym)
	if sym.Kind != TypeSym {
		c.errorf(ts.Name.NamePos, "'%s' is not a derived type", name)
		return Invalid
	}
	if ts.Kind == ast.Class {
		return &Type{Basic: DerivedType, Derived: sym, Class: true}
	}
	return sym.Type
}

// intrinsicTypeName handles TYPE(REAL(8)) style declarations the parser
// may give as a derived type name; nil if name is not an intrinsic type.
func (c *checker) intrinsicTypeName(name string) *Type {
	switch name {
	case "integer":
		return c.defInt
	case "real":
		return c.defReal
	case "doubleprecision":
		return c.defDouble
	case "complex":
		return c.defComplex
	case "logical":
		return c.defLogical
	}
	return nil
}

// ----------------------------------------------------------------------------
// Declarations

// declEntity returns the local symbol that a declaration of id names,
// creating it if needed, or nil if it cannot be declared here.
func (c *checker) declEntity(sc *Scope, id *ast.Ident) *Symbol {
	if id == nil {
		return nil
	}
	name := c.name(id)
	if name == "" {
		return nil
	}
	if sym := sc.names[name]; sym != nil {
		if imp := sc.imported[name]; imp != nil && imp.Symbol == sym {
			c.errorf(id.NamePos, "'%s' is use-associated from module '%s'", name, imp.Module.Name)
			return nil
		}
		if sym.Kind == BadSym {
			return nil
		}
		if sym.Owner != sc || (sym.Kind == ProcSym && sym.Proc != nil && sym.Proc.Unit != nil) {
			// the unit's own name, or a contained procedure
			if sym.Proc != nil && sym.Proc.Unit == sc.Unit && sym.Proc.Form == FormFunction && sym.Proc.Result == nil {
				c.def(id, sym)
				return sym
			}
			c.errorf(id.NamePos, "'%s' is already declared at %s", name, c.where(sym.Pos, id.NamePos))
			return nil
		}
		if sym.pending {
			sym.pending = false
			sym.Pos = id.NamePos
		}
		c.def(id, sym)
		return sym
	}
	for _, w := range sc.wild {
		if w.mod.Inner.exports[name] != nil && !w.excludes(name) {
			c.errorf(id.NamePos, "'%s' is use-associated from module '%s'", name, w.mod.Name)
			return nil
		}
	}
	sym := c.newSymbol(Symbol{Name: name, Kind: VarSym, Pos: id.NamePos, ArgIndex: -1})
	c.addLocal(sc, sym)
	c.def(id, sym)
	return sym
}

// setType gives sym its declared type.
func (c *checker) setType(sym *Symbol, t *Type, id *ast.Ident) {
	if sym.declared {
		prev := sym.typePos
		if !prev.IsValid() {
			prev = sym.Pos
		}
		c.errorf(id.NamePos, "'%s' is already declared at %s", sym.Name, c.where(prev, id.NamePos))
		return
	}
	sym.typePos = id.NamePos
	switch sym.Kind {
	case VarSym, ConstSym, ProcSym:
	default:
		c.errorf(id.NamePos, "'%s' is already declared at %s", sym.Name, c.where(sym.Pos, id.NamePos))
		return
	}
	sym.declared = true
	sym.Implicit = false
	if sym.Kind == ConstSym && sym.Value != nil && t.valid() {
		if v, ok := sym.Value.convert(t.Basic); ok {
			sym.Value = &v
		}
	}
	sym.Type = t
}

type declAttrs struct {
	attrs  Attrs
	intent ast.Intent
	dims   []*ast.Dim
	hasDim bool
}

func (c *checker) collectAttrs(list []*ast.Attr) declAttrs {
	var d declAttrs
	for _, a := range list {
		if a == nil {
			continue
		}
		switch a.Kind {
		case ast.AttrDimension:
			d.dims, d.hasDim = a.Dims, true
		case ast.AttrIntent:
			d.intent = a.Intent
		default:
			d.attrs |= attrOf(a.Kind)
		}
	}
	return d
}

func attrOf(k ast.AttrKind) Attrs {
	switch k {
	case ast.AttrParameter:
		return AttrParameter
	case ast.AttrAllocatable:
		return AttrAllocatable
	case ast.AttrPointer:
		return AttrPointer
	case ast.AttrTarget:
		return AttrTarget
	case ast.AttrSave:
		return AttrSave
	case ast.AttrOptional:
		return AttrOptional
	case ast.AttrExternal:
		return AttrExternal
	case ast.AttrIntrinsic:
		return AttrIntrinsic
	case ast.AttrPublic:
		return AttrPublic
	case ast.AttrPrivate:
		return AttrPrivate
	case ast.AttrValue:
		return AttrValue
	case ast.AttrVolatile:
		return AttrVolatile
	case ast.AttrProtected:
		return AttrProtected
	case ast.AttrContiguous:
		return AttrContiguous
	case ast.AttrAsynchronous:
		return AttrAsynchronous
	case ast.AttrBind:
		return AttrBind
	}
	return 0
}

// applyAttrs adds attributes to sym, checking those that only dummy
// arguments may have.
func (c *checker) applyAttrs(sc *Scope, sym *Symbol, d declAttrs, id *ast.Ident) {
	a := d.attrs
	if d.intent != ast.IntentNone {
		if !sym.IsDummy() {
			c.errorf(id.NamePos, "INTENT attribute on '%s', which is not a dummy argument", sym.Name)
		} else {
			sym.Intent = d.intent
		}
	}
	if a&AttrOptional != 0 && !sym.IsDummy() {
		c.errorf(id.NamePos, "OPTIONAL attribute on '%s', which is not a dummy argument", sym.Name)
		a &^= AttrOptional
	}
	if a&AttrValue != 0 && !sym.IsDummy() {
		c.errorf(id.NamePos, "VALUE attribute on '%s', which is not a dummy argument", sym.Name)
		a &^= AttrValue
	}
	if a&(AttrPublic|AttrPrivate) != 0 {
		if sc.Kind != ModuleScope {
			c.errorf(id.NamePos, "PUBLIC or PRIVATE attribute on '%s' outside a module", sym.Name)
		} else {
			if sc.access == nil {
				sc.access = make(map[string]Attrs)
			}
			sc.access[sym.Name] = a & (AttrPublic | AttrPrivate)
		}
	}
	if a&AttrExternal != 0 {
		c.makeExternal(sym, id)
	}
	if a&AttrIntrinsic != 0 {
		c.makeIntrinsic(sym, id)
	}
	sym.Attrs |= a &^ (AttrExternal | AttrIntrinsic | AttrParameter)
}

// makeExternal turns sym into an external (or dummy) procedure.
func (c *checker) makeExternal(sym *Symbol, id *ast.Ident) {
	switch sym.Kind {
	case ProcSym:
		if sym.Proc != nil && sym.Proc.Kind == ProcIntrinsic {
			c.errorf(id.NamePos, "'%s' cannot be both EXTERNAL and INTRINSIC", sym.Name)
		}
		sym.Attrs |= AttrExternal
		return
	case VarSym:
		if len(sym.Dims) == 0 && sym.Attrs&(AttrInCommon|AttrData|AttrAllocatable|AttrResult) == 0 && sym.Init == nil {
			break
		}
		fallthrough
	default:
		c.errorf(id.NamePos, "'%s' cannot be EXTERNAL", sym.Name)
		return
	}
	sym.Kind = ProcSym
	sym.Attrs |= AttrExternal
	if sym.IsDummy() {
		sym.Proc = &Proc{Kind: ProcDummy}
	} else {
		sym.Proc = &Proc{Kind: ProcExternal, Global: c.globalProc(sym.Name)}
		if g := sym.Proc.Global; g != nil {
			sym.Proc.Form = g.Proc.Form
		}
	}
}

// makeIntrinsic turns sym into an intrinsic procedure.
func (c *checker) makeIntrinsic(sym *Symbol, id *ast.Ident) {
	in := intrinsics[sym.Name]
	if in == nil {
		c.errorf(id.NamePos, "'%s' is not an intrinsic procedure", sym.Name)
		return
	}
	if sym.Kind == ProcSym {
		if sym.Proc != nil && sym.Proc.Kind != ProcIntrinsic {
			c.errorf(id.NamePos, "'%s' cannot be both EXTERNAL and INTRINSIC", sym.Name)
		}
		return
	}
	if sym.Kind != VarSym || len(sym.Dims) > 0 {
		c.errorf(id.NamePos, "'%s' cannot be INTRINSIC", sym.Name)
		return
	}
	form := FormFunction
	if in.Sub {
		form = FormSubroutine
	}
	sym.Kind = ProcSym
	sym.Attrs |= AttrIntrinsic
	sym.Proc = &Proc{Kind: ProcIntrinsic, Form: form, Intrinsic: in}
}

// kindName returns the named constant ts's kind selector names, if any.
func kindName(ts *ast.TypeSpec) (*ast.Ident, bool) {
	if ts == nil {
		return nil, false
	}
	id, ok := ts.KindSel.(*ast.Ident)
	return id, ok
}

// typeDecl analyses a type declaration statement.
func (c *checker) typeDecl(sc *Scope, d *ast.TypeDecl) {
	t := c.typeSpec(d.Type)
	da := c.collectAttrs(d.Attrs)
	for _, e := range d.Entities {
		if e == nil || e.Name == nil {
			continue
		}
		sym := c.declEntity(sc, e.Name)
		if sym == nil {
			continue
		}
		et := t
		if e.CharLen != nil && t.IsCharacter() {
			et = c.charType(e.CharLen, t.Kind)
		}
		c.setType(sym, et, e.Name)
		if id, ok := kindName(d.Type); ok && sym.Type == et {
			sym.KindName = id
		}
		c.applyAttrs(sc, sym, da, e.Name)
		dims := e.Dims
		if dims == nil && da.hasDim {
			dims = da.dims
		}
		if dims != nil {
			c.setDims(sym, dims, e.Name)
		}
		if da.attrs&AttrParameter != 0 {
			c.setParameter(sym, e.Init, e.Name)
			continue
		}
		if e.Init != nil {
			c.initializer(sym, e.Init)
		}
	}
}

// initializer analyses the initial value of a variable.
func (c *checker) initializer(sym *Symbol, init ast.Expr) {
	if sym.Kind != VarSym {
		c.expr(init)
		return
	}
	if sym.IsDummy() || sym.Attrs&AttrResult != 0 {
		c.errorf(posOf(init), "'%s' cannot be initialised", sym.Name)
	}
	sym.Init = init
	sym.Attrs |= AttrData | AttrSave
	t, r := c.expr(init)
	c.assignCompat(sym.Type, t, len(sym.Dims), r, posOf(init), true)
}

// setParameter makes sym a named constant with the value init.
func (c *checker) setParameter(sym *Symbol, init ast.Expr, id *ast.Ident) {
	if sym.Kind == ConstSym {
		c.errorf(id.NamePos, "'%s' is already declared at %s", sym.Name, c.where(sym.Pos, id.NamePos))
		return
	}
	if sym.Kind != VarSym || sym.IsDummy() || sym.Attrs&(AttrInCommon|AttrResult) != 0 {
		c.errorf(id.NamePos, "'%s' cannot be a named constant", sym.Name)
		return
	}
	sym.Kind = ConstSym
	sym.Attrs |= AttrParameter
	if init == nil {
		c.errorf(id.NamePos, "named constant '%s' has no value", sym.Name)
		return
	}
	sym.Init = init
	if sym.Type == nil {
		c.implicitType(c.scope, sym, id.NamePos)
	}
	t, r := c.expr(init)
	if !c.assignCompat(sym.Type, t, len(sym.Dims), r, posOf(init), true) {
		return
	}
	if len(sym.Dims) > 0 || r != 0 {
		return
	}
	v, ok := c.info.constValue(init, c)
	if !ok || !sym.Type.valid() {
		return
	}
	if cv, ok := v.convert(sym.Type.Basic); ok {
		sym.Value = &cv
		if sym.Type.IsCharacter() && sym.Type.Len == LenAssumed {
			sym.Type = c.charLen(len(cv.Str))
		}
	}
}

// setDims gives sym its array specification.
func (c *checker) setDims(sym *Symbol, dims []*ast.Dim, id *ast.Ident) {
	if sym.Dims != nil {
		c.errorf(id.NamePos, "the shape of '%s' is already given at %s", sym.Name, c.where(sym.Pos, id.NamePos))
		return
	}
	switch sym.Kind {
	case VarSym, ConstSym:
	default:
		c.errorf(id.NamePos, "'%s' cannot have an array specification", sym.Name)
		return
	}
	sym.Dims = c.arraySpec(dims)
	sym.Attrs |= AttrDimension
}

// arraySpec resolves the dimensions of an array specification.
func (c *checker) arraySpec(dims []*ast.Dim) []Dim {
	out := make([]Dim, len(dims))
	for i, d := range dims {
		if d == nil {
			continue
		}
		dim := &out[i]
		if d.Lo != nil {
			dim.Lo = c.bound(d.Lo)
		} else {
			dim.Lo = Bound{Value: 1, Const: true}
		}
		switch hi := d.Hi.(type) {
		case *ast.StarExpr:
			dim.Kind = AssumedSize
		case nil:
			if d.Colon || d.Lo == nil {
				dim.Kind = DeferredShape
			}
		default:
			dim.Hi = c.bound(hi)
		}
	}
	return out
}

func (c *checker) bound(x ast.Expr) Bound {
	t, _ := c.expr(x)
	if t.valid() && !t.IsInteger() {
		c.errorf(posOf(x), "array bound must be integer, not %s", t)
	}
	b := Bound{Expr: x}
	if v, ok := c.info.constValue(x, c); ok && v.Kind == IntValue {
		b.Value, b.Const = v.Int, true
	}
	return b
}

// attrStmt analyses DIMENSION, INTENT, SAVE, EXTERNAL, ... statements.
func (c *checker) attrStmt(sc *Scope, s *ast.AttrStmt) {
	a := s.Attr
	if a == nil {
		return
	}
	switch a.Kind {
	case ast.AttrSave:
		if len(s.Entities) == 0 {
			sc.saveAll = true
			return
		}
	case ast.AttrPublic, ast.AttrPrivate:
		if sc.Kind != ModuleScope {
			c.errorf(posOf(s), "%s statement outside a module", strings.ToUpper(a.Kind.String()))
			return
		}
		if len(s.Entities) == 0 {
			sc.defaultPrivate = a.Kind == ast.AttrPrivate
			return
		}
		if sc.access == nil {
			sc.access = make(map[string]Attrs)
		}
		for _, e := range s.Entities {
			if e == nil || e.Name == nil {
				continue
			}
			sc.access[genericKey(c.name(e.Name))] = attrOf(a.Kind)
			sc.accessIdents = append(sc.accessIdents, e.Name)
		}
		return
	}
	da := declAttrs{}
	switch a.Kind {
	case ast.AttrDimension:
		da.hasDim, da.dims = true, a.Dims
	case ast.AttrIntent:
		da.intent = a.Intent
	default:
		da.attrs = attrOf(a.Kind)
	}
	for _, e := range s.Entities {
		if e == nil || e.Name == nil {
			continue
		}
		if strings.HasPrefix(e.Name.Name, "/") { // SAVE /blk/
			name := strings.Trim(c.name(e.Name), "/ ")
			if cm := c.commonsMap[name]; cm != nil {
				c.use(e.Name, cm.Symbol)
			}
			continue
		}
		sym := c.declEntity(sc, e.Name)
		if sym == nil {
			continue
		}
		c.applyAttrs(sc, sym, da, e.Name)
		dims := e.Dims
		if dims == nil && da.hasDim {
			dims = da.dims
		}
		if dims != nil {
			c.setDims(sym, dims, e.Name)
		}
	}
}

// procDecl analyses PROCEDURE(iface) [, attrs] :: names: each name is a
// dummy or external procedure with iface's interface, as if declared
// EXTERNAL with an interface body. Procedure pointers are not supported.
func (c *checker) procDecl(sc *Scope, s *ast.ProcDecl) {
	ifaceSym := c.procInterface(sc, s.Interface) // proc_pointer.go
	var iface *Proc
	if ifaceSym != nil {
		iface = ifaceSym.Proc
	}
	da := declAttrs{}
	pointer := false
	for _, a := range s.Attrs {
		switch a.Kind {
		case ast.AttrPointer:
			pointer = true // proc_pointer.go
		case ast.AttrIntent:
			da.intent = a.Intent
		case ast.AttrOptional, ast.AttrPublic, ast.AttrPrivate, ast.AttrSave:
			da.attrs |= attrOf(a.Kind)
		default:
			c.errorf(a.AttrPos, "%s attribute in a PROCEDURE declaration", strings.ToUpper(a.Kind.String()))
		}
	}
	for _, e := range s.Entities {
		if e == nil || e.Name == nil {
			continue
		}
		if e.Init != nil && !pointer {
			c.errorf(e.Name.NamePos, "initialisation of procedure '%s', which is not a pointer", e.Name.Name)
		}
		sym := c.declEntity(sc, e.Name)
		if sym == nil {
			continue
		}
		if pointer {
			c.applyAttrs(sc, sym, da, e.Name)
			c.procPointer(sym, e, iface)
			continue
		}
		c.applyAttrs(sc, sym, declAttrs{attrs: AttrExternal}, e.Name)
		c.applyAttrs(sc, sym, da, e.Name)
		if sym.Kind != ProcSym || sym.Proc == nil || iface == nil {
			continue
		}
		adoptInterface(sym.Proc, iface)
		procDeclResult(sym, ifaceSym) // num_procdecl.go
	}
}

// parameterStmt analyses PARAMETER (name = value, ...).
func (c *checker) parameterStmt(sc *Scope, s *ast.ParameterStmt) {
	for _, e := range s.Entities {
		if e == nil || e.Name == nil {
			continue
		}
		sym := c.declEntity(sc, e.Name)
		if sym == nil {
			continue
		}
		c.setParameter(sym, e.Init, e.Name)
	}
}

// common returns the global common block named name.
func (c *checker) common(name string, pos source.Pos) *Common {
	cm := c.commonsMap[name]
	if cm == nil {
		cm = &Common{Name: name}
		cm.Symbol = &Symbol{Name: name, Kind: CommonSym, Pos: pos, ArgIndex: -1, Owner: c.info.Global, Common: cm}
		c.commonsMap[name] = cm
		c.info.Commons = append(c.info.Commons, cm)
		c.info.Global.names["/"+name+"/"] = cm.Symbol
	}
	return cm
}

// commonStmt analyses COMMON /name/ list.
func (c *checker) commonStmt(sc *Scope, s *ast.CommonStmt) {
	for _, b := range s.Blocks {
		if b == nil {
			continue
		}
		name := ""
		pos := b.NamePos
		if b.Name != nil {
			name = strings.Trim(c.name(b.Name), "/ ")
			pos = b.Name.NamePos
		}
		if !pos.IsValid() {
			pos = posOf(s)
		}
		cm := c.common(name, pos)
		if b.Name != nil {
			c.use(b.Name, cm.Symbol)
		}
		if sc.commons == nil {
			sc.commons = make(map[string]*CommonDecl)
		}
		decl := sc.commons[name]
		if decl == nil {
			decl = &CommonDecl{Scope: sc, Pos: pos}
			sc.commons[name] = decl
			cm.Decls = append(cm.Decls, decl)
		}
		for _, e := range b.Entities {
			if e == nil || e.Name == nil {
				continue
			}
			sym := c.declEntity(sc, e.Name)
			if sym == nil {
				continue
			}
			if sym.Kind != VarSym || sym.IsDummy() || sym.Attrs&AttrResult != 0 {
				c.errorf(e.Name.NamePos, "'%s' cannot be in a common block", sym.Name)
				continue
			}
			if sym.Attrs&AttrInCommon != 0 {
				c.errorf(e.Name.NamePos, "'%s' is already in common block /%s/", sym.Name, sym.Common.Name)
				continue
			}
			sym.Attrs |= AttrInCommon
			sym.Common = cm
			sym.CommonIndex = len(decl.Members)
			decl.Members = append(decl.Members, sym)
			if e.Dims != nil {
				c.setDims(sym, e.Dims, e.Name)
			}
		}
	}
}

// namelistStmt analyses NAMELIST /group/ names.
func (c *checker) namelistStmt(sc *Scope, s *ast.NamelistStmt) {
	for _, g := range s.Groups {
		if g == nil || g.Name == nil {
			continue
		}
		name := strings.Trim(c.name(g.Name), "/ ")
		gs := sc.names[name]
		if gs == nil {
			gs = &Symbol{Name: name, Kind: NamelistSym, Pos: g.Name.NamePos, ArgIndex: -1}
			c.addLocal(sc, gs)
		} else if gs.Kind != NamelistSym {
			c.errorf(g.Name.NamePos, "'%s' is already declared at %s", name, c.where(gs.Pos, g.Name.NamePos))
			continue
		}
		c.def(g.Name, gs)
		for _, e := range g.Entities {
			if e != nil && e.Name != nil {
				c.ref(e.Name, refNoCheck)
			}
		}
	}
}

// ----------------------------------------------------------------------------
// Interfaces

func (c *checker) interfaceBlock(sc *Scope, ib *ast.InterfaceBlock) {
	var g *Symbol
	if gs := ib.Generic; gs != nil {
		var key string
		switch gs.Kind {
		case "operator":
			key = "operator(" + canonOp(strings.ToLower(strings.TrimSpace(gs.Op))) + ")"
		case "assignment":
			key = "assignment(=)"
		default:
			key = c.name(gs.Name)
		}
		if key != "" {
			g = c.declareGeneric(sc, key, gs)
		}
	}
	for _, m := range ib.Members {
		switch m := m.(type) {
		case *ast.Unit:
			if m == nil {
				continue
			}
			if p := c.interfaceBody(sc, m); p != nil && g != nil {
				g.Proc.Specifics = append(g.Proc.Specifics, p)
			}
		case *ast.ProcedureStmt:
			if m == nil || g == nil {
				continue
			}
			for _, id := range m.Names {
				if id != nil {
					sc.pendingSpecifics = append(sc.pendingSpecifics, pendingSpecific{g, id})
				}
			}
		}
	}
	if len(ib.Members) == 0 {
		for _, b := range ib.Bodies {
			if b == nil {
				continue
			}
			if p := c.interfaceBody(sc, b); p != nil && g != nil {
				g.Proc.Specifics = append(g.Proc.Specifics, p)
			}
		}
		for _, ps := range ib.Procs {
			if ps == nil || g == nil {
				continue
			}
			for _, id := range ps.Names {
				if id != nil {
					sc.pendingSpecifics = append(sc.pendingSpecifics, pendingSpecific{g, id})
				}
			}
		}
	}
}

type pendingSpecific struct {
	generic *Symbol
	id      *ast.Ident
}

// declareGeneric returns the generic interface key of sc, creating it
// (or a local extension of a use-associated one).
func (c *checker) declareGeneric(sc *Scope, key string, gs *ast.GenericSpec) *Symbol {
	pos := gs.SpecPos
	if gs.Name != nil {
		pos = gs.Name.NamePos
	}
	prev := sc.names[key]
	if prev == nil {
		prev = c.lookupLocal(sc, key)
	}
	if prev != nil && prev.Kind == GenericSym && prev.Owner == sc {
		if gs.Name != nil {
			c.def(gs.Name, prev)
		}
		return prev
	}
	g := &Symbol{Name: key, Kind: GenericSym, Pos: pos, ArgIndex: -1, Proc: &Proc{}}
	if in := intrinsics[key]; in != nil {
		g.Proc.Intrinsic = in
	}
	if prev != nil {
		switch {
		case prev.Kind == GenericSym: // extends a use-associated generic
			g.Proc.Specifics = append(g.Proc.Specifics, prev.Proc.Specifics...)
			if sc.imported != nil {
				delete(sc.imported, key)
			}
		case prev.pending && prev.Kind == VarSym:
			// referenced before: replace
		case prev.Kind == ProcSym && prev.Owner == sc:
			// a generic may have the name of one of its specifics
			g.shadow = prev
		case prev.Kind == TypeSym && prev.Owner == sc && !prev.forward:
			g.ctorType = prev // a constructor (oop_ctor.go)
		default:
			c.errorf(pos, "'%s' is already declared at %s", key, c.where(prev.Pos, pos))
			return g
		}
		sc.names[key] = g
		sc.symbols = append(sc.symbols, g)
		g.Owner = sc
	} else {
		c.addLocal(sc, g)
	}
	if gs.Name != nil {
		c.def(gs.Name, g)
	}
	return g
}

// interfaceBody declares the procedure an interface body describes.
func (c *checker) interfaceBody(sc *Scope, b *ast.Unit) *Symbol {
	if b.Name == nil {
		return nil
	}
	name := c.name(b.Name)
	form := FormSubroutine
	if b.Kind == ast.FunctionUnit {
		form = FormFunction
	}
	sym := sc.names[name]
	switch {
	case sym == nil:
		sym = &Symbol{Name: name, Kind: ProcSym, Pos: b.Name.NamePos, ArgIndex: -1,
			Proc: &Proc{Kind: ProcExternal, Global: c.globalProc(name)}}
		c.addLocal(sc, sym)
	case sym.Kind == GenericSym && sym.Owner == sc && sym.shadow == nil:
		// interface f; subroutine f(...): the specific has the generic's name
		g := sym
		sym = &Symbol{Name: name, Kind: ProcSym, Pos: b.Name.NamePos, ArgIndex: -1, Owner: sc,
			Proc: &Proc{Kind: ProcExternal, Global: c.globalProc(name)}}
		sc.symbols = append(sc.symbols, sym)
		g.shadow = sym
	case sym.Kind == VarSym && sym.Owner == sc && len(sym.Dims) == 0:
		sym.Kind = ProcSym
		if sym.IsDummy() {
			sym.Proc = &Proc{Kind: ProcDummy}
		} else {
			sym.Proc = &Proc{Kind: ProcExternal, Global: c.globalProc(name)}
		}
	case sym.Kind == ProcSym && sym.Owner == sc && sym.Proc != nil && sym.Proc.Interface == nil && sym.Proc.Unit == nil:
	default:
		c.errorf(b.Name.NamePos, "'%s' is already declared at %s", name, c.where(sym.Pos, b.Name.NamePos))
		sym = &Symbol{Name: name, Kind: ProcSym, Pos: b.Name.NamePos, ArgIndex: -1, Proc: &Proc{Kind: ProcExternal}}
	}
	c.def(b.Name, sym)
	sym.Proc.Form = form
	sym.Proc.Interface = b
	sym.Attrs |= prefixAttrs(b)
	c.declareUnitKind(b, sym, nil, InterfaceScope, sc)
	return sym
}

// resolveGenerics resolves the MODULE PROCEDURE names of the generic
// interfaces of sc.
func (c *checker) resolveGenerics(sc *Scope) {
	for _, p := range sc.pendingSpecifics {
		name := c.name(p.id)
		sym := c.lookup(sc, name)
		if sym != nil && sym.Kind == GenericSym && sym.shadow != nil && sym.shadow.Name == name {
			sym = sym.shadow
		}
		if sym == nil || sym.Kind != ProcSym {
			c.errorf(p.id.NamePos, "'%s' is not a procedure", name)
			continue
		}
		c.use(p.id, sym)
		p.generic.Proc.Specifics = append(p.generic.Proc.Specifics, sym)
		if p.generic.Proc.Form == FormUnknown {
			p.generic.Proc.Form = sym.Proc.Form
		}
	}
	sc.pendingSpecifics = nil
	for _, s := range sc.symbols {
		if s.Kind == GenericSym && s.Proc.Form == FormUnknown {
			for _, sp := range s.Proc.Specifics {
				if sp.Proc != nil && sp.Proc.Form != FormUnknown {
					s.Proc.Form = sp.Proc.Form
					break
				}
			}
		}
	}
}

// ----------------------------------------------------------------------------
// Derived types

func (c *checker) typeDef(sc *Scope, td *ast.TypeDef) {
	if td.Name == nil {
		return
	}
	name := c.name(td.Name)
	sym := sc.names[name]
	switch {
	case sym == nil:
		sym = &Symbol{Name: name, Kind: TypeSym, Pos: td.Name.NamePos, ArgIndex: -1}
		sym.Type = &Type{Basic: DerivedType, Derived: sym}
		c.addLocal(sc, sym)
	case sym.Kind == TypeSym && sym.forward && sym.Owner == sc:
		sym.forward = false
		sym.Pos = td.Name.NamePos
	case sym.Kind == GenericSym && sym.Owner == sc && sym.ctorType == nil:
		sym = c.constructedType(sym, td.Name) // oop_ctor.go
	default:
		c.errorf(td.Name.NamePos, "'%s' is already declared at %s", name, c.where(sym.Pos, td.Name.NamePos))
		return
	}
	sym.declared = true
	c.def(td.Name, sym)
	sym.Sequence = td.Sequence != nil
	for _, a := range td.Attrs {
		if a != nil && (a.Kind == ast.AttrPublic || a.Kind == ast.AttrPrivate) && sc.Kind == ModuleScope {
			if sc.access == nil {
				sc.access = make(map[string]Attrs)
			}
			sc.access[name] = attrOf(a.Kind)
		}
	}
	if td.Extends != nil {
		pn := c.name(td.Extends)
		p := typeOf(c.lookup(sc, pn))
		if p == nil || p.Kind != TypeSym || p.forward {
			c.errorf(td.Extends.NamePos, "derived type '%s' is not defined", pn)
		} else {
			c.use(td.Extends, p)
			sym.Parent = p
			sym.Components = append(sym.Components, p.Components...)
		}
	}
	for _, cd := range td.Components {
		if cd == nil {
			continue
		}
		t := c.typeSpec(cd.Type)
		da := c.collectAttrs(cd.Attrs)
		for _, e := range cd.Entities {
			if e == nil || e.Name == nil {
				continue
			}
			cn := c.name(e.Name)
			if prev := sym.Component(cn); prev != nil {
				c.errorf(e.Name.NamePos, "component '%s' is already declared at %s", cn, c.where(prev.Pos, e.Name.NamePos))
				continue
			}
			et := t
			if e.CharLen != nil && t.IsCharacter() {
				et = c.charType(e.CharLen, t.Kind)
			}
			comp := &Symbol{Name: cn, Kind: ComponentSym, Pos: e.Name.NamePos, Type: et, ArgIndex: -1,
				Attrs: da.attrs &^ (AttrPublic | AttrPrivate), Parent: sym, Owner: sc, declared: true,
				PrivateComp: da.attrs&AttrPrivate != 0 || td.PrivateStmt != nil && da.attrs&AttrPublic == 0}
			dims := e.Dims
			if dims == nil && da.hasDim {
				dims = da.dims
			}
			if dims != nil {
				comp.Dims = c.arraySpec(dims)
				comp.Attrs |= AttrDimension
				for i := range comp.Dims {
					if comp.Dims[i].Kind == AssumedShape {
						comp.Dims[i].Kind = DeferredShape
					}
				}
			}
			if e.Init != nil {
				comp.Init = e.Init
				t2, r := c.expr(e.Init)
				if !e.Pointer {
					c.assignCompat(et, t2, len(comp.Dims), r, posOf(e.Init), true)
				}
			}
			c.def(e.Name, comp)
			sym.Components = append(sym.Components, comp)
		}
	}
	c.procComponents(sc, sym, td) // proc_pointer.go
	if sym.Parent != nil {
		sym.Bindings = append(sym.Bindings, sym.Parent.Bindings...)
	}
	for _, tb := range td.Bindings {
		if tb != nil {
			c.typeBound(sc, sym, tb)
		}
	}
	c.types = append(c.types, sym)
}

// typeBound declares the type-bound procedures of a PROCEDURE, GENERIC
// or FINAL statement in a derived type; their procedures are resolved
// with the generic interfaces.
func (c *checker) typeBound(sc *Scope, ts *Symbol, tb *ast.TypeBoundProc) {
	var attrs Attrs
	pass := ""
	for _, kw := range tb.Attrs {
		if kw == nil {
			continue
		}
		switch n := strings.ToLower(kw.Name); {
		case n == "nopass":
			attrs |= AttrNoPass
		case n == "deferred":
			attrs |= AttrDeferred
		case strings.HasPrefix(n, "pass("):
			pass = strings.TrimSuffix(strings.TrimPrefix(n, "pass("), ")")
		}
	}
	for _, b := range tb.Bindings {
		if b == nil {
			continue
		}
		switch strings.ToLower(tb.Keyword) {
		case "procedure":
			if b.Name == nil {
				continue
			}
			bs := &Symbol{Name: c.name(b.Name), Kind: BindingSym, Pos: b.Name.NamePos, Parent: ts, Owner: sc,
				ArgIndex: -1, Attrs: attrs, Proc: &Proc{Kind: ProcModule}, passArg: pass}
			c.def(b.Name, bs)
			target := b.Name
			switch {
			case len(b.Targets) > 0 && b.Targets[0] != nil:
				target = b.Targets[0]
			case tb.Interface != nil:
				target = tb.Interface
			}
			sc.pendingBindings = append(sc.pendingBindings, pendingBinding{bs, target, target != b.Name})
			setBinding(ts, bs)
		case "generic":
			key := ""
			if g := b.Generic; g != nil {
				switch g.Kind {
				case "operator":
					key = "operator(" + canonOp(strings.ToLower(strings.TrimSpace(g.Op))) + ")"
				case "assignment":
					key = "assignment(=)"
				default:
					key = c.name(g.Name)
				}
			} else {
				key = c.name(b.Name)
			}
			if key == "" {
				continue
			}
			gs := &Symbol{Name: key, Kind: GenericSym, Pos: posOf(tb), Parent: ts, Owner: sc, ArgIndex: -1, Proc: &Proc{}}
			if prev := ts.Binding(key); prev != nil && prev.Kind == GenericSym {
				gs.Proc.Specifics = append(gs.Proc.Specifics, prev.Proc.Specifics...)
			}
			if b.Name != nil {
				c.def(b.Name, gs)
			}
			for _, t := range b.Targets {
				if t != nil {
					sc.pendingBindings = append(sc.pendingBindings, pendingBinding{gs, t, true})
				}
			}
			setBinding(ts, gs)
		case "final":
			for _, t := range append([]*ast.Ident{b.Name}, b.Targets...) {
				if t != nil {
					sc.pendingFinals = append(sc.pendingFinals, t)
				}
			}
		}
	}
}

// setBinding adds or overrides a binding of a type.
func setBinding(ts, b *Symbol) {
	for i, prev := range ts.Bindings {
		if prev.Name == b.Name {
			ts.Bindings[i] = b
			return
		}
	}
	ts.Bindings = append(ts.Bindings, b)
}

type pendingBinding struct {
	binding *Symbol
	target  *ast.Ident
	use     bool // record target as a use (it is not the binding's own name)
}

// bindingTarget returns the procedure a specific binding refers to.
func bindingTarget(b *Symbol) *Symbol {
	if b == nil || b.Kind != BindingSym || b.Proc == nil || len(b.Proc.Specifics) == 0 {
		return nil
	}
	return b.Proc.Specifics[0]
}

// resolveBindings resolves the procedures of the type-bound procedures
// declared in sc.
func (c *checker) resolveBindings(sc *Scope) {
	for pass := 0; pass < 2; pass++ {
		for _, p := range sc.pendingBindings {
			b := p.binding
			if (b.Kind == BindingSym) != (pass == 0) {
				continue
			}
			name := c.name(p.target)
			if b.Kind == BindingSym {
				t := c.lookup(sc, name)
				if t == nil || t.Kind != ProcSym {
					c.errorf(p.target.NamePos, "'%s' is not a procedure", name)
					continue
				}
				if p.use {
					c.use(p.target, t)
				}
				b.Proc.Specifics = []*Symbol{t}
				if t.Proc != nil {
					b.Proc.Form = t.Proc.Form
				}
				b.Type, b.Dims = t.Type, t.Dims
				continue
			}
			sb := b.Parent.Binding(name)
			if sb == nil || sb.Kind != BindingSym {
				c.errorf(p.target.NamePos, "type '%s' has no type-bound procedure '%s'", b.Parent.Name, name)
				continue
			}
			c.use(p.target, sb)
			b.Proc.Specifics = append(b.Proc.Specifics, sb)
			if b.Proc.Form == FormUnknown {
				b.Proc.Form = sb.Proc.Form
			}
		}
	}
	sc.pendingBindings = nil
	for _, id := range sc.pendingFinals {
		name := c.name(id)
		if t := c.lookup(sc, name); t != nil && t.Kind == ProcSym {
			c.use(id, t)
		} else {
			c.errorf(id.NamePos, "'%s' is not a procedure", name)
		}
	}
	sc.pendingFinals = nil
}

// ----------------------------------------------------------------------------
// Statement functions

// declareStmtFunc declares a statement function; its expression is
// analysed with the execution part.
func (c *checker) declareStmtFunc(sc *Scope, s *ast.StmtFunction) {
	if s.Name == nil {
		return
	}
	name := c.name(s.Name)
	sym := sc.names[name]
	switch {
	case sym == nil:
		sym = &Symbol{Name: name, Kind: ProcSym, Pos: s.Name.NamePos, ArgIndex: -1}
		c.addLocal(sc, sym)
	case sym.Kind == VarSym && sym.Owner == sc && len(sym.Dims) == 0 && !sym.IsDummy() &&
		sym.Attrs&(AttrInCommon|AttrData|AttrResult) == 0:
		sym.Kind = ProcSym
	default:
		c.errorf(s.Name.NamePos, "'%s' is already declared at %s", name, c.where(sym.Pos, s.Name.NamePos))
		return
	}
	c.def(s.Name, sym)
	c.stmtFuncs[s] = sym
	sym.Proc = &Proc{Kind: ProcStmtFunc, Form: FormFunction, StmtFunc: s}
	fs := &Scope{Kind: StmtFuncScope, Parent: sc, Unit: sc.Unit, Symbol: sym, names: make(map[string]*Symbol, len(s.Args))}
	fs.implicit = sc.implicit
	sym.Inner = fs
	sym.Proc.Scope = fs
	for i, a := range s.Args {
		if a == nil {
			continue
		}
		an := c.name(a)
		d := &Symbol{Name: an, Kind: VarSym, Pos: a.NamePos, Attrs: AttrDummy, ArgIndex: i, Owner: fs}
		if v := sc.names[an]; v != nil && (v.Kind == VarSym || v.Kind == ConstSym) && v.declared {
			d.Type = v.Type
			d.declared = true
		}
		if fs.names[an] != nil {
			c.errorf(a.NamePos, "'%s' is already declared at %s", an, c.where(fs.names[an].Pos, a.NamePos))
			continue
		}
		fs.names[an] = d
		fs.symbols = append(fs.symbols, d)
		c.def(a, d)
		sym.Proc.Args = append(sym.Proc.Args, d)
	}
}

// checkStmtFunc analyses the expression of a statement function.
func (c *checker) checkStmtFunc(s *ast.StmtFunction) {
	sym := c.stmtFuncs[s]
	if sym == nil || sym.Proc == nil || sym.Proc.StmtFunc != s {
		return
	}
	fs := sym.Inner
	for _, d := range fs.symbols {
		if d.Type == nil {
			c.implicitType(fs, d, d.Pos)
		}
	}
	saved := c.scope
	c.scope = fs
	t, r := c.expr(s.Expr)
	c.scope = saved
	c.assignCompat(sym.Type, t, 0, r, exprPos(s.Expr, s), false)
}

func exprPos(x ast.Expr, n ast.Node) source.Pos {
	if x != nil {
		return posOf(x)
	}
	return posOf(n)
}
