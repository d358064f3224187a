package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ioStmt returns I/O statement s, after rejecting active function
// references in it. A READ defines its items with values that do not
// depend on the independents (activity): after it, the tangents of the
// active items it read are zeroed, element by element as read, through
// a DO nest with the implied DO loops' variables and bounds (readZeros).
func (g *gen) ioStmt(s *ast.IOStmt) ([]ast.Stmt, error) {
	for _, x := range append(append([]ast.Expr{}, s.Control...), s.Items...) {
		if err := g.checkCalls(x); err != nil {
			return nil, err
		}
	}
	if s.Keyword != "read" || g.pa.KeepsItems(s) {
		// (A READ of what a WRITE just wrote keeps the items'
		// tangents: activity's io_roundtrip.go.)
		return []ast.Stmt{s}, nil
	}
	if nl, err := g.namelistRead(s); err != nil || nl != nil { // io_namelist.go
		return nl, err
	}
	zeros, err := g.readZeros(s)
	if err != nil || len(zeros) == 0 {
		return []ast.Stmt{s}, err
	}
	for _, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok && kw.Name != nil {
			switch kw.Name.Lower() {
			case "err", "end", "eor":
				// The zeroing would be skipped with the jump.
				return nil, notSupported("%s= in a READ into an active variable", strings.ToUpper(kw.Name.Name))
			}
		}
	}
	if x := activity.ReadOrderProblem(g.info, s); x != nil {
		return nil, notSupported("READ item '%s' whose subscripts or implied DO bounds read a variable the same READ defines at or after it (its tangent would be zeroed at the wrong place)", exprString(x))
	}
	return append([]ast.Stmt{s}, zeros...), nil
}

// readZeros returns the statements zeroing the tangents of the active
// leaves of READ s, in item order (decl.ReadItemZeros).
func (g *gen) readZeros(s *ast.IOStmt) ([]ast.Stmt, error) {
	return decl.ReadItemZeros(s.Items, func(x ast.Expr) ([]ast.Stmt, error) {
		b := g.baseSym(x)
		t := g.info.TypeOf(x)
		if b == nil || !g.pa.ActiveVar(b) || !hasShadow(b.Type) || !hasShadow(t) {
			return nil, nil
		}
		if b.Attrs.Has(sema.AttrPointer) {
			return nil, notSupported("READ into active POINTER '%s'", exprString(x))
		}
		ref, err := g.shadowRef(x)
		if err != nil {
			return nil, err
		}
		if decl.IsDerived(t) {
			return decl.ZeroDerived(ref, g.info.Rank(x), t.Derived, func() *ast.Ident { return g.newTemp("fadj_i", sema.Int4) }), nil
		}
		return []ast.Stmt{&ast.AssignStmt{Lhs: ref, Rhs: zeroConst(t)}}, nil
	})
}
