package deriv

import (
	"fmt"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Operand is one argument of an operation.
type Operand struct {
	// X is the argument's expression. Rules copy it into the partials
	// any number of times: the caller guarantees that it has no side
	// effects and is cheap (a variable, an array element, a constant or
	// a temporary). X is nil for an absent optional argument.
	X ast.Expr
	// Type is the argument's type (sema.Info.TypeOf).
	Type *sema.Type
	// Rank is the argument's rank, 0 for a scalar (sema.Info.Rank). Only
	// Tangent, Adjoint and AdjointTerm use it.
	Rank int
}

// Partials holds ∂result/∂operand for each operand, in order. A nil
// entry means that the operand carries no derivative into the result:
// an integer, logical or character operand, an absent one, one the
// result depends on in a piecewise-constant way (the B of sign(a, b), a
// KIND or DIM argument), or every operand of a piecewise-constant
// function (int, nint, floor, ...).
type Partials []ast.Expr

func (o Operand) present() bool { return o.X != nil }

// float reports whether o is present and real or complex.
func (o Operand) float() bool { return o.X != nil && o.Type != nil && o.Type.IsFloat() }

func (o Operand) complex() bool { return o.X != nil && o.Type != nil && o.Type.IsComplex() }

// promote returns the type of an arithmetic operation on the operands:
// complex if one is complex, else real if one is real, with the largest
// kind of the real and complex operands; nil if none is real or complex.
func promote(ops ...Operand) *sema.Type {
	kind, cplx := 0, false
	for _, o := range ops {
		if !o.float() {
			continue
		}
		kind = max(kind, o.Type.Kind)
		cplx = cplx || o.Type.IsComplex()
	}
	switch {
	case kind == 0:
		return nil
	case cplx:
		return sema.BasicType(sema.ComplexType, kind)
	}
	return sema.BasicType(sema.RealType, kind)
}

// Unary returns the partial of the unary operation op x: -1 for "-", 1
// for "+" (real or complex x), nil for an integer x and for .not.
func Unary(op token.Kind, x Operand) (Partials, error) {
	switch op {
	case token.MINUS, token.PLUS:
		if !x.float() {
			return Partials{nil}, nil
		}
		one := Const("1", x.Type)
		if op == token.MINUS {
			return Partials{Neg(one)}, nil
		}
		return Partials{one}, nil
	case token.NOT:
		return Partials{nil}, nil
	}
	return nil, fmt.Errorf("no derivative rule for unary operator %s", op)
}

// Binary returns the partials of x op y. result, if not nil, is an
// expression holding the value of x op y that the rules may use (x/y,
// x**y).
//
//	x + y   1, 1
//	x - y   1, -1
//	x * y   y, x
//	x / y   1/y, -x/y**2 (-result/y)
//	x**n    n*x**(n - 1), nil            integer n (folded for literals: 2*x)
//	x**y    y*x**(y - 1), x**y*log(x)    real or complex y
//
// For a real x**y the partial for y is x**y*log(merge(x, 1, x > 0)): zero
// rather than NaN where x <= 0 (x = 0: the derivative for y > 0 is
// indeed 0; x < 0: x**y is only defined for integral y, where it is taken
// as 0), and it is only needed when y is active. A positive literal x
// (2.0**y) gives x**y*log(x), a complex x or result log of the complex
// value. Relational and logical operators and // have nil partials.
func Binary(op token.Kind, x, y Operand, result ast.Expr) (Partials, error) {
	rt := promote(x, y)
	p := make(Partials, 2)
	switch op {
	case token.EQ, token.NE, token.LT, token.LE, token.GT, token.GE,
		token.AND, token.OR, token.EQV, token.NEQV, token.CONCAT:
		return p, nil
	case token.PLUS, token.MINUS, token.STAR, token.SLASH, token.POW:
	default:
		return nil, fmt.Errorf("no derivative rule for binary operator %s", op)
	}
	if rt == nil {
		return p, nil // integer arithmetic
	}
	one := Const("1", rt)
	switch op {
	case token.PLUS, token.MINUS:
		if x.float() {
			p[0] = one
		}
		if y.float() {
			p[1] = one
			if op == token.MINUS {
				p[1] = Neg(one)
			}
		}
	case token.STAR:
		if x.float() {
			p[0] = y.X
		}
		if y.float() {
			p[1] = x.X
		}
	case token.SLASH:
		if x.float() {
			p[0] = Div(one, y.X)
		}
		if y.float() {
			if result != nil {
				p[1] = Neg(Div(result, y.X))
			} else {
				// -x*(1/y)*(1/y) rather than -x/y**2 (y**2 would be
				// computed in y's kind, which may be lower than the
				// result's) or -(x/y)/y: the compiler computes the
				// reciprocal 1/y once for both partials and for every
				// other quotient by y nearby, and divisions are what
				// adjoints of flux terms spend their time on.
				inv := Div(one, y.X)
				p[1] = Neg(Mul(Mul(x.X, inv), inv))
			}
		}
	case token.POW:
		p[0], p[1] = powPartials(x, y, result, rt)
	}
	return p, nil
}

func powPartials(x, y Operand, result ast.Expr, rt *sema.Type) (px, py ast.Expr) {
	if !y.float() {
		// Integer exponent: n*x**(n-1).
		if !x.float() {
			return nil, nil
		}
		if n, ok := intLit(y.X); ok {
			switch n {
			case 0:
				return Const("0", rt), nil
			case 1:
				return Const("1", rt), nil
			case 2:
				return Mul(Int(2), x.X), nil
			}
			return Mul(Int(n), Pow(x.X, Int(n-1))), nil
		}
		return Mul(y.X, Pow(x.X, Sub(y.X, Int(1)))), nil
	}
	if x.float() {
		ym1, ok := realLitMinusOne(y.X)
		if !ok {
			ym1 = Sub(y.X, Const("1", y.Type))
		}
		px = Mul(y.X, Pow(x.X, ym1))
	}
	r := result
	if r == nil {
		r = Pow(x.X, y.X)
	}
	var lx ast.Expr
	switch {
	case rt.IsComplex() && x.complex():
		lx = x.X
	case rt.IsComplex():
		lx = Call("cmplx", x.X, Kw("kind", Int(rt.Kind)))
	case !x.float() && isPositiveLit(x.X):
		lx = Call("real", x.X, Int(rt.Kind))
	case !x.float():
		lx = Call("merge", Call("real", x.X, Int(rt.Kind)), Const("1", rt), gt(x.X, Int(0)))
	case isPositiveLit(x.X):
		lx = x.X
	case x.Type.Kind < rt.Kind:
		// log in the result's kind, not x's.
		lx = Call("merge", Call("real", x.X, Int(rt.Kind)), Const("1", rt), gt(x.X, Const("0", x.Type)))
	default:
		lx = Call("merge", x.X, Const("1", x.Type), gt(x.X, Const("0", x.Type)))
	}
	py = Mul(r, Call("log", lx))
	return px, py
}

func isPositiveLit(x ast.Expr) bool {
	v, ok := LitValue(x)
	return ok && v.Sign() > 0
}

func gt(a, b ast.Expr) ast.Expr  { return &ast.BinaryExpr{X: a, Op: token.GT, Y: b} }
func ge(a, b ast.Expr) ast.Expr  { return &ast.BinaryExpr{X: a, Op: token.GE, Y: b} }
func lt(a, b ast.Expr) ast.Expr  { return &ast.BinaryExpr{X: a, Op: token.LT, Y: b} }
func le(a, b ast.Expr) ast.Expr  { return &ast.BinaryExpr{X: a, Op: token.LE, Y: b} }
func eq(a, b ast.Expr) ast.Expr  { return &ast.BinaryExpr{X: a, Op: token.EQ, Y: b} }
func ne(a, b ast.Expr) ast.Expr  { return &ast.BinaryExpr{X: a, Op: token.NE, Y: b} }
func and(a, b ast.Expr) ast.Expr { return &ast.BinaryExpr{X: a, Op: token.AND, Y: b} }

// twoOverSqrtPi is 2/sqrt(pi) to 36 digits, enough for real(16).
const twoOverSqrtPi = "1.12837916709551257389615890312154517"

// complexOK lists the generic intrinsics whose rules hold for complex
// arguments (complex-differentiable functions and conversions).
var complexOK = map[string]bool{
	"abs": true, "sqrt": true, "exp": true, "log": true, "sin": true, "cos": true, "tan": true,
	"asin": true, "acos": true, "atan": true, "sinh": true, "cosh": true, "tanh": true,
	"asinh": true, "acosh": true, "atanh": true, "aimag": true, "conjg": true, "real": true,
	"dble": true, "cmplx": true, "merge": true,
}

// lookupCall checks a call's arguments against its rule.
func lookupCall(name string, args []Operand) (*Rule, error) {
	r, ok := Lookup(name)
	if !ok {
		return nil, fmt.Errorf("no derivative rule for intrinsic '%s'", name)
	}
	in := sema.LookupIntrinsic(name)
	if len(args) > len(r.Args) && !r.Variadic {
		return nil, fmt.Errorf("intrinsic '%s': %d arguments, want at most %d", name, len(args), len(r.Args))
	}
	if in != nil {
		for i := 0; i < in.MinArgs; i++ {
			if i >= len(args) || !args[i].present() {
				return nil, fmt.Errorf("intrinsic '%s': missing argument %s", name, r.Args[i])
			}
		}
	}
	for i, a := range args {
		if a.present() && a.Type == nil {
			return nil, fmt.Errorf("intrinsic '%s': argument %d has no type", name, i+1)
		}
	}
	if r.Differentiable() && r.Form == Elemental && !complexOK[r.Generic] {
		for _, a := range args {
			if a.complex() {
				return nil, fmt.Errorf("not supported: complex intrinsic %s", name)
			}
		}
	}
	return r, nil
}

// kindArg returns the value of the KIND argument at index i, or def if
// it is absent. The caller must have replaced a named constant by its
// value: only integer literals are accepted.
func kindArg(name string, args []Operand, i, def int) (int, error) {
	if i >= len(args) || !args[i].present() {
		return def, nil
	}
	if k, ok := intLit(args[i].X); ok {
		return k, nil
	}
	return 0, fmt.Errorf("intrinsic '%s': the KIND argument must be an integer literal", name)
}

// resultType returns the type of the elemental call name(args) that the
// rules need to write their constants: the promoted type of the
// arguments except for the conversions and the functions of complex
// arguments with real results.
func resultType(r *Rule, args []Operand) (*sema.Type, error) {
	if r.Result != nil {
		return r.Result, nil
	}
	a := Operand{}
	if len(args) > 0 {
		a = args[0]
	}
	switch r.Generic {
	case "abs", "aimag":
		if a.complex() {
			return sema.BasicType(sema.RealType, a.Type.Kind), nil
		}
	case "real":
		def := 4
		if a.complex() {
			def = a.Type.Kind
		}
		k, err := kindArg(r.Name, args, 1, def)
		return sema.BasicType(sema.RealType, k), err
	case "dble", "dprod":
		return sema.Real8, nil
	case "cmplx":
		k, err := kindArg(r.Name, args, 2, 4)
		return sema.BasicType(sema.ComplexType, k), err
	case "bessel_jn", "bessel_yn":
		if len(args) > 1 {
			return args[1].Type, nil
		}
	case "merge":
		if len(args) > 1 {
			return promote(args[0], args[1]), nil
		}
	case "scale", "fraction", "nearest", "sign", "mod", "modulo":
		return a.Type, nil
	}
	return promote(args...), nil
}

// Intrinsic returns the partials of the elemental intrinsic function
// call name(args). name is lower case, generic or specific (dsqrt);
// args are in the order of the intrinsic's dummy arguments (the caller
// places keyword arguments, absent optional ones have a nil X). result,
// if not nil, is an expression holding the call's value, which some
// rules use (exp: result, sqrt: 0.5/result, tan: 1 + result**2).
//
// The constants of the partials have the kind of the result (0.5_8);
// docs/derivatives.md lists every rule. Errors: "no derivative rule for
// intrinsic 'name'" for an unknown intrinsic, "not supported: complex
// intrinsic name" for complex arguments of a function whose rule is
// real only, and an error for array intrinsics and conjg, which have no
// partials (use Tangent and Adjoint).
func Intrinsic(name string, args []Operand, result ast.Expr) (Partials, error) {
	r, err := lookupCall(name, args)
	if err != nil {
		return nil, err
	}
	switch r.Form {
	case Array:
		return nil, fmt.Errorf("intrinsic '%s' is not elemental: use Tangent and Adjoint", name)
	case ElementalLinear:
		return nil, fmt.Errorf("intrinsic '%s' has no complex partial: use Tangent and Adjoint", name)
	}
	p := make(Partials, len(args))
	if !r.Differentiable() {
		return p, nil
	}
	rt, err := resultType(r, args)
	if err != nil {
		return nil, err
	}
	if rt == nil || !rt.IsFloat() {
		return p, nil // integer arguments (max0, mod of integers, ...)
	}
	c := func(v string) ast.Expr { return Const(v, rt) }
	one := c("1")
	x := args[0]
	X := x.X
	res := func(call ast.Expr) ast.Expr {
		if result != nil {
			return result
		}
		return call
	}
	self := func() ast.Expr {
		var as []ast.Expr
		for _, a := range args {
			if a.present() {
				as = append(as, a.X)
			}
		}
		return res(Call(r.Generic, as...))
	}
	sq := func(e ast.Expr) ast.Expr { return Pow(e, Int(2)) }
	set := func(i int, e ast.Expr) {
		if i < len(args) && args[i].float() {
			p[i] = e
		}
	}
	switch r.Generic {
	case "abs":
		if x.complex() {
			set(0, Div(X, self()))
		} else {
			set(0, Call("sign", Const("1", x.Type), X))
		}
	case "sqrt":
		set(0, Div(c("0.5"), self()))
	case "exp":
		set(0, self())
	case "log":
		set(0, Div(one, X))
	case "log10":
		set(0, Div(one, Mul(X, Call("log", c("10")))))
	case "sin":
		set(0, Call("cos", X))
	case "cos":
		set(0, Neg(Call("sin", X)))
	case "tan":
		set(0, Add(one, sq(self())))
	case "asin":
		set(0, Div(one, Call("sqrt", Sub(one, sq(X)))))
	case "acos":
		set(0, Neg(Div(one, Call("sqrt", Sub(one, sq(X))))))
	case "atan", "atan2":
		if r.Generic == "atan" && (len(args) < 2 || !args[1].present()) {
			set(0, Div(one, Add(one, sq(X))))
			break
		}
		y, xx := args[0].X, args[1].X
		den := Add(sq(xx), sq(y))
		set(0, Div(xx, den))
		set(1, Neg(Div(y, den)))
	case "sinh":
		set(0, Call("cosh", X))
	case "cosh":
		set(0, Call("sinh", X))
	case "tanh":
		set(0, Sub(one, sq(self())))
	case "asinh":
		set(0, Div(one, Call("sqrt", Add(sq(X), one))))
	case "acosh":
		// 1/(sqrt(x - 1)*sqrt(x + 1)) rather than 1/sqrt(x**2 - 1): the
		// branch cut of the complex acosh, and more accurate near 1.
		set(0, Div(one, Mul(Call("sqrt", Sub(X, one)), Call("sqrt", Add(X, one)))))
	case "atanh":
		set(0, Div(one, Sub(one, sq(X))))
	case "erf":
		set(0, Mul(c(twoOverSqrtPi), Call("exp", Neg(sq(X)))))
	case "erfc":
		set(0, Neg(Mul(c(twoOverSqrtPi), Call("exp", Neg(sq(X))))))
	case "erfc_scaled":
		set(0, Sub(Mul(Mul(c("2"), X), self()), c(twoOverSqrtPi)))
	case "bessel_j0":
		set(0, Neg(Call("bessel_j1", X)))
	case "bessel_j1":
		set(0, Sub(Call("bessel_j0", X), Div(self(), X)))
	case "bessel_y0":
		set(0, Neg(Call("bessel_y1", X)))
	case "bessel_y1":
		set(0, Sub(Call("bessel_y0", X), Div(self(), X)))
	case "bessel_jn", "bessel_yn":
		n, xx := args[0].X, args[1].X
		n1 := Add(n, Int(1))
		if v, ok := intLit(n); ok {
			n1 = Int(v + 1)
		}
		set(1, Sub(Div(Mul(n, self()), xx), Call(r.Generic, n1, xx)))
	case "hypot":
		set(0, Div(X, self()))
		set(1, Div(args[1].X, self()))
	case "sign":
		if x.Type.IsReal() {
			one := Const("1", x.Type)
			set(0, Mul(Call("sign", one, X), Call("sign", one, args[1].X)))
		}
	case "max", "min":
		zero := c("0")
		for i, a := range args {
			if !a.float() {
				continue
			}
			var cond ast.Expr
			for j, b := range args {
				if j == i || !b.present() {
					continue
				}
				var cj ast.Expr
				switch {
				case r.Generic == "max" && j < i:
					cj = gt(a.X, b.X)
				case r.Generic == "max":
					cj = ge(a.X, b.X)
				case j < i:
					cj = lt(a.X, b.X)
				default:
					cj = le(a.X, b.X)
				}
				if cond == nil {
					cond = cj
				} else {
					cond = and(cond, cj)
				}
			}
			if cond == nil {
				p[i] = one
			} else {
				p[i] = Call("merge", one, zero, cond)
			}
		}
	case "dim":
		cond := gt(X, args[1].X)
		set(0, Call("merge", one, c("0"), cond))
		set(1, Call("merge", Neg(one), c("0"), cond))
	case "mod":
		set(0, one)
		set(1, Neg(Call("aint", Div(X, args[1].X))))
	case "modulo":
		set(0, one)
		set(1, Neg(Call("real", Call("floor", Div(X, args[1].X), Int(8)), Int(rt.Kind))))
	case "real", "dble":
		set(0, one)
	case "aimag":
		set(0, imagUnit(rt.Kind))
	case "cmplx":
		set(0, one)
		if len(args) > 1 && args[1].present() {
			set(1, imagUnit(rt.Kind))
		}
	case "merge":
		zero := c("0")
		set(0, Call("merge", one, zero, args[2].X))
		set(1, Call("merge", zero, one, args[2].X))
	case "dprod":
		set(0, Call("dble", args[1].X))
		set(1, Call("dble", X))
	case "scale":
		set(0, Call("scale", one, args[1].X))
	case "fraction":
		set(0, Call("scale", one, Neg(Call("exponent", X))))
	case "nearest":
		set(0, one)
	default:
		return nil, fmt.Errorf("no derivative rule for intrinsic '%s'", name)
	}
	return p, nil
}
