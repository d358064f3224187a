package inline

import (
	"strconv"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// An ASSOCIATE whose selectors are plain designators or scalar values of
// an intrinsic numeric or logical type (associate (dz => z(k+1) - z(k),
// rho => eos(t, s))) becomes a BLOCK declaring each value's name as a
// local of the selector's type, assigned the selector first: the
// standard makes such an associate name a copy of the value, which the
// body cannot define. The plain names are substituted as spliceAssociates
// does; BlockLocals then moves the locals into the procedure, and the
// differentiators see an ordinary temporary.

// valueAssociation returns the BLOCK replacing a, or nil if a does not
// qualify.
func (x *expander) valueAssociation(a *ast.AssociateConstruct) *ast.BlockConstruct {
	scope := x.info.Scopes[a]
	if scope == nil || len(a.Assocs) == 0 {
		return nil
	}
	var decls []ast.Stmt
	var inits []ast.Stmt
	plain := &ast.AssociateConstruct{}
	x.fixed = x.undefinedIn(a.Body)
	x.fixedBase = x.keptStructures(a.Body) // associate_component.go
	for _, as := range a.Assocs {
		if as == nil || as.Name == nil {
			return nil
		}
		sym := x.info.ObjectOf(as.Name)
		if sym == nil || sym.Selector == nil {
			return nil
		}
		if x.plainAssoc(as, a.Body) {
			plain.Assocs = append(plain.Assocs, as)
			continue
		}
		ts := x.valueType(as.Selector)
		if ts == nil {
			return nil
		}
		ent := &ast.Entity{Name: ast.NewIdent(as.Name.Name)}
		if x.info.Rank(as.Selector) > 0 {
			if ent.Dims = x.arrayDims(as.Selector); ent.Dims == nil { // associate_array.go
				return nil
			}
			sym.Dims = make([]sema.Dim, len(ent.Dims))
			for d, dim := range ent.Dims {
				sym.Dims[d] = sema.Dim{Kind: sema.ExplicitShape, Lo: sema.Bound{Value: 1, Const: true}, Hi: sema.Bound{Expr: dim.Hi}}
				if b, ok := dim.Hi.(*ast.BasicLit); ok {
					sym.Dims[d].Hi.Value, _ = strconv.ParseInt(b.Value, 10, 64)
					sym.Dims[d].Hi.Const = true
				}
			}
		}
		x.info.Defs[ent.Name] = sym
		decls = append(decls, &ast.TypeDecl{Type: ts, DColon: true, Entities: []*ast.Entity{ent}})
		lhs := ast.NewIdent(as.Name.Name)
		x.info.Uses[lhs] = sym
		init := &ast.AssignStmt{Lhs: lhs, Rhs: as.Selector}
		init.Start = as.Name.Pos()
		inits = append(inits, init)
	}
	if len(inits) == 0 {
		return nil
	}
	body := x.spliceAssociates(a.Body)
	for i, b := range body {
		body[i] = x.substitute(b, plain)
	}
	for _, as := range plain.Assocs {
		scope.Remove(x.info.ObjectOf(as.Name))
	}
	for _, as := range a.Assocs {
		if sym := x.info.ObjectOf(as.Name); sym != nil && sym.Owner == scope {
			sym.Selector = nil // an ordinary local from here on
		}
	}
	blk := &ast.BlockConstruct{StmtHeader: a.StmtHeader, Name: a.Name, Decls: decls, Body: append(inits, body...), End: a.End}
	x.info.Scopes[blk] = scope
	return blk
}

// valueType returns the declared type of a local holding value e of an
// intrinsic numeric or logical type, nil for others (a variable
// designator: an associate name aliases it; a character, a derived
// type).
func (x *expander) valueType(e ast.Expr) *ast.TypeSpec {
	if x.designator(e) || x.info.Rank(e) < 0 {
		return nil
	}
	t := x.info.TypeOf(e)
	if t == nil || t.Kind <= 0 {
		return nil
	}
	var k ast.TypeKind
	switch {
	case t.IsReal():
		k = ast.Real
	case t.IsComplex():
		k = ast.Complex
	case t.IsInteger():
		k = ast.Integer
	case t.IsLogical():
		k = ast.Logical
	default:
		return nil
	}
	return &ast.TypeSpec{Kind: k, KindSel: &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(t.Kind)}}
}

// designator reports whether e names a variable or part of one (which an
// associate name aliases rather than copies).
func (x *expander) designator(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.Ident:
		s := x.info.Uses[e]
		return s == nil || s.Kind == sema.VarSym
	case *ast.SelectorExpr:
		return true
	case *ast.CallExpr:
		c, ok := x.info.Calls[e]
		return !ok || c.Kind == sema.ArrayElement || c.Kind == sema.Substring
	case *ast.ParenExpr:
		return false
	}
	return false
}
