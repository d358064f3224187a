package sema

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
)

// SavedState finishes generated file f, whose routine the user calls is
// entry, for the SAVEd locals SavedToCommon moved (legacy_saved_common.go):
//
//   - the derivative code keeps its own copy of the state, so it must
//     never run the user's procedure, whose SAVEd locals the copy does
//     not follow: a call of it (or of a procedure reaching it) left in
//     the generated code, a passive call or a call a checkpoint names,
//     calls a primal copy of the analysed procedures instead
//     (legacy_saved_primal.go), or is rejected at its position where
//     those cannot be copied;
//   - the derivatives of the state (the blocks /fadjsv_name_d/,
//     /fadjsv_name_b/) are zeroed where entry starts: the state the
//     derivative routine starts from is a constant of the computation.
func SavedState(f *ast.File, entry string, prog *Program) error {
	if f == nil || prog == nil || len(prog.Saved) == 0 {
		return nil
	}
	reach := prog.reachingSaved()
	copied := versioned(f, prog.Saved, prog.savedBlocks())
	// Calls run as written call primal copies (legacy_saved_primal.go).
	stay := primalCopies(f, prog, calledReaching(f, reach, copied), reach, copied)
	var l diag.List
	var entryUnit *ast.Unit
	for _, u := range f.Units {
		if u.Name != nil && u.Name.Lower() == strings.ToLower(entry) {
			entryUnit = u
		}
		ast.Inspect(u, func(n ast.Node) bool {
			var id *ast.Ident
			switch n := n.(type) {
			case *ast.CallStmt:
				id, _ = n.Name.(*ast.Ident)
			case *ast.CallExpr:
				id, _ = n.Fun.(*ast.Ident)
			}
			if id == nil {
				return true
			}
			for _, by := range sortedKeys(reach[id.Lower()]) {
				if copied[by] && stay[id.Lower()] {
					l.Addf(prog.Fset.Position(n.Pos()), "not supported yet: the derivative code would run '%s' as written (a passive or checkpointed call), which runs '%s', whose SAVEd variables the derivative code keeps its own copy of (make the call active and split)", id.Lower(), by)
					break
				}
			}
			return true
		})
	}
	if len(l) > 0 {
		l.Sort()
		return l
	}
	addSavedBlockData(f, entryUnit, copied, prog) // legacy_saved_data.go
	if entryUnit != nil {
		zeroSavedDerivs(f, entryUnit, prog)
	}
	return nil
}

// reachingSaved returns the procedures (lower case) that run one whose
// SAVEd locals moved, with the names of those.
func (p *Program) reachingSaved() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	add := func(name, by string) bool {
		if out[name][by] {
			return false
		}
		if out[name] == nil {
			out[name] = map[string]bool{}
		}
		out[name][by] = true
		return true
	}
	for name := range p.Saved {
		add(name, name)
	}
	if p.Info == nil || p.Info.CallGraph == nil {
		return out
	}
	for changed := true; changed; {
		changed = false
		for _, n := range p.Info.CallGraph.Nodes {
			for _, c := range append(append([]*CGNode{}, n.Callees...), n.Refs...) {
				for by := range out[c.Proc.Name] {
					changed = add(n.Proc.Name, by) || changed
				}
			}
		}
	}
	return out
}

// versioned returns the procedures whose SAVEd locals moved that have
// derivative versions in f (name_d, name_fwd, ... declaring the block):
// the state those keep is a copy the user's procedure does not follow.
func versioned(f *ast.File, saved map[string]bool, blocks map[string]string) map[string]bool {
	out := map[string]bool{}
	defer func() { // the procedures of one with ENTRY share a block
		for name, b := range blocks {
			for q := range out {
				if blocks[q] == b {
					out[name] = true
				}
			}
		}
	}()
	for _, u := range f.Units {
		if u.Name == nil {
			continue
		}
		for _, st := range u.Decls {
			c, ok := st.(*ast.CommonStmt)
			if !ok {
				continue
			}
			for _, b := range c.Blocks {
				if b.Name == nil {
					continue
				}
				for p := range saved {
					if blocks[p] == b.Name.Lower() && strings.HasPrefix(u.Name.Lower(), p+"_") {
						out[p] = true
					}
				}
			}
		}
	}
	return out
}

// zeroSavedDerivs declares in entry the derivative blocks of the moved
// state that f's routines declare, and zeroes their members where entry
// starts.
func zeroSavedDerivs(f *ast.File, entry *ast.Unit, prog *Program) {
	primal := map[string]bool{}
	for name := range prog.Saved {
		primal[SavedBlockPrefix+name] = true
	}
	declared := map[string]bool{}
	for _, st := range entry.Decls {
		if c, ok := st.(*ast.CommonStmt); ok {
			for _, b := range c.Blocks {
				if b.Name != nil {
					declared[b.Name.Lower()] = true
				}
			}
		}
	}
	var decls, zeros []ast.Stmt
	zeroed := map[string]bool{}
	for _, u := range f.Units {
		for _, st := range u.Decls {
			c, ok := st.(*ast.CommonStmt)
			if !ok {
				continue
			}
			for _, b := range c.Blocks {
				if b.Name == nil || !strings.HasPrefix(b.Name.Lower(), SavedBlockPrefix) || primal[b.Name.Lower()] {
					continue
				}
				name := b.Name.Lower()
				if zeroed[name] {
					continue
				}
				if !declared[name] {
					types, ok := memberDecls(u, b)
					if !ok {
						continue
					}
					declared[name] = true
					decls = append(decls, types...)
					nb := &ast.CommonBlock{Name: &ast.Ident{Name: b.Name.Name}}
					for _, e := range b.Entities {
						nb.Entities = append(nb.Entities, &ast.Entity{Name: &ast.Ident{Name: e.Name.Name}})
					}
					decls = append(decls, &ast.CommonStmt{Blocks: []*ast.CommonBlock{nb}})
				}
				zeroed[name] = true
				for _, e := range b.Entities {
					zeros = append(zeros, &ast.AssignStmt{Lhs: ast.NewIdent(e.Name.Name), Rhs: &ast.BasicLit{Kind: token.INT, Value: "0"}})
				}
			}
		}
	}
	entry.Decls = append(entry.Decls, decls...)
	entry.Body = append(zeros, entry.Body...)
}

// memberDecls returns type declarations of the members of block b as
// unit u declares them, false if one has none there.
func memberDecls(u *ast.Unit, b *ast.CommonBlock) ([]ast.Stmt, bool) {
	var out []ast.Stmt
	for _, m := range b.Entities {
		found := false
		for _, st := range u.Decls {
			td, ok := st.(*ast.TypeDecl)
			if !ok || found {
				continue
			}
			for _, e := range td.Entities {
				if e.Name.Lower() == m.Name.Lower() {
					c := *td
					c.Entities = []*ast.Entity{ast.Clone(e)}
					out = append(out, &c)
					found = true
				}
			}
		}
		if !found {
			return nil, false
		}
	}
	return out, true
}

// sortedKeys returns the keys of m in order.
func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
