package decl

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The derivatives of a procedure whose CLASS dummy has a fixed dynamic
// type T of another module (sema/oop_dyntype.go: base_model_mod's `run`,
// T = ocean_model) use T's derivative module; when T's procedures'
// derivatives use the procedure's module in turn (the override calls
// the parent's `call self%base_model%step(dt)`), the two derivative
// modules would use each other. The derivatives of such procedures go
// into a derivative module of their own (base_model_mod_dyn_b), which
// uses both; the USEs of them name it.

// DynMoved reports whether the derivatives of the procedure of scope sc
// (module m) go into m's second derivative module: a dummy of it has a
// fixed dynamic type of another module.
func DynMoved(info *sema.Info, sc *sema.Scope, m *sema.Symbol) bool {
	if len(info.DynType) == 0 || sc == nil || sc.Unit == nil || m == nil {
		return false
	}
	for _, a := range sc.Unit.Args {
		if t := info.DynType[sc.LookupLocal(a.Lower())]; t != nil && t.Module() != m {
			return true
		}
	}
	return false
}

// DynModuleName returns the name of module m's second derivative module.
func DynModuleName(m *sema.Symbol, suffix string) string {
	return m.Name + "_dyn" + suffix
}

// DynModule returns m's second derivative module holding units, with the
// USEs of m and of its derivative module first (name "" if it has none),
// then uses, and the declarations decls and private procedures procs.
func DynModule(m *sema.Symbol, suffix, derivMod string, units []*ast.Unit, uses, decls []ast.Stmt, procs []*ast.Unit) *ast.Unit {
	name := ast.NewIdent(DynModuleName(m, suffix))
	u := &ast.Unit{Kind: ast.ModuleUnit, Name: name, End: ast.EndStmt{Keyword: "module", Name: ast.NewIdent(name.Name)}}
	u.Decls = []ast.Stmt{&ast.UseStmt{Module: ast.NewIdent(m.Name)}}
	if derivMod != "" {
		u.Decls = append(u.Decls, &ast.UseStmt{Module: ast.NewIdent(derivMod)})
	}
	u.Decls = append(append(append(u.Decls, uses...), &ast.ImplicitStmt{None: true}), decls...)
	u.Contains = &ast.StmtHeader{}
	u.Procs = append(append(u.Procs, units...), procs...)
	return u
}

// RenameDynUses makes the USEs, in units, of module from that name the
// procedures moved (lower-case names) USEs of module to.
func RenameDynUses(units []*ast.Unit, from, to string, moved map[string]bool) {
	for _, u := range units {
		renameDynUses(u, from, to, moved)
	}
}

func renameDynUses(u *ast.Unit, from, to string, moved map[string]bool) {
	var decls []ast.Stmt
	for _, d := range u.Decls {
		us, ok := d.(*ast.UseStmt)
		if !ok || us.Module == nil || !strings.EqualFold(us.Module.Name, from) {
			decls = append(decls, d)
			continue
		}
		if !us.Only {
			decls = append(decls, d, &ast.UseStmt{Module: ast.NewIdent(to)})
			continue
		}
		var keep, mine []*ast.UseItem
		for _, it := range us.Items {
			if it.Name != nil && moved[strings.ToLower(it.Name.Name)] {
				mine = append(mine, it)
			} else {
				keep = append(keep, it)
			}
		}
		if len(keep) > 0 || len(mine) == 0 {
			c := *us
			c.Items = keep
			decls = append(decls, &c)
		}
		if len(mine) > 0 {
			decls = append(decls, &ast.UseStmt{Module: ast.NewIdent(to), Only: true, Items: mine})
		}
	}
	u.Decls = decls
	for _, p := range u.Procs {
		renameDynUses(p, from, to, moved)
	}
}

// DynSplit collects the derivatives of the procedures that move to
// their module's second derivative module.
type DynSplit struct {
	units map[*sema.Symbol][]*ast.Unit
	origs map[*sema.Symbol][]*ast.Unit
}

// Take keeps the derivative units us of procedure orig (scope sc, module
// m, not augmented) if they move, and reports whether they do.
func (d *DynSplit) Take(info *sema.Info, sc *sema.Scope, m *sema.Symbol, augmented bool, orig *ast.Unit, us []*ast.Unit) bool {
	if m == nil || augmented || !DynMoved(info, sc, m) {
		return false
	}
	if d.units == nil {
		d.units, d.origs = map[*sema.Symbol][]*ast.Unit{}, map[*sema.Symbol][]*ast.Unit{}
	}
	d.units[m] = append(d.units[m], us...)
	d.origs[m] = append(d.origs[m], orig)
	return true
}

// Finish returns units with the second derivative modules added (each
// using its module's derivative module, mods) and named in the USEs of
// their procedures.
func (d *DynSplit) Finish(prog *sema.Program, suffix string, mods map[*sema.Symbol]*ast.Unit, units []*ast.Unit) ([]*ast.Unit, error) {
	for _, m := range prog.Info.Modules {
		if len(d.units[m]) == 0 {
			continue
		}
		decls, procs, err := Private(prog.Info, prog.Fset, m.Inner, d.origs[m])
		if err != nil {
			return nil, err
		}
		from := ""
		if mods[m] != nil {
			from = mods[m].Name.Name
		}
		x := DynModule(m, suffix, from, d.units[m], PrivateUses(m.Inner), decls, procs)
		moved := map[string]bool{}
		for _, u := range d.units[m] {
			moved[strings.ToLower(u.Name.Name)] = true
		}
		RenameDynUses(units, m.Name+suffix, x.Name.Name, moved)
		units = append(units, x)
	}
	return units, nil
}
