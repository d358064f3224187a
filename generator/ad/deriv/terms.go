package deriv

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// TangentTerm returns the contribution of operand x to the tangent of a
// result of type res, given the partial p and the tangent d of x, or nil
// if p or d is nil:
//
//	real or complex x, result of x's kind class:  p*d
//	complex x, real result:                       real(p*conjg(d))
//	                                              (real(d) for p = 1, aimag(d) for p = (0, 1))
//
// (see the package documentation, "Complex").
func TangentTerm(p ast.Expr, x Operand, d ast.Expr, res *sema.Type) ast.Expr {
	if p == nil || d == nil || !x.float() {
		return nil
	}
	if x.complex() && res != nil && !res.IsComplex() {
		return realPart(p, d)
	}
	if narrows(res, x.Type) {
		// real(x8, 4): the tangent in the result's kind, as the
		// original converts explicitly (no implicit narrowing).
		return Call("real", Mul(p, d), Int(floatKind(res)))
	}
	return Mul(p, d)
}

// narrows reports whether a value of real type from converts to the
// lower kind of real type to: a real(4) operand of a real(8) result
// takes its adjoint as real(p*rb, 4), the tangent of real(x8, 4) is
// real(x_d, 4), so that no assignment of the generated code narrows
// implicitly (gfortran -Wconversion warns of those).
func narrows(to, from *sema.Type) bool {
	return to != nil && from != nil && to.IsFloat() && !to.IsComplex() && from.IsFloat() &&
		!from.IsComplex() && floatKind(to) < floatKind(from)
}

// AdjointTerm returns what to add to the adjoint of operand x for the
// adjoint rb of a result of type res and rank resRank, given the partial
// p, or nil if p is nil or x carries no derivative:
//
//	real x, real result:        p*rb
//	complex x, complex result:  conjg(p)*rb, written conjg(p*conjg(rb)) (valid whether p is real or complex)
//	real x, complex result:     real(p*conjg(rb))  (real(rb) for p = 1, aimag(rb) for p = (0, 1))
//	complex x, real result:     p*rb
//
// A scalar x of an array result (an elemental operation broadcasting x)
// gets the sum of the contributions: sum(p*rb).
func AdjointTerm(p ast.Expr, x Operand, rb ast.Expr, res *sema.Type, resRank int) ast.Expr {
	if p == nil || rb == nil || !x.float() {
		return nil
	}
	var t ast.Expr
	switch {
	case res != nil && res.IsComplex() && x.complex():
		if _, ok := LitValue(p); ok {
			t = Mul(p, rb)
		} else {
			t = Call("conjg", Mul(p, Call("conjg", rb)))
		}
	case res != nil && res.IsComplex():
		t = realPart(p, rb)
	case x.complex() && IsOne(p):
		// real(z): the real rb as a complex adjoint, so that the
		// operand's own adjoint rules may conjugate it.
		t = Call("cmplx", rb, Kw("kind", Int(floatKind(x.Type))))
	case narrows(x.Type, res):
		t = Call("real", Mul(p, rb), Int(floatKind(x.Type)))
	default:
		t = Mul(p, rb)
	}
	if x.Rank == 0 && resRank > 0 {
		t = Call("sum", t)
	}
	return t
}

// realPart returns real(p*conjg(d)), the real part of conjg(p)*d.
func realPart(p, d ast.Expr) ast.Expr {
	switch {
	case IsOne(p):
		return Call("real", d)
	case isImagUnit(p):
		return Call("aimag", d)
	}
	return Call("real", Mul(p, Call("conjg", d)))
}

// TangentSum returns the tangent of an operation's result of type res:
// the sum of TangentTerm over the operands that have both a partial and
// a tangent (tangents[i] nil: operand i is passive). nil means a zero
// tangent.
func TangentSum(p Partials, args []Operand, tangents []ast.Expr, res *sema.Type) ast.Expr {
	var sum ast.Expr
	for i := range p {
		if i >= len(args) || i >= len(tangents) {
			break
		}
		t := TangentTerm(p[i], args[i], tangents[i], res)
		if t == nil {
			continue
		}
		if sum == nil {
			sum = t
		} else {
			sum = Add(sum, t)
		}
	}
	return sum
}

// AdjointTerms returns AdjointTerm for each operand (nil entries for the
// operands that carry no derivative).
func AdjointTerms(p Partials, args []Operand, rb ast.Expr, res *sema.Type, resRank int) []ast.Expr {
	out := make([]ast.Expr, len(args))
	for i := range p {
		if i < len(args) {
			out[i] = AdjointTerm(p[i], args[i], rb, res, resRank)
		}
	}
	return out
}
