package sema

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Constructors: a generic interface with the name of a derived type
// (`interface field; module procedure field_new; end interface`), as
// Fortran 2003 libraries write their constructors. The name is the
// generic's in its scope, which keeps the type in ctorType: TYPE(field)
// and EXTENDS(field) resolve to the type, and a reference field(x) is a
// reference to the generic, or a structure constructor when no specific
// matches its arguments.

// typeOf returns the derived type a generic constructor names, else sym.
func typeOf(sym *Symbol) *Symbol {
	if sym != nil && sym.Kind == GenericSym && sym.ctorType != nil {
		return sym.ctorType
	}
	return sym
}

// constructedType declares the derived type defined at id after the
// generic g of the same name: a constructor of the type.
func (c *checker) constructedType(g *Symbol, id *ast.Ident) *Symbol {
	sym := &Symbol{Name: g.Name, Kind: TypeSym, Pos: id.NamePos, ArgIndex: -1, Owner: g.Owner}
	sym.Type = &Type{Basic: DerivedType, Derived: sym}
	g.ctorType = sym
	return sym
}
