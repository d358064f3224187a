package adjoint

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/ad/tape"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A fixed-point loop in a routine that the body of another routine's
// fixed-point loop calls (a Newton solve in the surface-flux routine of
// a coupling Picard loop, the callee reversed split). Its marks are
// pushed inside the caller's segment; each adjoint iteration of the
// caller pops a copy of that segment, placed higher on the tapes, and
// the callee's backward routine pops the marks from the copy without
// knowing the caller's shift. It needs none: the tapes are read back in
// the order they were written, so when the marks are popped each tape's
// top is where it was when the mark was taken, shifted by the copies
// around. The popped mark is replaced by the tops, and the start mark
// moved by the same shift:
//
//	call fadj_pop_i8_array(fadj_fpm1, size(fadj_fpm1))
//	call fadj_tape_mark(fadj_fpr1)
//	fadj_fpz1 = fadj_fpz1 + (fadj_fpr1 - fadj_fpm1)
//	fadj_fpm1 = fadj_fpr1
//
// The loop's end values go on the tape too, as a nested loop's do: the
// caller's adjoint iterations run the callee's backward routine again
// and read them each time.

// fpCalledInFixedPoint reports whether the routine being reversed may
// be called, at any depth, from a routine holding a fixed-point loop
// other than itself (whose loop may then pop a copy of its segment).
func (g *gen) fpCalledInFixedPoint() bool {
	cg, self := g.info.CallGraph, g.routineNode()
	if cg == nil || self == nil || g.sh.plan == nil {
		return false
	}
	for _, f := range g.sh.plan.FixedPoints() {
		from := cg.Node(f.Loop.Routine)
		if from == nil || from == self {
			continue
		}
		if reaches(from, self, map[*sema.CGNode]bool{}) {
			return true
		}
	}
	return false
}

// routineNode is the call graph node of the routine being reversed.
func (g *gen) routineNode() *sema.CGNode {
	for s := g.scope; s != nil; s = s.Parent {
		if s.Kind == sema.SubroutineScope || s.Kind == sema.FunctionScope {
			if s.Symbol == nil || g.info.CallGraph == nil {
				return nil
			}
			return g.info.CallGraph.Node(s.Symbol)
		}
	}
	return nil
}

// reaches reports whether a call path leads from n to to.
func reaches(n, to *sema.CGNode, seen map[*sema.CGNode]bool) bool {
	if seen[n] {
		return false
	}
	seen[n] = true
	for _, c := range n.Callees {
		if c == to || reaches(c, to, seen) {
			return true
		}
	}
	return false
}

// remark returns the replacement of the popped marks by the tops.
func (fp *fpCode) remark() []string {
	k := fp.k
	r := "fadj_fpr" + k
	fp.g.decls = append(fp.g.decls, parseDecls(fmt.Sprintf("integer(8) :: %s(%d)", r, tape.MarkLen))...)
	s := []string{fmt.Sprintf("call fadj_tape_mark(%s)", r)}
	if fp.copy {
		s = append(s, fmt.Sprintf("%s = %s + (%s - fadj_fpm%s)", fp.zMark(), fp.zMark(), r, k))
	}
	return append(s, fmt.Sprintf("fadj_fpm%s = %s", k, r))
}
