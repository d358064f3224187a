package inline

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Labelled DO loops in the rotation of fixed-point loops
// (fixedpoint_rotate.go), as F77 solvers write them:
//
//	      DO 20 IT = 1, MAXIT
//	        DO 30 I = 1, N ... 30 CONTINUE      (A)
//	        IF (RES .LT. TOL) GOTO 50           (an EXIT by then)
//	        DO 60 I = 1, N ... 60 CONTINUE      (B)
//	   20 CONTINUE
//
// The fixed-point loop's terminal CONTINUE does nothing: it is dropped,
// and the loop ends with END DO. The statements that appear twice keep
// their DO loops, whose terminal CONTINUEs lose their labels in the copy
// (the printer writes every DO as a block DO).

// termContinue returns the body of d without its terminal CONTINUE, and
// whether d is labelled with such a terminal statement of its own (not
// one shared with a nested loop); an unlabelled loop's body as it is.
func termContinue(d *ast.DoConstruct) ([]ast.Stmt, bool) {
	if d.TermLabel == 0 {
		return d.Body, true
	}
	n := len(d.Body)
	if n == 0 {
		return nil, false
	}
	c, ok := d.Body[n-1].(*ast.ContinueStmt)
	if !ok || c.Label != d.TermLabel {
		return nil, false
	}
	return d.Body[:n-1], true
}

// unlabelTerms removes, in list (a copy), the labels of the terminal
// statements of its labelled DO loops, and their terminal labels.
func unlabelTerms(list []ast.Stmt) {
	ast.Inspect(&ast.Unit{Body: list}, func(n ast.Node) bool {
		d, ok := n.(*ast.DoConstruct)
		if !ok || d.TermLabel == 0 {
			return true
		}
		inner := d
		for {
			last := len(inner.Body) - 1
			if last < 0 {
				break
			}
			if s := inner.Body[last]; s.Header().Label == d.TermLabel {
				s.Header().Label = 0
				break
			}
			next, isDo := inner.Body[last].(*ast.DoConstruct)
			if !isDo || next.TermLabel != d.TermLabel {
				break
			}
			next.TermLabel = 0
			inner = next
		}
		d.TermLabel = 0
		return true
	})
}

// peelableF77 is peelable for list with its DO loops' terminal labels
// removed, as the copy will have them.
func peelableF77(list []ast.Stmt) bool {
	c := make([]ast.Stmt, len(list))
	for i, s := range list {
		c[i] = ast.Clone(s)
	}
	unlabelTerms(c)
	return peelable(c)
}
