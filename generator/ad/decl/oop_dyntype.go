package decl

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// CLASS(t) dummies whose dynamic type T the program fixes
// (sema/oop_dyntype.go: `class(base_model) :: self` of an inherited
// `run` that calls `self%step()`, every reference passing a
// `type(ocean_model)`). The derivative procedures call T's bindings'
// derivatives (ocean_step_b), whose dummies are CLASS(T): they declare
// such a dummy and its derivative TYPE(T), spelt with a renamed USE
// where the routine does not see T. Their module then uses the
// derivative module of T's procedures, which OrderModules puts first.

// RetypeDynamic declares, in derivative unit u of the procedure of scope
// sc, the dummies of sc whose dynamic type is fixed, and their
// derivatives (names: the dummy's derivative names), TYPE(T).
func RetypeDynamic(info *sema.Info, sc *sema.Scope, u *ast.Unit, names func(*sema.Symbol) []string) {
	if len(info.DynType) == 0 || sc == nil || sc.Unit == nil {
		return
	}
	for _, a := range sc.Unit.Args {
		s := sc.LookupLocal(a.Lower())
		t := info.DynType[s]
		if t == nil {
			continue
		}
		spell := dynTypeName(sc, u, t)
		for _, n := range append([]string{s.Name}, names(s)...) {
			u.Decls = retypeEntity(u.Decls, n, spell)
		}
	}
}

// dynTypeName spells type t in unit u: its name where sc sees it, else a
// renamed USE of it, added to u.
func dynTypeName(sc *sema.Scope, u *ast.Unit, t *sema.Symbol) string {
	if sc.Lookup(t.Name) == t || t.Module() == nil {
		return t.Name
	}
	alias := "fadj_" + t.Module().Name + "_" + t.Name
	for _, d := range u.Decls {
		if us, ok := d.(*ast.UseStmt); ok && len(us.Items) == 1 && us.Items[0].Local != nil && us.Items[0].Local.Name == alias {
			return alias
		}
	}
	use := &ast.UseStmt{Module: ast.NewIdent(t.Module().Name), Only: true,
		Items: []*ast.UseItem{{Local: ast.NewIdent(alias), Name: ast.NewIdent(t.Name)}}}
	u.Decls = append([]ast.Stmt{use}, u.Decls...)
	return alias
}

// retypeEntity gives entity name of decls the derived type spell (split
// from the other entities of its declaration).
func retypeEntity(decls []ast.Stmt, name, spell string) []ast.Stmt {
	var out []ast.Stmt
	for _, d := range decls {
		td, ok := d.(*ast.TypeDecl)
		if !ok || td.Type == nil || (td.Type.Kind != ast.Derived && td.Type.Kind != ast.Class) {
			out = append(out, d)
			continue
		}
		var keep, mine []*ast.Entity
		for _, e := range td.Entities {
			if strings.EqualFold(e.Name.Name, name) {
				mine = append(mine, e)
			} else {
				keep = append(keep, e)
			}
		}
		if len(mine) == 0 {
			out = append(out, d)
			continue
		}
		if len(keep) > 0 {
			k := *td
			k.Entities = keep
			out = append(out, &k)
		}
		n := *td
		n.StmtHeader = ast.StmtHeader{}
		n.Type = &ast.TypeSpec{Kind: ast.Derived, Name: ast.NewIdent(spell)}
		n.Entities, n.DColon = mine, true
		out = append(out, &n)
	}
	return out
}

// OrderModules returns the module units of a generated file each after
// the modules of the file it uses (the other units after them, in their
// order), and the names of two modules that use each other if some do.
func OrderModules(units []*ast.Unit) ([]*ast.Unit, []string) {
	index := map[string]int{}
	for i, u := range units {
		if u.Kind == ast.ModuleUnit && u.Name != nil {
			index[strings.ToLower(u.Name.Name)] = i
		}
	}
	deps := make([]map[int]bool, len(units))
	for i, u := range units {
		deps[i] = map[int]bool{}
		ast.Inspect(u, func(n ast.Node) bool {
			if us, ok := n.(*ast.UseStmt); ok && us.Module != nil {
				if j, ok := index[strings.ToLower(us.Module.Name)]; ok && j != i {
					deps[i][j] = true
				}
			}
			return true
		})
	}
	var out []*ast.Unit
	done := make([]bool, len(units))
	for len(out) < len(units) {
		progress := false
		for i, u := range units {
			if done[i] || !allDone(deps[i], done) {
				continue
			}
			done[i], progress = true, true
			out = append(out, u)
			break // (the first ready one: the original order where it allows)
		}
		if !progress {
			return units, cycle(units, deps, done)
		}
	}
	return out, nil
}

func allDone(deps map[int]bool, done []bool) bool {
	for j := range deps {
		if !done[j] {
			return false
		}
	}
	return true
}

// OrderModulesAt is OrderModules, its cycle reported at the declaration
// of a dummy whose dynamic type is fixed (the cause of the uses).
func OrderModulesAt(prog *sema.Program, units []*ast.Unit) ([]*ast.Unit, error) {
	out, cyc := OrderModules(units)
	if cyc == nil {
		return out, nil
	}
	var at *sema.Symbol
	for s := range prog.Info.DynType {
		if at == nil || s.Pos < at.Pos {
			at = s
		}
	}
	err := notSupported("derivative modules %s would use each other: the dynamic type of a CLASS dummy the program fixes to an extension whose procedures' derivatives use the dummy's module (a polymorphic reference through which an overridden binding is called)", strings.Join(cyc, " and "))
	if at == nil {
		return nil, err
	}
	return nil, diag.At(prog.Fset, at.Pos, err)
}

// cycle returns the sorted names of the units left (not done) that use
// each other, leaving out those only waiting for them.
func cycle(units []*ast.Unit, deps []map[int]bool, done []bool) []string {
	left := map[int]bool{}
	for i := range units {
		if !done[i] {
			left[i] = true
		}
	}
	for dropped := true; dropped; {
		dropped = false
		for i := range left {
			used := false
			for j := range left {
				if deps[j][i] {
					used = true
				}
			}
			if !used {
				delete(left, i)
				dropped = true
			}
		}
	}
	var out []string
	for i := range left {
		if units[i].Name != nil {
			out = append(out, units[i].Name.Name)
		}
	}
	sort.Strings(out)
	return out
}
