package sema

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// SAVEd real locals as a COMMON block of their own.
//
// Old models keep state between the calls of a routine in SAVEd locals:
// the previous time level of a leapfrog step, an accumulator, a filter's
// memory. Such a variable is a global that only its routine names, and
// fadj differentiates globals: SavedToCommon puts the SAVEd REAL and
// COMPLEX locals of each external procedure (named in a SAVE statement,
// or under a SAVE without names) in a COMMON block of their own,
// /FADJSV_name/, before the analyses. Its value and its derivative then
// carry over from one call to the next as those of a COMMON variable
// do. The derivative code keeps its own copy of the state (the block):
// the user's procedure keeps its SAVEd locals. SavedState (driver)
// rejects generated code that would run the user's procedure, whose
// state the copy does not follow, and zeroes the state's derivatives
// where the derivative routine the user calls starts.
//
// The procedures that run one whose locals moved declare its block too
// (under the same names and types, where none of their own names clash
// and the declarations use no named constant): the derivative code of a
// call that may define the state zeroes the state's derivatives the
// callee's version leaves passive, which it names through the block.
//
// Left as they are (and rejected where active, "active saved
// variable"): DATA-initialised or initialised locals (one DATA per
// block), SAVE attributes of type declarations, allocatable, pointer or
// target locals, and procedures with EQUIVALENCE or ENTRY.

// SavedBlockPrefix starts the names of the blocks SavedToCommon makes.
const SavedBlockPrefix = "fadjsv_"

// SavedToCommon moves the SAVEd real locals (see above) of the external
// procedures of files to blocks of their own and returns the analysis
// of the program after the move, and the procedures whose locals moved
// (lower case). It returns info and nil when none moved.
func SavedToCommon(fset *source.FileSet, files []*ast.File, info *Info, conf *Config) (*Info, map[string]bool, error) {
	if info == nil {
		return info, nil, nil
	}
	moved := map[string]bool{}
	kits := map[string][]ast.Stmt{}
	for _, f := range files {
		var blocks []*ast.Unit
		groups := entryGroups(f) // legacy_saved_entry.go
		for _, u := range f.Units {
			data := dataStmts(u)
			if moveSaved(info, u, groups[u]) {
				moved[u.Name.Lower()] = true
				kits[u.Name.Lower()] = declKit(u)
				b, lost := savedBlockData(u, data, kits[u.Name.Lower()]) // legacy_saved_data.go
				if lost != nil {
					var l diag.List
					l.Addf(fset.Position(lost.Pos()), "not supported yet: DATA statement of SAVEd variables of '%s', which fadj moves to a COMMON block it cannot declare outside '%s' (a variable typed implicitly, or bounds from named constants)", u.Name.Lower(), u.Name.Lower())
					return info, nil, l
				}
				if b != nil && !hasUnit(blocks, b.Name.Name) {
					blocks = append(blocks, b)
				}
			}
		}
		f.Units = append(f.Units, blocks...)
	}
	if len(moved) == 0 {
		return info, nil, nil
	}
	declareInCallers(info, files, kits)
	next, err := Check(fset, files, conf)
	return next, moved, err
}

// moveSaved moves the SAVEd real locals of unit u to their block, and
// reports whether it moved any.
func moveSaved(info *Info, u *ast.Unit, grp []*ast.Unit) bool {
	if u.Name == nil || (u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit) {
		return false
	}
	sym := info.Global.LookupLocal(u.Name.Lower())
	if sym == nil || sym.Proc == nil || sym.Proc.Unit != u || sym.Proc.Scope == nil {
		return false
	}
	sc := sym.Proc.Scope
	named := map[string]bool{} // in a SAVE statement
	for _, st := range u.Decls {
		switch st := st.(type) {
		case *ast.EquivalenceStmt, *ast.EntryStmt:
			return false
		case *ast.AttrStmt:
			if st.Attr != nil && st.Attr.Kind == ast.AttrSave {
				for _, e := range st.Entities {
					named[e.Name.Lower()] = true
				}
			}
		}
	}
	// Every SAVEd local moves (the versions of the procedure share one
	// state, a counter as well as a sum) when a real one carries a value
	// from one call to the next (a bare SAVE also saves temporaries);
	// none does if
	// a saved local that cannot move (initialised, SAVE by attribute)
	// gets a value in the body (a FIRST flag: each version would have
	// its own).
	assigned := assignedNames(u)
	for _, v := range grp { // the procedures of one with ENTRY share it
		for n := range assignedNames(v) {
			assigned[n] = true
		}
	}
	var names []*ast.Entity
	real := false
	for _, s := range sc.Symbols() {
		if s.Kind != VarSym || s.IsDummy() || s.Common != nil || s == sym.Proc.Result || s == sym ||
			s.Attrs.Has(AttrParameter) {
			continue
		}
		saved := named[s.Name] || sc.SaveAll() || s.Attrs.Has(AttrSave) || s.Attrs.Has(AttrData) || s.Init != nil
		if !saved || s.Attrs.Has(AttrData) && s.Init == nil && !assigned[s.Name] {
			continue // (a constant DATA sets: each version has its own, the same)
		}
		movable := (named[s.Name] || sc.SaveAll() || s.Attrs.Has(AttrData)) && s.Init == nil && // DATA: legacy_saved_data.go
			!s.Attrs.Has(AttrAllocatable) && !s.Attrs.Has(AttrPointer) && !s.Attrs.Has(AttrTarget) &&
			s.Type != nil && (s.Type.IsReal() || s.Type.IsComplex() || s.Type.Basic == IntegerType || s.Type.Basic == LogicalType ||
			len(grp) > 0 && savedChars(s)) // legacy_saved_chars.go
		if !movable {
			if assigned[s.Name] {
				return false
			}
			continue
		}
		real = real || (s.Type.IsReal() || s.Type.IsComplex()) && carried(info, u, s) || len(grp) > 0 && assigned[s.Name]
		names = append(names, &ast.Entity{Name: &ast.Ident{NamePos: s.Pos, Name: s.Name}})
	}
	if !real {
		return false
	}
	moved := map[string]bool{}
	for _, e := range names {
		moved[e.Name.Lower()] = true
	}
	data, ok := movedData(u, moved) // legacy_saved_data.go
	if !ok || len(data) > 0 && !kitPossible(u, names) {
		return false // (the DATA would have no BLOCK DATA to go to)
	}
	var decls []ast.Stmt
	for _, st := range u.Decls {
		if a, ok := st.(*ast.AttrStmt); ok && a.Attr != nil && a.Attr.Kind == ast.AttrSave && len(a.Entities) > 0 {
			var kept []*ast.Entity
			for _, e := range a.Entities {
				if !moved[e.Name.Lower()] {
					kept = append(kept, e)
				}
			}
			if len(kept) == 0 {
				continue
			}
			a.Entities = kept
		}
		decls = append(decls, st)
	}
	block := &ast.CommonBlock{Name: &ast.Ident{Name: SavedBlockPrefix + groupHost(u, grp).Name.Lower()}, Entities: names}
	u.Decls = append(decls, &ast.CommonStmt{Blocks: []*ast.CommonBlock{block}})
	u.Decls, u.Body = dropStmts(u.Decls, data), dropStmts(u.Body, data)
	return true
}

// MovedState returns, for each procedure whose SAVEd locals
// SavedToCommon moved, one of them: the derivative code runs such a
// procedure only in its own (split) versions, whose state is the block
// (generator/plan's evolving state).
func (p *Program) MovedState() map[*Symbol]*Symbol {
	if p == nil || p.Info == nil || len(p.Saved) == 0 {
		return nil
	}
	out := map[*Symbol]*Symbol{}
	names := map[string]string{} // procedure -> the one whose block it has
	for name := range p.Saved {
		names[name] = name
	}
	for c, orig := range p.Clones { // copies per EXTERNAL bound (legacy_dummy_clone.go)
		if p.Saved[orig] {
			names[c] = orig
		}
	}
	for name, orig := range names {
		proc := p.Info.Global.LookupLocal(name)
		if proc == nil || proc.Proc == nil || proc.Proc.Scope == nil {
			continue
		}
		for _, s := range proc.Proc.Scope.Symbols() {
			if s.Kind == VarSym && s.Common != nil && (s.Common.Name == SavedBlockPrefix+orig || entryBlock(proc, s)) {
				out[proc] = s
				break
			}
		}
	}
	return out
}

// declKit returns the declarations of the block unit u's moved locals
// are in, as another procedure can write them (type declarations with
// literal bounds, the COMMON statement), nil if it cannot.
func declKit(u *ast.Unit) []ast.Stmt {
	var block *ast.CommonBlock
	for _, st := range u.Decls {
		if c, ok := st.(*ast.CommonStmt); ok && len(c.Blocks) == 1 && c.Blocks[0].Name != nil && strings.HasPrefix(c.Blocks[0].Name.Lower(), SavedBlockPrefix) {
			block = c.Blocks[0]
		}
	}
	if block == nil {
		return nil
	}
	var out []ast.Stmt
	for _, m := range block.Entities {
		var decl *ast.TypeDecl
		for _, st := range u.Decls {
			td, ok := st.(*ast.TypeDecl)
			if !ok || decl != nil {
				continue
			}
			for _, e := range td.Entities {
				if e.Name.Lower() == m.Name.Lower() {
					decl = &ast.TypeDecl{Type: ast.Clone(td.Type), DColon: true, Entities: []*ast.Entity{ast.Clone(e)}}
				}
			}
			if decl != nil && (len(td.Attrs) > 0 || namesAny(decl)) {
				return nil // bounds or attributes elsewhere, or named constants
			}
		}
		if decl == nil {
			return nil // typed implicitly
		}
		out = append(out, decl)
	}
	nb := &ast.CommonBlock{Name: &ast.Ident{Name: block.Name.Name}}
	for _, e := range block.Entities {
		nb.Entities = append(nb.Entities, &ast.Entity{Name: &ast.Ident{Name: e.Name.Name}})
	}
	return append(out, &ast.CommonStmt{Blocks: []*ast.CommonBlock{nb}})
}

// namesAny reports whether declaration d names anything but its entity
// (a named constant in a bound, a kind or a length).
func namesAny(d *ast.TypeDecl) bool {
	found := false
	check := func(n ast.Node) bool {
		if _, ok := n.(*ast.Ident); ok {
			found = true
		}
		return !found
	}
	var exprs []ast.Expr
	for _, e := range d.Entities {
		for _, dim := range e.Dims {
			exprs = append(exprs, dim.Lo, dim.Hi)
		}
		exprs = append(exprs, e.CharLen)
	}
	if t := d.Type; t != nil {
		exprs = append(exprs, t.KindSel, t.Star, t.Len)
		found = t.Name != nil
	}
	for _, x := range exprs {
		if x != nil {
			ast.Inspect(x, check)
		}
	}
	return found
}

// declareInCallers adds to each external procedure that runs one whose
// locals moved (kits, by name) that one's block, where it names none
// of the block's members itself.
func declareInCallers(info *Info, files []*ast.File, kits map[string][]ast.Stmt) {
	if info.CallGraph == nil {
		return
	}
	reach := map[*CGNode]map[string]bool{}
	for changed := true; changed; {
		changed = false
		for _, n := range info.CallGraph.Nodes {
			for _, c := range append(append([]*CGNode{}, n.Callees...), n.Refs...) {
				names := map[string]bool{}
				if kits[c.Proc.Name] != nil && c.Defined() {
					names[c.Proc.Name] = true
				}
				for k := range reach[c] {
					names[k] = true
				}
				for k := range names {
					if k != n.Proc.Name && !reach[n][k] {
						if reach[n] == nil {
							reach[n] = map[string]bool{}
						}
						reach[n][k], changed = true, true
					}
				}
			}
		}
	}
	for n, names := range reach {
		u := n.Unit()
		if u == nil || n.Proc.Proc == nil || n.Proc.Proc.Kind != ProcExternal || n.Proc.Proc.Scope == nil {
			continue
		}
		sorted := make([]string, 0, len(names))
		for k := range names {
			sorted = append(sorted, k)
		}
		sort.Strings(sorted)
		added := map[string]bool{} // blocks (the procedures of one with ENTRY share one)
		for _, k := range sorted {
			if kit := kits[k]; kit != nil && !clashes(n.Proc.Proc.Scope, kit) && !added[kitBlock(kit)] {
				added[kitBlock(kit)] = true
				for _, st := range kit {
					u.Decls = append(u.Decls, ast.Clone(st))
				}
			}
		}
	}
}

// clashes reports whether scope names (or could name implicitly) one of
// the entities kit declares.
func clashes(sc *Scope, kit []ast.Stmt) bool {
	for _, st := range kit {
		if td, ok := st.(*ast.TypeDecl); ok {
			for _, e := range td.Entities {
				if sc.Lookup(e.Name.Lower()) != nil {
					return true
				}
			}
		}
	}
	return false
}

// assignedNames returns the names (lower case) that u's body assigns,
// reads into or passes to a procedure, which may define them.
func assignedNames(u *ast.Unit) map[string]bool {
	out := map[string]bool{}
	base := func(x ast.Expr) {
		for {
			switch e := x.(type) {
			case *ast.Ident:
				out[e.Lower()] = true
				return
			case *ast.CallExpr:
				x = e.Fun
			default:
				return
			}
		}
	}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			base(n.Lhs)
		case *ast.CallStmt:
			for _, a := range n.Args {
				base(a)
			}
		case *ast.IOStmt:
			return true
		}
		return true
	})
	return out
}

// carried reports whether saved local v of unit u may be read before
// u writes it: unless the first statement of the body naming it, with
// no jump before it, assigns all of it from an expression without it.
func carried(info *Info, u *ast.Unit, v *Symbol) bool {
	names := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && info.ObjectOf(id) == v {
				found = true
			}
			return !found
		})
		return found
	}
	for _, st := range u.Body {
		switch st.(type) {
		case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			return true
		}
		if !names(st) {
			if jumps(st) {
				return true
			}
			continue
		}
		a, ok := st.(*ast.AssignStmt)
		if !ok {
			return true
		}
		id, whole := a.Lhs.(*ast.Ident)
		return !whole || info.ObjectOf(id) != v || names(a.Rhs)
	}
	return false
}

// jumps reports whether statement st holds a GO TO.
func jumps(st ast.Stmt) bool {
	found := false
	ast.Inspect(st, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.GotoStmt, *ast.ComputedGotoStmt, *ast.AssignedGotoStmt, *ast.ArithIfStmt:
			found = true
		}
		return !found
	})
	return found
}
