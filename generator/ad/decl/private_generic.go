package decl

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A private generic name of a module (interface smooth; module procedure
// smooth_vec, smooth_scalar; end interface) that the derivative code
// references, as the forward sweep copies `qs = smooth(q)`: the
// derivative module gets a private copy of the interface block, and
// copies of its private specifics (Private), so that the name resolves
// there to the same procedures, or to copies without state of their own.

// walkGeneric adds the private specifics of generic s, and what its
// interface block references.
func (p *privates) walkGeneric(s *sema.Symbol) {
	if b := genericBlock(p.mod.Unit.Decls, s); b != nil {
		p.walk(b)
	}
	if s.Proc == nil {
		return
	}
	for _, sp := range s.Proc.Specifics {
		if sp == nil || sp.Owner != p.mod || !p.private(sp) || p.need[sp] || sp.Proc == nil || sp.Proc.Unit == nil {
			continue
		}
		p.need[sp] = true
		p.walk(sp.Proc.Unit)
	}
}

// genericDecl returns a copy of the interface block of decls declaring
// generic name s alone, or nil if there is none (a generic operator).
func genericDecl(decls []ast.Stmt, s *sema.Symbol) ast.Stmt {
	b := genericBlock(decls, s)
	if b == nil {
		return nil
	}
	c := ast.Clone(b)
	c.StmtHeader = ast.StmtHeader{}
	return c
}

// genericBlock returns the interface block of decls for generic name s,
// nil if there is not exactly one (a generic extended by a second block
// is left rejected).
func genericBlock(decls []ast.Stmt, s *sema.Symbol) *ast.InterfaceBlock {
	var found *ast.InterfaceBlock
	for _, d := range decls {
		b, ok := d.(*ast.InterfaceBlock)
		if !ok || b.Generic == nil || b.Generic.Kind != "" || b.Generic.Name == nil || !strings.EqualFold(b.Generic.Name.Name, s.Name) {
			continue
		}
		if found != nil {
			return nil
		}
		found = b
	}
	return found
}
