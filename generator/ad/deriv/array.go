package deriv

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Tangent returns the tangent of the intrinsic call name(args), given
// the tangents of the arguments (tangents[i] nil: argument i is passive,
// or not differentiable like DIM and MASK). It handles every rule:
// elemental intrinsics (through Intrinsic and TangentSum), conjg and the
// array intrinsics:
//
//	sum(x, dim, mask)   sum(xd, dim, mask=mask)
//	product(x)          zero-safe: product(x, mask=x /= 0)*merge(sum(xd/x), merge(sum(xd at the zero), 0, one zero), no zero)
//	maxval(x), minval   sum(xd, dim, mask=M), M the first location of the extremum (see maxval in docs/derivatives.md)
//	norm2(x, dim)       sum(x*xd, dim)/norm2(x, dim)
//	dot_product(a, b)   dot_product(ad, b) + dot_product(a, bd)
//	matmul(a, b)        matmul(ad, b) + matmul(a, bd)
//	transpose(x)        transpose(xd)
//	spread(s, dim, n)   spread(sd, dim, n)
//	reshape(s, sh, pad, order)  reshape(sd, sh, padd, order)
//	cshift(x, s, dim)   cshift(xd, s, dim)
//	eoshift, pack, unpack  the call on the tangents (moves.go)
//
// result, if not nil, holds the call's value (norm2 and some elemental
// rules use it). A nil expression with a nil error means a zero tangent
// (no argument carries a derivative).
func Tangent(name string, args []Operand, tangents []ast.Expr, result ast.Expr) (ast.Expr, error) {
	r, err := lookupCall(name, args)
	if err != nil {
		return nil, err
	}
	tangents = append(tangents, make([]ast.Expr, max(0, len(args)-len(tangents)))...)
	if !r.Differentiable() {
		return nil, nil
	}
	switch r.Form {
	case Elemental:
		p, err := Intrinsic(name, args, result)
		if err != nil {
			return nil, err
		}
		rt, err := resultType(r, args)
		if err != nil {
			return nil, err
		}
		return TangentSum(p, args, tangents, rt), nil
	case ElementalLinear: // conjg
		if !args[0].float() || tangents[0] == nil {
			return nil, nil
		}
		return Call("conjg", tangents[0]), nil
	}
	a := arrayCall{name: r.Generic, args: args, result: result}
	return a.tangent(tangents)
}

// Adjoint returns, for each argument of the intrinsic call name(args),
// the expression to add to its adjoint given the adjoint rb of the
// result (nil: the argument carries no derivative). An expression may be
// a scalar for an array argument (sum(x): rb), to be broadcast by the
// assignment xb = xb + rb. Elemental intrinsics go through Intrinsic and
// AdjointTerms (a scalar argument of an array result gets a sum); the
// array intrinsics:
//
//	sum(x, dim, mask)    rb (spread(rb, dim, size(x, dim)) with dim), merge(.., 0, mask) with mask
//	product(x)           zero-safe rb*product(x without x(i)), see docs/derivatives.md
//	maxval(x), minval    merge(rb, 0, M), M as in Tangent
//	norm2(x, dim)        rb/norm2(x, dim)*x (spread along dim)
//	dot_product(a, b)    rb*b, rb*a
//	matmul(a, b)         matmul(rb, transpose(b)), matmul(transpose(a), rb); outer products as matmul of a column and a row
//	                     (spread(u, 2, n)*spread(v, 1, m)) for a matrix-vector or vector-matrix product
//	transpose(x)         transpose(rb)
//	spread(s, dim, n)    sum(rb, dim)
//	reshape(s, sh, pad)  reshape(rb, shape(s), [0]); pad: the tail of rb folded onto pad's cycle
//	cshift(x, s, dim)    cshift(rb, -s, dim)
//	eoshift, pack, unpack  rb moved back (moves.go)
func Adjoint(name string, args []Operand, rb ast.Expr, result ast.Expr) ([]ast.Expr, error) {
	r, err := lookupCall(name, args)
	if err != nil {
		return nil, err
	}
	out := make([]ast.Expr, len(args))
	if !r.Differentiable() || IsZero(rb) {
		// (A zero adjoint, folded from 0*e to a scalar 0, adds
		// nothing; spread or reshape of it would not even compile.)
		return out, nil
	}
	switch r.Form {
	case Elemental:
		p, err := Intrinsic(name, args, result)
		if err != nil {
			return nil, err
		}
		rt, err := resultType(r, args)
		if err != nil {
			return nil, err
		}
		rank := 0
		for _, a := range args {
			if a.present() {
				rank = max(rank, a.Rank)
			}
		}
		return AdjointTerms(p, args, rb, rt, rank), nil
	case ElementalLinear: // conjg
		if args[0].float() {
			out[0] = Call("conjg", rb)
		}
		return out, nil
	}
	a := arrayCall{name: r.Generic, args: args, result: result}
	return a.adjoint(rb)
}

type arrayCall struct {
	name   string
	args   []Operand
	result ast.Expr
}

func (a *arrayCall) arg(i int) Operand {
	if i < len(a.args) {
		return a.args[i]
	}
	return Operand{}
}

// zero returns the zero of type t (complex zeros are (0, 0)).
func zero(t *sema.Type) ast.Expr {
	if t.IsComplex() {
		return &ast.ComplexLit{Re: Real("0", t.Kind), Im: Real("0", t.Kind)}
	}
	return Const("0", t)
}

func (a *arrayCall) realOnly() error {
	for _, o := range a.args {
		if o.complex() {
			return fmt.Errorf("not supported: complex intrinsic %s", a.name)
		}
	}
	return nil
}

// reduceArgs returns the argument list of a reduction over e with the
// call's DIM and MASK (a keyword, so that it may follow no DIM), and
// mask, if given, replacing the call's MASK.
func (a *arrayCall) reduceArgs(e ast.Expr, mask ast.Expr) []ast.Expr {
	as := []ast.Expr{e}
	if d := a.arg(1); d.present() {
		as = append(as, d.X)
	}
	if mask == nil {
		if m := a.arg(2); m.present() {
			mask = m.X
		}
	}
	if mask != nil {
		as = append(as, Kw("mask", mask))
	}
	return as
}

// spreadDim broadcasts e, a value of the shape of the reduction's
// result, back to the shape of its array argument: spread(e, dim,
// size(x, dim)) when there is a DIM and x has rank > 1, else e itself.
func (a *arrayCall) spreadDim(e ast.Expr) ast.Expr {
	x, d := a.arg(0), a.arg(1)
	if !d.present() || x.Rank <= 1 {
		return e
	}
	return Call("spread", e, d.X, Call("size", x.X, d.X))
}

func (a *arrayCall) tangent(td []ast.Expr) (ast.Expr, error) {
	x := a.arg(0)
	if !x.float() && a.name != "dot_product" && a.name != "matmul" {
		return nil, nil
	}
	switch a.name {
	case "sum":
		if td[0] == nil {
			return nil, nil
		}
		return Call("sum", a.reduceArgs(td[0], nil)...), nil
	case "product":
		if err := a.realOnly(); err != nil || td[0] == nil {
			return nil, err
		}
		return a.productTangent(td[0]), nil
	case "maxval", "minval":
		if err := a.realOnly(); err != nil || td[0] == nil {
			return nil, err
		}
		return Call("sum", a.reduceArgs(td[0], a.firstLoc())...), nil
	case "norm2":
		if err := a.realOnly(); err != nil || td[0] == nil {
			return nil, err
		}
		return Div(Call("sum", a.reduceArgs(Mul(x.X, td[0]), nil)...), a.self()), nil
	case "dot_product", "matmul":
		if err := a.realOnly(); err != nil {
			return nil, err
		}
		y := a.arg(1)
		var t ast.Expr
		if td[0] != nil && x.float() {
			t = Call(a.name, td[0], y.X)
		}
		if td[1] != nil && y.float() {
			t2 := Call(a.name, x.X, td[1])
			if t == nil {
				t = t2
			} else {
				t = Add(t, t2)
			}
		}
		return t, nil
	case "transpose":
		if td[0] == nil {
			return nil, nil
		}
		return Call("transpose", td[0]), nil
	case "spread", "cshift":
		if td[0] == nil {
			return nil, nil
		}
		as := []ast.Expr{td[0]}
		for _, o := range a.args[1:] {
			if o.present() {
				as = append(as, o.X)
			}
		}
		return Call(a.name, as...), nil
	case "eoshift", "pack", "unpack":
		return a.movesTangent(td)
	case "reshape":
		pad := a.arg(2)
		padActive := pad.float() && len(td) > 2 && td[2] != nil
		if td[0] == nil && !padActive {
			return nil, nil
		}
		sd := td[0]
		if sd == nil { // a passive source: zeros of its shape
			sd = Call("reshape", arrayOf(zero(x.Type)), Call("shape", x.X), arrayOf(zero(x.Type)))
		}
		as := []ast.Expr{sd, a.arg(1).X}
		if pad.present() {
			if padActive {
				as = append(as, Kw("pad", td[2]))
			} else {
				as = append(as, Kw("pad", arrayOf(zero(x.Type))))
			}
		}
		if o := a.arg(3); o.present() {
			as = append(as, Kw("order", o.X))
		}
		return Call("reshape", as...), nil
	}
	return nil, fmt.Errorf("no derivative rule for intrinsic '%s'", a.name)
}

func (a *arrayCall) self() ast.Expr {
	if a.result != nil {
		return a.result
	}
	var as []ast.Expr
	for _, o := range a.args {
		if o.present() {
			as = append(as, o.X)
		}
	}
	return Call(a.name, as...)
}

func arrayOf(items ...ast.Expr) ast.Expr {
	return &ast.ArrayConstructor{Brackets: true, Items: items}
}

// firstLoc returns the logical mask, of the shape of the argument, that
// is true at the first location of the maximum (maxval) or minimum
// (minval) that maxloc / minloc return, along DIM if given, within MASK.
// It is built without index variables: an all-false array, made true on
// its first element along the dimension by eoshift, then shifted by
// eoshift to the location (an array shift for DIM on rank > 1).
func (a *arrayCall) firstLoc() ast.Expr {
	x, d, m := a.arg(0), a.arg(1), a.arg(2)
	loc := "maxloc"
	if a.name == "minval" {
		loc = "minloc"
	}
	shiftTo := func(falses, dim, l ast.Expr) ast.Expr {
		first := Call("eoshift", falses, Int(-1), Logical(true), dim)
		return Call("eoshift", first, Sub(Int(1), l), Logical(false), dim)
	}
	if x.Rank > 1 && d.present() {
		as := []ast.Expr{x.X, d.X}
		if m.present() {
			as = append(as, m.X)
		}
		falses := Call("reshape", arrayOf(Logical(false)), Call("shape", x.X), arrayOf(Logical(false)))
		return shiftTo(falses, d.X, Call(loc, as...))
	}
	// Whole array: work on the array flattened to rank 1.
	xs, ms := x.X, ast.Expr(nil)
	if m.present() {
		ms = m.X
	}
	n := Call("size", x.X)
	if x.Rank > 1 {
		xs = Call("reshape", x.X, arrayOf(n))
		if ms != nil {
			ms = Call("reshape", ms, arrayOf(n))
		}
	}
	as := []ast.Expr{xs, Int(1)}
	if ms != nil {
		as = append(as, ms)
	}
	mask := shiftTo(Call("spread", Logical(false), Int(1), n), Int(1), Call(loc, as...))
	if x.Rank > 1 {
		mask = Call("reshape", mask, Call("shape", x.X))
	}
	return mask
}

// productParts returns, for product(x, dim, mask), the masked array xm
// (masked-out elements replaced by 1), the "is zero" test z of xm, the
// number of zeros nz (along dim) and the product of the nonzero elements
// pnz (along dim).
func (a *arrayCall) productParts() (xm, z, nz, pnz ast.Expr) {
	x, d, m := a.arg(0), a.arg(1), a.arg(2)
	xm = x.X
	if m.present() {
		xm = Call("merge", x.X, Const("1", x.Type), m.X)
	}
	z = zeroTest(xm, x.Type)
	red := func(f string, e ast.Expr, mask ast.Expr) ast.Expr {
		as := []ast.Expr{e}
		if d.present() {
			as = append(as, d.X)
		}
		if mask != nil {
			as = append(as, Kw("mask", mask))
		}
		return Call(f, as...)
	}
	nz = red("count", z, nil)
	pnz = red("product", xm, nonzeroTest(xm, x.Type))
	return
}

// zeroTest is x == 0 written without comparing reals for equality, which
// gfortran -Wall flags: abs(x) <= 0 holds for 0 and -0 only, and is false
// for NaN, as x == 0 is.
func zeroTest(x ast.Expr, t *sema.Type) ast.Expr {
	return le(Call("abs", x), Const("0", t))
}

// nonzeroTest is x /= 0 likewise: .not. abs(x) <= 0, true for NaN as x /= 0
// is.
func nonzeroTest(x ast.Expr, t *sema.Type) ast.Expr {
	return &ast.UnaryExpr{Op: token.NOT, OpLit: ".not.", X: zeroTest(x, t)}
}

// productTangent: with P the product of the nonzero elements and nz the
// number of zeros, the tangent is P*sum(xd/x) if nz = 0, P*xd(zero) if
// nz = 1, 0 if nz >= 2. Every merge operand must be safe to evaluate, so
// the division uses merge(x, 1, x /= 0) (zeroTest).
func (a *arrayCall) productTangent(xd ast.Expr) ast.Expr {
	x, d, m := a.arg(0), a.arg(1), a.arg(2)
	xm, z, nz, pnz := a.productParts()
	one, zr := Const("1", x.Type), Const("0", x.Type)
	xdm := xd
	if m.present() {
		xdm = Call("merge", xd, zr, m.X)
	}
	red := func(e ast.Expr, mask ast.Expr) ast.Expr {
		as := []ast.Expr{e}
		if d.present() {
			as = append(as, d.X)
		}
		if mask != nil {
			as = append(as, Kw("mask", mask))
		}
		return Call("sum", as...)
	}
	s1 := red(Div(xdm, Call("merge", xm, one, nonzeroTest(xm, x.Type))), nil)
	s0 := red(xdm, z)
	return Mul(pnz, Call("merge", s1, Call("merge", s0, zr, eq(nz, Int(1))), eq(nz, Int(0))))
}

func (a *arrayCall) adjoint(rb ast.Expr) ([]ast.Expr, error) {
	out := make([]ast.Expr, len(a.args))
	x := a.arg(0)
	if !x.float() && a.name != "dot_product" && a.name != "matmul" {
		return out, nil
	}
	switch a.name {
	case "sum":
		b := a.spreadDim(rb)
		if m := a.arg(2); m.present() {
			b = Call("merge", b, zero(x.Type), m.X)
		}
		out[0] = b
	case "product":
		if err := a.realOnly(); err != nil {
			return nil, err
		}
		xm, z, nz, pnz := a.productParts()
		one, zr := Const("1", x.Type), Const("0", x.Type)
		pnz, nz = a.spreadDim(pnz), a.spreadDim(nz)
		g := Call("merge", Div(pnz, Call("merge", xm, one, nonzeroTest(xm, x.Type))), Call("merge", pnz, zr, z), eq(nz, Int(0)))
		cond := le(nz, Int(1))
		if m := a.arg(2); m.present() {
			cond = and(m.X, cond)
		}
		out[0] = Call("merge", Mul(a.spreadDim(rb), g), zr, cond)
	case "maxval", "minval":
		if err := a.realOnly(); err != nil {
			return nil, err
		}
		out[0] = Call("merge", a.spreadDim(rb), Const("0", x.Type), a.firstLoc())
	case "norm2":
		if err := a.realOnly(); err != nil {
			return nil, err
		}
		out[0] = Mul(a.spreadDim(Div(rb, a.self())), x.X)
	case "dot_product":
		if err := a.realOnly(); err != nil {
			return nil, err
		}
		y := a.arg(1)
		if x.float() {
			out[0] = Mul(rb, y.X)
		}
		if y.float() {
			out[1] = Mul(rb, x.X)
		}
	case "matmul":
		if err := a.realOnly(); err != nil {
			return nil, err
		}
		y := a.arg(1)
		var ab, bb ast.Expr
		switch {
		case x.Rank == 2 && y.Rank == 2:
			ab = Call("matmul", rb, Call("transpose", y.X))
			bb = Call("matmul", Call("transpose", x.X), rb)
		case x.Rank == 2 && y.Rank == 1: // r(i) = sum_j a(i,j)*b(j)
			ab = outer(rb, Call("size", x.X, Int(1)), y.X, Call("size", y.X))
			bb = Call("matmul", rb, x.X)
		case x.Rank == 1 && y.Rank == 2: // r(j) = sum_i a(i)*b(i,j)
			ab = Call("matmul", y.X, rb)
			bb = outer(x.X, Call("size", x.X), rb, Call("size", y.X, Int(2)))
		default:
			return nil, fmt.Errorf("matmul: operands of rank %d and %d", x.Rank, y.Rank)
		}
		if x.float() {
			out[0] = ab
		}
		if y.float() {
			out[1] = bb
		}
	case "transpose":
		out[0] = Call("transpose", rb)
	case "spread":
		out[0] = Call("sum", rb, a.arg(1).X)
	case "cshift":
		as := []ast.Expr{rb, Neg(a.arg(1).X)}
		if d := a.arg(2); d.present() {
			as = append(as, d.X)
		}
		out[0] = Call("cshift", as...)
	case "reshape":
		return a.reshapeAdjoint(rb)
	case "eoshift", "pack", "unpack":
		return a.movesAdjoint(rb), nil
	default:
		return nil, fmt.Errorf("no derivative rule for intrinsic '%s'", a.name)
	}
	return out, nil
}

// reshapeAdjoint: the result of reshape(source, shape, pad, order) taken
// in ORDER's subscript order is source's elements in array element
// order, then pad's, repeated. rb is first put back in that order (for
// ORDER = o: reshape(rb, [size(rb, o(1)), ...], order=inverse of o));
// its first size(source) elements go to source (reshape with a zero pad
// if rb is smaller), the rest is folded onto pad's cycle: the tail of
// the flattened rb, padded with zeros to whole cycles, reshaped to
// [size(pad), cycles] and summed along dimension 2.
func (a *arrayCall) reshapeAdjoint(rb ast.Expr) ([]ast.Expr, error) {
	out := make([]ast.Expr, len(a.args))
	x, pad := a.arg(0), a.arg(2)
	zr := zero(x.Type)
	seq := rb
	if o := a.arg(3); o.present() {
		perm, ok := intArray(o.X)
		if !ok {
			return nil, fmt.Errorf("reshape: ORDER must be an array constructor of integer literals")
		}
		inv := make([]ast.Expr, len(perm))
		sh := make([]ast.Expr, len(perm))
		for i, p := range perm {
			if p < 1 || p > len(perm) {
				return nil, fmt.Errorf("reshape: bad ORDER")
			}
			inv[p-1] = Int(i + 1)
			sh[i] = Call("size", rb, Int(p))
		}
		seq = Call("reshape", rb, arrayOf(sh...), Kw("order", arrayOf(inv...)))
	}
	if x.Rank == 0 {
		return nil, fmt.Errorf("reshape: scalar source")
	}
	out[0] = Call("reshape", seq, Call("shape", x.X), arrayOf(zr))
	if pad.float() {
		n := Call("size", rb)
		flat := Call("reshape", seq, arrayOf(n))
		tail := Call("pack", flat, Call("eoshift", Call("spread", Logical(true), Int(1), n), Neg(Call("size", x.X)), Logical(false)))
		np := Call("size", pad.X)
		cycles := Call("max", Int(0), Div(Sub(Add(Sub(n, Call("size", x.X)), np), Int(1)), np))
		folded := Call("sum", Call("reshape", tail, arrayOf(np, cycles), arrayOf(zr)), Int(2))
		if pad.Rank > 1 {
			folded = Call("reshape", folded, Call("shape", pad.X))
		}
		out[2] = folded
	}
	return out, nil
}

// intArray returns the values of an array constructor of integer literals.
func intArray(x ast.Expr) ([]int, bool) {
	ac, ok := x.(*ast.ArrayConstructor)
	if !ok || ac.Type != nil {
		return nil, false
	}
	var vs []int
	for _, it := range ac.Items {
		v, ok := intLit(it)
		if !ok {
			return nil, false
		}
		vs = append(vs, v)
	}
	return vs, true
}

// outer is the outer product u v^T of two vectors, as a matrix product of a
// column and a row: one temporary and the compiler's matmul, where two
// spreads would make two temporaries of the result's size.
// nu and nv are their sizes.
func outer(u, nu, v, nv ast.Expr) ast.Expr {
	col := Call("reshape", u, &ast.ArrayConstructor{Brackets: true, Items: []ast.Expr{nu, Int(1)}})
	row := Call("reshape", v, &ast.ArrayConstructor{Brackets: true, Items: []ast.Expr{Int(1), nv}})
	return Call("matmul", col, row)
}

// OuterParts recognizes an outer product built by outer: u and v of
// matmul(reshape(u, [nu, 1]), reshape(v, [1, nv])).
func OuterParts(x ast.Expr) (u, v ast.Expr, ok bool) {
	m, ok := x.(*ast.CallExpr)
	if !ok || len(m.Args) != 2 || !isCall(m, "matmul") {
		return nil, nil, false
	}
	col, ok1 := m.Args[0].(*ast.CallExpr)
	row, ok2 := m.Args[1].(*ast.CallExpr)
	if !ok1 || !ok2 || !isCall(col, "reshape") || !isCall(row, "reshape") || len(col.Args) != 2 || len(row.Args) != 2 {
		return nil, nil, false
	}
	cs, ok1 := col.Args[1].(*ast.ArrayConstructor)
	rs, ok2 := row.Args[1].(*ast.ArrayConstructor)
	if !ok1 || !ok2 || len(cs.Items) != 2 || len(rs.Items) != 2 || !isOneLit(cs.Items[1]) || !isOneLit(rs.Items[0]) {
		return nil, nil, false
	}
	return col.Args[0], row.Args[0], true
}

func isCall(c *ast.CallExpr, name string) bool {
	id, ok := c.Fun.(*ast.Ident)
	return ok && strings.EqualFold(id.Name, name)
}

func isOneLit(x ast.Expr) bool {
	l, ok := x.(*ast.BasicLit)
	return ok && l.Value == "1"
}
