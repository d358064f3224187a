package deriv

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// The partial of x**n for a variable integer n is n*x**(n-1). A
// polynomial basis x(i)**(j-1) (least squares, Vandermonde, Horner) has
// n = 0 for its first term: at x = 0 that is 0*0.0**(-1) = 0*Inf = NaN,
// where the derivative is 0. The exponent n - merge(0, 1, n == 0) is n
// for n = 0 (0*x**0 = 0) and n - 1 otherwise, without an Inf.

// intPowExp returns the exponent of x in the partial n*x**(...) of x**n.
func intPowExp(n ast.Expr) ast.Expr {
	return Sub(n, Call("merge", Int(0), Int(1), eq(n, Int(0))))
}
