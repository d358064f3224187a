package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// A loop inside a parallel loop's body (the recurrence along a column of
// column physics, parallel over the columns) stores what it records in
// an array it allocates and tapes after it (hoist.go): once per
// iteration of the parallel loop, on the tape. ompLift gives the array
// one more dimension, the parallel loop's index: each iteration fills its
// own slice, and the array goes on the tape once, after the parallel
// loop, like ompBuffers' arrays. The forward body's
//
//	allocate(fadj_save1(2:n))   ...   call fadj_push_r8_array(fadj_save1, ...)   deallocate(fadj_save1)
//
// and the backward body's allocate, pop and deallocate go, and
// fadj_save1(i) becomes fadj_save1(i, j).

// ompLifted is an array of a parallel loop's body lifted.
type ompLifted struct {
	name string
	dims []ast.Expr
	typ  tape.Type
}

// ompLift lifts the arrays the bodies f and b of parallel loop s
// allocate and tape (see above); recs as in ompBuffers. Nothing changes
// if one of the tape operations on arrays of the bodies is not of that
// form, or the loop's step is not 1 or -1.
func (g *gen) ompLift(s *ast.DoConstruct, f, b []ast.Stmt, recs *[4][]ast.Stmt) ([]ast.Stmt, []ast.Stmt) {
	fa, okF := g.ompTapedArrays(s, f, tape.Push)
	ba, okB := g.ompTapedArrays(s, b, tape.Pop)
	if !okF || !okB || len(fa) == 0 || len(fa) != len(ba) {
		return f, b
	}
	for i := range fa {
		if fa[i].name != ba[len(ba)-1-i].name || fa[i].typ != ba[len(ba)-1-i].typ {
			return f, b
		}
	}
	dims, index, ok := g.bufferShape([]*ast.DoConstruct{s})
	if !ok || len(index) != 1 {
		return f, b
	}
	for _, a := range fa {
		if !g.ompAddDim(a.name) {
			return f, b
		}
	}
	nf, nb := ompDropArrayOps(f, fa), ompDropArrayOps(b, fa)
	for _, a := range fa {
		nf, nb = ompIndexBy(nf, a, index[0]), ompIndexBy(nb, a, index[0])
		id := ast.NewIdent(a.name)
		cp := allocatedCopy(id, append(cloneExprs(a.dims), dims...), a.typ)
		recs[0] = append(recs[0], cp.pre...)
		recs[1] = append(recs[1], cp.post...)
		recs[2] = append(append([]ast.Stmt(nil), cp.bwdPre...), recs[2]...)
		recs[3] = append(recs[3], cp.bwdPost...)
	}
	return nf, nb
}

// ompTapedArrays returns the arrays list allocates, pushes (k Push) or
// pops (k Pop) whole and deallocates, in the order of their tape
// operations; ok is false if a tape operation on an array is of another
// form, or its bounds depend on the index of s.
func (g *gen) ompTapedArrays(s *ast.DoConstruct, list []ast.Stmt, k tape.Kind) (out []ompLifted, ok bool) {
	dims := map[string][]ast.Expr{}
	for _, st := range list {
		if a, isA := st.(*ast.AllocateStmt); isA && a.Keyword == "allocate" && len(a.Objects) == 1 {
			if c, isC := a.Objects[0].(*ast.CallExpr); isC {
				if id, isID := c.Fun.(*ast.Ident); isID && ompGenerated(id.Name) {
					dims[strings.ToLower(id.Name)] = c.Args
				}
			}
		}
		op, isOp := tape.Of(st)
		if !isOp || !op.IsArray() && op.Type != tape.Bits {
			continue
		}
		id, isID := op.Ref.(*ast.Ident)
		if !isID || op.Kind != k {
			return nil, false
		}
		d := dims[strings.ToLower(id.Name)]
		if d == nil {
			return nil, false
		}
		for _, x := range d {
			if mentions(x, s.Var.Name) {
				return nil, false
			}
		}
		out = append(out, ompLifted{name: id.Name, dims: d, typ: op.Type})
	}
	// Array operations inside constructs are not lifted.
	for _, st := range list {
		for _, in := range innerLists(st) {
			for _, x := range in {
				if ompTaped([]ast.Stmt{x}) {
					if _, isDo := x.(*ast.DoConstruct); !isDo {
						if op, isOp := tape.Of(x); isOp && (op.IsArray() || op.Type == tape.Bits) {
							return nil, false
						}
					}
				}
			}
		}
	}
	return out, true
}

// ompGenerated reports whether name is one of the generated arrays of
// values or branch bits.
func ompGenerated(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "fadj_save") || strings.HasPrefix(n, "fadj_bits")
}

// ompDropArrayOps returns list without the ALLOCATE, DEALLOCATE and tape
// operations of the arrays lifted.
func ompDropArrayOps(list []ast.Stmt, arrays []ompLifted) []ast.Stmt {
	lifted := map[string]bool{}
	for _, a := range arrays {
		lifted[strings.ToLower(a.name)] = true
	}
	var out []ast.Stmt
	for _, st := range list {
		if a, ok := st.(*ast.AllocateStmt); ok && len(a.Objects) == 1 && lifted[strings.ToLower(exprBase(a.Objects[0]))] {
			continue
		}
		if op, ok := tape.Of(st); ok && lifted[strings.ToLower(exprBase(op.Ref))] {
			continue
		}
		out = append(out, st)
	}
	return out
}

// exprBase is the name of the variable x is or is an element of.
func exprBase(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.CallExpr:
		if id, ok := x.Fun.(*ast.Ident); ok {
			return id.Name
		}
	}
	return ""
}

// ompIndexBy adds subscript idx to the references of array a in list:
// a(i) becomes a(i, idx), a alone a(:, idx).
func ompIndexBy(list []ast.Stmt, a ompLifted, idx ast.Expr) []ast.Stmt {
	body := &ast.DoConstruct{Body: list}
	ast.Apply(body, func(c *ast.Cursor) bool {
		switch n := c.Node().(type) {
		case *ast.CallExpr:
			if id, ok := n.Fun.(*ast.Ident); ok && strings.EqualFold(id.Name, a.name) {
				n.Args = append(n.Args, ast.Clone(idx))
				return false
			}
		case *ast.Ident:
			if strings.EqualFold(n.Name, a.name) {
				args := make([]ast.Expr, 0, len(a.dims)+1)
				for range a.dims {
					args = append(args, &ast.RangeExpr{})
				}
				c.Replace(&ast.CallExpr{Fun: ast.NewIdent(n.Name), Args: append(args, ast.Clone(idx))})
			}
		}
		return true
	}, nil)
	return body.Body
}

// ompAddDim gives the declaration of generated array name one more
// dimension, false if it is not found.
func (g *gen) ompAddDim(name string) bool {
	for _, d := range g.decls {
		td, ok := d.(*ast.TypeDecl)
		if !ok {
			continue
		}
		for _, e := range td.Entities {
			if strings.EqualFold(e.Name.Name, name) {
				e.Dims = append(e.Dims, &ast.Dim{Colon: true})
				return true
			}
		}
	}
	return false
}
