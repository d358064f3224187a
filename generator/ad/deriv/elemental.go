package deriv

import (
	"fmt"
	"strconv"

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
		return Mul(y.X, Pow(x.X, intPowExp(y.X))), nil // pow_zero.go
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
	e := &elemCall{r: r, args: args, result: result, rt: rt, p: p, x: args[0]}
	e.one = e.c("1")
	partials, ok := elementalPartials[r.Generic]
	if !ok {
		return nil, fmt.Errorf("no derivative rule for intrinsic '%s'", name)
	}
	partials(e)
	return p, nil
}

// elemCall is a call of a differentiable elemental intrinsic with a real
// or complex result, whose partials an elementalPartials rule fills in.
type elemCall struct {
	r      *Rule
	args   []Operand
	result ast.Expr   // the call's value if the caller has it, or nil
	rt     *sema.Type // the result's type, the kind of the constants
	p      Partials   // the partials, one per argument, filled by set
	x      Operand    // the first argument
	one    ast.Expr   // the constant 1 of type rt, shared by the partials
}

// c returns the constant v of the result's type.
func (e *elemCall) c(v string) ast.Expr { return Const(v, e.rt) }

// X returns the first argument's expression.
func (e *elemCall) X() ast.Expr { return e.x.X }

// arg returns the expression of argument i.
func (e *elemCall) arg(i int) ast.Expr { return e.args[i].X }

// self returns the call's value: result if given, else the generic
// function applied to the present arguments.
func (e *elemCall) self() ast.Expr {
	if e.result != nil {
		return e.result
	}
	var as []ast.Expr
	for _, a := range e.args {
		if a.present() {
			as = append(as, a.X)
		}
	}
	return Call(e.r.Generic, as...)
}

// set makes x the partial for argument i if that argument is present and
// real or complex.
func (e *elemCall) set(i int, x ast.Expr) {
	if i < len(e.args) && e.args[i].float() {
		e.p[i] = x
	}
}

// sq returns x**2.
func sq(x ast.Expr) ast.Expr { return Pow(x, Int(2)) }

// elementalPartials holds, by generic name, the rule that sets the
// partials of a call of each differentiable elemental intrinsic.
var elementalPartials = map[string]func(e *elemCall){
	"abs": func(e *elemCall) {
		if e.x.complex() {
			e.set(0, Div(e.X(), e.self()))
		} else {
			e.set(0, Call("sign", Const("1", e.x.Type), e.X()))
		}
	},
	"sqrt":  func(e *elemCall) { e.set(0, Div(e.c("0.5"), e.self())) },
	"exp":   func(e *elemCall) { e.set(0, e.self()) },
	"log":   func(e *elemCall) { e.set(0, Div(e.one, e.X())) },
	"log10": func(e *elemCall) { e.set(0, Div(e.one, Mul(e.X(), Call("log", e.c("10"))))) },
	"sin":   func(e *elemCall) { e.set(0, Call("cos", e.X())) },
	"cos":   func(e *elemCall) { e.set(0, Neg(Call("sin", e.X()))) },
	"tan":   func(e *elemCall) { e.set(0, Add(e.one, sq(e.self()))) },
	"asin":  func(e *elemCall) { e.set(0, Div(e.one, Call("sqrt", Sub(e.one, sq(e.X()))))) },
	"acos":  func(e *elemCall) { e.set(0, Neg(Div(e.one, Call("sqrt", Sub(e.one, sq(e.X())))))) },
	"atan":  atanPartials,
	"atan2": atanPartials,
	"sinh":  func(e *elemCall) { e.set(0, Call("cosh", e.X())) },
	"cosh":  func(e *elemCall) { e.set(0, Call("sinh", e.X())) },
	"tanh":  func(e *elemCall) { e.set(0, Sub(e.one, sq(e.self()))) },
	"asinh": func(e *elemCall) { e.set(0, Div(e.one, Call("sqrt", Add(sq(e.X()), e.one)))) },
	"acosh": func(e *elemCall) {
		// 1/(sqrt(x - 1)*sqrt(x + 1)) rather than 1/sqrt(x**2 - 1): the
		// branch cut of the complex acosh, and more accurate near 1.
		e.set(0, Div(e.one, Mul(Call("sqrt", Sub(e.X(), e.one)), Call("sqrt", Add(e.X(), e.one)))))
	},
	"atanh":       func(e *elemCall) { e.set(0, Div(e.one, Sub(e.one, sq(e.X())))) },
	"erf":         func(e *elemCall) { e.set(0, Mul(e.c(twoOverSqrtPi), Call("exp", Neg(sq(e.X()))))) },
	"erfc":        func(e *elemCall) { e.set(0, Neg(Mul(e.c(twoOverSqrtPi), Call("exp", Neg(sq(e.X())))))) },
	"erfc_scaled": func(e *elemCall) { e.set(0, Sub(Mul(Mul(e.c("2"), e.X()), e.self()), e.c(twoOverSqrtPi))) },
	"gamma":       func(e *elemCall) { e.set(0, Mul(e.self(), digamma(e))) },
	"log_gamma":   func(e *elemCall) { e.set(0, digamma(e)) },
	"bessel_j0":   func(e *elemCall) { e.set(0, Neg(Call("bessel_j1", e.X()))) },
	"bessel_j1":   func(e *elemCall) { e.set(0, Sub(Call("bessel_j0", e.X()), Div(e.self(), e.X()))) },
	"bessel_y0":   func(e *elemCall) { e.set(0, Neg(Call("bessel_y1", e.X()))) },
	"bessel_y1":   func(e *elemCall) { e.set(0, Sub(Call("bessel_y0", e.X()), Div(e.self(), e.X()))) },
	"bessel_jn":   besselNPartials,
	"bessel_yn":   besselNPartials,
	"hypot": func(e *elemCall) {
		e.set(0, Div(e.X(), e.self()))
		e.set(1, Div(e.arg(1), e.self()))
	},
	"sign": func(e *elemCall) {
		if e.x.Type.IsReal() {
			one := Const("1", e.x.Type)
			e.set(0, Mul(Call("sign", one, e.X()), Call("sign", one, e.arg(1))))
		}
	},
	"max": maxMinPartials,
	"min": maxMinPartials,
	"dim": func(e *elemCall) {
		cond := gt(e.X(), e.arg(1))
		e.set(0, Call("merge", e.one, e.c("0"), cond))
		e.set(1, Call("merge", Neg(e.one), e.c("0"), cond))
	},
	"mod": func(e *elemCall) {
		e.set(0, e.one)
		e.set(1, Neg(Call("aint", Div(e.X(), e.arg(1)))))
	},
	"modulo": func(e *elemCall) {
		e.set(0, e.one)
		e.set(1, Neg(Call("real", Call("floor", Div(e.X(), e.arg(1)), Int(8)), Int(e.rt.Kind))))
	},
	"real":  func(e *elemCall) { e.set(0, e.one) },
	"dble":  func(e *elemCall) { e.set(0, e.one) },
	"aimag": func(e *elemCall) { e.set(0, imagUnit(e.rt.Kind)) },
	"cmplx": func(e *elemCall) {
		e.set(0, e.one)
		if len(e.args) > 1 && e.args[1].present() {
			e.set(1, imagUnit(e.rt.Kind))
		}
	},
	"merge": func(e *elemCall) {
		zero := e.c("0")
		e.set(0, Call("merge", e.one, zero, e.arg(2)))
		e.set(1, Call("merge", zero, e.one, e.arg(2)))
	},
	"dprod": func(e *elemCall) {
		e.set(0, Call("dble", e.arg(1)))
		e.set(1, Call("dble", e.X()))
	},
	"scale":    func(e *elemCall) { e.set(0, Call("scale", e.one, e.arg(1))) },
	"fraction": func(e *elemCall) { e.set(0, Call("scale", e.one, Neg(Call("exponent", e.X())))) },
	"nearest":  func(e *elemCall) { e.set(0, e.one) },
}

// atanPartials sets the partials of atan(x), atan(y, x) and atan2(y, x).
func atanPartials(e *elemCall) {
	if e.r.Generic == "atan" && (len(e.args) < 2 || !e.args[1].present()) {
		e.set(0, Div(e.one, Add(e.one, sq(e.X()))))
		return
	}
	y, x := e.arg(0), e.arg(1)
	den := Add(sq(x), sq(y))
	e.set(0, Div(x, den))
	e.set(1, Neg(Div(y, den)))
}

// besselNPartials sets the partial for x of bessel_jn(n, x) and
// bessel_yn(n, x): n*f(n, x)/x - f(n + 1, x).
func besselNPartials(e *elemCall) {
	n, x := e.arg(0), e.arg(1)
	n1 := Add(n, Int(1))
	if v, ok := intLit(n); ok {
		n1 = Int(v + 1)
	}
	e.set(1, Sub(Div(Mul(n, e.self()), x), Call(e.r.Generic, n1, x)))
}

// maxMinPartials sets the partials of max and min: 1 where the argument
// is the one selected, else 0; ties go to the first such argument.
func maxMinPartials(e *elemCall) {
	zero := e.c("0")
	for i, a := range e.args {
		if !a.float() {
			continue
		}
		var cond ast.Expr
		for j, b := range e.args {
			if j == i || !b.present() {
				continue
			}
			cj := selectedOver(e.r.Generic == "max", j < i, a.X, b.X)
			if cond == nil {
				cond = cj
			} else {
				cond = and(cond, cj)
			}
		}
		if cond == nil {
			e.p[i] = e.one
		} else {
			e.p[i] = Call("merge", e.one, zero, cond)
		}
	}
}

// selectedOver returns the condition under which max (isMax) or min
// selects a over b: strictly better than an earlier argument b (before),
// at least as good as a later one.
func selectedOver(isMax, before bool, a, b ast.Expr) ast.Expr {
	switch {
	case isMax && before:
		return gt(a, b)
	case isMax:
		return ge(a, b)
	case before:
		return lt(a, b)
	}
	return le(a, b)
}

// digamma returns psi(x), the derivative of log_gamma(x) (Fortran has no
// digamma intrinsic, and the tangent code no runtime). For x > 0 it is
// psiPos(x); for x <= 0 the reflection psi(x) = psi(1 - x) - pi/tan(pi*x)
// brings it back to psiPos(1 - x). Both merge operands stay finite for
// every x (t >= 1 or t = x > 0; tan(pi*x) is not exactly 0), so that
// code compiled with -ffpe-trap does not trap on the branch it drops.
func digamma(e *elemCall) ast.Expr {
	x := e.X()
	pos := gt(x, e.c("0"))
	t := Call("merge", x, Sub(e.one, x), pos)
	pi := e.c("3.14159265358979323846264338327950288")
	return Sub(psiPos(e, t), Call("merge", e.c("0"), Div(pi, Call("tan", Mul(pi, x))), pos))
}

// psiPos returns psi(t) for t > 0: the recurrence psi(t) = psi(t + 16) -
// sum 1/(t + k), k = 0..15, then Stirling's series at y = t + 16 >= 16,
// log(y) - 1/(2y) - 1/(12y**2) + 1/(120y**4) - 1/(252y**6) + 1/(240y**8)
// - 1/(132y**10), in Horner form in z = 1/y**2; its error, about the next
// term 691/(32760y**12), is below 1e-16.
func psiPos(e *elemCall, t ast.Expr) ast.Expr {
	const shift = 16
	y := Add(t, e.c(strconv.Itoa(shift)))
	z := Div(e.one, sq(y))
	series := Mul(z, Sub(Div(e.one, e.c("12")), Mul(z, Sub(Div(e.one, e.c("120")),
		Mul(z, Sub(Div(e.one, e.c("252")), Mul(z, Sub(Div(e.one, e.c("240")), Div(z, e.c("132"))))))))))
	psi := Sub(Sub(Call("log", y), Div(e.c("0.5"), y)), series)
	for k := 0; k < shift; k++ {
		tk := t
		if k > 0 {
			tk = Add(t, e.c(strconv.Itoa(k)))
		}
		psi = Sub(psi, Div(e.one, tk))
	}
	return psi
}
