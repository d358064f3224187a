package restructure

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// Loops that overlap. Netlib's ZEROIN (Brent's root finder) ends
//
//	   20 C = A
//	      ...
//	   30 IF (DABS(FC) .GE. DABS(FB)) GO TO 40
//	      ...
//	      IF ((FB*(FC/DABS(FC))) .GT. 0.0D0) GO TO 20
//	      GO TO 30
//
// The region of label 20 (up to the last GO TO 20) holds label 30, which
// the GO TO 30 after it reaches: it could not become a loop, and reverse
// mode rejected "backward GO TO 20". Extending the region to the GO TO 30
// makes it one: the body runs the statements from 20 to there in order as
// before, GO TO 20 becomes a CYCLE of it, and the GO TO 30 now jumps
// backwards inside the body, the inner loop of the next pass.

// extended returns the smallest end e > b such that statements [i, e] of
// list, the first labelled l, can become a loop, or -1.
func (r *rewriter) extended(list []ast.Stmt, i, b, l int) int {
	for e := b + 1; e < len(list); e++ {
		if r.convertible(list, i, e, l) {
			return e
		}
	}
	return -1
}
