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
// dummy is not declared by a type declaration. A USE ... ONLY keeps the
// names those declarations need (kinds, types, bounds): the module
// variables the routine's body reaches have no place in an interface,
// and the interface may sit in their own module (the derivative code of
// an augmented module calling an external procedure that uses it),
// which it cannot USE.
func InterfaceBody(u *ast.Unit) *ast.Unit {
	b := interfaceBody(u)
	if b == nil {
		return nil
	}
	need := map[string]bool{}
	for _, d := range b.Decls {
		if _, ok := d.(*ast.UseStmt); ok {
			continue
		}
		ast.Inspect(d, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				need[id.Lower()] = true
			}
			return true
		})
	}
	decls := b.Decls[:0]
	for _, d := range b.Decls {
		if us, ok := d.(*ast.UseStmt); ok && us.Only {
			n := *us
			n.Items = nil
			for _, it := range us.Items {
				if it.Local != nil && need[it.Local.Lower()] || it.Local == nil && it.Name != nil && need[it.Name.Lower()] {
					n.Items = append(n.Items, it)
				}
			}
			if len(n.Items) == 0 {
				continue
			}
			d = &n
		}
		decls = append(decls, d)
	}
	b.Decls = decls
	return b
}

func interfaceBody(u *ast.Unit) *ast.Unit {
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
		case *ast.AttrStmt:
			// intent(out) :: f, the result of the function the routine
			// stands for, as written apart from its type.
			var es []*ast.Entity
			for _, e := range d.Entities {
				if e.Name != nil && args[e.Name.Lower()] {
					es = append(es, e)
				}
			}
			if len(es) > 0 && d.Attr != nil && d.Attr.Kind != ast.AttrParameter {
				n := *d
				n.Entities = es
				b.Decls = append(b.Decls, &n)
			}
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
