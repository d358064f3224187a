package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// backward is the adjoint of the loop: the adjoint iteration on the
// state with sweep (the state's adjoint only), then the parameters
// sweep b2 (the body's whole adjoint) from the converged w̄.
func (fp *fpCode) backward(sweep, b2 []ast.Stmt) []ast.Stmt {
	d, k := fp.d, fp.k
	var out []ast.Stmt
	out = append(out, parseStmts(strings.Join(fp.start(), "\n"))...)
	var save, restore []string
	for _, v := range fp.savedParams {
		save = append(save, fmt.Sprintf("%s = %s", fp.copyName("s", v), fp.g.aname(v)))
		restore = append(restore, fmt.Sprintf("%s = %s", fp.g.aname(v), fp.copyName("s", v)))
	}
	out = append(out, parseStmts(strings.Join(save, "\n"))...)
	// The end values the sweep reads but does not change are put back
	// once; those it changes, before each iteration.
	if len(fp.inLoop) < len(fp.restore) {
		out = append(out, fp.ops(tape.SnapPush, true)...)
		out = append(out, fp.ops(tape.SnapPush, false)...)
	}
	loop := parseStmts(fmt.Sprintf("fadj_fpi%s = fadj_fpi%s + 1", k, k))
	loop = append(loop, opsOf(fp.inLoop, tape.SnapPush, true)...)
	loop = append(loop, opsOf(fp.inLoop, tape.SnapPush, false)...)
	loop = append(loop, tape.Rewind(ast.NewIdent("fadj_fpm"+k)))
	loop = append(loop, fp.copyCall()...) // fixedpoint_copy.go
	loop = append(loop, fp.shiftCopy(sweep, true)...)
	loop = append(loop, fp.zeroIntermediates(sweep)...) // fp_intermediates.go
	loop = append(loop, sweep...)
	loop = append(loop, fp.shiftCopy(sweep, false)...) // fixedpoint_nest.go
	loop = append(loop, parseStmts(strings.Join(fp.update(), "\n"))...)
	out = append(out, &ast.DoConstruct{Body: loop, End: ast.EndStmt{Keyword: "do"}})
	out = append(out, parseStmts(fmt.Sprintf("call fadj_fp_done('%s', fadj_fpi%s, fadj_fpd%s, %s)", d.Name, k, k, fortranReal(d.Tol)))...)
	if d.Warm {
		var post []string
		for _, v := range fp.state {
			post = append(post, fmt.Sprintf("%s = %s", fp.copyName("w", v), fp.g.aname(v)))
		}
		post = append(post, fmt.Sprintf("fadj_fpws%s = 1", k))
		out = append(out, parseStmts(strings.Join(post, "\n"))...)
	}
	// The parameters sweep, from the converged w̄.
	out = append(out, parseStmts(strings.Join(restore, "\n"))...)
	out = append(out, fp.ops(tape.SnapPush, true)...)
	out = append(out, tape.Rewind(ast.NewIdent("fadj_fpm"+k)))
	out = append(out, fp.zeroIntermediates(b2)...)
	out = append(out, b2...)
	var zero []string
	for _, v := range fp.state {
		zero = append(zero, fp.zeroed(v)...)
	}
	out = append(out, parseStmts(strings.Join(zero, "\n"))...)
	out = append(out, fp.ops(tape.Push, true)...)
	return out
}

// start keeps the incoming adjoint z̄ (z̄_orig), starts w̄ from it or,
// warm, from the last solve's, and sets the previous iterate.
func (fp *fpCode) start() []string {
	k := fp.k
	var pre []string
	for _, v := range fp.state {
		zb := fp.g.aname(v)
		pre = append(pre, fmt.Sprintf("%s = %s", fp.copyName("o", v), zb))
		if fp.d.Warm {
			pre = append(pre, fmt.Sprintf("if (fadj_fpws%s /= 0) %s = %s", k, zb, fp.copyName("w", v)))
		}
		pre = append(pre, fmt.Sprintf("%s = %s", fp.copyName("p", v), zb))
	}
	return append(pre, fmt.Sprintf("fadj_fpi%s = 0", k), fmt.Sprintf("fadj_fpt%s = 1", k), fmt.Sprintf("fadj_fpl%s = 0", k),
		fmt.Sprintf("fadj_fpe%s = 0", k))
}

// update adds z̄_orig back to w̄, in one pass over each state adjoint
// (the runtime's fadj_fp_step for an array). The relative change of w̄
// is measured only at the iterations fadj_fp_next predicts from the
// rate of the last measures (and at the maximum): the previous iterate
// is copied only in the iteration before. The loop exits on the delta
// test or the maximum.
func (fp *fpCode) update() []string {
	d, k := fp.d, fp.k
	maxNorm := d.Norm == "max"
	dv, nv, i, mode := "fadj_fpd"+k, "fadj_fpn"+k, "fadj_fpi"+k, "fadj_fpk"+k
	next, tol := "fadj_fpt"+k, fortranReal(d.Tol)
	upd := []string{
		mode + " = 0",
		fmt.Sprintf("if (%s + 1 >= %s .or. %s + 1 >= %d) %s = 1", i, next, i, d.MaxIter, mode),
		fmt.Sprintf("if (%s >= %s .or. %s >= %d) %s = 2", i, next, i, d.MaxIter, mode),
		dv + " = 0", nv + " = 0",
	}
	for _, v := range fp.state {
		upd = append(upd, fp.passThrough(v)...)          // fixedpoint_mask.go
		upd = append(upd, fp.updateState(v, maxNorm)...) // fixedpoint_derived.go
	}
	upd = append(upd, fmt.Sprintf("if (%s == 2) then", mode))
	if maxNorm {
		upd = append(upd, fmt.Sprintf("%s = %s / max(%s, tiny(1.0d0))", dv, dv, nv))
	} else {
		upd = append(upd, fmt.Sprintf("%s = sqrt(%s) / max(sqrt(%s), tiny(1.0d0))", dv, dv, nv))
	}
	return append(upd, fmt.Sprintf("if (%s <= %s .or. %s >= %d) exit", dv, tol, i, d.MaxIter),
		fmt.Sprintf("call fadj_fp_next(%s, %s, %s, fadj_fpl%s, fadj_fpe%s, %s)", i, dv, tol, k, k, next),
		"end if")
}

// stepSuffix is the runtime's suffix of fadj_fp_step for the adjoint of
// v: copyDecl accepts only types with a tape, and the state is real.
func stepSuffix(v *sema.Symbol) string {
	if t, ok := tape.TypeOf(v.Type); ok && t == tape.R4 {
		return "r4"
	}
	return "r8"
}
