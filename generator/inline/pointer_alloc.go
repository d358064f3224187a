package inline

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// PointerAllocatables makes ALLOCATABLE each local POINTER variable that
// the procedure only ever allocates (F90-era code, written before
// allocatable dummies and components, spells dynamic work arrays as
// pointers: real, pointer :: tmp(:); allocate(tmp(n)) ... deallocate(tmp)).
// Such a pointer never names other storage, so it behaves as an
// allocatable does, and the differentiators follow allocatables'
// allocation in both sweeps (in loops and checkpointed steps too), where
// an active pointer allocated in a loop is rejected. ASSOCIATED(p) becomes
// ALLOCATED(p), and NULLIFY(p) becomes IF (ALLOCATED(p)) DEALLOCATE(p):
// the program's values are the same, only a leak is gone.
//
// A pointer qualifies when it is a local variable (not a dummy, function
// result, module or common variable) declared POINTER in a type
// declaration, and no statement of the procedure (or of its internal
// procedures) associates it with `=>`, either side, passes it to a
// POINTER or unknown dummy or to an intrinsic that deals in
// associations (ASSOCIATED with a target, C_F_POINTER, C_LOC, NULL), or
// puts it in a structure constructor. A pointer initialised with
// `=> null()` is implicitly SAVEd; it qualifies only when the procedure
// has no other saved variable and never asks ASSOCIATED(p): then no call
// can observe what an earlier call left in it.
//
// It returns the module variables it changed, whose spelling the
// generated code must adapt (ModulePointers.Respell).
func PointerAllocatables(prog *sema.Program) *ModulePointers {
	if prog == nil || prog.Info == nil {
		return nil
	}
	pa := &pointerAllocs{info: prog.Info, mods: &ModulePointers{}}
	pa.moduleVars(prog)
	var visit func(u *ast.Unit)
	visit = func(u *ast.Unit) {
		for _, p := range u.Procs {
			visit(p)
		}
		if u.Kind == ast.SubroutineUnit || u.Kind == ast.FunctionUnit {
			pa.unit(u)
		}
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			visit(u)
		}
	}
	return pa.mods
}

type pointerAllocs struct {
	info      *sema.Info
	allocated *sema.Symbol // the ALLOCATED intrinsic
	mods      *ModulePointers
}

// unit rewrites the qualifying pointers of procedure u.
func (pa *pointerAllocs) unit(u *ast.Unit) {
	scope := pa.info.ScopeOf(u)
	if scope == nil || scope.SaveAll() {
		return
	}
	cands := map[*sema.Symbol]*ast.Entity{}
	for _, d := range u.Decls {
		td, ok := d.(*ast.TypeDecl)
		if !ok || !hasAttr(td.Attrs, ast.AttrPointer) {
			continue
		}
		for _, e := range td.Entities {
			if s := pa.info.Defs[e.Name]; pa.localPointer(u, scope, s, e.Init != nil && !hasAttr(td.Attrs, ast.AttrSave)) {
				cands[s] = e
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	asked := pa.disqualify(u, cands)
	for s, e := range cands {
		if e.Init != nil && (asked[s] || pa.otherSaved(scope, s)) && !pa.endsFree(u, s) {
			delete(cands, s)
		}
	}
	if len(cands) == 0 {
		return
	}
	pa.redeclare(u, cands)
	pa.rewriteRefs(u, cands)
	for s := range cands {
		s.Attrs = s.Attrs&^sema.AttrPointer | sema.AttrAllocatable
		if s.Init != nil {
			s.Attrs &^= sema.AttrSave | sema.AttrData // (those of the initialisation)
		}
		s.Init = nil
	}
}

// moduleVars makes ALLOCATABLE the POINTER variables of modules that no
// unit of the program uses as pointers (F90-era model state: real,
// pointer :: h(:) allocated in an init routine). A module variable is
// saved whatever its initialisation, so `=> null()` changes nothing.
func (pa *pointerAllocs) moduleVars(prog *sema.Program) {
	cands := map[*sema.Symbol]*ast.Entity{}
	var mods []*ast.Unit
	for _, f := range prog.Files {
		for _, u := range f.Units {
			scope := pa.info.ScopeOf(u)
			if u.Kind != ast.ModuleUnit || scope == nil {
				continue
			}
			mods = append(mods, u)
			for _, d := range u.Decls {
				td, ok := d.(*ast.TypeDecl)
				if !ok || !hasAttr(td.Attrs, ast.AttrPointer) {
					continue
				}
				for _, e := range td.Entities {
					s := pa.info.Defs[e.Name]
					const other = sema.AttrInCommon | sema.AttrEquivalence | sema.AttrTarget | sema.AttrProtected | sema.AttrVolatile
					if s != nil && s.Kind == sema.VarSym && s.Owner == scope && s.Attrs.Has(sema.AttrPointer) && s.Attrs&other == 0 && !byStatement(u, s) {
						cands[s] = e
					}
				}
			}
		}
	}
	if len(cands) == 0 {
		return
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			pa.disqualify(u, cands)
		}
	}
	if len(cands) == 0 {
		return
	}
	for _, u := range mods {
		pa.redeclare(u, cands)
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			pa.rewriteRefs(u, cands)
		}
	}
	for s := range cands {
		s.Attrs = s.Attrs&^(sema.AttrPointer|sema.AttrData) | sema.AttrAllocatable
		s.Init = nil
	}
	// Every module that makes one public, under the name it does (its
	// own, or one that uses it: the generated code uses them too).
	for _, m := range pa.info.Modules {
		if m.Proc == nil || m.Proc.Scope == nil {
			continue
		}
		for name, s := range m.Proc.Scope.Exports() {
			if _, ok := cands[s]; ok {
				pa.mods.add(m.Name, name)
			}
		}
	}
}

// byStatement reports whether an attribute statement of u names s.
func byStatement(u *ast.Unit, s *sema.Symbol) bool {
	for _, d := range u.Decls {
		if as, ok := d.(*ast.AttrStmt); ok {
			for _, e := range as.Entities {
				if strings.EqualFold(e.Name.Name, s.Name) {
					return true
				}
			}
		}
	}
	return false
}

// localPointer reports whether s is a POINTER local variable of u;
// initialised, if its SAVE and DATA attributes are those of its
// initialisation.
func (pa *pointerAllocs) localPointer(u *ast.Unit, scope *sema.Scope, s *sema.Symbol, initialised bool) bool {
	if s == nil || s.Kind != sema.VarSym || s.Owner != scope || !s.Attrs.Has(sema.AttrPointer) || s.IsDummy() {
		return false
	}
	other := sema.AttrInCommon | sema.AttrEquivalence | sema.AttrTarget
	if !initialised {
		other |= sema.AttrData | sema.AttrSave
	}
	if s.Attrs&other != 0 || s.Name == strings.ToLower(u.Name.Name) {
		return false
	}
	if u.Result != nil && strings.EqualFold(u.Result.Name, s.Name) {
		return false
	}
	return !byStatement(u, s) // (POINTER or other attributes by statement)
}

// endsFree reports whether every call of u ends with s unassociated: u
// has no RETURN, and the last statement of its body mentioning s, at the
// top level and with no labelled statement after it (a jump could go
// past it), is DEALLOCATE or NULLIFY of s, or IF (ASSOCIATED(s)) one of
// them. Each call then starts as the first does, with s unassociated:
// the implicit SAVE of `=> null()` is not observable.
func (pa *pointerAllocs) endsFree(u *ast.Unit, s *sema.Symbol) bool {
	ret := false
	ast.Inspect(u, func(n ast.Node) bool {
		if _, ok := n.(*ast.ReturnStmt); ok {
			ret = true
		}
		return !ret
	})
	if ret {
		return false
	}
	for i := len(u.Body) - 1; i >= 0; i-- {
		st := u.Body[i]
		if st.Header().Label != 0 {
			return false
		}
		if !pa.mentionsSym(st, s) {
			continue
		}
		if f, ok := st.(*ast.IfStmt); ok {
			st = f.Action
		}
		a, ok := st.(*ast.AllocateStmt)
		if !ok || a.Keyword != "deallocate" && a.Keyword != "nullify" {
			return false
		}
		for _, o := range a.Objects {
			if id, ok := o.(*ast.Ident); ok && pa.info.Uses[id] == s {
				return true
			}
		}
		return false
	}
	return false
}

// mentionsSym reports whether n references s.
func (pa *pointerAllocs) mentionsSym(n ast.Node, s *sema.Symbol) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && pa.info.Uses[id] == s {
			found = true
		}
		return !found
	})
	return found
}

// otherSaved reports whether a local variable of scope other than s is
// saved (explicitly or by initialisation).
func (pa *pointerAllocs) otherSaved(scope *sema.Scope, s *sema.Symbol) bool {
	for _, v := range scope.Symbols() {
		if v != s && v.Kind == sema.VarSym && !v.IsDummy() && !v.Attrs.Has(sema.AttrParameter) && v.Attrs.Has(sema.AttrSave) {
			return true
		}
	}
	return false
}

// disqualify drops from cands the pointers u uses as pointers (see
// PointerAllocatables); it returns those ASSOCIATED(p) asks about.
func (pa *pointerAllocs) disqualify(u *ast.Unit, cands map[*sema.Symbol]*ast.Entity) map[*sema.Symbol]bool {
	asked := map[*sema.Symbol]bool{}
	drop := func(x ast.Node) {
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				delete(cands, pa.info.Uses[id])
			}
			return true
		})
	}
	ast.Inspect(u, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.PointerAssignStmt:
			drop(n.Lhs)
			drop(n.Rhs)
		case *ast.CallStmt:
			pa.checkArgs(pa.info.CallStmts[n], n.Args, cands, asked)
		case *ast.CallExpr:
			c, ok := pa.info.Calls[n]
			if !ok {
				return true
			}
			switch c.Kind {
			case sema.StructConstructor:
				for _, a := range n.Args {
					drop(a)
				}
			case sema.FunctionCall:
				pa.checkArgs(c, n.Args, cands, asked)
			}
		}
		return true
	})
	return asked
}

// checkArgs drops from cands the pointers passed whole among args to a
// dummy that may take them as pointers.
func (pa *pointerAllocs) checkArgs(c sema.Call, args []ast.Expr, cands map[*sema.Symbol]*ast.Entity, asked map[*sema.Symbol]bool) {
	for i, a := range args {
		kw, isKw := a.(*ast.KeywordArg)
		if isKw {
			a = kw.Value
		}
		id, ok := a.(*ast.Ident)
		if !ok {
			continue
		}
		s := pa.info.Uses[id]
		if _, isCand := cands[s]; !isCand {
			continue
		}
		if c.Proc == nil || c.Proc.Proc == nil {
			delete(cands, s)
			continue
		}
		if c.IsIntrinsic() {
			switch c.Proc.Name {
			case "associated":
				if len(args) == 1 {
					asked[s] = true
					continue
				}
				delete(cands, s)
			case "c_f_pointer", "c_loc", "c_associated", "null", "move_alloc":
				delete(cands, s)
			}
			continue
		}
		d := dummyOf(c.Proc.Proc, i, kw)
		if d == nil || d.Attrs.Has(sema.AttrPointer) || d.Attrs.Has(sema.AttrAllocatable) {
			delete(cands, s)
		}
	}
}

// dummyOf returns the dummy of procedure p an actual argument at
// position i (or with keyword kw) goes to, nil if unknown.
func dummyOf(p *sema.Proc, i int, kw *ast.KeywordArg) *sema.Symbol {
	if kw != nil {
		for _, d := range p.Args {
			if d != nil && strings.EqualFold(d.Name, kw.Name.Name) {
				return d
			}
		}
		return nil
	}
	if p.Unit == nil && p.Interface == nil {
		// An implicit interface: its dummies are not pointers (a
		// pointer dummy needs an explicit interface).
		return &sema.Symbol{Kind: sema.VarSym}
	}
	if i < len(p.Args) {
		return p.Args[i]
	}
	return nil
}

// redeclare makes the declarations of cands ALLOCATABLE: a type
// declaration whose pointers all qualify in place, else its qualifying
// entities in a declaration of their own after it.
func (pa *pointerAllocs) redeclare(u *ast.Unit, cands map[*sema.Symbol]*ast.Entity) {
	var decls []ast.Stmt
	for _, d := range u.Decls {
		td, ok := d.(*ast.TypeDecl)
		if !ok || !hasAttr(td.Attrs, ast.AttrPointer) {
			decls = append(decls, d)
			continue
		}
		var keep, moved []*ast.Entity
		for _, e := range td.Entities {
			if _, ok := cands[pa.info.Defs[e.Name]]; ok {
				e.Init, e.Pointer = nil, false
				moved = append(moved, e)
			} else {
				keep = append(keep, e)
			}
		}
		if len(moved) == 0 {
			decls = append(decls, d)
			continue
		}
		nd := &ast.TypeDecl{Type: td.Type, DColon: true, Entities: moved}
		for _, a := range td.Attrs {
			if a.Kind == ast.AttrPointer {
				a = &ast.Attr{AttrPos: a.AttrPos, Kind: ast.AttrAllocatable}
			}
			nd.Attrs = append(nd.Attrs, a)
		}
		if len(keep) == 0 {
			nd.StmtHeader = td.StmtHeader
			decls = append(decls, nd)
			continue
		}
		td.Entities = keep
		decls = append(decls, td, nd)
	}
	u.Decls = decls
}

// rewriteRefs turns ASSOCIATED(p) into ALLOCATED(p) and NULLIFY(p) into
// IF (ALLOCATED(p)) DEALLOCATE(p) for the pointers of cands.
func (pa *pointerAllocs) rewriteRefs(u *ast.Unit, cands map[*sema.Symbol]*ast.Entity) {
	is := func(x ast.Expr) bool {
		id, ok := x.(*ast.Ident)
		if !ok {
			return false
		}
		_, c := cands[pa.info.Uses[id]]
		return c
	}
	ast.Apply(u, func(c *ast.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			if k, ok := pa.info.Calls[n]; ok && k.IsIntrinsic() && k.Proc.Name == "associated" && len(n.Args) == 1 && is(n.Args[0]) {
				fun := n.Fun.(*ast.Ident)
				fun.Name = "allocated"
				k.Proc = pa.allocatedSym()
				pa.info.Calls[n] = k
				pa.info.Uses[fun] = k.Proc
			}
		case *ast.AllocateStmt:
			if n.Keyword != "nullify" || c.Index() < 0 {
				return true
			}
			var rest []ast.Expr
			var repl []ast.Stmt
			for _, o := range n.Objects {
				if !is(o) {
					rest = append(rest, o)
					continue
				}
				repl = append(repl, pa.deallocateIfAllocated(o.(*ast.Ident)))
			}
			if len(repl) == 0 {
				return true
			}
			if len(rest) > 0 {
				n.Objects = rest
			} else {
				first := repl[0]
				first.(*ast.IfStmt).StmtHeader = n.StmtHeader // (its label)
				c.Replace(first)
				repl = repl[1:]
			}
			for k := len(repl) - 1; k >= 0; k-- {
				c.InsertAfter(repl[k])
			}
		}
		return true
	}, nil)
}

// deallocateIfAllocated returns IF (ALLOCATED(p)) DEALLOCATE(p), known
// to the semantic information.
func (pa *pointerAllocs) deallocateIfAllocated(p *ast.Ident) ast.Stmt {
	s := pa.info.Uses[p]
	ref := func() *ast.Ident {
		id := ast.NewIdent(p.Name)
		pa.info.Uses[id] = s
		return id
	}
	fun := ast.NewIdent("allocated")
	call := &ast.CallExpr{Fun: fun, Args: []ast.Expr{ref()}}
	proc := pa.allocatedSym()
	pa.info.Uses[fun] = proc
	pa.info.Calls[call] = sema.Call{Kind: sema.FunctionCall, Proc: proc, Type: sema.BasicType(sema.LogicalType, 4)}
	return &ast.IfStmt{Cond: call, Action: &ast.AllocateStmt{Keyword: "deallocate", Objects: []ast.Expr{ref()}}}
}

// allocatedSym returns the symbol of the ALLOCATED intrinsic.
func (pa *pointerAllocs) allocatedSym() *sema.Symbol {
	if pa.allocated == nil {
		pa.allocated = allocatedIntrinsic(pa.info)
	}
	return pa.allocated
}

// allocatedIntrinsic returns the symbol of the ALLOCATED intrinsic: the
// one the program's references use, else a new one.
func allocatedIntrinsic(info *sema.Info) *sema.Symbol {
	for _, c := range info.Calls {
		if c.IsIntrinsic() && c.Proc.Name == "allocated" {
			return c.Proc
		}
	}
	return &sema.Symbol{Name: "allocated", Kind: sema.ProcSym, ArgIndex: -1, Attrs: sema.AttrIntrinsic,
		Owner: info.Global, Type: sema.BasicType(sema.LogicalType, 4),
		Proc: &sema.Proc{Kind: sema.ProcIntrinsic, Form: sema.FormFunction, Intrinsic: sema.LookupIntrinsic("allocated")}}
}

func hasAttr(attrs []*ast.Attr, k ast.AttrKind) bool {
	for _, a := range attrs {
		if a.Kind == k {
			return true
		}
	}
	return false
}
