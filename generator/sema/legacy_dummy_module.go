package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Copies of a module or internal procedure per binding of its dummy
// procedures. A
// quadrature module's QUAD(F, A, B, N, R), called with two integrands
// of another module (CALL QUAD(DAMP, ...), CALL QUAD(WAVE, ...)), is
// copied as legacy_dummy_clone.go copies an external procedure: the
// copy (QUAD_DAMP) is another procedure of QUAD's module, after it,
// public where QUAD is made public by name, and named in each ONLY list
// that names QUAD. An internal procedure's copy is another internal
// procedure of its host.

// moduleCandidate reports whether p is a module procedure its module
// contains, or an internal procedure of a procedure or program of the
// files (whose copy is another internal procedure of its host).
func (c *cloner) moduleCandidate(p *Symbol) bool {
	if p.Proc.Kind != ProcModule && p.Proc.Kind != ProcInternal {
		return false
	}
	m, _ := c.moduleOf(p.Proc.Unit)
	return m != nil
}

// moduleOf returns the module or the procedure containing unit u among
// its module or internal procedures, and u's index there, or nil.
func (c *cloner) moduleOf(u *ast.Unit) (*ast.Unit, int) {
	for _, f := range c.files {
		for _, m := range f.Units {
			for i, v := range m.Procs {
				if v == u {
					return m, i
				}
			}
			for _, w := range m.Procs { // (a module procedure's internal ones)
				for i, v := range w.Procs {
					if v == u {
						return w, i
					}
				}
			}
		}
	}
	return nil, -1
}

// addModuleCopy adds copy u, named name, of module procedure p to p's
// module after p, makes it public where p is named public, and names it
// in each ONLY list of the module that names p.
func (c *cloner) addModuleCopy(p *Symbol, u *ast.Unit, name string) {
	m, i := c.moduleOf(p.Proc.Unit)
	if m == nil {
		return
	}
	m.Procs = append(m.Procs[:i+1], append([]*ast.Unit{u}, m.Procs[i+1:]...)...)
	if m.Kind != ast.ModuleUnit {
		return // (an internal procedure: its host's names only)
	}
	for _, st := range m.Decls {
		if as, ok := st.(*ast.AttrStmt); ok && as.Attr != nil && as.Attr.Kind == ast.AttrPublic && namesEntity(as.Entities, p.Name) {
			as.Entities = append(as.Entities, &ast.Entity{Name: &ast.Ident{NamePos: as.Pos(), Name: name}})
		}
	}
	mod := m.Name.Lower()
	var visit func(v *ast.Unit)
	visit = func(v *ast.Unit) {
		for _, st := range v.Decls {
			if us, ok := st.(*ast.UseStmt); ok && us.Only && us.Module != nil && us.Module.Lower() == mod && onlyNames(us, p.Name) {
				us.Items = append(us.Items, &ast.UseItem{Name: &ast.Ident{NamePos: us.Pos(), Name: name}})
			}
		}
		for _, w := range v.Procs {
			visit(w)
		}
	}
	for _, f := range c.files {
		for _, v := range f.Units {
			visit(v)
		}
	}
}

// namesEntity reports whether list names name (lower case).
func namesEntity(list []*ast.Entity, name string) bool {
	for _, e := range list {
		if e.Name != nil && e.Name.Lower() == name {
			return true
		}
	}
	return false
}

// onlyNames reports whether the ONLY list of us names name, not renamed.
func onlyNames(us *ast.UseStmt, name string) bool {
	for _, it := range us.Items {
		if it.Local == nil && it.Name != nil && it.Name.Lower() == name {
			return true
		}
	}
	return false
}

// dropClones returns us with the copies in its ONLY list (but own)
// named as the procedures they copy, once each, a new statement if it
// changes: the module the generated code uses is the user's.
func dropClones(us *ast.UseStmt, clones map[string]string, own string) *ast.UseStmt {
	var kept []*ast.UseItem
	seen := map[string]bool{}
	changed := false
	for _, it := range us.Items {
		if it.Local == nil && it.Name != nil {
			name := it.Name.Lower()
			if orig, ok := clones[name]; ok && name != own {
				changed = true
				if !seen[orig] {
					seen[orig] = true
					kept = append(kept, &ast.UseItem{Name: &ast.Ident{NamePos: it.Name.NamePos, Name: orig}})
				}
				continue
			}
			if seen[name] {
				changed = true
				continue
			}
			seen[name] = true
		}
		kept = append(kept, it)
	}
	if !changed {
		return us
	}
	c := *us
	c.Items = kept
	return &c
}

// dropProcClones returns procs, the internal procedures generated code
// carries over from their host, without the copies (but own) of
// procedures also among them: respelled, they would define the
// procedure again.
func dropProcClones(procs []*ast.Unit, clones map[string]string, own string) []*ast.Unit {
	has := map[string]bool{}
	for _, p := range procs {
		if p.Name != nil {
			has[p.Name.Lower()] = true
		}
	}
	var out []*ast.Unit
	for _, p := range procs {
		if p.Name != nil {
			if orig, ok := clones[p.Name.Lower()]; ok && p.Name.Lower() != own && has[orig] {
				continue
			}
		}
		out = append(out, p)
	}
	if len(out) == len(procs) {
		return procs
	}
	return out
}
