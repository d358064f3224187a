package deriv

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// This file holds the expression builders. They fold the trivial cases
// (0 and 1 operands, double negation) so that generated derivative code
// reads like code written by hand: Mul(one, x) is x, Add(x, zero) is x,
// Mul(Neg(a), b) is -(a*b), printed -a*b.

// Add returns a + b, or the other operand when one is a zero literal; a
// negated b gives a - b.
func Add(a, b ast.Expr) ast.Expr {
	switch {
	case IsZero(a):
		return b
	case IsZero(b):
		return a
	}
	if n, ok := b.(*ast.UnaryExpr); ok && n.Op == token.MINUS {
		return Sub(a, n.X)
	}
	return &ast.BinaryExpr{X: a, Op: token.PLUS, Y: b}
}

// Sub returns a - b, folding zero operands (0 - b is -b) and a negated b
// (a - (-b) is a + b).
func Sub(a, b ast.Expr) ast.Expr {
	switch {
	case IsZero(b):
		return a
	case IsZero(a):
		return Neg(b)
	}
	if n, ok := b.(*ast.UnaryExpr); ok && n.Op == token.MINUS {
		return Add(a, n.X)
	}
	return &ast.BinaryExpr{X: a, Op: token.MINUS, Y: b}
}

// Neg returns -a: --a is a, -0 is 0 (the literal keeps its kind).
func Neg(a ast.Expr) ast.Expr {
	if IsZero(a) {
		return a
	}
	if n, ok := a.(*ast.UnaryExpr); ok && n.Op == token.MINUS {
		return n.X
	}
	return &ast.UnaryExpr{Op: token.MINUS, X: a}
}

// Mul returns a*b: a zero literal operand gives that zero, a one gives
// the other operand, minus one its negation; a negated operand moves the
// sign out (-a*b rather than (-a)*b).
func Mul(a, b ast.Expr) ast.Expr {
	switch {
	case IsZero(a):
		return a
	case IsZero(b):
		return b
	case IsOne(a):
		return b
	case IsOne(b):
		return a
	case isMinusOne(a):
		return Neg(b)
	case isMinusOne(b):
		return Neg(a)
	}
	if n, ok := a.(*ast.UnaryExpr); ok && n.Op == token.MINUS {
		return Neg(Mul(n.X, b))
	}
	if n, ok := b.(*ast.UnaryExpr); ok && n.Op == token.MINUS {
		return Neg(Mul(a, n.X))
	}
	return &ast.BinaryExpr{X: a, Op: token.STAR, Y: b}
}

// Div returns a/b: a zero numerator gives that zero, a one denominator
// a, minus one -a; a negated operand moves the sign out.
func Div(a, b ast.Expr) ast.Expr {
	switch {
	case IsZero(a):
		return a
	case IsOne(b):
		return a
	case isMinusOne(b):
		return Neg(a)
	}
	if n, ok := a.(*ast.UnaryExpr); ok && n.Op == token.MINUS {
		return Neg(Div(n.X, b))
	}
	if n, ok := b.(*ast.UnaryExpr); ok && n.Op == token.MINUS {
		return Neg(Div(a, n.X))
	}
	return &ast.BinaryExpr{X: a, Op: token.SLASH, Y: b}
}

// Pow returns a**b: a**1 is a; a**0 is kept (0**0 is 1 in Fortran, but
// the caller knows the kind, not Pow).
func Pow(a, b ast.Expr) ast.Expr {
	if IsOne(b) {
		return a
	}
	return &ast.BinaryExpr{X: a, Op: token.POW, Y: b}
}

// Call returns the function reference name(args).
func Call(name string, args ...ast.Expr) *ast.CallExpr {
	return &ast.CallExpr{Fun: ast.NewIdent(name), Args: args}
}

// Kw returns the keyword argument name=value.
func Kw(name string, value ast.Expr) *ast.KeywordArg {
	return &ast.KeywordArg{Name: ast.NewIdent(name), Value: value}
}

// Int returns the default integer literal n (a negative n is a UnaryExpr).
func Int(n int) ast.Expr {
	if n < 0 {
		return &ast.UnaryExpr{Op: token.MINUS, X: Int(-n)}
	}
	return &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(n)}
}

// Logical returns .true. or .false..
func Logical(v bool) ast.Expr {
	if v {
		return &ast.BasicLit{Kind: token.LOGICAL, Value: ".true."}
	}
	return &ast.BasicLit{Kind: token.LOGICAL, Value: ".false."}
}

// Real returns the real constant v of kind kind: v is an unsigned decimal
// literal without kind ("0.5", "2", "1.5e-3"); kind 4 (default real) is
// written without suffix ("0.5"), other kinds with a numeric suffix
// ("0.5_8", "0.5_16"). A v without "." or exponent gets ".0".
func Real(v string, kind int) ast.Expr {
	neg := strings.HasPrefix(v, "-")
	if neg {
		v = v[1:]
	}
	if !strings.ContainsAny(v, ".eE") {
		v += ".0"
	}
	if kind != 4 && kind != 0 {
		v += "_" + strconv.Itoa(kind)
	}
	var x ast.Expr = &ast.BasicLit{Kind: token.REAL, Value: v}
	if neg {
		x = Neg(x)
	}
	return x
}

// Const returns the real constant v (as for Real) with the kind of the
// real or complex type t; default real kind if t is not real or complex.
func Const(v string, t *sema.Type) ast.Expr {
	return Real(v, floatKind(t))
}

// floatKind is the kind of t if t is real or complex, else 4.
func floatKind(t *sema.Type) int {
	if t != nil && t.IsFloat() && t.Kind > 0 {
		return t.Kind
	}
	return 4
}

// imagUnit returns the complex constant (0, 1) of kind kind.
func imagUnit(kind int) ast.Expr {
	return &ast.ComplexLit{Re: Real("0", kind), Im: Real("1", kind)}
}

// IsZero reports whether x is a numeric literal equal to zero (of any
// kind, possibly signed or parenthesised).
func IsZero(x ast.Expr) bool {
	if n, ok := smallLitValue(x); ok {
		return n == 0
	}
	v, ok := LitValue(x)
	return ok && v.Sign() == 0
}

// IsOne reports whether x is a numeric literal equal to one.
func IsOne(x ast.Expr) bool {
	if n, ok := smallLitValue(x); ok {
		return n == 1
	}
	v, ok := LitValue(x)
	return ok && v.Cmp(big.NewRat(1, 1)) == 0
}

func isMinusOne(x ast.Expr) bool {
	if n, ok := smallLitValue(x); ok {
		return n == -1
	}
	v, ok := LitValue(x)
	return ok && v.Cmp(big.NewRat(-1, 1)) == 0
}

// isImagUnit reports whether x is the complex literal (0, 1).
func isImagUnit(x ast.Expr) bool {
	c, ok := x.(*ast.ComplexLit)
	return ok && IsZero(c.Re) && IsOne(c.Im)
}

// LitValue returns the exact value of an INT or REAL literal, possibly
// signed and parenthesised: 2, -3, 1.5d0, 0.5_8, .5e-3_dp.
func LitValue(x ast.Expr) (*big.Rat, bool) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return LitValue(x.X)
	case *ast.UnaryExpr:
		if x.Op != token.MINUS && x.Op != token.PLUS {
			return nil, false
		}
		v, ok := LitValue(x.X)
		if !ok {
			return nil, false
		}
		if x.Op == token.MINUS {
			v = new(big.Rat).Neg(v)
		}
		return v, true
	case *ast.BasicLit:
		if x.Kind != token.INT && x.Kind != token.REAL {
			return nil, false
		}
		m, _, ok := splitLit(x.Value)
		if !ok {
			return nil, false
		}
		v, ok := new(big.Rat).SetString(m)
		return v, ok
	}
	return nil, false
}

// smallLitValue is LitValue for the literals whose value is a small whole
// number, without big.Rat: IsZero and IsOne ask it once per term of a
// derivative, which for long statements made big.Rat the bulk of the work.
func smallLitValue(x ast.Expr) (int64, bool) {
	switch x := x.(type) {
	case *ast.ParenExpr:
		return smallLitValue(x.X)
	case *ast.UnaryExpr:
		if x.Op != token.MINUS && x.Op != token.PLUS {
			return 0, false
		}
		n, ok := smallLitValue(x.X)
		if x.Op == token.MINUS {
			n = -n
		}
		return n, ok
	case *ast.BasicLit:
		if x.Kind != token.INT && x.Kind != token.REAL {
			return 0, false
		}
		if n, ok := smallInt(x.Value); ok {
			return n, true // (digits only: no kind or exponent to split off)
		}
		m, _, ok := splitLit(x.Value)
		if !ok {
			return 0, false
		}
		return smallInt(m)
	}
	return 0, false
}

// smallInt returns the value of a mantissa such as 2, 1.0 or 0. that is a
// small whole number: the common case, which big.Rat.SetString parses
// slowly, and which statements of many terms ask about once per term.
func smallInt(m string) (int64, bool) {
	digits := m
	if i := strings.IndexByte(m, '.'); i >= 0 {
		if strings.Trim(m[i+1:], "0") != "" {
			return 0, false
		}
		digits = m[:i]
	}
	if digits == "" || len(digits) > 15 {
		return 0, false
	}
	var n int64
	for _, c := range digits {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int64(c-'0')
	}
	return n, true
}

// splitLit splits a numeric literal into a mantissa Rat.SetString accepts
// and its kind suffix ("_8", "_dp", "" for none; a D exponent gives "_8", a
// Q exponent "_16").
func splitLit(s string) (mant, suffix string, ok bool) {
	s = strings.ToLower(s)
	if i := strings.IndexByte(s, '_'); i >= 0 {
		s, suffix = s[:i], s[i:]
	}
	if i := strings.IndexAny(s, "dq"); i >= 0 {
		if suffix == "" {
			if s[i] == 'd' {
				suffix = "_8"
			} else {
				suffix = "_16"
			}
		}
		s = s[:i] + "e" + s[i+1:]
	}
	if strings.HasPrefix(s, ".") {
		s = "0" + s
	}
	s = strings.Replace(s, ".e", ".0e", 1)
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	if s == "" {
		return "", "", false
	}
	for _, c := range s {
		if !(c >= '0' && c <= '9' || c == '.' || c == 'e' || c == '+' || c == '-') {
			return "", "", false
		}
	}
	return s, suffix, true
}

// intLit returns the value of an integer literal (possibly signed or
// parenthesised) that fits an int.
func intLit(x ast.Expr) (int, bool) {
	for {
		p, ok := x.(*ast.ParenExpr)
		if !ok {
			break
		}
		x = p.X
	}
	neg := false
	if u, ok := x.(*ast.UnaryExpr); ok && (u.Op == token.MINUS || u.Op == token.PLUS) {
		neg = u.Op == token.MINUS
		x = u.X
	}
	b, ok := x.(*ast.BasicLit)
	if !ok || b.Kind != token.INT {
		return 0, false
	}
	v := b.Value
	if i := strings.IndexByte(v, '_'); i >= 0 {
		v = v[:i]
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return 0, false
	}
	if neg {
		n = -n
	}
	return n, true
}

// realLitMinusOne folds y - 1 for a REAL literal y, keeping its kind:
// 2.5_8 gives 1.5_8, 0.5d0 gives -0.5_8.
func realLitMinusOne(y ast.Expr) (ast.Expr, bool) {
	for {
		p, ok := y.(*ast.ParenExpr)
		if !ok {
			break
		}
		y = p.X
	}
	neg := false
	if u, ok := y.(*ast.UnaryExpr); ok && (u.Op == token.MINUS || u.Op == token.PLUS) {
		neg = u.Op == token.MINUS
		y = u.X
	}
	b, ok := y.(*ast.BasicLit)
	if !ok || b.Kind != token.REAL {
		return nil, false
	}
	m, suffix, ok := splitLit(b.Value)
	if !ok {
		return nil, false
	}
	v, ok := new(big.Rat).SetString(m)
	if !ok {
		return nil, false
	}
	if neg {
		v.Neg(v)
	}
	v.Sub(v, big.NewRat(1, 1))
	s := strings.TrimRight(v.FloatString(40), "0")
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	if !exactDecimal(v, s) {
		return nil, false
	}
	var x ast.Expr = &ast.BasicLit{Kind: token.REAL, Value: strings.TrimPrefix(s, "-") + suffix}
	if strings.HasPrefix(s, "-") {
		x = Neg(x)
	}
	return x, true
}

func exactDecimal(v *big.Rat, s string) bool {
	w, ok := new(big.Rat).SetString(s)
	return ok && w.Cmp(v) == 0
}
