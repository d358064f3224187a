package decl

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Use returns the USE statement, with an ONLY list, of derivative module
// m+suffix for a routine whose declarations are decls and which needs the
// derivatives of module variables vars and the derivative routines procs.
// A variable the routine renames (USE m, z => y) gets its derivative
// renamed alike (z_b => y_b). An ONLY list keeps the derivative module's
// other names (it re-exports m's) from clashing with the routine's.
func Use(m *sema.Symbol, suffix string, decls []ast.Stmt, vars []*sema.Symbol, procs []string) *ast.UseStmt {
	renames := map[string][]string{} // variable -> local names
	for _, d := range decls {
		us, ok := d.(*ast.UseStmt)
		if !ok || us.Module == nil || !strings.EqualFold(us.Module.Name, m.Name) {
			continue
		}
		for _, it := range us.Items {
			if it.Local != nil && it.Name != nil {
				n := it.Name.Lower()
				renames[n] = append(renames[n], it.Local.Name)
			}
		}
	}
	u := &ast.UseStmt{Module: ast.NewIdent(m.Name + suffix), Only: true}
	seen := map[string]bool{}
	add := func(local, name string) {
		key := strings.ToLower(local + "=>" + name)
		if seen[key] {
			return
		}
		seen[key] = true
		it := &ast.UseItem{Name: ast.NewIdent(name)}
		if local != name {
			it.Local = ast.NewIdent(local)
		}
		u.Items = append(u.Items, it)
	}
	sorted := append([]*sema.Symbol(nil), vars...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Name < sorted[j].Name })
	for _, v := range sorted {
		if locals := renames[v.Name]; len(locals) > 0 {
			for _, l := range locals {
				add(l+suffix, v.Name+suffix)
			}
			continue
		}
		add(v.Name+suffix, v.Name+suffix)
	}
	for _, p := range procs {
		add(p, p)
	}
	return u
}

// LocalName is the name under which a routine with declarations decls
// sees module variable v: its first rename (USE m, z => v), else its own.
func LocalName(decls []ast.Stmt, v *sema.Symbol) string {
	m := v.Module()
	if m == nil {
		return v.Name
	}
	for _, d := range decls {
		us, ok := d.(*ast.UseStmt)
		if !ok || us.Module == nil || !strings.EqualFold(us.Module.Name, m.Name) {
			continue
		}
		for _, it := range us.Items {
			if it.Local != nil && it.Name != nil && it.Name.Lower() == v.Name {
				return it.Local.Name
			}
		}
	}
	return v.Name
}

// OwnModule returns the module whose derivative module holds the
// derivative of a routine: module, its own (nil for an external
// procedure), or for an internal procedure (module nil) the module of
// its host scope host, whose derivative module it sees by host
// association and cannot USE.
func OwnModule(module *sema.Symbol, host *sema.Scope) *sema.Symbol {
	if module != nil || host == nil {
		return module
	}
	for s := host; s != nil; s = s.Parent {
		if s.Kind == sema.ModuleScope {
			return s.Symbol
		}
	}
	return nil
}
