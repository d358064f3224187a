package deriv

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// The rules of eoshift, pack and unpack: each moves the elements of two
// arrays into its result (the array and the BOUNDARY of eoshift, the
// array and the VECTOR of pack, the VECTOR and the FIELD of unpack), so
// that its tangent is the same call on the tangents (zeros for a passive
// one) and its adjoint moves rb back:
//
//	eoshift(x, s, b, dim)   tangent eoshift(xd, s, bd, dim)
//	                        adjoint x: eoshift(rb, -s, 0, dim)
//	                                b: sum(rb, dim) - sum(eoshift(rb, -s, 0, dim), dim)
//	                                   (the elements shifted in: all of rb but those shifted back)
//	pack(x, m, v)           tangent pack(xd, m, vd)
//	                        adjoint x: unpack(rb, m, 0) (reshape(rb, shape(x), [0]) for a scalar m)
//	                                v: merge(rb, 0, [the elements after count(m)])
//	unpack(v, m, f)         tangent unpack(vd, m, fd), merge(0, fd, m) for a passive v
//	                        adjoint v: pack(rb, m, [0, ...] of size(v))
//	                                f: merge(0, rb, m) (summed for a scalar f)
//
// SHIFT, DIM and MASK are passive. rb must have the result's shape (the
// adjoint generator spreads a scalar rb of sum(pack(...)) to it).

// zeros returns an array of zeros of x's type and shape.
func zeros(x Operand) ast.Expr {
	z := zero(x.Type)
	if x.Rank == 0 {
		return z
	}
	return Call("reshape", arrayOf(z), Call("shape", x.X), arrayOf(z))
}

// optionalArgs returns the arguments of a call of a with the present ones
// of from on (keywords named by names), after first.
func (a *arrayCall) optionalArgs(first []ast.Expr, from int, names ...string) []ast.Expr {
	as := first
	for i, n := range names {
		if o := a.arg(from + i); o.present() {
			as = append(as, Kw(n, o.X))
		}
	}
	return as
}

func (a *arrayCall) movesTangent(td []ast.Expr) (ast.Expr, error) {
	td = append(td, make([]ast.Expr, max(0, 3-len(td)))...)
	first, second := a.arg(0), a.arg(2)
	firstD, secondD := td[0], td[2]
	if !second.float() {
		secondD = nil
	}
	if firstD == nil && secondD == nil {
		return nil, nil
	}
	switch a.name {
	case "eoshift":
		if firstD == nil {
			firstD = zeros(first)
		}
		if secondD == nil {
			secondD = zero(first.Type)
		}
		as := []ast.Expr{firstD, a.arg(1).X, Kw("boundary", secondD)}
		return Call("eoshift", a.optionalArgs(as, 3, "dim")...), nil
	case "pack":
		as := []ast.Expr{firstD, a.arg(1).X}
		if firstD == nil {
			as[0] = zeros(first)
		}
		if second.present() {
			if secondD == nil {
				secondD = zeros(second)
			}
			as = append(as, Kw("vector", secondD))
		}
		return Call("pack", as...), nil
	}
	// unpack(v, m, f)
	if firstD == nil {
		return Call("merge", zero(first.Type), secondD, a.arg(1).X), nil
	}
	if secondD == nil {
		secondD = zero(first.Type)
	}
	return Call("unpack", firstD, a.arg(1).X, secondD), nil
}

func (a *arrayCall) movesAdjoint(rb ast.Expr) []ast.Expr {
	out := make([]ast.Expr, len(a.args))
	first, second := a.arg(0), a.arg(2)
	zr := zero(first.Type)
	switch a.name {
	case "eoshift":
		back := Call("eoshift", a.optionalArgs([]ast.Expr{rb, Neg(a.arg(1).X), Kw("boundary", zr)}, 3, "dim")...)
		out[0] = back
		if second.float() {
			sum := func(e ast.Expr) ast.Expr {
				if second.Rank == 0 {
					return Call("sum", e)
				}
				if d := a.arg(3); d.present() {
					return Call("sum", e, d.X)
				}
				return Call("sum", e, Int(1))
			}
			out[2] = Sub(sum(rb), sum(back))
		}
	case "pack":
		m := a.arg(1)
		if m.Rank == 0 {
			out[0] = Call("merge", Call("reshape", rb, Call("shape", first.X), arrayOf(zr)), zeros(first), m.X)
		} else {
			out[0] = Call("unpack", rb, m.X, zr)
		}
		if second.float() {
			n := Call("size", second.X)
			count := Call("merge", Call("size", first.X), Int(0), m.X)
			if m.Rank > 0 {
				count = Call("count", m.X)
			}
			after := Call("eoshift", Call("spread", Logical(true), Int(1), n), Neg(count), Logical(false))
			out[2] = Call("merge", rb, zr, after)
		}
	case "unpack":
		m := a.arg(1)
		out[0] = Call("pack", rb, m.X, Call("spread", zr, Int(1), Call("size", first.X)))
		if second.float() {
			f := Call("merge", zr, rb, m.X)
			if second.Rank == 0 {
				f = Call("sum", f)
			}
			out[2] = f
		}
	}
	return out
}
