package adjoint

import (
	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// maxFixed is the largest number of elements of a save buffer declared
// with constant bounds, a local array without ALLOCATE; larger ones are
// allocated, to keep the stack small.
const maxFixed = 8192

// saveArray declares the save buffer prefix<n> of type ts for the ranges
// dims and returns its name and its tapeCopy (recorded on the tape as
// typ): an array of constant bounds when sema can evaluate them all and
// it holds at most maxFixed elements, else an allocatable one. A step
// routine of a time loop, called thousands of times over a handful of
// boxes or levels, spent more in ALLOCATE and DEALLOCATE than in its
// records. ok is false if the name is taken.
func (g *gen) saveArray(prefix string, ts *ast.TypeSpec, dims []ast.Expr, typ tape.Type) (*ast.Ident, tapeCopy, bool) {
	if fixed, ok := g.constantRanges(dims); ok {
		id := g.saveDecl(prefix, ts, fixed, nil)
		if id == nil {
			return nil, tapeCopy{}, false
		}
		n := &ast.CallExpr{Fun: ast.NewIdent("size"), Args: []ast.Expr{id}}
		return id, tapeCopy{
			name:   id,
			post:   []ast.Stmt{tapePushArray(typ, id, n)},
			bwdPre: []ast.Stmt{tapePopArray(typ, id, n)},
		}, true
	}
	id := g.allocatable(prefix, ts, len(dims))
	if id == nil {
		return nil, tapeCopy{}, false
	}
	return id, allocatedCopy(id, dims, typ), true
}

// constantRanges returns ranges dims with their bounds as integer
// literals, if sema evaluates them all, none is empty and they hold at
// most maxFixed elements together.
func (g *gen) constantRanges(dims []ast.Expr) ([]*ast.Dim, bool) {
	var out []*ast.Dim
	n := 1
	for _, d := range dims {
		r, ok := d.(*ast.RangeExpr)
		if !ok || r.Lo == nil || r.Hi == nil || r.Stride != nil {
			return nil, false
		}
		lo, ok1 := g.constInt(r.Lo)
		hi, ok2 := g.constInt(r.Hi)
		if !ok1 || !ok2 || hi < lo {
			return nil, false
		}
		n *= int(hi - lo + 1)
		if n > maxFixed {
			return nil, false
		}
		out = append(out, &ast.Dim{Lo: intLit(lo), Hi: intLit(hi)})
	}
	return out, true
}

// constInt returns the value of x if it is an integer constant
// expression.
func (g *gen) constInt(x ast.Expr) (int64, bool) {
	v, ok := g.info.ConstValue(x)
	if !ok || v.Kind != sema.IntValue {
		return 0, false
	}
	return v.Int, true
}

// intLit is the literal of i (negated if negative).
func intLit(i int64) ast.Expr {
	if i < 0 {
		return &ast.UnaryExpr{Op: token.MINUS, OpLit: "-", X: deriv.Int(int(-i))}
	}
	return deriv.Int(int(i))
}
