package adjoint

import (
	"sort"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Products in linear forms. The reference BLAS start a negative
// increment at (-n+1)*incx + 1 and step it n-1 times by incx: its last
// value, 1, is found only when the products of the names cancel, so a
// product of two forms is expanded into monomials, each keyed by the
// sorted keys of its factors.

// monoSep separates the keys of the factors of a monomial's key.
const monoSep = "\x01*"

// mul returns the product of forms l and m, expanded.
func (l *linForm) mul(m *linForm) *linForm {
	out := &linForm{c: l.c * m.c, terms: map[string]int64{}, exprs: map[string]ast.Expr{}}
	addTerm := func(k string, c int64, x ast.Expr) {
		if c == 0 {
			return
		}
		out.terms[k] += c
		if _, ok := out.exprs[k]; !ok {
			out.exprs[k] = x
		}
	}
	for k, c := range l.terms {
		addTerm(k, c*m.c, l.exprs[k])
	}
	for k, c := range m.terms {
		addTerm(k, c*l.c, m.exprs[k])
	}
	for ka, ca := range l.terms {
		for kb, cb := range m.terms {
			if ca == 0 || cb == 0 {
				continue
			}
			keys := append(strings.Split(ka, monoSep), strings.Split(kb, monoSep)...)
			sort.Strings(keys)
			k := strings.Join(keys, monoSep)
			addTerm(k, ca*cb, deriv.Mul(paren(l.exprs[ka]), paren(m.exprs[kb])))
		}
	}
	return out
}
