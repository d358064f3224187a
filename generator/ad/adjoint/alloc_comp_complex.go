package adjoint

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/printer"
	"github.com/fadj-dev/fadj/generator/sema"
)

// COMPLEX ALLOCATABLE components (a spectral coefficient array in a
// type: `complex(8), allocatable :: coef(:)`) and variables: a tape
// holds their values as two real arrays, the real parts then the
// imaginary ones. They are pushed as the expressions real(x) and
// aimag(x) and popped into real arrays of a BLOCK, then assigned back:
// gfortran 12 passes the part reference s%coef%re of an ALLOCATABLE
// component to an assumed-size dummy without packing it (it wrote the
// parts of the first half of the elements; kernel dt_spectral_coef).

// complexKind returns the real tape type and Fortran kind of complex
// type t; ok false if t is not complex(4) or complex(8).
func complexKind(t *sema.Type) (tape.Type, int, bool) {
	switch {
	case t == nil || !t.IsComplex():
	case t.Kind == 8:
		return tape.R8, 8, true
	case t.Kind == 4:
		return tape.R4, 4, true
	}
	return 0, 0, false
}

// complexValues returns the save (k a push) or restore (a pop, or a peek
// of the snapshot stack if peek) of the values of x, of complex type t
// and rank rank; ok false if t is not a complex type fadj tapes.
func complexValues(x ast.Expr, t *sema.Type, rank int, k tape.Kind, peek bool) ([]ast.Stmt, bool) {
	typ, kind, ok := complexKind(t)
	if !ok {
		return nil, false
	}
	w := printer.ExprString(x)
	stack := "fadj_"
	if k.IsSnapshot() {
		stack = "fadj_snap_"
	}
	arr, n, dims := "", "", ""
	if rank > 0 {
		arr, n, dims = "_array", fmt.Sprintf(", size(%s)", w), fmt.Sprintf(", dimension(size(%s))", w)
	}
	ts := typ.String()
	if k.IsPush() {
		return parseStmts(fmt.Sprintf("call %spush_%s%s(real(%s)%s)\ncall %spush_%s%s(aimag(%s)%s)\n",
			stack, ts, arr, w, n, stack, ts, arr, w, n)), true
	}
	verb := "pop"
	if peek {
		verb = "peek"
	}
	back := fmt.Sprintf("cmplx(fadj_cre, fadj_cim, kind=%d)", kind)
	if rank > 1 {
		back = fmt.Sprintf("reshape(%s, shape(%s))", back, w)
	}
	return parseStmts(fmt.Sprintf("block\nreal(%d)%s :: fadj_cre, fadj_cim\ncall %s%s_%s%s(fadj_cim%s)\ncall %s%s_%s%s(fadj_cre%s)\n%s = %s\nend block\n",
		kind, dims, stack, verb, ts, arr, n, stack, verb, ts, arr, n, w, back)), true
}

// complexRecords sets the records of the values of complex x (variable
// or component v) in r, on the stack of push.
func (r *allocRecord) complexRecords(x ast.Expr, v *sema.Symbol, push tape.Kind) bool {
	save, ok := complexValues(x, v.Type, v.Rank(), push, false)
	if !ok {
		return false
	}
	restore, _ := complexValues(x, v.Type, v.Rank(), push.Inverse(), false)
	r.push, r.popValues = save, restore
	return true
}
