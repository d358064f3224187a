package tangent

import (
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Pointers among module variables (the double buffer of a time loop,
// `cur => a` and `nxt => b` swapped each step): the tangent of a module
// pointer is a pointer of the tangent module, associated with the
// tangent of its target wherever the primal is (pointer.go mirrors each
// pointer statement); the tangent of a module TARGET is a TARGET. The
// activity analysis makes a pointer and all it may be associated with
// one location, listed once: each module variable of the set gets its
// tangent. A pointer's tangent is never zeroed (its target's is).

// withAliasedGlobals returns vars with the module variables that share a
// location of vars with a real or complex module pointer.
func (g *gen) withAliasedGlobals(vars []activity.Var) []activity.Var {
	out := vars
	for _, v := range vars {
		if v.Path != "" || v.Sym.Module() == nil {
			continue
		}
		mem := g.pa.Aliases(v.Sym)
		if !hasModulePointer(mem) {
			continue
		}
		for _, s := range mem {
			if s.Kind == sema.VarSym && s.Module() != nil && isFloat(s.Type) && g.scope.Lookup(s.Name) == s {
				out = addVar(out, s)
			}
		}
	}
	return out
}

func hasModulePointer(mem []*sema.Symbol) bool {
	for _, s := range mem {
		if s.Module() != nil && s.Attrs.Has(sema.AttrPointer) {
			return true
		}
	}
	return false
}

// nullInit returns declaration d of the tangent of module variable s,
// its entity initialised => null() if s is a pointer: the tangent module
// does not know its association before the first pointer statement
// (nor does the program, unless it says null()).
func nullInit(s *sema.Symbol, d ast.Stmt) ast.Stmt {
	td, ok := d.(*ast.TypeDecl)
	if !ok || !s.Attrs.Has(sema.AttrPointer) || len(td.Entities) != 1 {
		return d
	}
	td.Entities[0].Init = &ast.CallExpr{Fun: ast.NewIdent("null")}
	td.Entities[0].Pointer = true
	return d
}
