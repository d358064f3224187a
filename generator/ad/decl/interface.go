package decl

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// NeedsInterface reports whether a call of external procedure u (scope
// cs) needs an explicit interface: a dummy is assumed-shape, OPTIONAL,
// VALUE, POINTER, ALLOCATABLE or TARGET.
func NeedsInterface(cs *sema.Scope, u *ast.Unit) bool {
	for _, a := range u.Args {
		d := cs.LookupLocal(a.Lower())
		if d == nil {
			continue
		}
		for _, dim := range d.Dims {
			if dim.Kind == sema.AssumedShape {
				return true
			}
		}
		for _, at := range []sema.Attrs{sema.AttrOptional, sema.AttrValue, sema.AttrPointer, sema.AttrAllocatable, sema.AttrTarget} {
			if d.Attrs.Has(at) {
				return true
			}
		}
	}
	return false
}

// InterfaceBody is the interface of generated routine u: its USE,
// IMPLICIT and PARAMETER declarations and those of its dummies. Nil if a
// dummy is not declared by a type declaration.
func InterfaceBody(u *ast.Unit) *ast.Unit {
	args := map[string]bool{}
	for _, a := range u.Args {
		args[strings.ToLower(a.Name)] = true
	}
	b := &ast.Unit{Kind: u.Kind, Name: u.Name, Args: u.Args, End: u.End}
	declared := map[string]bool{}
	for _, d := range u.Decls {
		switch d := d.(type) {
		case *ast.UseStmt, *ast.ImplicitStmt:
			b.Decls = append(b.Decls, d)
		case *ast.TypeDecl:
			param := false
			for _, at := range d.Attrs {
				if at.Kind == ast.AttrParameter {
					param = true
				}
			}
			if param {
				b.Decls = append(b.Decls, d)
				continue
			}
			var es []*ast.Entity
			for _, e := range d.Entities {
				if args[e.Name.Lower()] {
					es = append(es, e)
					declared[e.Name.Lower()] = true
				}
			}
			if len(es) > 0 {
				n := *d
				n.Entities = es
				b.Decls = append(b.Decls, &n)
			}
		}
	}
	for a := range args {
		if !declared[a] {
			return nil
		}
	}
	return b
}
