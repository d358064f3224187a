package deriv

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

var (
	r4, r8, r16 = sema.Real4, sema.Real8, sema.Real16
	c4, c8      = sema.Complex4, sema.Complex8
	i4, i8      = sema.Int4, sema.Int8
	l4          = sema.Logical4
)

// eop is one operand of an elemental case: a variable of type t, or the
// constant lit (a passive operand written as is: an exponent, a KIND, a
// MASK).
type eop struct {
	t   *sema.Type
	lit string
}

// espec is one operation checked against finite differences at points.
type espec struct {
	name string // intrinsic name, or operator "+", "-", "*", "/", "**", "neg", "pos"
	ops  []eop
	// fd is the function in real(16) of A1, A2, ... for the finite
	// differences; "" for the operation itself.
	fd string
	// points holds the values of the variable operands ("re,im" for
	// complex ones).
	points [][]string
	// want, if set, holds the exact partials expected at each point
	// ("nil" for none) instead of finite differences: the conventions at
	// non-smooth points.
	want [][]string
	// sabotage, if set, makes a canary: the partials are spoilt before
	// use and the check must fail.
	sabotage func(Partials, []Operand) Partials
}

var binOps = map[string]token.Kind{"+": token.PLUS, "-": token.MINUS, "*": token.STAR, "/": token.SLASH, "**": token.POW}

func (s *espec) isOp() bool { return binOps[s.name] != 0 || s.name == "neg" || s.name == "pos" }

// expr writes the operation applied to the operand texts.
func (s *espec) expr(as []string) string { return s.call(s.name, as) }

// fdExpr is the operation in real(16): a specific name becomes its generic.
func (s *espec) fdExpr(as []string) string {
	if r, ok := Lookup(s.name); ok {
		return s.call(r.Generic, as)
	}
	return s.call(s.name, as)
}

func (s *espec) call(name string, as []string) string {
	switch {
	case s.name == "neg":
		return "-(" + as[0] + ")"
	case s.name == "pos":
		return "+(" + as[0] + ")"
	case binOps[s.name] != 0:
		return "(" + as[0] + ")" + s.name + "(" + as[1] + ")"
	}
	var nz []string
	for _, a := range as {
		if a != "" {
			nz = append(nz, a)
		}
	}
	return name + "(" + strings.Join(nz, ", ") + ")"
}

// partials returns the rule's partials and the result type.
func (s *espec) partials(args []Operand, result ast.Expr) (Partials, *sema.Type, error) {
	var p Partials
	var rt *sema.Type
	var err error
	switch {
	case s.name == "neg" || s.name == "pos":
		op := token.MINUS
		if s.name == "pos" {
			op = token.PLUS
		}
		p, err = Unary(op, args[0])
		rt = args[0].Type
	case binOps[s.name] != 0:
		p, err = Binary(binOps[s.name], args[0], args[1], result)
		rt = promote(args...)
		if rt == nil {
			rt = args[0].Type
		}
	default:
		p, err = Intrinsic(s.name, args, result)
		if err == nil {
			r, _ := Lookup(s.name)
			rt, err = resultType(r, args)
			if rt == nil {
				rt = i4
			}
		}
	}
	if err == nil && s.sabotage != nil {
		p = s.sabotage(p, args)
	}
	return p, rt, err
}

func (s *espec) desc(pt []string, withResult bool) string {
	var ts []string
	for _, o := range s.ops {
		if o.t == nil {
			ts = append(ts, "-")
		} else if o.lit != "" {
			ts = append(ts, o.lit)
		} else {
			ts = append(ts, o.t.String())
		}
	}
	d := fmt.Sprintf("%s(%s) at (%s)", s.name, strings.Join(ts, ", "), strings.Join(pt, "; "))
	if withResult {
		d += " using result"
	}
	if s.sabotage != nil {
		d += " [canary]"
	}
	return d
}

func exprStrings(p Partials) []string {
	var out []string
	for _, e := range p {
		if e == nil {
			out = append(out, "nil")
		} else {
			out = append(out, str(e))
		}
	}
	return out
}

func mustParse(src string) ast.Expr {
	x, err := parser.ParseExpr(src)
	if err != nil {
		panic(err)
	}
	return x
}

// addElemental writes the BLOCKs of one case: at each point, with and
// without the result variable, the partial of each variable operand is
// compared with central differences in real(16), along the real axis and
// for complex operands along the imaginary axis too (see the package
// documentation for the complex conventions).
func (p *program) addElemental(t *testing.T, s *espec) {
	p.beginUnit()
	for pi, pt := range s.points {
		for _, withResult := range []bool{false, true} {
			args := make([]Operand, len(s.ops))
			var orig, qs []string
			v := 0
			for i, o := range s.ops {
				if o.t == nil { // absent
					orig, qs = append(orig, ""), append(qs, "")
					continue
				}
				if o.lit != "" {
					val := o.lit
					if _, v, ok := strings.Cut(o.lit, "="); ok {
						val = v // a keyword argument, placed by position
					}
					args[i] = Operand{X: mustParse(val), Type: o.t}
					orig = append(orig, o.lit)
					qs = append(qs, o.lit)
					continue
				}
				args[i] = Operand{X: ast.NewIdent(fmt.Sprintf("a%d", i+1)), Type: o.t}
				orig = append(orig, fmt.Sprintf("a%d", i+1))
				qs = append(qs, fmt.Sprintf("q%d", i+1))
				v++
			}
			var result ast.Expr
			if withResult {
				result = ast.NewIdent("r")
			}
			ps, rt, err := s.partials(args, result)
			if err != nil {
				t.Errorf("%s: %v", s.desc(pt, withResult), err)
				continue
			}
			if withResult {
				// Only if the rule uses the result.
				p0, _, _ := s.partials(args, nil)
				if fmt.Sprint(exprStrings(p0)) == fmt.Sprint(exprStrings(ps)) {
					continue
				}
			}
			cplx := rt.IsComplex()
			for _, a := range args {
				cplx = cplx || a.float() && a.Type.IsComplex()
			}
			ptype := "real(16)"
			if cplx {
				ptype = "complex(16)"
			}
			p.line("block")
			for i, o := range s.ops {
				if o.lit == "" && o.t != nil {
					p.line("  %s :: a%d", ftype(o.t), i+1)
					p.line("  %s :: q%d", qtype(o.t), i+1)
				}
			}
			p.line("  %s :: r", ftype(rt))
			p.line("  %s :: p, want, dre, dim", ptype)
			p.line("  real(16) :: h")
			k := 0
			for i, o := range s.ops {
				if o.lit == "" && o.t != nil {
					p.line("  a%d = %s", i+1, flit(pt[k], o.t))
					p.line("  q%d = a%d", i+1, i+1)
					k++
				}
			}
			p.line("  r = %s", s.expr(orig))
			desc := s.desc(pt, withResult)
			for i, o := range s.ops {
				if o.lit != "" || o.t == nil {
					continue
				}
				pe := "0"
				if i < len(ps) && ps[i] != nil {
					pe = str(ps[i])
				}
				p.line("  p = %s", pe)
				if s.want != nil {
					w := s.want[pi][i]
					if (w == "nil") != (i >= len(ps) || ps[i] == nil) {
						t.Errorf("%s: partial %d is %s, want %s", desc, i+1, pe, w)
					}
					if w == "nil" {
						w = "0"
					}
					id := p.newCheck("exact value at a non-smooth point", fmt.Sprintf("%s: partial %d = %s", desc, i+1, w), 1e-15, false)
					p.line("  want = %s", w)
					p.report(id, relErr("p", "want"))
					continue
				}
				if !o.t.IsFloat() {
					if i < len(ps) && ps[i] != nil {
						t.Errorf("%s: partial %d of an integer operand: %s", desc, i+1, pe)
					}
					continue
				}
				f := func(delta string) string {
					as := append([]string(nil), qs...)
					as[i] = "(q" + fmt.Sprint(i+1) + " + " + delta + ")"
					fd := s.fd
					if fd == "" {
						return s.fdExpr(as)
					}
					for j := len(as) - 1; j >= 0; j-- {
						fd = strings.ReplaceAll(fd, fmt.Sprintf("A%d", j+1), as[j])
					}
					return fd
				}
				p.line("  h = 1.0e-12_16*max(1.0_16, abs(q%d))", i+1)
				p.line("  dre = ((%s) - (%s))/(2*h)", f("h"), f("-h"))
				tol := tolFor(floatKind(rt))
				canary := s.sabotage != nil
				group := fmt.Sprintf("partial vs real(16) FD, %s result", ftype(rt))
				if o.t.IsComplex() {
					p.line("  dim = ((%s) - (%s))/(2*h)", f("(0.0_16, 1.0_16)*h"), f("-(0.0_16, 1.0_16)*h"))
					if rt.IsComplex() {
						id := p.newCheck(group, desc+fmt.Sprintf(": partial %d = %s, real direction", i+1, pe), tol, canary)
						p.report(id, relErr("p", "dre"))
						id = p.newCheck(group, desc+fmt.Sprintf(": partial %d = %s, imaginary direction", i+1, pe), tol, canary)
						p.line("  want = -(0.0_16, 1.0_16)*dim")
						p.report(id, relErr("p", "want"))
					} else {
						id := p.newCheck(group, desc+fmt.Sprintf(": gradient %d = %s", i+1, pe), tol, canary)
						p.line("  want = dre + (0.0_16, 1.0_16)*dim")
						p.report(id, relErr("p", "want"))
					}
					continue
				}
				id := p.newCheck(group, desc+fmt.Sprintf(": partial %d = %s", i+1, pe), tol, canary)
				p.report(id, relErr("p", "dre"))
			}
			p.line("end block")
		}
	}
}

// pts makes points of one operand.
func pts(vs ...string) [][]string {
	var out [][]string
	for _, v := range vs {
		out = append(out, []string{v})
	}
	return out
}

// pairs makes points of two or more operands: "x y [z]".
func pairs(vs ...string) [][]string {
	var out [][]string
	for _, v := range vs {
		out = append(out, strings.Fields(v))
	}
	return out
}

// The argument types of the specific names whose arguments do not have
// the type of their result, and the real(16) function of the
// conversions.
var (
	specificArg = map[string]*sema.Type{
		"cabs": c4, "cdabs": c8, "zabs": c8, "dimag": c8, "imag": c8, "imagpart": c8, "dreal": c8, "realpart": c8,
		"float": i4, "dfloat": i4, "ifix": r4, "sngl": r8, "idint": r8, "idnint": r8,
		"max0": i4, "min0": i4, "amax0": i4, "amin0": i4, "max1": r4, "min1": r4, "iabs": i4, "idim": i4, "isign": i4,
	}
	specificFD = map[string]string{
		"dreal": "real(A1)", "realpart": "real(A1)", "float": "A1", "dfloat": "A1", "sngl": "A1",
		"dcmplx": "cmplx(A1, A2, 16)", "max1": "int(max(A1, A2))", "min1": "int(min(A1, A2))",
	}
)

func v(t *sema.Type) eop             { return eop{t: t} }
func lit(s string, t *sema.Type) eop { return eop{t: t, lit: s} }

// elementalSpecs is the table of cases: every elemental rule, real(4)
// and real(8) (and complex where the rule allows), at points inside the
// domain and away from the non-smooth points, plus the conventions at
// those points.
func elementalSpecs() []*espec {
	var ss []*espec
	add := func(s *espec) { ss = append(ss, s) }
	// f(x) for real(4), real(8) at points
	real1 := func(name string, vs ...string) {
		for _, t := range []*sema.Type{r4, r8} {
			add(&espec{name: name, ops: []eop{v(t)}, points: pts(vs...)})
		}
	}
	// f(x, y) for real(4), real(8)
	real2 := func(name string, vs ...string) {
		for _, t := range []*sema.Type{r4, r8} {
			add(&espec{name: name, ops: []eop{v(t), v(t)}, points: pairs(vs...)})
		}
	}
	cplx1 := func(name string, vs ...string) {
		for _, t := range []*sema.Type{c4, c8} {
			add(&espec{name: name, ops: []eop{v(t)}, points: pts(vs...)})
		}
	}

	// Operators.
	for _, op := range []string{"+", "-", "*", "/"} {
		for _, ts := range [][2]*sema.Type{{r8, r8}, {r4, r4}, {r4, r8}, {r8, r4}, {r8, i4}, {i4, r8}, {c8, c8}, {c8, r8}, {r8, c8}, {c4, c4}} {
			pt := []string{"0.7", "-1.3"}
			if ts[0].IsInteger() {
				pt[0] = "3"
			}
			if ts[1].IsInteger() {
				pt[1] = "-2"
			}
			if ts[0].IsComplex() {
				pt[0] = "0.7,0.3"
			}
			if ts[1].IsComplex() {
				pt[1] = "-1.3,0.4"
			}
			pt2 := []string{"1.9", "0.45"}
			for j := range pt2 {
				if ts[j].IsInteger() {
					pt2[j] = "5"
				}
				if ts[j].IsComplex() {
					pt2[j] += ",-1.1"
				}
			}
			add(&espec{name: op, ops: []eop{v(ts[0]), v(ts[1])}, points: [][]string{pt, pt2}})
		}
	}
	for _, t := range []*sema.Type{r4, r8, c8} {
		x := "0.7"
		if t.IsComplex() {
			x = "0.7,-0.2"
		}
		add(&espec{name: "neg", ops: []eop{v(t)}, points: pts(x)})
		add(&espec{name: "pos", ops: []eop{v(t)}, points: pts(x)})
	}
	// Powers: integer exponents (literal and variable), real exponents,
	// real literal exponents, constant bases.
	for _, t := range []*sema.Type{r4, r8} {
		for _, n := range []string{"2", "3", "-2", "0", "1", "2_8", "(-3)"} {
			add(&espec{name: "**", ops: []eop{v(t), lit(n, i4)}, points: pts("0.7", "-1.3", "2.1")})
		}
		add(&espec{name: "**", ops: []eop{v(t), v(i4)}, points: pairs("0.7 3", "-1.3 2", "2.1 -2", "1.5 1")})
		add(&espec{name: "**", ops: []eop{v(t), v(t)}, points: pairs("0.7 1.3", "2.1 -0.4", "1.5 2.0", "3.0 0.5")})
		add(&espec{name: "**", ops: []eop{lit(flit("2.0", t), t), v(t)}, points: pts("0.7", "-1.3")})
		add(&espec{name: "**", ops: []eop{lit("3", i4), v(t)}, points: pts("0.7", "-1.3")})
		add(&espec{name: "**", ops: []eop{v(t), lit(flit("2.5", t), t)}, points: pts("0.7", "2.1")})
		add(&espec{name: "**", ops: []eop{v(t), lit(flit("0.5", t), t)}, points: pts("0.7", "2.1")})
		add(&espec{name: "**", ops: []eop{v(t), lit(flit("2.0", t), t)}, points: pts("0.7", "-2.1")})
	}
	add(&espec{name: "**", ops: []eop{v(r8), lit("1.5d0", r8)}, points: pts("0.7")})
	add(&espec{name: "**", ops: []eop{v(r4), v(r8)}, points: pairs("0.7 1.3")})
	add(&espec{name: "**", ops: []eop{v(i4), v(r8)}, points: pairs("3 1.3", "2 -0.5")})
	add(&espec{name: "**", ops: []eop{v(c8), lit("2", i4)}, points: pts("0.7,0.3")})
	add(&espec{name: "**", ops: []eop{v(c8), v(c8)}, points: pairs("0.7,0.3 1.2,-0.4")})
	add(&espec{name: "**", ops: []eop{v(c8), v(r8)}, points: pairs("0.7,0.3 1.2")})
	// Conventions of x**y at the edge of its domain.
	add(&espec{name: "**", ops: []eop{v(r8), v(r8)}, points: pairs("0 2.5", "-2 2", "0 1"),
		want: [][]string{{"0", "0"}, {"-4", "0"}, {"1", "0"}}})
	add(&espec{name: "**", ops: []eop{v(r8), lit("2", i4)}, points: pts("0"), want: [][]string{{"0", "nil"}}})

	// Elemental intrinsics.
	real1("sqrt", "0.3", "1.7", "42")
	real1("exp", "0.7", "-1.3", "2.9")
	real1("log", "0.3", "1.7", "42")
	real1("log10", "0.3", "1.7", "42")
	real1("sin", "0.7", "-1.3", "2.9")
	real1("cos", "0.7", "-1.3", "2.9")
	real1("tan", "0.7", "-1.3", "2.9")
	real1("asin", "0.3", "-0.6", "0.85")
	real1("acos", "0.3", "-0.6", "0.85")
	real1("atan", "0.3", "-1.6", "12.5")
	real1("sinh", "0.7", "-1.3", "2.9")
	real1("cosh", "0.7", "-1.3", "2.9")
	real1("tanh", "0.7", "-1.3", "2.9")
	real1("asinh", "0.7", "-1.3", "2.9")
	real1("acosh", "1.5", "4")
	real1("atanh", "0.3", "-0.6", "0.85")
	real1("erf", "0.3", "-1.1", "2.2")
	real1("erfc", "0.3", "-1.1", "2.2")
	real1("erfc_scaled", "0.5", "3", "-0.4")
	real1("gamma", "0.3", "2.5", "7.3", "-0.6", "-4.5")
	add(&espec{name: "gamma", ops: []eop{v(r8)}, points: pts("-10.7", "-25.3")})
	real1("log_gamma", "0.02", "2.5", "31", "-0.6", "-5.5")
	add(&espec{name: "dgamma", ops: []eop{v(r8)}, points: pts("1.7")})
	add(&espec{name: "dlgama", ops: []eop{v(r8)}, points: pts("1.7")})
	add(&espec{name: "algama", ops: []eop{v(r4)}, points: pts("1.7")})
	real1("bessel_j0", "0.7", "2.5", "7.3")
	real1("bessel_j1", "0.7", "2.5", "7.3")
	real1("bessel_y0", "0.6", "2.5", "6")
	real1("bessel_y1", "0.6", "2.5", "6")
	real1("abs", "0.7", "-1.3")
	real1("fraction", "0.7", "-3.3", "100")
	for _, t := range []*sema.Type{r4, r8} {
		for _, n := range []string{"2", "3"} {
			add(&espec{name: "bessel_jn", ops: []eop{lit(n, i4), v(t)}, points: pts("0.7", "2.5", "5.3")})
			add(&espec{name: "bessel_yn", ops: []eop{lit(n, i4), v(t)}, points: pts("0.7", "2.5", "5.3")})
		}
		add(&espec{name: "bessel_jn", ops: []eop{v(i4), v(t)}, points: pairs("2 0.7", "0 2.5")})
		add(&espec{name: "nearest", ops: []eop{v(t), lit(flit("-1.0", t), t)}, points: pts("0.7")})
		add(&espec{name: "scale", ops: []eop{v(t), lit("3", i4)}, points: pts("0.7", "-1.3")})
		add(&espec{name: "scale", ops: []eop{v(t), v(i4)}, points: pairs("0.7 -2")})
		add(&espec{name: "atan", ops: []eop{v(t), v(t)}, points: pairs("0.7 1.3", "-0.4 -2", "1.5 -0.3")})
		add(&espec{name: "merge", ops: []eop{v(t), v(t), lit(".true.", l4)}, points: pairs("0.7 1.3")})
		add(&espec{name: "merge", ops: []eop{v(t), v(t), lit(".false.", l4)}, points: pairs("0.7 1.3")})
	}
	real2("atan2", "0.7 1.3", "-0.4 -2", "1.5 -0.3")
	real2("hypot", "0.7 1.3", "-3 4", "1e-3 2")
	real2("sign", "1.3 2", "-1.3 2", "1.3 -2", "-0.5 -1")
	real2("max", "0.3 0.7", "0.7 0.3")
	real2("min", "0.3 0.7", "0.7 0.3")
	real2("dim", "1.5 0.5", "0.5 1.5")
	real2("mod", "5.3 2", "-5.3 2", "5.3 -2", "0.7 2.5")
	real2("modulo", "5.3 2", "-5.3 2", "5.3 -2", "0.7 2.5")
	for _, t := range []*sema.Type{r4, r8} {
		add(&espec{name: "max", ops: []eop{v(t), v(t), v(t)}, points: pairs("0.3 0.9 0.5", "0.3 0.5 0.9", "0.9 0.3 0.5")})
		add(&espec{name: "min", ops: []eop{v(t), v(t), v(t), v(t)}, points: pairs("0.3 0.9 0.5 0.4", "0.3 0.5 0.2 0.9", "0.9 0.3 0.5 0.1")})
	}
	add(&espec{name: "dprod", ops: []eop{v(r4), v(r4)}, fd: "A1*A2", points: pairs("0.7 1.3")})
	// Conversions.
	add(&espec{name: "real", ops: []eop{v(r8)}, fd: "A1", points: pts("0.7")})
	add(&espec{name: "real", ops: []eop{v(r4), lit("8", i4)}, fd: "A1", points: pts("0.7")})
	add(&espec{name: "real", ops: []eop{v(r8), lit("4", i4)}, fd: "A1", points: pts("0.7")})
	add(&espec{name: "real", ops: []eop{v(i4)}, fd: "A1", points: pts("3")})
	add(&espec{name: "dble", ops: []eop{v(r4)}, fd: "A1", points: pts("0.7")})
	add(&espec{name: "dble", ops: []eop{v(i8)}, fd: "A1", points: pts("3")})
	add(&espec{name: "sngl", ops: []eop{v(r8)}, fd: "A1", points: pts("0.7")})
	add(&espec{name: "float", ops: []eop{v(i4)}, fd: "A1", points: pts("3")})
	add(&espec{name: "dfloat", ops: []eop{v(i4)}, fd: "A1", points: pts("3")})
	// Piecewise constant: nil partials, zero finite differences.
	for _, name := range []string{"int", "nint", "floor", "ceiling", "aint", "anint", "spacing", "exponent"} {
		real1(name, "2.3", "-1.7")
	}
	add(&espec{name: "dint", ops: []eop{v(r8)}, points: pts("2.3")})
	add(&espec{name: "idnint", ops: []eop{v(r8)}, points: pts("2.3")})
	add(&espec{name: "int", ops: []eop{v(r8), lit("8", i4)}, points: pts("2.3")})
	// Specific names.
	add(&espec{name: "dsqrt", ops: []eop{v(r8)}, points: pts("1.7")})
	add(&espec{name: "alog", ops: []eop{v(r4)}, points: pts("1.7")})
	add(&espec{name: "alog10", ops: []eop{v(r4)}, points: pts("1.7")})
	add(&espec{name: "dlog10", ops: []eop{v(r8)}, points: pts("1.7")})
	add(&espec{name: "dabs", ops: []eop{v(r8)}, points: pts("-1.7")})
	add(&espec{name: "dexp", ops: []eop{v(r8)}, points: pts("1.7")})
	add(&espec{name: "dtan", ops: []eop{v(r8)}, points: pts("1.2")})
	add(&espec{name: "dtanh", ops: []eop{v(r8)}, points: pts("1.2")})
	add(&espec{name: "datan2", ops: []eop{v(r8), v(r8)}, points: pairs("0.7 -1.2")})
	add(&espec{name: "amax1", ops: []eop{v(r4), v(r4), v(r4)}, points: pairs("0.7 -1.2 0.2")})
	add(&espec{name: "dmin1", ops: []eop{v(r8), v(r8)}, points: pairs("0.7 -1.2")})
	add(&espec{name: "dsign", ops: []eop{v(r8), v(r8)}, points: pairs("0.7 -1.2")})
	add(&espec{name: "dmod", ops: []eop{v(r8), v(r8)}, points: pairs("7.7 -1.2")})
	add(&espec{name: "amod", ops: []eop{v(r4), v(r4)}, points: pairs("7.7 1.2")})
	add(&espec{name: "ddim", ops: []eop{v(r8), v(r8)}, points: pairs("7.7 1.2")})
	add(&espec{name: "derf", ops: []eop{v(r8)}, points: pts("0.7")})
	add(&espec{name: "max0", ops: []eop{v(i4), v(i4)}, points: pairs("3 2")})
	add(&espec{name: "amax0", ops: []eop{v(i4), v(i4)}, points: pairs("3 2")})

	// Complex.
	cplx1("sqrt", "0.7,0.4", "-0.5,1.2")
	cplx1("exp", "0.7,0.4", "-0.5,1.2")
	cplx1("log", "0.7,0.4", "-0.5,1.2")
	cplx1("sin", "0.7,0.4", "-0.5,1.2")
	cplx1("cos", "0.7,0.4", "-0.5,1.2")
	cplx1("tan", "0.7,0.4", "-0.5,1.2")
	cplx1("asin", "0.3,0.4", "-0.5,0.2")
	cplx1("acos", "0.3,0.4", "-0.5,0.2")
	cplx1("atan", "0.3,0.4", "-0.5,0.2")
	cplx1("sinh", "0.7,0.4", "-0.5,1.2")
	cplx1("cosh", "0.7,0.4", "-0.5,1.2")
	cplx1("tanh", "0.7,0.4", "-0.5,1.2")
	cplx1("asinh", "0.3,0.4", "-0.5,0.2")
	cplx1("acosh", "1.3,0.4", "-1.5,0.2")
	cplx1("atanh", "0.3,0.4", "-0.5,0.2")
	cplx1("abs", "0.7,0.4", "-0.5,1.2")
	cplx1("aimag", "0.7,0.4")
	add(&espec{name: "real", ops: []eop{v(c8)}, fd: "real(A1)", points: pts("0.7,0.4")})
	add(&espec{name: "real", ops: []eop{v(c4), lit("8", i4)}, fd: "real(A1)", points: pts("0.7,0.4")})
	add(&espec{name: "dble", ops: []eop{v(c8)}, fd: "real(A1)", points: pts("0.7,0.4")})
	add(&espec{name: "dreal", ops: []eop{v(c8)}, fd: "real(A1)", points: pts("0.7,0.4")})
	add(&espec{name: "dimag", ops: []eop{v(c8)}, fd: "aimag(A1)", points: pts("0.7,0.4")})
	add(&espec{name: "cabs", ops: []eop{v(c4)}, points: pts("0.7,0.4")})
	add(&espec{name: "cexp", ops: []eop{v(c4)}, points: pts("0.7,0.4")})
	add(&espec{name: "cdsqrt", ops: []eop{v(c8)}, fd: "sqrt(A1)", points: pts("0.7,0.4")})
	add(&espec{name: "cmplx", ops: []eop{v(r8), v(r8), lit("8", i4)}, fd: "cmplx(A1, A2, 16)", points: pairs("0.7 -0.3")})
	add(&espec{name: "cmplx", ops: []eop{v(r4), v(r4)}, fd: "cmplx(A1, A2, 16)", points: pairs("0.7 -0.3")})
	add(&espec{name: "cmplx", ops: []eop{v(r8)}, fd: "cmplx(A1, kind=16)", points: pts("0.7")})
	add(&espec{name: "cmplx", ops: []eop{v(c8), {}, lit("kind=8", i4)}, fd: "A1", points: pts("0.7,0.2")})
	add(&espec{name: "dcmplx", ops: []eop{v(r8), v(r8)}, fd: "cmplx(A1, A2, 16)", points: pairs("0.7 -0.3")})
	add(&espec{name: "merge", ops: []eop{v(c8), v(c8), lit(".true.", l4)}, points: pairs("0.7,0.1 1.3,0.2")})

	// The conventions at non-smooth points.
	for _, t := range []*sema.Type{r4, r8} {
		add(&espec{name: "abs", ops: []eop{v(t)}, points: pts("0", "-0.0"), want: [][]string{{"1"}, {"-1"}}})
		add(&espec{name: "max", ops: []eop{v(t), v(t)}, points: pairs("1 1"), want: [][]string{{"1", "0"}}})
		add(&espec{name: "min", ops: []eop{v(t), v(t)}, points: pairs("1 1"), want: [][]string{{"1", "0"}}})
		add(&espec{name: "max", ops: []eop{v(t), v(t), v(t)}, points: pairs("2 2 1", "1 2 2", "2 1 2", "2 2 2"),
			want: [][]string{{"1", "0", "0"}, {"0", "1", "0"}, {"1", "0", "0"}, {"1", "0", "0"}}})
		add(&espec{name: "min", ops: []eop{v(t), v(t), v(t)}, points: pairs("1 1 2", "2 1 1", "1 2 1"),
			want: [][]string{{"1", "0", "0"}, {"0", "1", "0"}, {"1", "0", "0"}}})
		add(&espec{name: "sign", ops: []eop{v(t), v(t)}, points: pairs("0 -2", "0 2", "1.5 -0.0", "-1.5 0"),
			want: [][]string{{"-1", "nil"}, {"1", "nil"}, {"-1", "nil"}, {"-1", "nil"}}})
		add(&espec{name: "dim", ops: []eop{v(t), v(t)}, points: pairs("1 1"), want: [][]string{{"0", "0"}}})
		add(&espec{name: "mod", ops: []eop{v(t), v(t)}, points: pairs("6 3", "-6 3", "6 -3"),
			want: [][]string{{"1", "-2"}, {"1", "2"}, {"1", "2"}}})
		add(&espec{name: "modulo", ops: []eop{v(t), v(t)}, points: pairs("6 3", "-6 3", "6 -3"),
			want: [][]string{{"1", "-2"}, {"1", "2"}, {"1", "2"}}})
	}

	// Every other specific name, at one point.
	have := map[string]bool{}
	for _, s := range ss {
		have[s.name] = true
	}
	for _, r := range Rules() {
		if r.Name == r.Generic || r.Form != Elemental || have[r.Name] {
			continue
		}
		t := specificArg[r.Name]
		if t == nil {
			t = r.Result
		}
		in := sema.LookupIntrinsic(r.Name)
		var ops []eop
		pt := []string{"0.6", "0.35"}[:in.MinArgs]
		for i := range pt {
			ops = append(ops, v(t))
			switch {
			case t.IsInteger():
				pt[i] = []string{"3", "2"}[i]
			case t.IsComplex():
				pt[i] += ",0.3"
			}
		}
		add(&espec{name: r.Name, ops: ops, fd: specificFD[r.Name], points: [][]string{pt}})
	}

	// Canaries: wrong rules that the comparison must catch.
	add(&espec{name: "cos", ops: []eop{v(r8)}, points: pts("0.7"),
		sabotage: func(p Partials, a []Operand) Partials { return Partials{Call("cos", a[0].X)} }})
	add(&espec{name: "log10", ops: []eop{v(r8)}, points: pts("1.7"), // a real(4) constant in a real(8) rule
		sabotage: func(p Partials, a []Operand) Partials {
			return Partials{Div(Real("1", 8), Mul(a[0].X, Call("log", Real("10", 4))))}
		}})
	add(&espec{name: "sqrt", ops: []eop{v(c8)}, points: pts("0.7,0.4"), // conjugated partial
		sabotage: func(p Partials, a []Operand) Partials { return Partials{Call("conjg", p[0])} }})
	return ss
}

func TestElementalNumerical(t *testing.T) {
	t.Parallel()
	p := &program{name: "elemental"}
	for _, s := range elementalSpecs() {
		p.addElemental(t, s)
	}
	p.run(t)
}

// TestElementalPartialsTable checks that elementalPartials has a formula
// for every differentiable elemental intrinsic of package intrinsic's
// table, and none for another.
func TestElementalPartialsTable(t *testing.T) {
	for _, r := range Rules() {
		if _, ok := elementalPartials[r.Generic]; r.Form == Elemental && r.Differentiable() && !ok {
			t.Errorf("no partials for elemental intrinsic '%s' (generic '%s')", r.Name, r.Generic)
		}
	}
	for g := range elementalPartials {
		if r, ok := Lookup(g); !ok || r.Form != Elemental || !r.Differentiable() {
			t.Errorf("partials for '%s', which is not a differentiable elemental intrinsic", g)
		}
	}
}
