package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// The adjoint iteration of a fixed-point loop rewinds the tape to the
// loop's mark and pops the converged iteration's values again, once per
// iteration. A call in its sweep that pushes (the adjoint of a function
// the body references re-runs the function, recording: `kfun_b` pushing
// the locals `kfun` overwrites; a split callee's backward routine calling
// such an adjoint) would push onto the slots just popped, below the mark,
// and the next iteration would read the callee's values instead of the
// iteration's. When the sweep calls anything but the runtime, the
// forward sweep marks the tapes before the recording sweep too
// (fadj_fpz<k>), and each adjoint iteration pops a copy:
//
//	call fadj_tape_rewind(fadj_fpm1)
//	call fadj_tape_copy(fadj_fpz1, fadj_fpm1)   ! the segment, on top
//	... the sweep ...
//
// so that the calls' pushes land on the copy.

// fpNestScope records that the loop numbered k is being reversed, inside
// another fixed-point loop or not; the function returned ends it.
func (g *gen) fpNestScope(k string) func() {
	if g.fpOuter != "" {
		return func() {}
	}
	g.fpOuter = k
	return func() { g.fpOuter = "" }
}

// copyMark decides whether the adjoint iteration pops a copy of the
// recorded iteration (its sweep calls a procedure that may push), and
// then returns the recording sweep f after the mark of its start.
func (fp *fpCode) copyMark(f, sweep []ast.Stmt) ([]ast.Stmt, error) {
	calls := false
	ast.Inspect(&ast.Unit{Body: sweep}, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallStmt); ok && mayPush(c) {
			calls = true
		}
		if c, ok := n.(*ast.CallStmt); ok {
			// A push of the sweep itself (the saves around a joint
			// call's adjoint) lands there too.
			if op, isOp := tape.Of(c); isOp && op.Kind == tape.Push {
				calls = true
			}
		}
		return !calls
	})
	if !calls {
		return f, nil
	}
	fp.copy = true
	fp.g.decls = append(fp.g.decls, parseDecls(fmt.Sprintf("integer(8) :: %s(%d)", fp.zMark(), tape.MarkLen))...)
	return append([]ast.Stmt{tape.Mark(ast.NewIdent(fp.zMark()))}, f...), nil
}

func (fp *fpCode) zMark() string { return "fadj_fpz" + fp.k }

// zPush returns the push of the start mark onto the tape after the
// loop's mark (a loop around has one segment per visit), or with pop its
// pop; nothing without a copy.
func (fp *fpCode) zPush(pop bool) []ast.Stmt {
	if !fp.copy {
		return nil
	}
	op := tape.Op{Kind: tape.Push, Type: tape.I8, Ref: ast.NewIdent(fp.zMark()), Count: tape.Size(ast.NewIdent(fp.zMark()))}
	if pop {
		op = op.Inverse()
	}
	return []ast.Stmt{tape.Lower(op)}
}

// copyCall returns the copy of the segment after each rewind of the
// adjoint iteration, if it pops a copy.
func (fp *fpCode) copyCall() []ast.Stmt {
	if !fp.copy {
		return nil
	}
	return parseStmts(fmt.Sprintf("call fadj_tape_copy(%s, fadj_fpm%s)", fp.zMark(), fp.k))
}

// mayPush reports whether call c of a sweep may push onto the tape: not
// a tape operation or another routine of the runtime.
func mayPush(c *ast.CallStmt) bool {
	if _, ok := tape.Of(c); ok {
		return false
	}
	id, ok := c.Name.(*ast.Ident)
	return !ok || !strings.HasPrefix(strings.ToLower(id.Name), "fadj_")
}
