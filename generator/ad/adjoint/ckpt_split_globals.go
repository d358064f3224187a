package adjoint

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ALLOCATABLE module variables of routines reversed in split mode: the
// state of most models (real(8), allocatable :: h(:), u(:) in a module).
//
// In the callee, foo_fwd ends by recording, and foo_bwd starts by
// restoring, the allocation and values of those foo_bwd reads, as for
// its allocatable locals (alloc_split.go): the caller's code between
// the two may change them. In the caller, a split call saves the
// allocation and values of those the callee may change before foo_fwd
// and restores them after foo_bwd, the adjoints following, as around a
// joint call (globals.go), so that the caller's backward sweep goes on
// from the values before the call.

// splitGlobalAllocs returns splitAllocs' records of the allocatable
// module variables among values, whose values foo_bwd reads.
func (g *gen) splitGlobalAllocs(values map[*sema.Symbol]bool) (push, pop []ast.Stmt, err error) {
	var vars []*sema.Symbol
	for s := range values {
		if isGlobal(s) {
			vars = append(vars, s)
		}
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Name < vars[j].Name })
	for _, s := range vars {
		if s.Attrs.Has(sema.AttrPointer) || s.Module() == nil {
			return nil, nil, diag.At(g.fset, s.Pos, notSupported("allocatable module or common variable '%s' in '%s', reversed in split mode", s.Name, g.pa.Proc.Name))
		}
		if _, ok := tape.TypeOf(s.Type); !ok && !decl.IsDerived(s.Type) {
			return nil, nil, diag.At(g.fset, s.Pos, notSupported("allocatable module variable '%s' of type %s in '%s', reversed in split mode", s.Name, s.Type, g.pa.Proc.Name))
		}
		ref, err := g.globalRef(s)
		if err != nil {
			return nil, nil, err
		}
		f, b, err := g.saveAlloc(ref, s, true, tape.Push, true)
		if err != nil {
			return nil, nil, err
		}
		push, pop = append(push, f...), append(b, pop...)
	}
	return push, pop, nil
}

// aroundAlloc returns aroundCall's save and restore of allocatable
// module variable s (reference ref) around a split call; ok false if s
// is not one.
func (g *gen) aroundAlloc(ref ast.Expr, s *sema.Symbol) (push, pop []ast.Stmt, ok bool, err error) {
	if !s.Attrs.Has(sema.AttrAllocatable) || s.Attrs.Has(sema.AttrPointer) || s.Module() == nil {
		return nil, nil, false, nil
	}
	if _, ok := tape.TypeOf(s.Type); !ok && !decl.IsDerived(s.Type) {
		return nil, nil, false, nil
	}
	push, pop, err = g.saveAlloc(ref, s, true, tape.Push, true)
	return push, pop, true, err
}
