package tangent

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// assumedSize reports whether s is an assumed-size array (x(*), the F77
// work array or output of a callee), which has no whole-array
// assignment: a dummy of the pattern that the body defines before it
// reads it is not zeroed on entry (localTangentDecl). The caller's
// tangents of the elements the body leaves alone are those of their
// values, which the body leaves alone too.
func assumedSize(s *sema.Symbol) bool {
	for _, d := range s.Dims {
		if d.Kind == sema.AssumedSize {
			return true
		}
	}
	return false
}

// tangentDeclsSplit returns the specification statements of decls, which
// the tangents' declarations follow, and the DATA, FORMAT and statement
// function statements, which follow those: F77 allows DATA among the
// specifications (CHARACTER*8 LIM; DATA LIM /'MINMOD'/; PARAMETER (NMAX
// = 40); DIMENSION DQ(NMAX)), and dq_d(NMAX) was declared before the
// PARAMETER when everything from the first DATA on came after it.
func tangentDeclsSplit(decls []ast.Stmt) (specs, tail []ast.Stmt) {
	for _, d := range decls {
		switch d.(type) {
		case *ast.StmtFunction, *ast.DataStmt, *ast.FormatStmt:
			tail = append(tail, d)
		default:
			specs = append(specs, d)
		}
	}
	return specs, tail
}
