package decl

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A module variable of a type whose real components have default values
// (type grid_t; real(wp) :: dx = 0.1_wp ...; type(grid_t) :: grid):
// its derivative, of the same type, would start at those values, while
// the derivative of a module variable starts at zero (global state the
// user sets where it is an input). Its declaration takes the structure
// constructor giving every real and complex component zero (ZeroInit).

// ZeroInit returns the structure constructor of derived type t whose
// real and complex components are zero, with keywords (those of an
// extended type's parent too), and false when there is none a
// derivative module may write: a PRIVATE component or a CLASS one. Other components keep their
// default values, or take 0, .false., ” (their derivative's value is
// never read); ALLOCATABLE ones are left out (unallocated), POINTER ones
// without default null().
func ZeroInit(t *sema.Type) (ast.Expr, bool) {
	return zeroInit(t, 0)
}

func zeroInit(t *sema.Type, depth int) (ast.Expr, bool) {
	if !IsDerived(t) || t.Derived == nil || depth > 8 || t.Derived.Attrs.Has(sema.AttrPrivate) {
		return nil, false
	}
	ts := t.Derived
	call := &ast.CallExpr{Fun: ast.NewIdent(ts.Name)}
	for _, c := range ts.Components {
		if c.Kind != sema.ComponentSym {
			continue
		}
		if c.PrivateComp || c.Type == nil || c.Type.Class {
			return nil, false
		}
		var v ast.Expr
		switch {
		case c.Attrs.Has(sema.AttrAllocatable):
			continue
		case c.Attrs.Has(sema.AttrPointer):
			if c.Init != nil {
				continue
			}
			v = &ast.CallExpr{Fun: ast.NewIdent("null")}
		case c.Type.IsFloat():
			v = deriv.Const("0", c.Type)
		case c.Type.IsDerived():
			x, ok := zeroInit(c.Type, depth+1)
			if !ok {
				return nil, false
			}
			v = x
		case c.Init != nil:
			continue
		case c.Type.IsLogical():
			v = &ast.BasicLit{Kind: token.LOGICAL, Value: ".false."}
		case c.Type.IsCharacter():
			v = &ast.BasicLit{Kind: token.STRING, Value: "''"}
		default:
			v = deriv.Int(0)
		}
		call.Args = append(call.Args, &ast.KeywordArg{Name: ast.NewIdent(c.Name), Value: v})
	}
	return call, true
}

// ModuleInit returns declaration d of the derivative of module variable
// s, with the initialiser ZeroInit when s is not ALLOCATABLE (an
// allocatable's derivative is zeroed when allocated) and its type
// initialises a real or complex component (ZeroInit said yes: the
// differentiators reject the others).
func ModuleInit(s *sema.Symbol, d ast.Stmt) ast.Stmt {
	td, ok := d.(*ast.TypeDecl)
	if !ok || len(td.Entities) != 1 || IsAllocatable(s) || s.Attrs.Has(sema.AttrPointer) || !InitsFloat(s.Type) {
		return d
	}
	if x, ok := ZeroInit(s.Type); ok {
		td.Entities[0].Init = x
	}
	return d
}

// ZeroInitOK reports whether the derivative of module variable s, of a
// type initialising a real component, can start at zero (ModuleInit).
func ZeroInitOK(s *sema.Symbol) bool {
	_, ok := ZeroInit(s.Type)
	return ok
}
