package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Fixed-point loops nested in one another, when an adjoint iteration
// pops a copy of its segment (fixedpoint_copy.go). The marks of a loop
// nested in the body are tape positions, pushed inside the outer loop's
// segment; an outer iteration that pops a copy of that segment, placed
// (per tape) mark − start higher, pops them from the copy and must read
// the nested loop's segment there:
//
//	call fadj_tape_copy(fadj_fpz1, fadj_fpm1)
//	fadj_fpsh1 = fadj_fpsh1 + (fadj_fpm1 - fadj_fpz1)
//	... call fadj_pop_i8_array(fadj_fpm2, size(fadj_fpm2))
//	    fadj_fpm2 = fadj_fpm2 + fadj_fpsh1
//	    ... (the nested loop's adjoint: rewinds to fadj_fpm2, copies)
//	fadj_fpsh1 = fadj_fpsh1 - (fadj_fpm1 - fadj_fpz1)
//
// The shift, one variable for the outermost loop being reversed, is the
// sum of the copies' shifts of the loops enclosing the nested one (0 in
// the parameters sweeps, which pop the segments in place). A nested
// loop's own copy is placed on top of the outer copy, over the values
// the outer iteration has already popped, which the next outer
// iteration copies again from the segment recorded.

// fpShift is the name of the shift of the marks nested in the outermost
// fixed-point loop being reversed.
func (g *gen) fpShift() string { return "fadj_fpsh" + g.fpOuter }

// shiftMarks returns the shift of a nested loop's marks after their pops.
func (fp *fpCode) shiftMarks() []ast.Stmt {
	if fp.g.fpCalledInFixedPoint() { // fp_callee_marks.go
		return parseStmts(strings.Join(fp.remark(), "\n"))
	}
	if fp.g.fpOuter == fp.k {
		return nil
	}
	sh := fp.g.fpShift()
	s := fmt.Sprintf("fadj_fpm%s = fadj_fpm%s + %s", fp.k, fp.k, sh)
	if fp.copy {
		s += fmt.Sprintf("\n%s = %s + %s", fp.zMark(), fp.zMark(), sh)
	}
	return parseStmts(s)
}

// shiftCopy returns the shift of the marks nested in a sweep that pops a
// copy, added after the copy (add) or taken back after the sweep.
func (fp *fpCode) shiftCopy(sweep []ast.Stmt, add bool) []ast.Stmt {
	sh := fp.g.fpShift()
	if !fp.copy || !references(sweep, sh) {
		return nil
	}
	op := "+"
	if !add {
		op = "-"
	}
	return parseStmts(fmt.Sprintf("%s = %s %s (fadj_fpm%s - %s)", sh, sh, op, fp.k, fp.zMark()))
}

// shiftStart declares the outermost loop's shift and returns its reset
// before the loop's adjoint, when a nested loop reads it.
func (fp *fpCode) shiftStart(b []ast.Stmt) []ast.Stmt {
	sh := fp.g.fpShift()
	if fp.g.fpOuter != fp.k || !references(b, sh) {
		return nil
	}
	fp.g.decls = append(fp.g.decls, parseDecls(fmt.Sprintf("integer(8) :: %s(%d)", sh, tape.MarkLen))...)
	return parseStmts(sh + " = 0")
}

// endValues returns the forward sweep's save of the end values the
// loop's adjoint restores: on the snapshot stack, or for a loop nested
// in another on the tape, which the outer loop's adjoint iterations read
// again (a snapshot would be popped by the first); endValuesBack moves
// them from the tape to the snapshot stack before the loop's adjoint.
func (fp *fpCode) endValues() []ast.Stmt {
	if fp.g.fpOuter == fp.k && !fp.g.fpCalledInFixedPoint() {
		return fp.ops(tape.SnapPush, false)
	}
	return fp.ops(tape.Push, false)
}

func (fp *fpCode) endValuesBack() []ast.Stmt {
	if fp.g.fpOuter == fp.k && !fp.g.fpCalledInFixedPoint() {
		return nil
	}
	return append(fp.ops(tape.Push, true), fp.ops(tape.SnapPush, false)...)
}

// popsSnapshots reports whether list pops a snapshot it does not push
// itself before: a call reversed jointly, whose snapshot the forward
// sweep took. A nested fixed-point loop's adjoint pushes and pops its
// own (endValuesBack).
func popsSnapshots(list []ast.Stmt) bool {
	depth, found := 0, false
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallStmt); ok {
			if op, isOp := tape.Of(c); isOp && op.Kind == tape.SnapPush {
				depth++
			} else if isOp && op.Kind == tape.SnapPop {
				depth--
				found = found || depth < 0
			}
		}
		return !found
	})
	return found
}

// fadjAllocation reports whether st (de)allocates only generated
// variables (fadj_...), maybe under an IF: a nested fixed-point loop's
// marks, allocated to the shape of its state (lbound(y, 1)), which do
// not define the state.
func fadjAllocation(st ast.Stmt) bool {
	if i, ok := st.(*ast.IfStmt); ok {
		st = i.Action
	}
	a, ok := st.(*ast.AllocateStmt)
	if !ok {
		return false
	}
	for _, o := range a.Objects {
		if !strings.HasPrefix(baseName(o), "fadj_") {
			return false
		}
	}
	return len(a.Objects) > 0
}
