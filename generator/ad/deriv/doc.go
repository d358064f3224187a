// Package deriv is fadj's table of derivative rules: for every
// differentiable operation of Fortran (operators and intrinsic
// functions), the local partial derivatives as Fortran expressions built
// from the operation's operands, for the tangent and adjoint
// transformations to use.
//
// # Partials
//
// Unary, Binary and Intrinsic return Partials: one expression per
// operand, ∂result/∂operand, or nil where the operand carries no
// derivative (integer operands, KIND, DIM and MASK arguments, the B of
// sign(a, b), every argument of int, nint, floor, ...). The operands are
// given as Operand values: an expression that the rules may copy any
// number of times (the caller guarantees that it is side-effect free: a
// variable, an array element, a constant or a temporary), its type and
// its rank. A rule may also use the operation's value when the caller
// has it in a variable (exp(x): result; sqrt(x): 0.5/result).
//
// The tangent of y = f(x1, ..., xn) is yd = Σ TangentTerm(p_i, x_i, xd_i)
// (TangentSum), and the adjoint adds AdjointTerm(p_i, x_i, yb) to each
// x_ib (AdjointTerms); for real operands these are p_i*xd_i and p_i*yb.
// Tangent and Adjoint do all of this for an intrinsic call, including the
// ones that have no partials: conjg and the array intrinsics (sum,
// product, maxval, minval, norm2, dot_product, matmul, transpose, spread,
// reshape, cshift), for which they return the tangent expression from the
// arguments' tangents, and the expressions to add to the arguments'
// adjoints.
//
// Lookup tells the activity analysis and the generator what is known of
// an intrinsic: whether it is differentiable (Class), which arguments
// carry derivatives (Rule.IsActive), whether it is elemental (Form), and
// a note on its non-smooth points. An intrinsic with no rule (gamma,
// log_gamma, transfer, ...) gets the error "no derivative rule for intrinsic
// 'name'".
//
// # Kinds
//
// The partials are kind-correct: a constant is written with the kind of
// the operation's result ("0.5" for default real, "0.5_8" for real(8),
// "0.5_16" for real(16)), so that no partial is computed in a lower
// precision than the operation; constants that are not exact in binary
// are written with 36 digits (2/sqrt(pi)) or computed in the right kind
// (log(10.0_8)). Integer exponents stay integers (x**2 has the partial
// 2*x). A KIND argument (real(x, 8)) must be an integer literal: the
// caller replaces a named constant by its value.
//
// # Expressions
//
// The builders Add, Sub, Mul, Div, Neg and Pow fold the trivial cases, so
// that generated code has no 1.0*x or x + 0: Mul(one, x) is x, Mul(-1, x)
// is -x, Add(x, Neg(y)) is x - y, Mul(Neg(a), b) is -(a*b), printed -a*b.
// The printer adds the parentheses the tree needs.
//
// # Non-smooth points
//
// The rules are derivatives almost everywhere; where a function has a kink
// or a jump the rule picks one of the one-sided derivatives, as follows
// (docs/derivatives.md has the full table):
//
//   - abs(x): sign(1, x), +1 at x = +0.0 (and -1 at x = -0.0, the sign of
//     a negative zero).
//   - max and min (any number of arguments): 1 for the argument the
//     function returns and 0 for the others; at ties, the first of the
//     tied arguments (the one gfortran returns). Written with merge:
//     max(a, b) has merge(1, 0, a >= b) and merge(1, 0, b > a).
//   - maxval and minval: the derivative of the first extremal element in
//     array element order (along DIM if given), the one maxloc/minloc
//     return; an all-false MASK gives zero.
//   - sign(a, b) = |a|*sgn(b): ∂/∂a = sign(1, a)*sign(1, b) with the
//     conventions of abs (a = +0 counts as positive; b = -0.0 as
//     negative); ∂/∂b = 0 (nil), the jump at b = 0 being ignored.
//   - dim(x, y) = max(x - y, 0): partials 0 at x = y.
//   - mod(a, p) = a - aint(a/p)*p: ∂/∂a = 1, ∂/∂p = -aint(a/p); where a/p
//     is an integer (a jump) the partial is the limit from the side where
//     |a/p| is at least that integer. modulo: -floor(a/p) likewise.
//   - int, nint, floor, ceiling, aint, anint, spacing, exponent: piecewise
//     constant, partials nil (zero almost everywhere; the jumps are
//     ignored, as they are by every AD tool).
//   - x**y (real y): ∂/∂y = x**y*log(x) is taken as 0 where x <= 0, and
//     ∂/∂x = y*x**(y-1) is infinite at x = 0 for y < 1; sqrt at 0 is +Inf;
//     atan2 and hypot at (0, 0), complex abs at 0 and norm2 of a zero
//     vector give NaN.
//   - product: zero-safe (the derivative with respect to x(i) is the
//     product of the other elements, exactly, whatever the zeros).
//
// # Complex
//
// For a complex operand z of a complex result, the partial is the
// complex derivative f'(z) (the operators, exp, log, sqrt, the
// trigonometric and hyperbolic functions and their inverses are complex
// differentiable, with the same formulas as for reals); the tangent is
// f'(z)*zd and, with the convention that the adjoint of z = a + ib is
// ab + i*bb, the adjoint is zb += conjg(f'(z))*rb. A real operand x of a
// complex result (cmplx(x, y)) has the complex partial ∂f/∂x (1 and i
// for cmplx), with xb += real(conjg(p)*rb). A complex operand of a real
// result (real(z), aimag(z), abs(z)) has the partial G = ∂f/∂a + i*∂f/∂b
// (1, i and z/abs(z)), with rd = real(conjg(G)*zd) and zb += G*rb.
// TangentTerm and AdjointTerm apply these conventions. conjg is not
// complex differentiable and has no partial: Tangent gives conjg(zd),
// Adjoint zb += conjg(rb). Intrinsics whose complex versions are not
// covered (dot_product, matmul, product, maxval of complex arrays) report
// "not supported: complex intrinsic name".
package deriv
