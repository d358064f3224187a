package decl

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// EffectiveIntents returns a routine's declarations for generated code:
// the INTENT of each dummy whose declaration disagrees with what the
// routine does (sema.Intents.Apply) becomes the one fadj relies on, so
// that derivative code may define an intent(in) dummy its callee
// defines. A declaration listing such a dummy with others is split in
// two. decls itself is not changed.
func EffectiveIntents(scope *sema.Scope, decls []ast.Stmt) []ast.Stmt {
	if scope == nil {
		return decls
	}
	changed := func(e *ast.Entity) bool {
		if e.Name == nil {
			return false
		}
		s := scope.LookupLocal(e.Name.Lower())
		return s != nil && s.DeclaredIntent != ast.IntentNone && s.DeclaredIntent != s.Intent
	}
	var out []ast.Stmt
	for _, d := range decls {
		attrs, ents := intentAttrs(d)
		if attrs == nil {
			out = append(out, d)
			continue
		}
		var keep, fix []*ast.Entity
		for _, e := range ents {
			if changed(e) {
				fix = append(fix, e)
			} else {
				keep = append(keep, e)
			}
		}
		if len(fix) == 0 {
			out = append(out, d)
			continue
		}
		if len(keep) > 0 {
			out = append(out, withEntities(d, keep, nil))
		}
		s := scope.LookupLocal(fix[0].Name.Lower())
		out = append(out, withEntities(d, fix, &ast.Attr{Kind: ast.AttrIntent, Intent: s.Intent}))
	}
	return out
}

// intentAttrs returns the attributes and entities of a declaration that
// gives an INTENT, nil otherwise.
func intentAttrs(d ast.Stmt) ([]*ast.Attr, []*ast.Entity) {
	var attrs []*ast.Attr
	var ents []*ast.Entity
	switch d := d.(type) {
	case *ast.TypeDecl:
		attrs, ents = d.Attrs, d.Entities
	case *ast.AttrStmt:
		attrs, ents = []*ast.Attr{d.Attr}, d.Entities
	default:
		return nil, nil
	}
	for _, a := range attrs {
		if a.Kind == ast.AttrIntent {
			return attrs, ents
		}
	}
	return nil, nil
}

// withEntities is a copy of declaration d with entities ents and, if
// intent is not nil, that INTENT attribute instead of d's.
func withEntities(d ast.Stmt, ents []*ast.Entity, intent *ast.Attr) ast.Stmt {
	swap := func(attrs []*ast.Attr) []*ast.Attr {
		if intent == nil {
			return attrs
		}
		out := make([]*ast.Attr, len(attrs))
		for i, a := range attrs {
			out[i] = a
			if a.Kind == ast.AttrIntent {
				out[i] = intent
			}
		}
		return out
	}
	switch d := d.(type) {
	case *ast.TypeDecl:
		c := *d
		c.Attrs, c.Entities = swap(d.Attrs), ents
		return &c
	case *ast.AttrStmt:
		c := *d
		c.Attr, c.Entities = swap([]*ast.Attr{d.Attr})[0], ents
		return &c
	}
	return d
}
