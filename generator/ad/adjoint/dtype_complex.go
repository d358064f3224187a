package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// COMPLEX components other than ALLOCATABLE ones (a spectral model's
// `complex(8) :: c(nk)`, a scalar phase): a record or snapshot of a
// derived-type value holds one as its two real parts, the part
// references sub%re and sub%im, leaves of the real tape of its kind like
// those of a complex variable (complexSaves). ALLOCATABLE ones are
// recorded with their allocation (alloc_comp_complex.go).
//
// gfortran 12 passes an array part reference under a component (w%c%re,
// v%z%im) to an assumed-size dummy without packing it: the runtime read
// and wrote w%c(1)%re, w%c(1)%im, w%c(2)%re... (kernel dt_spectral_modes).
// Such a part is pushed as the value real(w%c) or aimag(w%c) and popped
// into a temporary array of a BLOCK assigned back (partLower).

// complexParts returns the leaves of sub, a component of complex type t
// of rank rank: its real and imaginary parts; ok false if t is not a
// complex type with a real tape.
func complexParts(sub ast.Expr, rank int, t *sema.Type) ([]tapeLeaf, bool) {
	typ, _, ok := complexKind(t)
	if !ok {
		return nil, false
	}
	var out []tapeLeaf
	for _, part := range []string{"re", "im"} {
		out = append(out, tapeLeaf{ref: &ast.SelectorExpr{X: ast.Clone(sub), Sel: ast.NewIdent(part)}, rank: rank, typ: typ, part: rank > 0})
	}
	return out, true
}

// underComponent reports whether reference x names a component (or a
// part of one): a%b, a(i)%b(:), not v or v(:, k).
func underComponent(x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.SelectorExpr:
			return true
		case *ast.CallExpr:
			x = e.Fun
		case *ast.ParenExpr:
			x = e.X
		default:
			return false
		}
	}
}

// partLower returns op, an array operation of kind op.Kind on Ref, a
// part reference x%re or x%im of a complex array under a component,
// lowered with a value (a push) or a temporary (a pop, or a peek of the
// snapshot stack if peek).
func partLower(op tape.Op, peek bool) ast.Stmt {
	sel := op.Ref.(*ast.SelectorExpr)
	if op.Kind.IsPush() {
		fn := "real"
		if sel.Sel.Name == "im" {
			fn = "aimag"
		}
		op.Ref = &ast.CallExpr{Fun: ast.NewIdent(fn), Args: []ast.Expr{ast.Clone(sel.X)}}
		return tape.Lower(op)
	}
	x := printer.ExprString(sel.X)
	op.Ref = ast.NewIdent("fadj_part")
	name := tape.Lower(op).Name.(*ast.Ident).Name
	if peek {
		name = "fadj_snap_peek_" + strings.TrimPrefix(name, "fadj_snap_pop_")
	}
	kind := 8
	if op.Type == tape.R4 {
		kind = 4
	}
	src := fmt.Sprintf("block\nreal(%d) :: fadj_part(size(%s))\ncall %s(fadj_part, size(%s))\n%s%%%s = reshape(fadj_part, shape(%s))\nend block\n",
		kind, x, name, x, x, sel.Sel.Name, x)
	return parseStmts(src)[0]
}

// leafLower returns op lowered: through partLower if part.
func leafLower(op tape.Op, part bool) ast.Stmt {
	if part {
		return partLower(op, false)
	}
	return tape.Lower(op)
}

// partLowered returns snapshot op of part Ref lowered with kind k.
func (op snapOp) partLowered(k tape.Kind, peek bool) ast.Stmt {
	o := op.Op
	o.Kind, o.Ref, o.Count = k, ast.Clone(o.Ref), ast.Clone(o.Count)
	return partLower(o, peek)
}

// A complex component of the elements of an ALLOCATABLE array of a flat
// derived type (modes(:)%amp) is one part of the array's save in a
// snapshot (snap_alloc_dtype.go): an op on the real stack of its kind
// whose Ref, s%modes%amp, is complex, saved as real(s%modes%amp) then
// aimag(s%modes%amp), two values an element.

// snapPart is a part of the save of an ALLOCATABLE component of derived
// type: a tape op, of complex Ref if cplx is set.
type snapPart struct {
	tape.Op
	cplx *sema.Type
}

// partValues returns the save (verb push) or restore (pop or peek) of
// part p.
func partValues(p snapPart, verb string) ast.Stmt {
	if p.cplx == nil {
		return snapOp{Op: p.Op}.call(verb)
	}
	k := tape.SnapPush
	if verb != "push" {
		k = tape.SnapPop
	}
	list, _ := complexValues(p.Ref, p.cplx, 1, k, verb == "peek") // alloc_comp_complex.go
	return &ast.BlockConstruct{Body: list, End: ast.EndStmt{Keyword: "block"}}
}
