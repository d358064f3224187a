package decl

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Module variables hidden by a routine's own names.
//
// A routine may have a dummy or local of the name of a module variable
// that a callee uses (subroutine step(u) calling update, which updates
// module state u). Its derivative must still reach the module variable
// and its derivative (to align or zero it on entry, to save it around
// calls), but u and u_b name the routine's own. So both are reached
// through renamed USEs, under a generated name that cannot clash:
//
//	use state, only: fadj_state_u => u
//	use state_b, only: fadj_state_u_b => u_b
//
// The module's own procedures cannot USE it: there the variable stays
// out of reach, and the generators reject it.

// Hidden reports whether module variable v, reached by a routine of
// scope sc with declarations decls and derivatives of suffix suffix, is
// hidden there: its local name (LocalName) names another variable, or
// names none but its derivative's name does.
func Hidden(sc *sema.Scope, decls []ast.Stmt, v *sema.Symbol, suffix string) bool {
	if v.Module() == nil {
		return false
	}
	name := strings.ToLower(LocalName(decls, v))
	switch sc.Lookup(name) {
	case v:
		return false
	case nil:
		return sc.Lookup(name+strings.ToLower(suffix)) != nil
	}
	return true
}

// HiddenName returns the generated name of hidden module variable v
// (Hidden): fadj_<module>_<v>, its derivative's that with the suffix.
func HiddenName(v *sema.Symbol) string {
	return "fadj_" + v.Module().Name + "_" + v.Name
}

// ReachName returns the name under which the derivative of a routine
// (scope sc, declarations decls) reaches module variable v: its local
// name, or its generated name where hidden.
func ReachName(sc *sema.Scope, decls []ast.Stmt, v *sema.Symbol, suffix string) string {
	if Hidden(sc, decls, v, suffix) {
		return HiddenName(v)
	}
	return LocalName(decls, v)
}

// ReachDecls returns decls with, for each hidden variable of vars, the
// renamed USE of it (for Use, which renames its derivative alike).
func ReachDecls(sc *sema.Scope, decls []ast.Stmt, vars []*sema.Symbol, suffix string) []ast.Stmt {
	out := decls
	for _, v := range vars {
		if !Hidden(sc, decls, v, suffix) {
			continue
		}
		if len(out) == len(decls) {
			out = append([]ast.Stmt{}, decls...)
		}
		out = append(out, &ast.UseStmt{Module: ast.NewIdent(v.Module().Name), Only: true,
			Items: []*ast.UseItem{{Local: ast.NewIdent(HiddenName(v)), Name: ast.NewIdent(v.Name)}}})
	}
	return out
}

// PruneUnused drops from the USE statements of derivative unit nu the
// items of the derivatives (suffix) of module variables of vars that
// nothing else in nu names: the derivative of a routine that does not
// see a variable its callees use (or hides it) uses its derivative only
// to align, zero or save it, and a split form's foo_fwd never does
// (gfortran -Wall warns of an unused imported variable).
func PruneUnused(nu *ast.Unit, vars []*sema.Symbol, suffix string) {
	drop := map[string]bool{} // module+"."+remote name
	for _, v := range vars {
		if m := v.Module(); m != nil {
			drop[strings.ToLower(m.Name+suffix+"."+v.Name+suffix)] = true
		}
	}
	if len(drop) == 0 {
		return
	}
	named := map[string]bool{}
	var others []ast.Node
	for _, d := range nu.Decls {
		if _, ok := d.(*ast.UseStmt); !ok {
			others = append(others, d)
		}
	}
	for _, st := range nu.Body {
		others = append(others, st)
	}
	for _, p := range nu.Procs {
		others = append(others, p)
	}
	for _, n := range others {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				named[strings.ToLower(id.Name)] = true
			}
			return true
		})
	}
	var out []ast.Stmt
	for _, d := range nu.Decls {
		us, ok := d.(*ast.UseStmt)
		if !ok || us.Module == nil || !us.Only {
			out = append(out, d)
			continue
		}
		var items []*ast.UseItem
		for _, it := range us.Items {
			local := it.Name
			if it.Local != nil {
				local = it.Local
			}
			if it.Name != nil && local != nil && drop[strings.ToLower(us.Module.Name+"."+it.Name.Name)] && !named[strings.ToLower(local.Name)] {
				continue
			}
			items = append(items, it)
		}
		if len(items) == 0 {
			continue
		}
		if len(items) < len(us.Items) {
			c := *us
			c.Items = items
			d = &c
		}
		out = append(out, d)
	}
	nu.Decls = out
}
