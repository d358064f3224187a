package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A dependent of a type with a defined assignment (ASSIGNMENT(=), an
// interface or a type-bound generic; generator/inline makes the
// program's own such assignments calls) is kept leaf by leaf: in the
// generated code `fadj_out1 = s` would call the user's assignment, which
// need not copy (a copy that recomputes a diagnostic, rescales, counts).
// keepOutputs copies its real and complex components instead, those
// ALLOCATABLE ones the dependent has allocated.

// definedAssign reports whether a defined assignment may apply to values
// of derived type t, or of the type of one of its components.
func (g *gen) definedAssign(t *sema.Type) bool {
	seen, specs := map[*sema.Symbol]bool{}, g.assignSpecifics()
	var has func(ts *sema.Symbol) bool
	has = func(ts *sema.Symbol) bool {
		if ts == nil || seen[ts] {
			return false
		}
		seen[ts] = true
		for p := ts; p != nil; p = p.Parent {
			if p.Binding("assignment(=)") != nil {
				return true
			}
		}
		if specs[ts] {
			return true
		}
		for _, c := range ts.Components {
			if c.Kind == sema.ComponentSym && c.Type != nil && c.Type.IsDerived() && has(c.Type.Derived) {
				return true
			}
		}
		return false
	}
	return t != nil && t.IsDerived() && has(t.Derived)
}

// assignSpecifics returns the derived types whose values the program's
// defined assignments, and those of the generic ASSIGNMENT(=) the target
// sees, assign to.
func (g *gen) assignSpecifics() map[*sema.Symbol]bool {
	out := map[*sema.Symbol]bool{}
	add := func(spec *sema.Symbol) {
		if spec != nil && spec.Proc != nil && len(spec.Proc.Args) > 0 {
			if a := spec.Proc.Args[0]; a != nil && a.Type != nil && a.Type.Derived != nil {
				out[a.Type.Derived] = true
			}
		}
	}
	for _, spec := range g.info.Assignments {
		add(spec)
	}
	if gen := g.scope.Lookup("assignment(=)"); gen != nil && gen.Kind == sema.GenericSym && gen.Proc != nil {
		for _, spec := range gen.Proc.Specifics {
			add(spec)
		}
	}
	return out
}

// leafCopies returns the statements copying dependent s, of a derived
// type, into its copy named name, and back.
func (g *gen) leafCopies(name string, s *sema.Symbol) (save, restore []ast.Stmt) {
	v, c := ast.NewIdent(s.Name), ast.NewIdent(name)
	if s.Rank() > 0 { // (gfortran takes no shape from MOLD=)
		shape := &ast.CallExpr{Fun: ast.Clone(c)}
		for k := 1; k <= s.Rank(); k++ {
			bound := func(fn string) ast.Expr { return deriv.Call(fn, ast.Clone(v), deriv.Int(k)) }
			shape.Args = append(shape.Args, &ast.RangeExpr{Lo: bound("lbound"), Hi: bound("ubound")})
		}
		save = append(save, &ast.AllocateStmt{Keyword: "allocate", Objects: []ast.Expr{shape}})
	}
	refs := []ast.Expr{v, c} // (an ALLOCATABLE component is copied when s has it)
	save = append(save, decl.ForLeaves(refs, s.Rank(), s.Type.Derived, g.newIndex, func(l []ast.Expr, _ *sema.Type) []ast.Stmt {
		return []ast.Stmt{&ast.AssignStmt{Lhs: l[1], Rhs: ast.Clone(l[0])}}
	})...)
	restore = decl.ForLeaves(refs, s.Rank(), s.Type.Derived, g.newIndex, func(l []ast.Expr, _ *sema.Type) []ast.Stmt {
		return []ast.Stmt{&ast.AssignStmt{Lhs: l[0], Rhs: ast.Clone(l[1])}}
	})
	return save, restore
}
