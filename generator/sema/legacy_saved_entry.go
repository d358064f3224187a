package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// SAVEd state of a procedure with ENTRY. The parser makes one procedure
// per entry point (START, ADVANCE of one clock routine), each a copy
// of the whole: their SAVEd locals are one variable in the original
// (DATA NSTEP /0/ counted by ADVANCE, reset by START), which separate
// copies would not be. SavedToCommon puts them in one block for all the
// copies, named after the first (/FADJSV_START/), whenever one of
// them sets a SAVEd local, of any type: the copies then share it as the
// entry points of the original did, and so do their derivative
// versions.

// entryGroups returns, for each procedure of f made of one with ENTRY,
// the procedures made of the same one (itself included), in order:
// those whose specification parts start at the same position.
func entryGroups(f *ast.File) map[*ast.Unit][]*ast.Unit {
	by := map[source.Pos][]*ast.Unit{}
	var order []source.Pos
	for _, u := range f.Units {
		if len(u.Decls) == 0 || (u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit) {
			continue
		}
		p := u.Decls[0].Pos()
		if !p.IsValid() {
			continue
		}
		if by[p] == nil {
			order = append(order, p)
		}
		by[p] = append(by[p], u)
	}
	out := map[*ast.Unit][]*ast.Unit{}
	for _, p := range order {
		if len(by[p]) < 2 {
			continue
		}
		for _, u := range by[p] {
			out[u] = by[p]
		}
	}
	return out
}

// groupHost returns the procedure whose name the block of u's group
// takes: the first of grp, or u itself.
func groupHost(u *ast.Unit, grp []*ast.Unit) *ast.Unit {
	if len(grp) > 0 {
		return grp[0]
	}
	return u
}

// hasUnit reports whether list holds a unit named name.
func hasUnit(list []*ast.Unit, name string) bool {
	for _, u := range list {
		if u.Name != nil && strings.EqualFold(u.Name.Name, name) {
			return true
		}
	}
	return false
}

// kitBlock returns the name of the block kit (declKit) declares.
func kitBlock(kit []ast.Stmt) string {
	for _, st := range kit {
		if c, ok := st.(*ast.CommonStmt); ok && len(c.Blocks) == 1 && c.Blocks[0].Name != nil {
			return c.Blocks[0].Name.Lower()
		}
	}
	return ""
}

// entryBlock reports whether s, a variable of procedure proc, is in a
// block SavedToCommon made and is one of proc's own locals that moved
// (declared in its unit, not by a kit of a callee's block).
func entryBlock(proc, s *Symbol) bool {
	if !strings.HasPrefix(s.Common.Name, SavedBlockPrefix) || proc.Proc == nil || proc.Proc.Unit == nil {
		return false
	}
	for _, st := range proc.Proc.Unit.Decls {
		if c, ok := st.(*ast.CommonStmt); ok {
			for _, b := range c.Blocks {
				if b.Name != nil && b.Name.Lower() == s.Common.Name {
					for _, e := range b.Entities {
						if e.Name.Pos() == s.Pos {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

// savedBlocks returns the block of each procedure whose SAVEd locals
// moved (lower case names).
func (p *Program) savedBlocks() map[string]string {
	out := map[string]string{}
	for name := range p.Saved {
		proc := p.Info.Global.LookupLocal(name)
		if proc == nil || proc.Proc == nil || proc.Proc.Unit == nil {
			continue
		}
		for _, st := range proc.Proc.Unit.Decls {
			if c, ok := st.(*ast.CommonStmt); ok {
				for _, b := range c.Blocks {
					if b.Name != nil && strings.HasPrefix(b.Name.Lower(), SavedBlockPrefix) && out[name] == "" {
						out[name] = b.Name.Lower()
					}
				}
			}
		}
	}
	return out
}
