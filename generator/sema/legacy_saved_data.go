package sema

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// DATA-initialised SAVEd state. Old models keep a first-call flag and a
// counter set by DATA (DATA FIRST /.TRUE./, NCALL /0/) next to the
// SAVEd reals they carry from one call to the next (the previous time
// level, set on the first call). SavedToCommon moves every SAVEd local
// of such a routine to its block /FADJSV_name/, the DATA-initialised
// ones too: their DATA statements leave the routine (a COMMON member
// is initialised in BLOCK DATA) for a BLOCK DATA unit FADJSV_name_DATA
// declaring the block, which SavedState adds to the generated code
// (shared by the files of one spec), so that the derivative code's
// copy of the state starts as the user's does at the program's start.
// Left as they are (and an active SAVEd real of the routine rejected):
// a DATA statement that also names a local that cannot move, locals
// initialised in their type declaration, a routine whose block cannot
// be declared elsewhere (implicit types, bounds from named constants).

// SavedDataSuffix ends the name of the BLOCK DATA unit of a block.
const SavedDataSuffix = "_data"

// dataStmts returns the DATA statements of unit u, in its
// specification part and among its executable statements.
func dataStmts(u *ast.Unit) []*ast.DataStmt {
	var out []*ast.DataStmt
	for _, list := range [][]ast.Stmt{u.Decls, u.Body} {
		for _, st := range list {
			if d, ok := st.(*ast.DataStmt); ok {
				out = append(out, d)
			}
		}
	}
	return out
}

// movedData returns the DATA statements of u that initialise locals in
// moved only, and false if one names both moved locals and others.
func movedData(u *ast.Unit, moved map[string]bool) (map[ast.Stmt]bool, bool) {
	out := map[ast.Stmt]bool{}
	for _, d := range dataStmts(u) {
		in, outside := false, false
		for _, set := range d.Sets {
			for _, o := range set.Objects {
				for _, name := range dataNames(o) {
					if moved[name] {
						in = true
					} else {
						outside = true
					}
				}
			}
		}
		if in && outside {
			return nil, false
		}
		if in {
			out[d] = true
		}
	}
	return out, true
}

// dataNames returns the variables (lower case) DATA object o
// initialises: its base name, those of an implied DO's objects.
func dataNames(o ast.Expr) []string {
	switch o := o.(type) {
	case *ast.Ident:
		return []string{o.Lower()}
	case *ast.CallExpr:
		return dataNames(o.Fun)
	case *ast.ParenExpr:
		return dataNames(o.X)
	case *ast.ImpliedDo:
		var out []string
		for _, x := range o.Items {
			out = append(out, dataNames(x)...)
		}
		return out
	}
	return []string{"?"} // (not a local that moves)
}

// dropStmts returns list without the statements of drop.
func dropStmts(list []ast.Stmt, drop map[ast.Stmt]bool) []ast.Stmt {
	if len(drop) == 0 {
		return list
	}
	var out []ast.Stmt
	for _, st := range list {
		if !drop[st] {
			out = append(out, st)
		}
	}
	return out
}

// savedBlockData returns the BLOCK DATA unit initialising the block of
// u's moved locals with the DATA statements among data that left u
// (kit, the block's declarations: declKit), or nil if none left; the
// first that left when there is no kit (lost).
func savedBlockData(u *ast.Unit, data []*ast.DataStmt, kit []ast.Stmt) (b *ast.Unit, lost *ast.DataStmt) {
	left := map[*ast.DataStmt]bool{}
	for _, d := range data {
		left[d] = true
	}
	for _, d := range dataStmts(u) {
		delete(left, d)
	}
	if len(left) == 0 {
		return nil, nil
	}
	if kit == nil {
		for _, d := range data {
			if left[d] {
				return nil, d
			}
		}
	}
	b = &ast.Unit{Kind: ast.BlockDataUnit, Name: &ast.Ident{Name: kitBlock(kit) + SavedDataSuffix}}
	for _, st := range kit {
		b.Decls = append(b.Decls, ast.Clone(st))
	}
	for _, d := range data {
		if left[d] {
			b.Decls = append(b.Decls, ast.Clone(d))
		}
	}
	b.End = ast.EndStmt{Keyword: "block data", Name: b.Name}
	return b, nil
}

// SavedBlockData returns the BLOCK DATA unit SavedToCommon made for the
// moved locals of procedure name (lower case), or nil.
func (p *Program) SavedBlockData(name string) *ast.Unit {
	want := p.savedBlocks()[name] + SavedDataSuffix // legacy_saved_entry.go
	for _, f := range p.Files {
		for _, u := range f.Units {
			if u.Kind == ast.BlockDataUnit && u.Name != nil && strings.EqualFold(u.Name.Name, want) {
				return u
			}
		}
	}
	return nil
}

// addSavedBlockData adds to generated file f the BLOCK DATA units of
// the blocks its versions keep (copied, by procedure): the copy of the
// state starts from the DATA values. Entry, the routine the user calls,
// names each EXTERNAL, which links it from a library too (the files of
// a spec share one copy of a unit: shareUnits).
func addSavedBlockData(f *ast.File, entry *ast.Unit, copied map[string]bool, prog *Program) {
	have := map[string]bool{}
	for _, u := range f.Units {
		if u.Name != nil {
			have[u.Name.Lower()] = true
		}
	}
	linked := map[string]bool{}
	for _, name := range sortedKeys(copied) {
		b := prog.SavedBlockData(name)
		if b == nil || linked[b.Name.Lower()] {
			continue
		}
		linked[b.Name.Lower()] = true
		if !have[b.Name.Lower()] {
			f.Units = append(f.Units, ast.Clone(b))
		}
		if entry != nil {
			ext := &ast.AttrStmt{Attr: &ast.Attr{Kind: ast.AttrExternal}, DColon: true, Entities: []*ast.Entity{{Name: &ast.Ident{Name: b.Name.Name}}}}
			entry.Decls = insertAfterImplicit(entry.Decls, ext)
		}
	}
}

// kitPossible reports whether declKit can declare the block of u's
// locals names outside u, before they move.
func kitPossible(u *ast.Unit, names []*ast.Entity) bool {
	block := &ast.CommonBlock{Name: &ast.Ident{Name: SavedBlockPrefix + u.Name.Lower()}, Entities: names}
	trial := &ast.Unit{Name: u.Name, Decls: append(append([]ast.Stmt{}, u.Decls...), &ast.CommonStmt{Blocks: []*ast.CommonBlock{block}})}
	return declKit(trial) != nil
}
