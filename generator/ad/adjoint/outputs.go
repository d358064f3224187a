package adjoint

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// keepOutputs makes the target's adjoint leave its dependents as the
// primal computes them (docs/adjoint.md: foo_b computes the target's
// outputs, so that an optimiser gets the cost and its gradient from one
// call). The backward sweep of a checkpointed loop or region restores
// snapshots that may hold a dependent (a cost summed over the time
// steps), and pops may restore one; such a dependent is copied at the end
// of the forward sweep and copied back at the end of the backward sweep.
// A dependent the backward sweep does not write costs nothing. Numeric,
// logical and derived-type variables are kept (by intrinsic assignment;
// leaf by leaf for a type with a defined assignment),
// not pointers, whose association the backward sweep may change, nor
// types with pointer components, nor assumed-size arrays; the backward
// sweep must end at its last statement (no RETURN in it).
func (g *gen) keepOutputs(r *routine) (save, restore []ast.Stmt, err error) {
	if !g.pa.IsTarget || hasReturn(r.bwd) {
		return nil, nil, nil
	}
	written := writtenNames(r.bwd)
	seen := map[*sema.Symbol]bool{}
	for _, v := range g.pa.Pattern.Out {
		s := v.Sym
		// Pointers may write a TARGET under another name.
		if s == nil || seen[s] || s == g.result || s.Kind != sema.VarSym || s.Attrs.Has(sema.AttrPointer) || assumedSize(s) {
			continue
		}
		local, w, err := g.keptName(s, written) // model_outputs.go
		if err != nil {
			return nil, nil, err
		}
		if !w {
			continue
		}
		seen[s] = true
		if !copyable(s.Type, 0) || local != s.Name && (g.definedAssign(s.Type) || g.info.MonoClass[s]) {
			continue
		}
		g.ntmp++
		name := "fadj_out" + strconv.Itoa(g.ntmp)
		if g.scope.LookupLocal(name) != nil {
			return nil, nil, notSupported("generated name '%s' clashes with a name of '%s'", name, g.pa.Proc.Name)
		}
		d := outputCopyDecl(name, s.Type, s.Rank())
		if s.Type.IsDerived() && s.Type.Derived != nil {
			tn, ok := g.reachType(s.Type.Derived) // (use yoe, only: rad leaves rad's type unnamed)
			if !ok {
				continue
			}
			d.(*ast.TypeDecl).Type.Name = ast.NewIdent(tn)
		}
		g.decls = append(g.decls, d)
		if g.definedAssign(s.Type) || g.info.MonoClass[s] { // outputs_defassign.go (a CLASS dummy: no intrinsic assignment to it)
			sv, rs := g.leafCopies(name, s)
			save, restore = append(save, sv...), append(restore, rs...)
			continue
		}
		save = append(save, &ast.AssignStmt{Lhs: ast.NewIdent(name), Rhs: ast.NewIdent(local)})
		restore = append(restore, &ast.AssignStmt{Lhs: ast.NewIdent(local), Rhs: ast.NewIdent(name)})
	}
	return save, restore, nil
}

// assumedSize reports whether s is an assumed-size array (x(*)), which
// has no whole-array assignment to copy it by.
func assumedSize(s *sema.Symbol) bool {
	for _, d := range s.Dims {
		if d.Kind == sema.AssumedSize {
			return true
		}
	}
	return false
}

// outputCopyDecl declares the copy of a dependent: allocatable when it is
// an array, so that assignment gives it the dependent's shape and bounds
// whatever its declaration (assumed shape, automatic, allocatable).
func outputCopyDecl(name string, t *sema.Type, rank int) ast.Stmt {
	ts := &ast.TypeSpec{Kind: ast.Integer}
	switch {
	case t.IsDerived():
		ts = decl.DerivedType(t)
	case t.IsReal():
		ts = &ast.TypeSpec{Kind: ast.Real, KindSel: deriv.Int(t.Kind)}
	case t.IsComplex():
		ts = &ast.TypeSpec{Kind: ast.Complex, KindSel: deriv.Int(t.Kind)}
	case t.IsLogical():
		ts = &ast.TypeSpec{Kind: ast.Logical, KindSel: deriv.Int(t.Kind)}
	default:
		ts.KindSel = deriv.Int(t.Kind)
	}
	e := &ast.Entity{Name: ast.NewIdent(name)}
	d := &ast.TypeDecl{Type: ts, DColon: true, Entities: []*ast.Entity{e}}
	if rank > 0 {
		for i := 0; i < rank; i++ {
			e.Dims = append(e.Dims, &ast.Dim{Colon: true})
		}
		d.Attrs = []*ast.Attr{{Kind: ast.AttrAllocatable}}
	}
	return d
}

// reachType returns a name for derived type t in the routine: its own,
// or one a USE of its module adds; ok false if none can (a PRIVATE type
// of another module).
func (g *gen) reachType(t *sema.Symbol) (string, bool) {
	if g.scope.Lookup(t.Name) == t {
		return t.Name, true
	}
	m := t.Module()
	if m == nil || t.Attrs.Has(sema.AttrPrivate) || m.Inner != nil && m.Inner.DefaultPrivate() && !t.Attrs.Has(sema.AttrPublic) {
		return "", false
	}
	return g.renamedUse(m, t.Name) // globals.go
}

// copyable reports whether intrinsic assignment copies a variable of type
// t back whole: numbers, logicals, and derived types (not CLASS) without
// pointer components.
func copyable(t *sema.Type, depth int) bool {
	switch {
	case t == nil || depth > 8:
		return false
	case t.IsReal() || t.IsComplex() || t.IsLogical() || t.Basic == sema.IntegerType:
		return true
	case !t.IsDerived() || t.Class || t.Derived == nil:
		return false
	}
	for _, c := range t.Derived.Components {
		if c.Kind != sema.ComponentSym {
			continue
		}
		if c.Attrs.Has(sema.AttrPointer) || (c.Type.IsDerived() && !copyable(c.Type, depth+1)) {
			return false
		}
	}
	return true
}

// writtenNames returns the (lower-case) names of the variables the
// statements may write: those assigned, and those passed to a call (a
// pop, a snapshot restore, a callee's adjoint).
func writtenNames(list []ast.Stmt) map[string]bool {
	out := map[string]bool{}
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				out[baseName(n.Lhs)] = true
			case *ast.CallStmt:
				for _, a := range n.Args {
					if k, ok := a.(*ast.KeywordArg); ok {
						a = k.Value
					}
					out[baseName(a)] = true
				}
			}
			return true
		})
	}
	delete(out, "")
	return out
}

func hasReturn(list []ast.Stmt) bool {
	found := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if _, ok := n.(*ast.ReturnStmt); ok {
				found = true
			}
			return !found
		})
	}
	return found
}
