package deriv

import (
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Table tests of the printed rules: the text the generator will write
// must read like hand-written code.

func id(name string) *ast.Ident { return ast.NewIdent(name) }

func opd(name string, t *sema.Type) Operand { return Operand{X: mustParse(name), Type: t} }

func arr(name string, t *sema.Type, rank int) Operand {
	return Operand{X: id(name), Type: t, Rank: rank}
}

func join(es []ast.Expr) string {
	var s []string
	for _, e := range es {
		if e == nil {
			s = append(s, "nil")
		} else {
			s = append(s, str(e))
		}
	}
	return strings.Join(s, " | ")
}

func TestBuilders(t *testing.T) {
	x, y, z := id("x"), id("y"), id("z")
	one8, zero8, m1 := Real("1", 8), Real("0", 8), Neg(Real("1", 8))
	tests := []struct {
		got  ast.Expr
		want string
	}{
		{Add(x, zero8), "x"},
		{Add(zero8, x), "x"},
		{Add(x, Neg(y)), "x - y"},
		{Sub(x, Neg(y)), "x + y"},
		{Sub(zero8, y), "-y"},
		{Sub(x, Int(0)), "x"},
		{Neg(Neg(x)), "x"},
		{Neg(zero8), "0.0_8"},
		{Mul(one8, x), "x"},
		{Mul(x, Real("1.0", 4)), "x"},
		{Mul(m1, x), "-x"},
		{Mul(x, zero8), "0.0_8"},
		{Mul(Neg(x), y), "-x*y"},
		{Mul(x, Neg(y)), "-x*y"},
		{Mul(Neg(x), Neg(y)), "x*y"},
		{Mul(Add(x, y), z), "(x + y)*z"},
		{Mul(x, Mul(y, z)), "x*(y*z)"},
		{Div(x, one8), "x"},
		{Div(Neg(x), y), "-x/y"},
		{Div(x, Add(y, z)), "x/(y + z)"},
		{Div(zero8, y), "0.0_8"},
		{Pow(x, Int(1)), "x"},
		{Pow(Neg(x), Int(2)), "(-x)**2"},
		{Pow(x, Int(-3)), "x**(-3)"},
		{Real("0.5", 4), "0.5"},
		{Real("0.5", 8), "0.5_8"},
		{Real("2", 16), "2.0_16"},
		{Real("-1.5e-3", 8), "-1.5e-3_8"},
		{Const("3", sema.Complex8), "3.0_8"},
		{Const("3", sema.Int4), "3.0"},
		{Call("merge", one8, zero8, &ast.BinaryExpr{X: x, Op: token.GT, Y: y}), "merge(1.0_8, 0.0_8, x > y)"},
	}
	for _, tt := range tests {
		if got := str(tt.got); got != tt.want {
			t.Errorf("got %s, want %s", got, tt.want)
		}
	}
	for _, s := range []string{"1", "1.0", "1.0_8", "1.d0", "(1.0)", "+1", "1e0", "10e-1_8", "1.q0"} {
		if !IsOne(mustParse(s)) {
			t.Errorf("IsOne(%s) = false", s)
		}
	}
	for _, s := range []string{"0", "0.0_8", ".0", "-0.0", "0.d0", "(0)"} {
		if !IsZero(mustParse(s)) {
			t.Errorf("IsZero(%s) = false", s)
		}
	}
	for _, s := range []string{"x", "1.5", "-1", "2", "'1'", ".true.", "1.0_dp*x"} {
		if IsOne(mustParse(s)) || IsZero(mustParse(s)) {
			t.Errorf("IsOne or IsZero(%s) = true", s)
		}
	}
	if v, ok := LitValue(mustParse("-2.5d-1")); !ok || v.FloatString(3) != "-0.250" {
		t.Errorf("LitValue(-2.5d-1) = %v, %v", v, ok)
	}
}

func TestPrintedPartials(t *testing.T) {
	x8, y8 := opd("x", r8), opd("y", r8)
	x4, y4 := opd("x", r4), opd("y", r4)
	n := opd("n", i4)
	z8 := opd("z", c8)
	r := id("r")
	bin := func(op token.Kind, x, y Operand, res ast.Expr) string {
		p, err := Binary(op, x, y, res)
		if err != nil {
			return err.Error()
		}
		return join(p)
	}
	in := func(name string, res ast.Expr, args ...Operand) string {
		p, err := Intrinsic(name, args, res)
		if err != nil {
			return err.Error()
		}
		return join(p)
	}
	un := func(op token.Kind, x Operand) string {
		p, err := Unary(op, x)
		if err != nil {
			return err.Error()
		}
		return join(p)
	}
	tests := []struct{ got, want string }{
		{un(token.MINUS, x8), "-1.0_8"},
		{un(token.PLUS, x4), "1.0"},
		{un(token.MINUS, n), "nil"},
		{un(token.NOT, opd("l", l4)), "nil"},
		{bin(token.PLUS, x8, y8, nil), "1.0_8 | 1.0_8"},
		{bin(token.MINUS, x8, y8, nil), "1.0_8 | -1.0_8"},
		{bin(token.MINUS, x4, y8, nil), "1.0_8 | -1.0_8"},
		{bin(token.MINUS, x8, n, nil), "1.0_8 | nil"},
		{bin(token.STAR, x8, y8, nil), "y | x"},
		{bin(token.STAR, n, y8, nil), "nil | n"},
		{bin(token.SLASH, x8, y8, nil), "1.0_8/y | -x*(1.0_8/y)*(1.0_8/y)"},
		{bin(token.SLASH, x8, y8, r), "1.0_8/y | -r/y"},
		{bin(token.SLASH, x8, n, nil), "1.0_8/n | nil"},
		{bin(token.SLASH, n, opd("m", i4), nil), "nil | nil"},
		{bin(token.POW, x8, opd("2", i4), nil), "2*x | nil"},
		{bin(token.POW, x8, opd("3", i4), nil), "3*x**2 | nil"},
		{bin(token.POW, x8, opd("(-2)", i4), nil), "-2*x**(-3) | nil"},
		{bin(token.POW, x8, opd("1", i4), nil), "1.0_8 | nil"},
		{bin(token.POW, x8, opd("0", i4), nil), "0.0_8 | nil"},
		{bin(token.POW, x8, n, nil), "n*x**(n - merge(0, 1, n == 0)) | nil"},
		{bin(token.POW, x8, y8, nil), "y*x**(y - 1.0_8) | x**y*log(merge(x, 1.0_8, x > 0.0_8))"},
		{bin(token.POW, x8, y8, r), "y*x**(y - 1.0_8) | r*log(merge(x, 1.0_8, x > 0.0_8))"},
		{bin(token.POW, x4, y8, r), "y*x**(y - 1.0_8) | r*log(merge(real(x, 8), 1.0_8, x > 0.0))"},
		{bin(token.POW, x8, opd("2.5_8", r8), nil), "2.5_8*x**1.5_8 | x**2.5_8*log(merge(x, 1.0_8, x > 0.0_8))"},
		{bin(token.POW, x4, opd("0.5", r4), nil), "0.5*x**(-0.5) | x**0.5*log(merge(x, 1.0, x > 0.0))"},
		{bin(token.POW, x8, opd("2.0d0", r8), nil), "2.0d0*x | x**2.0d0*log(merge(x, 1.0_8, x > 0.0_8))"},
		{bin(token.POW, opd("2.0_8", r8), y8, r), "y*2.0_8**(y - 1.0_8) | r*log(2.0_8)"},
		{bin(token.POW, opd("3", i4), y8, r), "nil | r*log(real(3, 8))"},
		{bin(token.POW, z8, opd("w", c8), r), "w*z**(w - 1.0_8) | r*log(z)"},
		{bin(token.LT, x8, y8, nil), "nil | nil"},
		{in("sqrt", nil, x8), "0.5_8/sqrt(x)"},
		{in("sqrt", r, x8), "0.5_8/r"},
		{in("sqrt", r, x4), "0.5/r"},
		{in("exp", r, x8), "r"},
		{in("exp", nil, x8), "exp(x)"},
		{in("log", nil, x8), "1.0_8/x"},
		{in("log10", nil, x8), "1.0_8/(x*log(10.0_8))"},
		{in("sin", nil, x8), "cos(x)"},
		{in("cos", nil, x8), "-sin(x)"},
		{in("tan", r, x8), "1.0_8 + r**2"},
		{in("tanh", r, x8), "1.0_8 - r**2"},
		{in("asin", nil, x8), "1.0_8/sqrt(1.0_8 - x**2)"},
		{in("acos", nil, x8), "-1.0_8/sqrt(1.0_8 - x**2)"},
		{in("atan", nil, x8), "1.0_8/(1.0_8 + x**2)"},
		{in("atan2", nil, y8, x8), "x/(x**2 + y**2) | -y/(x**2 + y**2)"},
		{in("atan", nil, y8, x8), "x/(x**2 + y**2) | -y/(x**2 + y**2)"},
		{in("acosh", nil, x8), "1.0_8/(sqrt(x - 1.0_8)*sqrt(x + 1.0_8))"},
		{in("erf", nil, x4), "1.12837916709551257389615890312154517*exp(-x**2)"},
		{in("erfc", nil, x8), "-1.12837916709551257389615890312154517_8*exp(-x**2)"},
		{in("abs", nil, x8), "sign(1.0_8, x)"},
		{in("abs", nil, x4), "sign(1.0, x)"},
		{in("abs", nil, n), "nil"},
		{in("abs", r, z8), "z/r"},
		{in("sign", nil, x8, y8), "sign(1.0_8, x)*sign(1.0_8, y) | nil"},
		{in("max", nil, x8, y8), "merge(1.0_8, 0.0_8, x >= y) | merge(1.0_8, 0.0_8, y > x)"},
		{in("min", nil, x8, y8, opd("z", r8)), "merge(1.0_8, 0.0_8, x <= y .and. x <= z) | merge(1.0_8, 0.0_8, y < x .and. y <= z) | merge(1.0_8, 0.0_8, z < x .and. z < y)"},
		{in("dmax1", nil, x8, y8), "merge(1.0_8, 0.0_8, x >= y) | merge(1.0_8, 0.0_8, y > x)"},
		{in("max0", nil, n, opd("m", i4)), "nil | nil"},
		{in("dim", nil, x8, y8), "merge(1.0_8, 0.0_8, x > y) | merge(-1.0_8, 0.0_8, x > y)"},
		{in("mod", nil, x8, y8), "1.0_8 | -aint(x/y)"},
		{in("mod", nil, n, opd("m", i4)), "nil | nil"},
		{in("modulo", nil, x4, y4), "1.0 | -real(floor(x/y, 8), 4)"},
		{in("hypot", r, x8, y8), "x/r | y/r"},
		{in("real", nil, x8), "1.0"},
		{in("real", nil, x4, opd("8", i4)), "1.0_8 | nil"},
		{in("real", nil, n), "nil"},
		{in("real", nil, z8), "1.0_8"},
		{in("dble", nil, x4), "1.0_8"},
		{in("aimag", nil, z8), "(0.0_8, 1.0_8)"},
		{in("cmplx", nil, x8, y8, opd("8", i4)), "1.0_8 | (0.0_8, 1.0_8) | nil"},
		{in("merge", nil, x8, y8, opd("m", l4)), "merge(1.0_8, 0.0_8, m) | merge(0.0_8, 1.0_8, m) | nil"},
		{in("dprod", nil, x4, y4), "dble(y) | dble(x)"},
		{in("nint", nil, x8), "nil"},
		{in("floor", nil, x8), "nil"},
		{in("aint", nil, x8), "nil"},
		{in("size", nil, x8), "nil"},
		{in("epsilon", nil, x8), "nil"},
		{in("bessel_jn", r, opd("2", i4), x8), "nil | 2*r/x - bessel_jn(3, x)"},
		{in("scale", nil, x8, n), "scale(1.0_8, n) | nil"},
		{in("exp", r, z8), "r"},
		{in("sqrt", nil, opd("z", c4)), "0.5/sqrt(z)"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %s\nwant %s", tt.got, tt.want)
		}
	}
}

func TestPrintedTerms(t *testing.T) {
	x8, y8 := opd("x", r8), opd("y", r8)
	z8 := opd("z", c8)
	xd, yd, zd, rb := id("xd"), id("yd"), id("zd"), id("rb")
	p := func(op token.Kind, x, y Operand) Partials {
		ps, err := Binary(op, x, y, nil)
		if err != nil {
			t.Fatal(err)
		}
		return ps
	}
	ip := func(name string, args ...Operand) Partials {
		ps, err := Intrinsic(name, args, nil)
		if err != nil {
			t.Fatal(err)
		}
		return ps
	}
	tests := []struct {
		got  ast.Expr
		want string
	}{
		{TangentSum(p(token.MINUS, x8, y8), []Operand{x8, y8}, []ast.Expr{xd, yd}, r8), "xd - yd"},
		{TangentSum(p(token.PLUS, x8, y8), []Operand{x8, y8}, []ast.Expr{nil, yd}, r8), "yd"},
		{TangentSum(p(token.STAR, x8, y8), []Operand{x8, y8}, []ast.Expr{xd, yd}, r8), "y*xd + x*yd"},
		{TangentSum(ip("cos", x8), []Operand{x8}, []ast.Expr{xd}, r8), "-sin(x)*xd"},
		{TangentSum(ip("real", z8), []Operand{z8}, []ast.Expr{zd}, r8), "real(zd)"},
		{TangentSum(ip("aimag", z8), []Operand{z8}, []ast.Expr{zd}, r8), "aimag(zd)"},
		{TangentSum(ip("abs", z8), []Operand{z8}, []ast.Expr{zd}, r8), "real(z/abs(z)*conjg(zd))"},
		{AdjointTerm(ip("sin", x8)[0], x8, rb, r8, 0), "cos(x)*rb"},
		{AdjointTerm(Neg(Real("1", 8)), x8, rb, r8, 0), "-rb"},
		{AdjointTerm(ip("exp", z8)[0], z8, rb, c8, 0), "conjg(exp(z)*conjg(rb))"},
		{AdjointTerm(Real("1", 8), z8, rb, c8, 0), "rb"},
		{AdjointTerm(ip("cmplx", x8, y8)[0], x8, rb, c4, 0), "real(rb)"},
		{AdjointTerm(ip("cmplx", x8, y8)[1], y8, rb, c4, 0), "aimag(rb)"},
		{AdjointTerm(ip("aimag", z8)[0], z8, rb, r8, 0), "(0.0_8, 1.0_8)*rb"},
		{AdjointTerm(id("a"), x8, rb, r8, 1), "sum(a*rb)"},
		{AdjointTerm(nil, x8, rb, r8, 0), "<nil>"},
	}
	for _, tt := range tests {
		got := "<nil>"
		if tt.got != nil {
			got = str(tt.got)
		}
		if got != tt.want {
			t.Errorf("got  %s\nwant %s", got, tt.want)
		}
	}
}

func TestPrintedArrayRules(t *testing.T) {
	x1, x2 := arr("x", r8, 1), arr("x", r8, 2)
	a2, b2, v1 := arr("a", r8, 2), arr("b", r8, 2), arr("v", r8, 1)
	dim2 := opd("2", i4)
	m := arr("m", l4, 2)
	none := Operand{}
	xd, ad, bd, rb := id("xd"), id("ad"), id("bd"), id("rb")
	tan := func(name string, args []Operand, td ...ast.Expr) string {
		e, err := Tangent(name, args, td, nil)
		if err != nil {
			return err.Error()
		}
		if e == nil {
			return "nil"
		}
		return str(e)
	}
	adj := func(name string, args ...Operand) string {
		es, err := Adjoint(name, args, rb, nil)
		if err != nil {
			return err.Error()
		}
		return join(es)
	}
	tests := []struct{ got, want string }{
		{tan("sum", []Operand{x1}, xd), "sum(xd)"},
		{adj("sum", x1), "rb"},
		{tan("sum", []Operand{x2, dim2}, xd), "sum(xd, 2)"},
		{adj("sum", x2, dim2), "spread(rb, 2, size(x, 2)) | nil"},
		{tan("sum", []Operand{x2, none, m}, xd), "sum(xd, mask=m)"},
		{adj("sum", x2, none, m), "merge(rb, 0.0_8, m) | nil | nil"},
		{tan("sum", []Operand{x2}, nil), "nil"},
		{tan("dot_product", []Operand{v1, arr("w", r8, 1)}, ad, bd), "dot_product(ad, w) + dot_product(v, bd)"},
		{adj("dot_product", v1, arr("w", r8, 1)), "rb*w | rb*v"},
		{tan("matmul", []Operand{a2, b2}, ad, bd), "matmul(ad, b) + matmul(a, bd)"},
		{tan("matmul", []Operand{a2, b2}, nil, bd), "matmul(a, bd)"},
		{adj("matmul", a2, b2), "matmul(rb, transpose(b)) | matmul(transpose(a), rb)"},
		{adj("matmul", a2, v1), "matmul(reshape(rb, [size(a, 1), 1]), reshape(v, [1, size(v)])) | matmul(rb, a)"},
		{adj("matmul", v1, b2), "matmul(b, rb) | matmul(reshape(v, [size(v), 1]), reshape(rb, [1, size(b, 2)]))"},
		{tan("transpose", []Operand{a2}, ad), "transpose(ad)"},
		{adj("transpose", a2), "transpose(rb)"},
		{tan("spread", []Operand{v1, dim2, opd("4", i4)}, xd), "spread(xd, 2, 4)"},
		{adj("spread", v1, dim2, opd("4", i4)), "sum(rb, 2) | nil | nil"},
		{tan("maxval", []Operand{x1}, xd), "sum(xd, mask=eoshift(eoshift(spread(.false., 1, size(x)), -1, .true., 1), 1 - maxloc(x, 1), .false., 1))"},
		{tan("norm2", []Operand{x1}, xd), "sum(x*xd)/norm2(x)"},
		{adj("norm2", x1), "rb/norm2(x)*x"},
		{tan("cshift", []Operand{x1, opd("2", i4)}, xd), "cshift(xd, 2)"},
		{adj("cshift", x2, opd("k", i4), opd("1", i4)), "cshift(rb, -k, 1) | nil | nil"},
		{tan("reshape", []Operand{x1, opd("[2, 3]", i4)}, xd), "reshape(xd, [2, 3])"},
		{adj("reshape", x1, opd("[2, 3]", i4)), "reshape(rb, shape(x), [0.0_8]) | nil"},
		{tan("conjg", []Operand{opd("z", c8)}, xd), "conjg(xd)"},
		{adj("conjg", opd("z", c8)), "conjg(rb)"},
		{tan("sin", []Operand{x1}, xd), "cos(x)*xd"},
		{adj("atan2", opd("y", r8), x1), "sum(x/(x**2 + y**2)*rb) | -y/(x**2 + y**2)*rb"},
		{tan("int", []Operand{x1}, xd), "nil"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %s\nwant %s", tt.got, tt.want)
		}
	}
}

func TestErrors(t *testing.T) {
	x8, z8 := opd("x", r8), opd("z", c8)
	a2 := arr("a", c8, 2)
	errOf := func(_ any, err error) string {
		if err == nil {
			return "<nil>"
		}
		return err.Error()
	}
	tests := []struct{ got, want string }{
		{errOf(Intrinsic("foo", []Operand{x8}, nil)), "no derivative rule for intrinsic 'foo'"},
		{errOf(Intrinsic("transfer", []Operand{x8, x8}, nil)), "no derivative rule for intrinsic 'transfer'"},
		{errOf(Tangent("transfer", []Operand{x8, x8}, nil, nil)), "no derivative rule for intrinsic 'transfer'"},
		{errOf(Intrinsic("atan2", []Operand{z8, z8}, nil)), "not supported: complex intrinsic atan2"},
		{errOf(Intrinsic("erf", []Operand{z8}, nil)), "not supported: complex intrinsic erf"},
		{errOf(Tangent("matmul", []Operand{a2, a2}, []ast.Expr{id("ad"), nil}, nil)), "not supported: complex intrinsic matmul"},
		{errOf(Adjoint("product", []Operand{a2}, id("rb"), nil)), "not supported: complex intrinsic product"},
		{errOf(Intrinsic("sum", []Operand{x8}, nil)), "intrinsic 'sum' is not elemental: use Tangent and Adjoint"},
		{errOf(Intrinsic("conjg", []Operand{z8}, nil)), "intrinsic 'conjg' has no complex partial: use Tangent and Adjoint"},
		{errOf(Intrinsic("real", []Operand{x8, opd("dp", i4)}, nil)), "intrinsic 'real': the KIND argument must be an integer literal"},
		{errOf(Intrinsic("sqrt", nil, nil)), "intrinsic 'sqrt': missing argument x"},
		{errOf(Intrinsic("sqrt", []Operand{x8, x8}, nil)), "intrinsic 'sqrt': 2 arguments, want at most 1"},
		{errOf(Intrinsic("sqrt", []Operand{{X: id("x")}}, nil)), "intrinsic 'sqrt': argument 1 has no type"},
		{errOf(Binary(token.DEFOP, x8, x8, nil)), "no derivative rule for binary operator DEFOP"},
		{errOf(Unary(token.DEFOP, x8)), "no derivative rule for unary operator DEFOP"},
		{errOf(Adjoint("reshape", []Operand{arr("x", r8, 1), opd("[2, 3]", i4), {}, opd("o", i4)}, id("rb"), nil)),
			"reshape: ORDER must be an array constructor of integer literals"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("got  %s\nwant %s", tt.got, tt.want)
		}
	}
}

func TestLookup(t *testing.T) {
	r, ok := Lookup("sqrt")
	if !ok || r.Class != Smooth || r.Form != Elemental || !r.IsActive(0) || r.Generic != "sqrt" {
		t.Errorf("sqrt: %+v", r)
	}
	r, _ = Lookup("sign")
	if r.Class != NonSmooth || !r.IsActive(0) || r.IsActive(1) || r.Note == "" {
		t.Errorf("sign: %+v", r)
	}
	r, _ = Lookup("max")
	if !r.Variadic || !r.IsActive(0) || !r.IsActive(1) || !r.IsActive(6) {
		t.Errorf("max: %+v", r)
	}
	r, _ = Lookup("int")
	if r.Class != Constant || r.Differentiable() || r.IsActive(0) {
		t.Errorf("int: %+v", r)
	}
	r, _ = Lookup("size")
	if r.Class != Passive || r.Differentiable() {
		t.Errorf("size: %+v", r)
	}
	r, _ = Lookup("dsqrt")
	if r.Generic != "sqrt" || r.Result != sema.Real8 || !r.IsActive(0) {
		t.Errorf("dsqrt: %+v", r)
	}
	r, _ = Lookup("iabs")
	if r.Generic != "abs" || r.Differentiable() {
		t.Errorf("iabs: %+v", r)
	}
	r, _ = Lookup("sum")
	if r.Form != Array || !r.IsActive(0) || r.IsActive(1) || r.IsActive(2) {
		t.Errorf("sum: %+v", r)
	}
	r, _ = Lookup("conjg")
	if r.Form != ElementalLinear || !r.IsActive(0) {
		t.Errorf("conjg: %+v", r)
	}
	for _, name := range []string{"transfer", "foo"} {
		if _, ok := Lookup(name); ok {
			t.Errorf("Lookup(%s): ok", name)
		}
	}
	for _, r := range Rules() {
		in := sema.LookupIntrinsic(r.Name)
		if in == nil {
			t.Errorf("%s: not an intrinsic", r.Name)
			continue
		}
		if (r.Form == Elemental || r.Form == ElementalLinear) != in.Elemental {
			t.Errorf("%s: form %v, sema elemental %v", r.Name, r.Form, in.Elemental)
		}
		for _, a := range r.Active {
			if a >= len(r.Args) {
				t.Errorf("%s: active argument %d of %d", r.Name, a, len(r.Args))
			}
		}
		if r.Differentiable() != (len(r.Active) > 0) {
			t.Errorf("%s: class %v with active arguments %v", r.Name, r.Class, r.Active)
		}
	}
}

// TestCoverage checks that the numerical tests exercise every rule that
// has a derivative (or claims to have none by being piecewise constant).
func TestCoverage(t *testing.T) {
	have := map[string]bool{}
	for _, s := range elementalSpecs() {
		have[s.name] = true
	}
	for _, s := range arraySpecs() {
		have[s.name] = true
	}
	for _, r := range Rules() {
		if (r.Differentiable() || r.Class == Constant) && !have[r.Name] {
			t.Errorf("%s (%v, %v): no numerical test", r.Name, r.Class, r.Form)
		}
	}
}

// TestZeroAdjoint checks that a zero adjoint (0*e folded to a scalar 0)
// adds nothing to the operands of an array intrinsic: spread(0, 2, n)
// for sum(a, dim=2) would not compile.
func TestZeroAdjoint(t *testing.T) {
	a := arr("a", r8, 2)
	for _, tc := range []struct {
		name string
		args []Operand
	}{
		{"sum", []Operand{a, opd("2", i4)}},
		{"maxval", []Operand{a, opd("1", i4)}},
		{"transpose", []Operand{a}},
		{"reshape", []Operand{a, opd("[4]", i4)}},
	} {
		out, err := Adjoint(tc.name, tc.args, Real("0", 8), nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for i, x := range out {
			if x != nil {
				t.Errorf("%s: argument %d gets %s from a zero adjoint", tc.name, i+1, str(x))
			}
		}
	}
}
