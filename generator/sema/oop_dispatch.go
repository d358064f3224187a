package sema

import (
	"sort"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// References bound at run time, dispatched on the types fadj sees.
//
// A model picks a strategy at set-up (`allocate(smooth :: a%lim)`) and
// calls it through a binding the extensions override (`a%lim%phi(r)`).
// The program is whole: the dynamic type is one of the types extending
// the object's declared type (or that type). dispatchUnit replaces a
// statement holding such a reference (an assignment, a CALL, an IF
// statement) with an IF construct over the dynamic types, one branch per
// procedure the binding is bound to:
//
//	if (same_type_as(a%lim, fadj_mold_minmod)) then
//	  ... fadj_mold_minmod%phi(r) ...
//	else if (same_type_as(a%lim, fadj_mold_smooth)) then
//	  ... fadj_mold_smooth%phi(r) ...
//	else
//	  error stop 'fadj: ...'
//	end if
//
// each branch referencing the binding through a local of the type
// (TYPE(minmod), the mold), which StaticBindings then resolves
// statically: the generators differentiate each branch's procedure. The
// ERROR STOP is reached only by a dynamic type that fadj did not see
// (defined in a file not given). The passed object of a PASS binding is
// the mold, so only objects of a stateless type (no components, nor in
// any extension: a limiter, a scheme) are dispatched so; a reference
// whose object holds data, or whose types are neither accessible by name
// where it is made nor public in their modules, stays bound at run time
// (rejected where active). A type the unit does not see gets a USE of
// its module, ONLY the type (importType).

// dispatchUnits rewrites the statements of prog holding references bound
// at run time (see above).
func dispatchUnits(prog *Program, extended map[*Symbol]bool) {
	info := prog.Info
	abstract := abstractTypes(prog)
	var visit func(u *ast.Unit)
	visit = func(u *ast.Unit) {
		for _, p := range u.Procs {
			visit(p)
		}
		if sc := info.ScopeOf(u); sc != nil && len(u.Body) > 0 {
			d := &dispatcher{info: info, u: u, sc: sc, extended: extended, abstract: abstract, molds: map[*Symbol]*Symbol{}}
			d.unit()
		}
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			visit(u)
		}
	}
}

type dispatcher struct {
	info     *Info
	u        *ast.Unit
	sc       *Scope
	extended map[*Symbol]bool
	abstract map[*Symbol]bool
	molds    map[*Symbol]*Symbol
	names    map[string]bool
	replaced []ast.Stmt // statements replaced, whose call sites go
	added    []ast.Stmt // constructs that replace them
}

// abstractTypes returns the types declared ABSTRACT: no object has one
// as its dynamic type.
func abstractTypes(prog *Program) map[*Symbol]bool {
	out := map[*Symbol]bool{}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			ast.Inspect(u, func(n ast.Node) bool {
				if td, ok := n.(*ast.TypeDef); ok && td.Abstract {
					if s := prog.Info.Defs[td.Name]; s != nil {
						out[s] = true
					}
				}
				return true
			})
		}
	}
	return out
}

func (d *dispatcher) unit() {
	body := &ast.Unit{Body: d.u.Body}
	ast.Apply(body, func(c *ast.Cursor) bool {
		s, ok := c.Node().(ast.Stmt)
		if !ok {
			return true
		}
		switch s.(type) {
		case *ast.AssignStmt, *ast.CallStmt, *ast.IfStmt:
		default:
			return true
		}
		if s.Header().Label != 0 || c.Index() < 0 {
			return false // (a branch target; an IF statement's action, taken with it)
		}
		switch c.Parent().(type) {
		case *ast.WhereConstruct, *ast.WhereStmt, *ast.ForallConstruct, *ast.ForallStmt:
			return false // (no IF construct there)
		}
		if ref, fun := d.find(s); ref != nil {
			if ifc := d.branches(s, ref, fun); ifc != nil {
				d.replaced = append(d.replaced, s)
				d.added = append(d.added, ifc)
				c.Replace(ifc)
				return true
			}
		}
		_, isIf := s.(*ast.IfStmt)
		return isIf
	}, nil)
	d.u.Body = body.Body
	d.resite()
}

// find returns the first reference of statement s bound at run time that
// can be dispatched (its CALL statement or function reference), and its
// designator.
func (d *dispatcher) find(s ast.Stmt) (ref ast.Node, fun *ast.SelectorExpr) {
	ast.Inspect(s, func(n ast.Node) bool {
		if ref != nil {
			return false
		}
		var f ast.Expr
		var c Call
		var ok bool
		switch n := n.(type) {
		case *ast.CallStmt:
			f = n.Name
			c, ok = d.info.CallStmts[n]
		case *ast.CallExpr:
			f = n.Fun
			c, ok = d.info.Calls[n]
		}
		if sel, isSel := f.(*ast.SelectorExpr); ok && isSel && d.dispatchable(sel, c) {
			ref, fun = n, sel
		}
		return true
	})
	return ref, fun
}

// dispatchable reports whether reference sel(...) classified c is bound
// at run time (as staticCall decides) and every type it may have binds
// it to a procedure reachable through a mold (see above).
func (d *dispatcher) dispatchable(sel *ast.SelectorExpr, c Call) bool {
	b := c.Local
	if b == nil || b.Kind != BindingSym || !b.Attrs.Has(AttrDeferred) && bindingTarget(b) != c.Proc {
		return false
	}
	ot := d.info.TypeOf(sel.X)
	if ot == nil || ot.Derived == nil || !ot.Class || !d.extended[ot.Derived] {
		return false
	}
	if b.Attrs.Has(AttrDeferred) && soleBinding(d.info, b) != nil || !b.Attrs.Has(AttrDeferred) && !overridden(d.info, b) {
		return false
	}
	if id, ok := sel.X.(*ast.Ident); ok && d.info.dynKnown[d.info.Uses[id]] != nil {
		return false // (fixed by the callers: oop_dyntype.go)
	}
	if !b.Attrs.Has(AttrNoPass) && !ot.Derived.Stateless && !(len(ot.Derived.Components) == 0 && !addsComponents(d.info, ot.Derived)) {
		return false // (the passed object holds data the mold has not)
	}
	groups := d.groups(ot.Derived, b.Name)
	return len(groups) > 0
}

// groups returns, for the types that a CLASS(t) object may have, those
// binding name to each procedure (in the order of the procedures'
// names), nil when one cannot be named where the reference is made.
func (d *dispatcher) groups(t *Symbol, name string) [][]*Symbol {
	by := map[*Symbol][]*Symbol{}
	for _, s := range append([]*Symbol{t}, d.extensions(t)...) {
		if d.abstract[s] {
			continue
		}
		sb := s.Binding(name)
		if sb == nil || sb.Kind != BindingSym || sb.Attrs.Has(AttrDeferred) || bindingTarget(sb) == nil || !d.nameable(s) {
			return nil
		}
		p := bindingTarget(sb)
		by[p] = append(by[p], s)
	}
	var out [][]*Symbol
	for _, l := range by {
		sort.Slice(l, func(i, j int) bool { return l[i].Name < l[j].Name })
		out = append(out, l)
	}
	sort.Slice(out, func(i, j int) bool { return out[i][0].Name < out[j][0].Name })
	return out
}

// nameable reports whether type t can be named in the unit: it is
// accessible there, or a public type of a module whose name the unit
// does not use otherwise (importType).
func (d *dispatcher) nameable(t *Symbol) bool {
	name := strings.ToLower(t.Name)
	if s := d.sc.Lookup(name); s != nil {
		return s == t
	}
	m := t.Owner
	return m != nil && m.Kind == ModuleScope && m.Symbol != nil && m.Exported(name) == t && !usesModuleOf(m, d.sc)
}

// usesModuleOf reports whether module scope m uses, directly or not, the
// module holding scope sc: a USE of m there would be circular.
func usesModuleOf(m, sc *Scope) bool {
	for sc != nil && sc.Kind != ModuleScope {
		sc = sc.Parent
	}
	if sc == nil {
		return false
	}
	seen := map[*Scope]bool{}
	var walk func(s *Scope) bool
	walk = func(s *Scope) bool {
		if s == nil || seen[s] {
			return false
		}
		seen[s] = true
		if s == sc {
			return true
		}
		for _, u := range s.UsedModules() {
			if walk(u.Inner) {
				return true
			}
		}
		return false
	}
	return walk(m)
}

// importType makes type t accessible in the unit if it is not: a USE of
// its module, ONLY t, after the unit's USE statements (a limiter family
// whose implementations live in another module than the abstract type
// the referencing procedure sees).
func (d *dispatcher) importType(t *Symbol) {
	name := strings.ToLower(t.Name)
	if d.sc.Lookup(name) == t {
		return
	}
	mod := t.Owner.Symbol
	use := &ast.UseStmt{Module: ast.NewIdent(mod.Name), Only: true, Items: []*ast.UseItem{{Name: ast.NewIdent(t.Name)}}}
	use.Start = d.u.Pos()
	d.info.Uses[use.Module], d.info.Uses[use.Items[0].Name] = mod, t
	at := 0
	for i, s := range d.u.Decls {
		if _, ok := s.(*ast.UseStmt); ok {
			at = i + 1
		}
	}
	d.u.Decls = append(d.u.Decls[:at], append([]ast.Stmt{use}, d.u.Decls[at:]...)...)
	d.sc.names[name] = t
	imp := &Import{Local: name, Symbol: t, Module: mod, Stmt: use}
	d.sc.Imports = append(d.sc.Imports, imp)
	if d.sc.imported == nil {
		d.sc.imported = map[string]*Import{}
	}
	d.sc.imported[name] = imp
}

// extensions returns the types of the program extending t.
func (d *dispatcher) extensions(t *Symbol) []*Symbol {
	var out []*Symbol
	for _, s := range d.info.Defs {
		if s != nil && s.Kind == TypeSym && extends(s, t) {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// branches returns the IF construct dispatching reference ref (designator
// fun) of statement s, nil if it cannot.
func (d *dispatcher) branches(s ast.Stmt, ref ast.Node, fun *ast.SelectorExpr) *ast.IfConstruct {
	c := d.callOf(ref)
	ot := d.info.TypeOf(fun.X)
	groups := d.groups(ot.Derived, c.Local.Name)
	ifc := &ast.IfConstruct{End: ast.EndStmt{Keyword: "if"}}
	ifc.StmtHeader = *s.Header()
	ifc.Label = 0
	for _, g := range groups {
		var cond ast.Expr
		for _, t := range g {
			x := d.call("same_type_as", Logical4, d.info.Clone(fun.X), d.use(d.mold(t)))
			if cond == nil {
				cond = x
			} else {
				cond = &ast.BinaryExpr{X: cond, Op: token.OR, OpLit: ".or.", Y: x}
				d.info.Types[cond] = TypeAndValue{Type: Logical4}
			}
		}
		body := d.cloneStmt(s, ref, d.mold(g[0]), c.Local.Name)
		ifc.Branches = append(ifc.Branches, &ast.IfBranch{Head: ast.StmtHeader{Start: s.Header().Start}, Cond: cond, Body: []ast.Stmt{body}})
	}
	msg := "fadj: binding " + c.Local.Name + " of class(" + ot.Derived.Name + ") referenced for a dynamic type fadj did not see"
	stop := &ast.StopStmt{Error: true, Code: &ast.BasicLit{Kind: token.STRING, Value: "'" + msg + "'"}}
	stop.Start = s.Header().Start
	ifc.Branches = append(ifc.Branches, &ast.IfBranch{Head: ast.StmtHeader{Start: s.Header().Start}, Body: []ast.Stmt{stop}})
	return ifc
}

func (d *dispatcher) callOf(ref ast.Node) Call {
	if cs, ok := ref.(*ast.CallStmt); ok {
		return d.info.CallStmts[cs]
	}
	return d.info.Calls[ref.(*ast.CallExpr)]
}

// cloneStmt returns a copy of s registered as s is, whose copy of
// reference ref goes through mold m: m%name(...).
func (d *dispatcher) cloneStmt(s ast.Stmt, ref ast.Node, m *Symbol, name string) ast.Stmt {
	cp := ast.Clone(s)
	cp.Header().Doc, cp.Header().Line = nil, nil // (the IF construct's)
	var from, to []ast.Node
	collect := func(list *[]ast.Node) func(ast.Node) bool {
		return func(n ast.Node) bool {
			if n != nil {
				*list = append(*list, n)
			}
			return true
		}
	}
	ast.Inspect(s, collect(&from))
	ast.Inspect(cp, collect(&to))
	info := d.info
	var refCopy ast.Node
	for i, n := range from {
		switch n := n.(type) {
		case *ast.Ident:
			if sym, ok := info.Uses[n]; ok {
				info.Uses[to[i].(*ast.Ident)] = sym
			}
		case *ast.CallExpr:
			if k, ok := info.Calls[n]; ok {
				info.Calls[to[i].(*ast.CallExpr)] = k
			}
		case *ast.CallStmt:
			if k, ok := info.CallStmts[n]; ok {
				info.CallStmts[to[i].(*ast.CallStmt)] = k
			}
		}
		if ex, ok := n.(ast.Expr); ok {
			if t, ok := info.Types[ex]; ok {
				info.Types[to[i].(ast.Expr)] = t
			}
			if o, ok := info.Operators[ex]; ok {
				info.Operators[to[i].(ast.Expr)] = o
			}
		}
		if n == ref {
			refCopy = to[i]
		}
	}
	tb := m.Type.Derived.Binding(name)
	sel := &ast.SelectorExpr{X: d.use(m), Sel: ast.NewIdent(name)}
	info.Uses[sel.Sel] = tb
	c := d.callOf(ref)
	c.Proc, c.Local = bindingTarget(tb), tb
	switch r := refCopy.(type) {
	case *ast.CallStmt:
		sel.Sel.NamePos = r.Name.Pos()
		r.Name = sel
		info.CallStmts[r] = c
	case *ast.CallExpr:
		sel.Sel.NamePos = r.Fun.Pos()
		r.Fun = sel
		info.Calls[r] = c
		if tb.Type != nil {
			info.Types[sel] = TypeAndValue{Type: tb.Type}
		}
	}
	return cp
}

// mold returns the local of type t through which the branches reference
// t's bindings, declaring it the first time.
func (d *dispatcher) mold(t *Symbol) *Symbol {
	if m := d.molds[t]; m != nil {
		return m
	}
	d.importType(t)
	name := d.fresh("fadj_mold_" + strings.ToLower(t.Name))
	m := &Symbol{Name: name, Kind: VarSym, Type: &Type{Basic: DerivedType, Derived: t}, ArgIndex: -1, Pos: d.u.Pos()}
	d.sc.Add(m)
	id := ast.NewIdent(name)
	d.info.Defs[id] = m
	ts := &ast.TypeSpec{Kind: ast.Derived, Name: ast.NewIdent(t.Name)}
	d.info.Uses[ts.Name] = t
	d.u.Decls = append(d.u.Decls, &ast.TypeDecl{Type: ts, DColon: true, Entities: []*ast.Entity{{Name: id}}})
	d.molds[t] = m
	return m
}

// fresh returns name, or name with a suffix, that the unit does not use.
func (d *dispatcher) fresh(name string) string {
	if d.names == nil {
		d.names = map[string]bool{}
		ast.Inspect(d.u, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				d.names[id.Lower()] = true
			}
			return true
		})
	}
	n := name
	for i := 1; d.names[n] || d.sc.Lookup(n) != nil; i++ {
		n = name + "_" + strconv.Itoa(i)
	}
	d.names[n] = true
	return n
}

func (d *dispatcher) use(s *Symbol) *ast.Ident {
	id := ast.NewIdent(s.Name)
	d.info.Uses[id] = s
	return id
}

// call returns a reference of intrinsic function name of type t.
func (d *dispatcher) call(name string, t *Type, args ...ast.Expr) ast.Expr {
	sym := &Symbol{Name: name, Kind: ProcSym, ArgIndex: -1, Attrs: AttrIntrinsic, Owner: d.info.Global, Type: t,
		Proc: &Proc{Kind: ProcIntrinsic, Form: FormFunction, Intrinsic: LookupIntrinsic(name)}}
	id := ast.NewIdent(name)
	d.info.Uses[id] = sym
	c := &ast.CallExpr{Fun: id, Args: args}
	d.info.Calls[c] = Call{Kind: FunctionCall, Proc: sym, Type: t}
	d.info.Types[c] = TypeAndValue{Type: t}
	return c
}

// resite replaces, in the call graph, the sites of the statements the
// unit's dispatch replaced with those of the constructs replacing them.
func (d *dispatcher) resite() {
	g := d.info.CallGraph
	if g == nil || len(d.replaced) == 0 {
		return
	}
	var node *CGNode
	for _, n := range g.Nodes {
		if n.Unit() == d.u {
			node = n
		}
	}
	if node == nil {
		return
	}
	gone := map[ast.Node]bool{}
	for _, s := range d.replaced {
		ast.Inspect(s, func(n ast.Node) bool { gone[n] = true; return true })
	}
	kept := node.Sites[:0]
	for _, s := range node.Sites {
		if s.Expr != nil && gone[s.Expr] || s.Stmt != nil && gone[s.Stmt] {
			continue
		}
		kept = append(kept, s)
	}
	node.Sites = kept
	seen := map[ast.Node]bool{}
	for _, s := range d.added {
		ast.Inspect(s, func(n ast.Node) bool {
			if seen[n] {
				return false
			}
			seen[n] = true
			switch n := n.(type) {
			case *ast.CallStmt:
				if c := d.info.CallStmts[n]; c.Proc != nil && !gone[n] {
					g.addCall(node.Proc, c.Proc, n.Pos(), nil, n)
				}
			case *ast.CallExpr:
				if c := d.info.Calls[n]; c.Kind == FunctionCall && c.Proc != nil && !gone[n] {
					g.addCall(node.Proc, c.Proc, n.Pos(), n, nil)
				}
			}
			return true
		})
	}
	for _, n := range g.Nodes {
		n.Callees, n.Callers = nil, nil
	}
	g.finish()
}

// DispatchLimits says, in the generators' messages for a reference bound
// at run time, which references dispatchUnits dispatches.
const DispatchLimits = "fadj dispatches one in an assignment outside WHERE and FORALL, a CALL or an IF statement, through a NOPASS binding or an object whose type and extensions have no components, every type public in its module or accessible where it is referenced"
