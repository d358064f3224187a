package sema

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// Copies of a procedure per procedure its dummy procedures are bound to.
//
// FORTRAN 77 libraries take the model as an EXTERNAL argument, and a
// program often passes several: `CALL APPLY(F1, X, A)` then
// `CALL APPLY(F2, X, B)`, or a driver handing its FCN on to MINPACK's
// LMDIF for two models. BindDummyProcedures binds a dummy procedure only
// when every call passes the same procedure; for the others
// SpecializeDummyProcedures makes one copy of the external subroutine
// per set of procedures its calls pass (APPLY_F1, APPLY_F2), each call
// calling its copy, and analyses the program again: in each copy the
// dummy is bound to one procedure, so its derivative calls that
// procedure's derivative. Copies of copies are made in turn (the driver's
// copy for F1 calls LMDIF with its FCN, now bound to F1), to a fixed
// point. The copies are the procedure's text under another name; the
// generated code calls the original under its own name where it calls
// the primal (Clones, RespellClones).
//
// A function's copy is declared in each caller that declares the
// function's type (DOUBLE PRECISION ZEROIN: ZEROIN_F1 on the same
// statement). A module or internal procedure's copy is another
// procedure of its module or host (legacy_dummy_module.go). Left as
// they are (an active call of the dummy stays rejected): a function
// its caller types otherwise (an interface body), a procedure with
// SAVEd or DATA-initialised locals (a copy would split their state), a
// recursive one, calls under another name (a USE rename, a generic) and
// calls passing a procedure without a body, an intrinsic or a dummy not
// bound to one procedure.

// maxCloneRounds bounds the rounds (one per level of procedures passing
// their dummy procedures on).
const maxCloneRounds = 8

// SpecializeDummyProcedures copies the external subroutines whose calls
// bind their dummy procedures to several procedures, one copy per
// binding, and returns the analysis of the program with the copies, and
// the original name of each copy (lower case). It returns info and nil
// when nothing needs a copy.
func SpecializeDummyProcedures(fset *source.FileSet, files []*ast.File, info *Info, conf *Config) (*Info, map[string]string, error) {
	var clones map[string]string
	for round := 0; round < maxCloneRounds && info != nil && info.CallGraph != nil; round++ {
		c := &cloner{info: info, files: files, names: map[string]bool{}, made: map[string]string{}}
		if !c.run() {
			break
		}
		if clones == nil {
			clones = map[string]string{}
		}
		for k, v := range c.made {
			if orig, ok := clones[v]; ok {
				v = orig // a copy of a copy calls the original too
			}
			clones[k] = v
		}
		next, err := Check(fset, files, conf)
		if err != nil {
			return next, clones, err
		}
		info = next
	}
	return info, clones, nil
}

// cloner makes one round of copies.
type cloner struct {
	info  *Info
	files []*ast.File
	b     *dummyBinder
	names map[string]bool   // global names in use (lower case)
	made  map[string]string // copy -> procedure copied
}

// run makes the copies of one round and reports whether it made any.
func (c *cloner) run() bool {
	c.b = &dummyBinder{info: c.info, to: map[*Symbol]map[*Symbol]bool{}, from: map[*Symbol]map[*Symbol]bool{}, unknown: map[*Symbol]bool{}}
	for changed := true; changed; {
		changed = false
		for _, n := range c.info.CallGraph.Nodes {
			if n.Defined() {
				for _, s := range n.Sites {
					changed = c.b.site(s) || changed
				}
			}
		}
		changed = c.b.propagate() || changed
	}
	for _, f := range c.files {
		for _, u := range f.Units {
			if u.Name != nil {
				c.names[u.Name.Lower()] = true
			}
			for _, v := range u.Procs { // (module and internal procedures: legacy_dummy_module.go)
				if v.Name != nil {
					c.names[v.Name.Lower()] = true
				}
			}
		}
	}
	// The calls of each candidate, by the procedures they pass.
	sites := map[*Symbol]map[string][]cloneSite{}
	var order []*Symbol
	for _, n := range c.info.CallGraph.Nodes {
		if !n.Defined() {
			continue
		}
		for _, s := range n.Sites {
			p := s.Callee.Proc
			if !c.candidate(p) || p == n.Proc {
				continue
			}
			cs, ok := c.siteOf(n.Proc, p, s)
			if !ok {
				continue
			}
			key, ok := c.key(p, cs.args)
			if !ok {
				continue
			}
			if sites[p] == nil {
				sites[p] = map[string][]cloneSite{}
				order = append(order, p)
			}
			sites[p][key] = append(sites[p][key], cs)
		}
	}
	for _, p := range order {
		if len(sites[p]) < 2 && !c.unbound(p) {
			continue // every call passes the same: bound as it is
		}
		keys := make([]string, 0, len(sites[p]))
		for k := range sites[p] {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			c.copyFor(p, k, sites[p][k])
		}
	}
	return len(c.made) > 0
}

// cloneSite is a call of a candidate: its callee's name, its arguments,
// and for a function reference the caller's declaration of the
// function's type (nil where the implicit rules type it).
type cloneSite struct {
	name *ast.Ident
	args []ast.Expr
	decl *ast.TypeDecl
	ent  *ast.Entity
}

// siteOf returns call s of candidate p in procedure caller, false if
// its copy could not be named there: a function reference whose type
// the caller declares other than in a type declaration statement.
func (c *cloner) siteOf(caller, p *Symbol, s CallSite) (cloneSite, bool) {
	if s.Stmt != nil {
		id, ok := s.Stmt.Name.(*ast.Ident)
		if ok && p.Proc.Kind != ProcExternal && id.Lower() != p.Name {
			ok = false // renamed where it is used
		}
		return cloneSite{name: id, args: s.Stmt.Args}, ok && !p.Proc.IsFunction()
	}
	if s.Expr == nil || !p.Proc.IsFunction() {
		return cloneSite{}, false
	}
	id, ok := s.Expr.Fun.(*ast.Ident)
	if !ok || caller.Proc == nil || caller.Proc.Scope == nil || caller.Proc.Unit == nil {
		return cloneSite{}, false
	}
	cs := cloneSite{name: id, args: s.Expr.Args}
	if p.Proc.Kind != ProcExternal { // its type is the module's or the host's (legacy_dummy_module.go)
		return cs, id.Lower() == p.Name
	}
	local := caller.Proc.Scope.LookupLocal(p.Name)
	if local == nil || local.Implicit {
		// The copy's name starts with the same letter: the same type.
		return cs, local != nil
	}
	for _, st := range caller.Proc.Unit.Decls {
		if td, ok := st.(*ast.TypeDecl); ok {
			for _, e := range td.Entities {
				if e.Name != nil && e.Name.Lower() == p.Name && e.Dims == nil && e.Init == nil {
					cs.decl, cs.ent = td, e
					return cs, true
				}
			}
		}
	}
	return cloneSite{}, false
}

// candidate reports whether p is an external procedure with a body,
// dummy procedures and no state of its own that a copy would split.
func (c *cloner) candidate(p *Symbol) bool {
	if p == nil || p.Proc == nil || p.Proc.Unit == nil || p.Proc.Kind != ProcExternal && !c.moduleCandidate(p) {
		return false
	}
	if k := p.Proc.Unit.Kind; k != ast.SubroutineUnit && k != ast.FunctionUnit {
		return false
	}
	has := false
	for _, d := range p.Proc.Args {
		if d != nil && d.Kind == ProcSym && d.Proc != nil && d.Proc.Kind == ProcDummy {
			has = true
		}
	}
	if !has || p.Proc.Scope == nil || p.Proc.Scope.SaveAll() {
		return false
	}
	for _, s := range p.Proc.Scope.Symbols() {
		if s.Kind == VarSym && s.Common == nil && (s.Attrs.Has(AttrSave) || s.Attrs.Has(AttrData)) {
			return false
		}
	}
	for _, pre := range p.Proc.Unit.Prefix {
		if pre.Name == "recursive" {
			return false
		}
	}
	return true
}

// unbound reports whether a dummy procedure of p is bound to no single
// procedure (some calls pass what a copy cannot bind).
func (c *cloner) unbound(p *Symbol) bool {
	for _, d := range p.Proc.Args {
		if d != nil && d.Kind == ProcSym && d.Proc != nil && d.Proc.Kind == ProcDummy {
			if c.b.unknown[d] || len(c.b.to[d]) != 1 {
				return true
			}
		}
	}
	return false
}

// key names the procedures a call with arguments args binds the dummy
// procedures of p to, false if one is not a procedure with a body.
func (c *cloner) key(p *Symbol, args []ast.Expr) (string, bool) {
	var parts []string
	for _, d := range p.Proc.Args {
		if d == nil || d.Kind != ProcSym || d.Proc == nil || d.Proc.Kind != ProcDummy {
			continue
		}
		if !refersTo(p.Proc.Unit, d.Name) {
			continue // (a copy made for an intrinsic: legacy_dummy_intrinsic.go)
		}
		id, ok := actualOf(d, args).(*ast.Ident)
		if !ok {
			return "", false
		}
		if name, ok := intrinsicActual(c.info.Uses[id], d); ok {
			parts = append(parts, name)
			continue
		}
		q := c.resolve(c.info.Uses[id])
		if q == nil || q.Proc.Unit == nil || q.Proc.Kind == ProcIntrinsic || !sameResult(d, q) {
			return "", false
		}
		parts = append(parts, q.Name)
	}
	return strings.Join(parts, "_"), len(parts) > 0
}

// resolve returns the procedure with a body that sym, an actual
// argument, stands for, or nil.
func (c *cloner) resolve(sym *Symbol) *Symbol {
	if sym == nil || sym.Kind != ProcSym || sym.Proc == nil {
		return nil
	}
	if sym.Proc.Kind == ProcDummy {
		if c.b.unknown[sym] || len(c.b.to[sym]) != 1 {
			return nil
		}
		for q := range c.b.to[sym] {
			return q
		}
	}
	if sym.Proc.Global != nil {
		sym = sym.Proc.Global
	}
	if sym.Proc == nil {
		return nil
	}
	return sym
}

// copyFor adds a copy of p after it, for the calls in stmts, which
// bind its dummy procedures to the procedures key names, and makes
// those calls call it.
func (c *cloner) copyFor(p *Symbol, key string, sites []cloneSite) {
	name := p.Name + "_" + key
	if len(name) > 40 {
		name = p.Name + "_p"
	}
	base := name
	for i := 2; c.names[name]; i++ {
		name = base + "_" + cloneIndex(i)
	}
	c.names[name] = true
	u := ast.Clone(p.Proc.Unit)
	u.Name = &ast.Ident{NamePos: u.Name.NamePos, Name: name}
	c.bindIntrinsics(p, u, sites[0].args) // legacy_dummy_intrinsic.go
	if u.Kind == ast.FunctionUnit {
		// The function's name is its result variable.
		ast.Inspect(u, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && id.Lower() == p.Name {
				id.Name = name
			}
			return true
		})
	}
	if p.Proc.Kind != ProcExternal {
		c.addModuleCopy(p, u, name) // legacy_dummy_module.go
	}
	for _, f := range c.files {
		for i, v := range f.Units {
			if v == p.Proc.Unit {
				f.Units = append(f.Units[:i+1], append([]*ast.Unit{u}, f.Units[i+1:]...)...)
				break
			}
		}
	}
	declared := map[*ast.TypeDecl]bool{}
	for _, s := range sites {
		s.name.Name = name
		if s.decl != nil && !declared[s.decl] {
			declared[s.decl] = true
			s.decl.Entities = append(s.decl.Entities, &ast.Entity{Name: &ast.Ident{NamePos: s.ent.Name.NamePos, Name: name}, CharLen: s.ent.CharLen})
		}
	}
	c.made[name] = p.Name
}

// cloneIndex is strconv.Itoa for small counts.
func cloneIndex(i int) string {
	if i < 10 {
		return string(rune('0' + i))
	}
	return cloneIndex(i/10) + string(rune('0'+i%10))
}

// RespellClones renames the references of the copies
// SpecializeDummyProcedures made, in generated file f, to the
// procedures they copy: the primal code the derivative code calls is
// the user's.
func RespellClones(f *ast.File, clones map[string]string) {
	if len(clones) == 0 || f == nil {
		return
	}
	for _, u := range f.Units {
		respellUnit(u, clones, ownClone(u, clones))
	}
}

// ownClone returns the copy whose derivative u is (apply_f1 for
// apply_f1_b), "" if none: in u the copy's name is the name of the
// function's result, which keeps its spelling.
func ownClone(u *ast.Unit, clones map[string]string) string {
	own := ""
	if u.Name == nil {
		return ""
	}
	name := u.Name.Lower()
	for c := range clones {
		if strings.HasPrefix(name, c+"_") && len(c) > len(own) {
			own = c
		}
	}
	return own
}

// respellUnit respells the copies' names but own in u and its contained
// procedures, and drops the declarations of a copy's type that then
// declare its procedure again (DOUBLE PRECISION SIMPS_G1, SIMPS_G2).
func respellUnit(u *ast.Unit, clones map[string]string, own string) {
	u.Procs = dropProcClones(u.Procs, clones, own) // legacy_dummy_module.go
	declared := map[string]bool{}
	var decls []ast.Stmt
	for _, st := range u.Decls {
		if us, ok := st.(*ast.UseStmt); ok {
			st = dropClones(us, clones, own) // legacy_dummy_module.go
		}
		td, ok := st.(*ast.TypeDecl)
		if !ok {
			decls = append(decls, st)
			continue
		}
		var kept []*ast.Entity
		for _, e := range td.Entities {
			name := e.Name.Lower()
			if orig, ok := clones[name]; ok && name != own {
				if declared[strings.ToLower(orig)] {
					continue
				}
				name = strings.ToLower(orig)
			}
			declared[name] = true
			kept = append(kept, e)
		}
		if len(kept) < len(td.Entities) {
			// A new statement: the generated code may share the user's.
			c := *td
			c.Entities = kept
			td = &c
		}
		if len(td.Entities) > 0 {
			decls = append(decls, td)
		}
	}
	u.Decls = decls
	ast.Inspect(u, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if orig, ok := clones[id.Lower()]; ok && id.Lower() != own {
				id.Name = orig
			}
		}
		return true
	})
	for _, c := range u.Procs {
		respellUnit(c, clones, own)
	}
}
