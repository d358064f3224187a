package deriv

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// aarg is one argument of a Tangent/Adjoint case.
type aarg struct {
	t       *sema.Type
	shape   []int    // nil for a scalar
	lit     string   // a passive constant written as is (DIM, NCOPIES, SHIFT, SHAPE, ORDER, KIND)
	mask    bool     // a logical variable of the shape (random unless vals)
	passive bool     // a variable without tangent
	absent  bool     // an absent optional argument
	vals    []string // fixed values, flattened in array element order (else random)
	dir     []string // fixed tangent values (else random)
}

// aspec checks Tangent against central differences along the
// arguments' tangents, and Adjoint against Tangent by the dot-product
// test: <Tangent(xd), rb> = sum over the arguments of <xd, Adjoint(rb)>.
type aspec struct {
	name   string // intrinsic, or operator "+", "-", "*", "/", "**"
	args   []aarg
	rt     *sema.Type // result type
	rshape []int      // result shape
	rb     []string   // fixed result adjoint (else random)
	fd     string     // the function in real(16) of A1, A2, ...; "" for the call itself
	// wantT, if set, is the exact tangent expected (a Fortran
	// expression), and wantA the exact adjoints (entries "" not
	// checked), instead of finite differences: conventions at ties.
	wantT string
	wantA []string
	// Canaries: spoil the tangent or the adjoints; a check must fail.
	sabT func(ast.Expr) ast.Expr
	sabA func([]ast.Expr) []ast.Expr
}

func dims(shape []int) string {
	if len(shape) == 0 {
		return ""
	}
	var s []string
	for _, n := range shape {
		s = append(s, fmt.Sprint(n))
	}
	return "(" + strings.Join(s, ",") + ")"
}

func size(shape []int) int {
	n := 1
	for _, d := range shape {
		n *= d
	}
	return n
}

// value writes vals (flattened) as the value of an array of shape.
func value(vals []string, shape []int) string {
	if len(shape) == 0 {
		return vals[0]
	}
	c := "[" + strings.Join(vals, ", ") + "]"
	if len(shape) == 1 {
		return c
	}
	var s []string
	for _, n := range shape {
		s = append(s, fmt.Sprint(n))
	}
	return "reshape(" + c + ", [" + strings.Join(s, ", ") + "])"
}

func randVals(rng *rand.Rand, t *sema.Type, n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		re := fmt.Sprintf("%.6f", 2*rng.Float64()-1)
		if t.IsComplex() {
			re += fmt.Sprintf(",%.6f", 2*rng.Float64()-1)
		}
		out = append(out, flit(re, t))
	}
	return out
}

func lits(vs []string, t *sema.Type) []string {
	var out []string
	for _, v := range vs {
		out = append(out, flit(v, t))
	}
	return out
}

// maxAbs is max |e| for an array or scalar e.
func maxAbs(e string, rank int) string {
	if rank == 0 {
		return "abs(" + e + ")"
	}
	return "maxval(abs(" + e + "))"
}

// dot is the real inner product of u and v (complex numbers as pairs of reals).
func dot(u, v string, rank int, cplx bool) string {
	p := "(" + u + ")*(" + v + ")"
	if cplx {
		p = "conjg(" + u + ")*(" + v + ")"
	}
	if rank > 0 {
		p = "sum(" + p + ")"
	}
	if cplx {
		p = "real(" + p + ")"
	}
	return p
}

func (s *aspec) desc() string {
	var ts []string
	for _, a := range s.args {
		switch {
		case a.absent:
			ts = append(ts, "-")
		case a.lit != "":
			ts = append(ts, a.lit)
		case a.mask:
			ts = append(ts, "mask"+dims(a.shape))
		default:
			d := a.t.String() + dims(a.shape)
			if a.passive {
				d += " passive"
			}
			ts = append(ts, d)
		}
	}
	d := s.name + "(" + strings.Join(ts, ", ") + ")"
	if s.sabT != nil || s.sabA != nil {
		d += " [canary]"
	}
	return d
}

// call writes the call with the argument texts; after an absent
// argument the others are keyword arguments.
func (s *aspec) call(name string, as []string) string {
	if op, ok := binOps[name]; ok && op != 0 {
		return "(" + as[0] + ")" + name + "(" + as[1] + ")"
	}
	in := sema.LookupIntrinsic(name)
	var out []string
	kw := false
	for i, a := range as {
		if s.args[i].absent {
			kw = true
			continue
		}
		if kw {
			a = in.Args[i] + "=" + a
		}
		out = append(out, a)
	}
	return name + "(" + strings.Join(out, ", ") + ")"
}

// derivs returns the tangent and the adjoints of the case.
func (s *aspec) derivs(args []Operand, td []ast.Expr, rb, result ast.Expr) (ast.Expr, []ast.Expr, error) {
	var t ast.Expr
	var a []ast.Expr
	var err error
	if op, ok := binOps[s.name]; ok {
		var p Partials
		p, err = Binary(op, args[0], args[1], result)
		if err != nil {
			return nil, nil, err
		}
		t = TangentSum(p, args, td, s.rt)
		a = AdjointTerms(p, args, rb, s.rt, len(s.rshape))
	} else {
		t, err = Tangent(s.name, args, td, result)
		if err != nil {
			return nil, nil, err
		}
		a, err = Adjoint(s.name, args, rb, result)
		if err != nil {
			return nil, nil, err
		}
	}
	if s.sabT != nil {
		t = s.sabT(t)
	}
	if s.sabA != nil {
		a = s.sabA(a)
	}
	return t, a, nil
}

func (p *program) addArray(t *testing.T, rng *rand.Rand, s *aspec) {
	p.beginUnit()
	desc := s.desc()
	args := make([]Operand, len(s.args))
	td := make([]ast.Expr, len(s.args))
	orig := make([]string, len(s.args))
	for i, a := range s.args {
		name := fmt.Sprintf("a%d", i+1)
		orig[i] = name
		switch {
		case a.absent:
			orig[i] = ""
		case a.lit != "":
			args[i] = Operand{X: mustParse(a.lit), Type: a.t, Rank: len(a.shape)}
			orig[i] = a.lit
		default:
			args[i] = Operand{X: ast.NewIdent(name), Type: a.t, Rank: len(a.shape)}
			if !a.mask && !a.passive {
				td[i] = ast.NewIdent(name + "d")
			}
		}
	}
	result := ast.NewIdent("r")
	tan, adj, err := s.derivs(args, td, ast.NewIdent("rb"), result)
	if err != nil {
		t.Errorf("%s: %v", desc, err)
		return
	}
	rrank, cplx := len(s.rshape), s.rt.IsComplex()
	canaryT, canaryA := s.sabT != nil, s.sabA != nil
	tol := tolFor(floatKind(s.rt))
	if tol < 1e-12 {
		tol = 1e-12
	}
	p.line("block")
	for i, a := range s.args {
		switch {
		case a.absent || a.lit != "":
		case a.mask:
			p.line("  logical :: a%d%s", i+1, dims(a.shape))
		default:
			p.line("  %s :: a%d%s, a%dd%s, a%db%s", ftype(a.t), i+1, dims(a.shape), i+1, dims(a.shape), i+1, dims(a.shape))
			p.line("  %s :: q%d%s, q%dd%s", qtype(a.t), i+1, dims(a.shape), i+1, dims(a.shape))
		}
	}
	rd := dims(s.rshape)
	p.line("  %s :: r%s, rd%s, rb%s", ftype(s.rt), rd, rd, rd)
	p.line("  %s :: fd%s, want%s, dif%s", qtype(s.rt), rd, rd, rd)
	p.line("  real(16) :: h")
	p.line("  real(8) :: lhs, rhs")
	for i, a := range s.args {
		n := size(a.shape)
		switch {
		case a.absent || a.lit != "":
		case a.mask:
			vs := a.vals
			if vs == nil {
				for j := 0; j < n; j++ {
					vs = append(vs, map[bool]string{true: ".true.", false: ".false."}[rng.Float64() < 0.7])
				}
			}
			p.line("  a%d = %s", i+1, value(vs, a.shape))
		default:
			vs := randVals(rng, a.t, n)
			if a.vals != nil {
				vs = lits(a.vals, a.t)
			}
			ds := randVals(rng, a.t, n)
			if a.dir != nil {
				ds = lits(a.dir, a.t)
			}
			p.line("  a%d = %s", i+1, value(vs, a.shape))
			p.line("  a%dd = %s", i+1, value(ds, a.shape))
			p.line("  q%d = a%d", i+1, i+1)
			p.line("  q%dd = a%dd", i+1, i+1)
		}
	}
	rbv := randVals(rng, s.rt, size(s.rshape))
	if s.rb != nil {
		rbv = lits(s.rb, s.rt)
	}
	p.line("  rb = %s", value(rbv, s.rshape))
	p.line("  r = %s", s.call(s.name, orig))
	if tan == nil {
		p.line("  rd = 0")
	} else {
		p.line("  rd = %s", str(tan))
	}
	// Tangent: exact value or central differences along the tangents.
	if s.wantT != "" {
		id := p.newCheck("exact tangent at ties", desc+": tangent "+str(tan)+" = "+s.wantT, 1e-15, canaryT)
		p.line("  want = %s", s.wantT)
		// (maxval(abs(rd - want)) is wrong in gfortran 12 for arrays of
		// complex of different kinds: the difference goes to a variable.)
		p.line("  dif = rd - want")
		p.report(id, fmt.Sprintf("%s/max(%s, 1.0e-8_16)", maxAbs("dif", rrank), maxAbs("want", rrank)))
	} else {
		fdArgs := func(sign string) []string {
			as := make([]string, len(s.args))
			for i, a := range s.args {
				switch {
				case a.absent:
				case a.lit != "" || a.mask:
					as[i] = orig[i]
				case a.passive:
					as[i] = fmt.Sprintf("q%d", i+1)
				default:
					as[i] = fmt.Sprintf("(q%d %s h*q%dd)", i+1, sign, i+1)
				}
			}
			return as
		}
		f := func(sign string) string {
			as := fdArgs(sign)
			if s.fd == "" {
				name := s.name
				if r, ok := Lookup(name); ok {
					name = r.Generic
				}
				return s.call(name, as)
			}
			fd := s.fd
			for j := len(as) - 1; j >= 0; j-- {
				fd = strings.ReplaceAll(fd, fmt.Sprintf("A%d", j+1), as[j])
			}
			return fd
		}
		p.line("  h = 1.0e-12_16")
		p.line("  fd = ((%s) - (%s))/(2*h)", f("+"), f("-"))
		id := p.newCheck("tangent vs real(16) FD, "+ftype(s.rt)+" result", desc+": tangent "+str(tan), tol, canaryT)
		p.line("  dif = rd - fd")
		p.report(id, fmt.Sprintf("%s/max(%s, 1.0e-8_16)", maxAbs("dif", rrank), maxAbs("fd", rrank)))
	}
	// Adjoint: dot-product test, and exact values if given.
	p.line("  lhs = %s", dot("rd", "rb", rrank, cplx))
	p.line("  rhs = 0")
	var shown []string
	for i, a := range s.args {
		if a.absent || a.lit != "" || a.mask {
			if i < len(adj) && adj[i] != nil {
				t.Errorf("%s: adjoint for a constant argument %d: %s", desc, i+1, str(adj[i]))
			}
			continue
		}
		p.line("  a%db = 0", i+1)
		if i < len(adj) && adj[i] != nil {
			p.line("  a%db = %s", i+1, str(Add(ast.NewIdent(fmt.Sprintf("a%db", i+1)), adj[i])))
			shown = append(shown, str(adj[i]))
		}
		if a.passive {
			continue
		}
		p.line("  rhs = rhs + %s", dot(fmt.Sprintf("a%dd", i+1), fmt.Sprintf("a%db", i+1), len(a.shape), a.t.IsComplex()))
		if s.wantA != nil && s.wantA[i] != "" {
			id := p.newCheck("exact adjoint at ties", fmt.Sprintf("%s: adjoint %d = %s", desc, i+1, s.wantA[i]), 1e-15, canaryA)
			w := "real(" + s.wantA[i] + ", 8)"
			p.report(id, fmt.Sprintf("%s/max(%s, 1.0e-8_8)",
				maxAbs(fmt.Sprintf("a%db - %s", i+1, w), len(a.shape)), maxAbs(w, len(a.shape))))
		}
	}
	dtol := tol
	if floatKind(s.rt) == 4 {
		dtol = 1e-5
	}
	id := p.newCheck("dot-product test, "+ftype(s.rt)+" result", desc+": dot-product test of "+strings.Join(shown, "; "), dtol, canaryA || canaryT)
	p.report(id, "abs(lhs - rhs)/max(abs(lhs), 1.0e-8_8)")
	p.line("end block")
}

// arraySpecs: every array intrinsic in its forms (DIM, MASK, ranks,
// matrix-vector products, PAD and ORDER), zeros for product, ties for
// maxval; elemental intrinsics through Tangent and Adjoint (complex
// conventions, conjg, scalar arguments of array results) and operators
// through TangentSum and AdjointTerms.
func arraySpecs() []*aspec {
	vr := func(t *sema.Type, shape ...int) aarg { return aarg{t: t, shape: shape} }
	pas := func(t *sema.Type, shape ...int) aarg { return aarg{t: t, shape: shape, passive: true} }
	mask := func(shape ...int) aarg { return aarg{t: l4, shape: shape, mask: true} }
	li := func(s string) aarg { return aarg{t: i4, lit: s} }
	absent := aarg{absent: true}
	withVals := func(a aarg, vs ...string) aarg { a.vals = vs; return a }
	withDir := func(a aarg, vs ...string) aarg { a.dir = vs; return a }
	var ss []*aspec
	add := func(s *aspec) { ss = append(ss, s) }

	for _, t := range []*sema.Type{r4, r8} {
		add(&aspec{name: "sum", args: []aarg{vr(t, 6)}, rt: t})
		add(&aspec{name: "product", args: []aarg{vr(t, 5)}, rt: t})
		add(&aspec{name: "maxval", args: []aarg{vr(t, 6)}, rt: t})
		add(&aspec{name: "minval", args: []aarg{vr(t, 6)}, rt: t})
		add(&aspec{name: "norm2", args: []aarg{vr(t, 5)}, rt: t})
		add(&aspec{name: "dot_product", args: []aarg{vr(t, 5), vr(t, 5)}, rt: t})
		add(&aspec{name: "matmul", args: []aarg{vr(t, 3, 4), vr(t, 4, 2)}, rt: t, rshape: []int{3, 2}})
	}
	// sum
	add(&aspec{name: "sum", args: []aarg{vr(r8, 4, 3)}, rt: r8})
	add(&aspec{name: "sum", args: []aarg{vr(r8, 4, 3), li("1")}, rt: r8, rshape: []int{3}})
	add(&aspec{name: "sum", args: []aarg{vr(r8, 4, 3), li("2")}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "sum", args: []aarg{vr(r8, 6), li("1")}, rt: r8})
	add(&aspec{name: "sum", args: []aarg{vr(r8, 4, 3), absent, mask(4, 3)}, rt: r8})
	add(&aspec{name: "sum", args: []aarg{vr(r8, 4, 3), li("2"), mask(4, 3)}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "sum", args: []aarg{vr(r8, 2, 3, 2), li("2")}, rt: r8, rshape: []int{2, 2}})
	add(&aspec{name: "sum", args: []aarg{vr(c8, 4)}, rt: c8})
	add(&aspec{name: "sum", args: []aarg{vr(c8, 4, 3), li("1"), mask(4, 3)}, rt: c8, rshape: []int{3}})
	// product, zero-safe
	add(&aspec{name: "product", args: []aarg{withVals(vr(r8, 5), "0.7", "0", "-1.3", "0.9", "1.1")}, rt: r8})
	add(&aspec{name: "product", args: []aarg{withVals(vr(r8, 5), "0.7", "0", "-1.3", "0", "1.1")}, rt: r8})
	add(&aspec{name: "product", args: []aarg{withVals(vr(r8, 5), "0.7", "0", "-1.3", "0", "1.1"), absent,
		withVals(mask(5), ".true.", ".true.", ".true.", ".false.", ".true.")}, rt: r8})
	add(&aspec{name: "product", args: []aarg{vr(r8, 4, 3)}, rt: r8})
	add(&aspec{name: "product", args: []aarg{withVals(vr(r8, 3, 3), "0.7", "0", "-1.3", "0", "1.1", "0", "0.5", "0.8", "-0.6"), li("1")}, rt: r8, rshape: []int{3}})
	add(&aspec{name: "product", args: []aarg{withVals(vr(r8, 3, 3), "0.7", "0", "-1.3", "0", "1.1", "0", "0.5", "0.8", "-0.6"), li("2")}, rt: r8, rshape: []int{3}})
	add(&aspec{name: "product", args: []aarg{withVals(vr(r8, 3, 3), "0.7", "0", "-1.3", "0", "1.1", "0", "0.5", "0.8", "-0.6"), li("2"), mask(3, 3)}, rt: r8, rshape: []int{3}})
	add(&aspec{name: "product", args: []aarg{withVals(vr(r4, 4), "0.7", "0", "-1.3", "0.9")}, rt: r4})
	// maxval, minval
	for _, name := range []string{"maxval", "minval"} {
		add(&aspec{name: name, args: []aarg{vr(r8, 4, 3)}, rt: r8})
		add(&aspec{name: name, args: []aarg{vr(r8, 4, 3), li("1")}, rt: r8, rshape: []int{3}})
		add(&aspec{name: name, args: []aarg{vr(r8, 4, 3), li("2")}, rt: r8, rshape: []int{4}})
		add(&aspec{name: name, args: []aarg{vr(r8, 6), li("1")}, rt: r8})
		add(&aspec{name: name, args: []aarg{vr(r8, 6), absent, mask(6)}, rt: r8})
		add(&aspec{name: name, args: []aarg{vr(r8, 4, 3), absent, mask(4, 3)}, rt: r8})
		add(&aspec{name: name, args: []aarg{vr(r8, 4, 3), li("2"), mask(4, 3)}, rt: r8, rshape: []int{4}})
		add(&aspec{name: name, args: []aarg{vr(r8, 2, 3, 2), li("3")}, rt: r8, rshape: []int{2, 3}})
		add(&aspec{name: name, args: []aarg{vr(r8, 4), absent, withVals(mask(4), ".false.", ".false.", ".false.", ".false.")}, rt: r8})
	}
	// ties: the first extremal element
	add(&aspec{name: "maxval", args: []aarg{withDir(withVals(vr(r8, 4), "1", "3", "3", "2"), "1", "2", "4", "8")}, rt: r8,
		rb: []string{"1"}, wantT: "2", wantA: []string{"[0, 1, 0, 0]"}})
	add(&aspec{name: "minval", args: []aarg{withDir(withVals(vr(r8, 4), "2", "1", "3", "1"), "1", "2", "4", "8")}, rt: r8,
		rb: []string{"1"}, wantT: "2", wantA: []string{"[0, 1, 0, 0]"}})
	add(&aspec{name: "maxval", args: []aarg{withDir(withVals(vr(r8, 2, 2), "1", "3", "3", "2"), "1", "2", "4", "8")}, rt: r8,
		rb: []string{"1"}, wantT: "2", wantA: []string{"reshape([0, 1, 0, 0], [2, 2])"}})
	add(&aspec{name: "maxval", args: []aarg{withDir(withVals(vr(r8, 3, 2), "3", "1", "3", "2", "5", "5"), "1", "2", "4", "8", "16", "32"), li("1")},
		rt: r8, rshape: []int{2}, rb: []string{"1", "10"}, wantT: "[1, 16]", wantA: []string{"reshape([1, 0, 0, 0, 10, 0], [3, 2])"}})
	add(&aspec{name: "minval", args: []aarg{withDir(withVals(vr(r8, 3, 2), "3", "1", "2", "3", "5", "2"), "1", "2", "4", "8", "16", "32"), li("2")},
		rt: r8, rshape: []int{3}, rb: []string{"1", "10", "100"}, wantT: "[1, 2, 4]", wantA: []string{"reshape([1, 10, 100, 0, 0, 0], [3, 2])"}})
	add(&aspec{name: "minval", args: []aarg{withDir(withVals(vr(r8, 3, 2), "3", "1", "2", "3", "5", "1"), "1", "2", "4", "8", "16", "32"), li("2")},
		rt: r8, rshape: []int{3}, rb: []string{"1", "10", "100"}, wantT: "[1, 2, 32]", wantA: []string{"reshape([1, 10, 0, 0, 0, 100], [3, 2])"}})
	// norm2
	add(&aspec{name: "norm2", args: []aarg{vr(r8, 4, 3)}, rt: r8})
	add(&aspec{name: "norm2", args: []aarg{vr(r8, 4, 3), li("2")}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "norm2", args: []aarg{vr(r8, 4), li("1")}, rt: r8})
	// dot_product, matmul
	add(&aspec{name: "dot_product", args: []aarg{pas(r8, 5), vr(r8, 5)}, rt: r8})
	add(&aspec{name: "dot_product", args: []aarg{vr(r8, 5), pas(r8, 5)}, rt: r8})
	add(&aspec{name: "matmul", args: []aarg{vr(r8, 3, 4), vr(r8, 4)}, rt: r8, rshape: []int{3}})
	add(&aspec{name: "matmul", args: []aarg{vr(r8, 4), vr(r8, 4, 2)}, rt: r8, rshape: []int{2}})
	add(&aspec{name: "matmul", args: []aarg{pas(r8, 3, 4), vr(r8, 4, 2)}, rt: r8, rshape: []int{3, 2}})
	add(&aspec{name: "matmul", args: []aarg{vr(r4, 3, 4), vr(r4, 4)}, rt: r4, rshape: []int{3}})
	// transpose, spread, reshape, cshift
	add(&aspec{name: "transpose", args: []aarg{vr(r8, 3, 4)}, rt: r8, rshape: []int{4, 3}})
	add(&aspec{name: "transpose", args: []aarg{vr(c8, 2, 3)}, rt: c8, rshape: []int{3, 2}})
	add(&aspec{name: "spread", args: []aarg{vr(r8), li("1"), li("4")}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "spread", args: []aarg{vr(r8, 3), li("1"), li("4")}, rt: r8, rshape: []int{4, 3}})
	add(&aspec{name: "spread", args: []aarg{vr(r8, 3), li("2"), li("4")}, rt: r8, rshape: []int{3, 4}})
	add(&aspec{name: "spread", args: []aarg{vr(c8, 3, 2), li("2"), li("2")}, rt: c8, rshape: []int{3, 2, 2}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 12), li("[4, 3]")}, rt: r8, rshape: []int{4, 3}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 4, 3), li("[2, 6]")}, rt: r8, rshape: []int{2, 6}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 5), li("[2, 4]"), vr(r8, 2)}, rt: r8, rshape: []int{2, 4}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 5), li("[3, 4]"), vr(r8, 2, 2)}, rt: r8, rshape: []int{3, 4}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 5), li("[2, 4]"), pas(r8, 3)}, rt: r8, rshape: []int{2, 4}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 10), li("[2, 3]"), vr(r8, 2)}, rt: r8, rshape: []int{2, 3}})
	add(&aspec{name: "reshape", args: []aarg{pas(r8, 5), li("[2, 4]"), vr(r8, 2)}, rt: r8, rshape: []int{2, 4}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 6), li("[2, 3]"), absent, li("[2, 1]")}, rt: r8, rshape: []int{2, 3}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 12), li("[2, 3, 2]"), absent, li("[3, 1, 2]")}, rt: r8, rshape: []int{2, 3, 2}})
	add(&aspec{name: "reshape", args: []aarg{vr(r8, 4), li("[2, 3]"), vr(r8, 3), li("[2, 1]")}, rt: r8, rshape: []int{2, 3}})
	add(&aspec{name: "reshape", args: []aarg{vr(c8, 6), li("[3, 2]")}, rt: c8, rshape: []int{3, 2}})
	add(&aspec{name: "cshift", args: []aarg{vr(r8, 5), li("2")}, rt: r8, rshape: []int{5}})
	add(&aspec{name: "cshift", args: []aarg{vr(r8, 4, 3), li("-1"), li("2")}, rt: r8, rshape: []int{4, 3}})
	add(&aspec{name: "cshift", args: []aarg{vr(r8, 4, 3), li("[1, -1, 2]"), li("1")}, rt: r8, rshape: []int{4, 3}})
	// eoshift, pack, unpack (moves.go)
	add(&aspec{name: "eoshift", args: []aarg{vr(r8, 5), li("2")}, rt: r8, rshape: []int{5}})
	add(&aspec{name: "eoshift", args: []aarg{vr(r8, 5), li("-1"), vr(r8)}, rt: r8, rshape: []int{5}})
	add(&aspec{name: "eoshift", args: []aarg{pas(r8, 5), li("3"), vr(r8)}, rt: r8, rshape: []int{5}})
	add(&aspec{name: "eoshift", args: []aarg{vr(r8, 4, 3), li("-1"), vr(r8, 4), li("2")}, rt: r8, rshape: []int{4, 3}})
	add(&aspec{name: "eoshift", args: []aarg{vr(r8, 4, 3), li("[1, -1, 2]"), vr(r8, 3), li("1")}, rt: r8, rshape: []int{4, 3}})
	add(&aspec{name: "eoshift", args: []aarg{vr(r8, 4, 3), li("1"), vr(r8)}, rt: r8, rshape: []int{4, 3}})
	add(&aspec{name: "eoshift", args: []aarg{vr(r8, 4, 3), li("2"), absent, li("2")}, rt: r8, rshape: []int{4, 3}})
	tf := []string{".true.", ".false.", ".true.", ".true.", ".false.", ".true."}
	add(&aspec{name: "pack", args: []aarg{vr(r8, 6), withVals(mask(6), tf...)}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "pack", args: []aarg{vr(r8, 2, 3), withVals(mask(2, 3), tf...), vr(r8, 7)}, rt: r8, rshape: []int{7}})
	add(&aspec{name: "pack", args: []aarg{pas(r8, 6), withVals(mask(6), tf...), vr(r8, 5)}, rt: r8, rshape: []int{5}})
	add(&aspec{name: "pack", args: []aarg{vr(r8, 3), aarg{t: l4, lit: ".true."}, vr(r8, 5)}, rt: r8, rshape: []int{5}})
	add(&aspec{name: "pack", args: []aarg{vr(r8, 3), aarg{t: l4, lit: ".false."}, vr(r8, 4)}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "unpack", args: []aarg{vr(r8, 5), withVals(mask(2, 3), tf...), vr(r8, 2, 3)}, rt: r8, rshape: []int{2, 3}})
	add(&aspec{name: "unpack", args: []aarg{vr(r8, 4), withVals(mask(6), tf...), vr(r8)}, rt: r8, rshape: []int{6}})
	add(&aspec{name: "unpack", args: []aarg{pas(r8, 4), withVals(mask(6), tf...), vr(r8, 6)}, rt: r8, rshape: []int{6}})
	add(&aspec{name: "unpack", args: []aarg{vr(r8, 4), withVals(mask(6), tf...), pas(r8)}, rt: r8, rshape: []int{6}})

	// Elemental intrinsics through Tangent and Adjoint.
	add(&aspec{name: "sin", args: []aarg{vr(r8, 5)}, rt: r8, rshape: []int{5}})
	add(&aspec{name: "atan2", args: []aarg{vr(r8), vr(r8, 4)}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "max", args: []aarg{vr(r8, 4), vr(r8), vr(r8, 4)}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "hypot", args: []aarg{vr(r4, 3), vr(r4, 3)}, rt: r4, rshape: []int{3}})
	add(&aspec{name: "mod", args: []aarg{vr(r8, 4), withVals(vr(r8), "0.3")}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "merge", args: []aarg{vr(r8, 4), vr(r8), mask(4)}, rt: r8, rshape: []int{4}})
	add(&aspec{name: "exp", args: []aarg{vr(c8)}, rt: c8})
	add(&aspec{name: "sqrt", args: []aarg{vr(c8, 3)}, rt: c8, rshape: []int{3}})
	add(&aspec{name: "log", args: []aarg{vr(c4, 3)}, rt: c4, rshape: []int{3}})
	add(&aspec{name: "abs", args: []aarg{vr(c8, 3)}, rt: r8, rshape: []int{3}})
	add(&aspec{name: "real", args: []aarg{vr(c8, 3)}, rt: r8, rshape: []int{3}, fd: "real(A1)"})
	add(&aspec{name: "aimag", args: []aarg{vr(c8, 3)}, rt: r8, rshape: []int{3}})
	add(&aspec{name: "conjg", args: []aarg{vr(c8, 3)}, rt: c8, rshape: []int{3}})
	add(&aspec{name: "dconjg", args: []aarg{vr(c8)}, rt: c8})
	add(&aspec{name: "cmplx", args: []aarg{vr(r8, 3), vr(r8), li("8")}, rt: c8, rshape: []int{3}, fd: "cmplx(A1, A2, 16)"})
	add(&aspec{name: "cmplx", args: []aarg{vr(c8, 3), absent, li("8")}, rt: c8, rshape: []int{3}, fd: "A1"})
	// Operators through Binary, TangentSum and AdjointTerms.
	add(&aspec{name: "*", args: []aarg{vr(c8, 3), vr(r8, 3)}, rt: c8, rshape: []int{3}})
	add(&aspec{name: "*", args: []aarg{vr(r8), vr(c8, 3)}, rt: c8, rshape: []int{3}})
	add(&aspec{name: "/", args: []aarg{vr(r8, 4), vr(c8)}, rt: c8, rshape: []int{4}})
	add(&aspec{name: "**", args: []aarg{vr(c8, 2), vr(c8, 2)}, rt: c8, rshape: []int{2}})
	add(&aspec{name: "+", args: []aarg{vr(r8), vr(r8, 3)}, rt: r8, rshape: []int{3}})
	add(&aspec{name: "-", args: []aarg{vr(c8, 3), vr(c8, 3)}, rt: c8, rshape: []int{3}})
	add(&aspec{name: "**", args: []aarg{withVals(vr(r8, 3), "0.5", "1.5", "2.5"), vr(r8)}, rt: r8, rshape: []int{3}})

	// Canaries.
	add(&aspec{name: "sum", args: []aarg{vr(r8, 4, 3), li("2")}, rt: r8, rshape: []int{4},
		sabA: func(a []ast.Expr) []ast.Expr {
			return []ast.Expr{Call("spread", Call("cshift", ast.NewIdent("rb"), Int(1)), Int(2), Int(3))}
		}})
	add(&aspec{name: "norm2", args: []aarg{vr(r8, 5)}, rt: r8,
		sabT: func(e ast.Expr) ast.Expr { return e.(*ast.BinaryExpr).X }})
	add(&aspec{name: "maxval", args: []aarg{withDir(withVals(vr(r8, 4), "1", "3", "3", "2"), "1", "2", "4", "8")}, rt: r8,
		rb: []string{"1"}, wantT: "2", sabT: func(ast.Expr) ast.Expr { return mustParse("a1d(3)") }})
	add(&aspec{name: "*", args: []aarg{vr(c8, 3), vr(c8, 3)}, rt: c8, rshape: []int{3},
		sabA: func(a []ast.Expr) []ast.Expr { // no conjugate
			return []ast.Expr{Mul(ast.NewIdent("a2"), ast.NewIdent("rb")), a[1]}
		}})
	return ss
}

func TestArrayNumerical(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	p := &program{name: "arrays"}
	for _, s := range arraySpecs() {
		p.addArray(t, rng, s)
	}
	p.run(t)
}
