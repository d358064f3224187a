package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// OPTIONAL dummies in reverse mode.
//
// The adjoint b_b of an active OPTIONAL dummy b is OPTIONAL too, and a
// caller passes it exactly where it passes b (callArg, absentArgs), so
// present(b) tells both. The original may reference b only where it is
// present, under its own present(b) tests, and the adjoint statements of
// its statements stay under the same tests. What the generator adds
// around them does not (records of b on the tape or in a snapshot,
// zeroing of b_b, split snapshots): decl.GuardOptionals puts those under
// present(b).

// optionalNames returns the optional dummies of the version being
// generated, and their adjoints, by lower-case name, each mapped to the
// dummy's name (what present() tests).
func (g *gen) optionalNames() map[string]string {
	out := map[string]string{}
	if g.pa.Unit == nil {
		return out
	}
	for _, a := range g.pa.Unit.Args {
		s := g.scope.LookupLocal(a.Lower())
		if s == nil || !s.IsDummy() || !s.Attrs.Has(sema.AttrOptional) {
			continue
		}
		out[strings.ToLower(s.Name)] = s.Name
		if g.hasAdj(s) {
			out[strings.ToLower(g.aname(s))] = s.Name
		}
	}
	return out
}

// guardOptionals guards, in the bodies of units, the statements naming an
// optional dummy or its adjoint outside a present() test.
func (g *gen) guardOptionals(units []*ast.Unit) {
	opt := g.optionalNames()
	if len(opt) == 0 {
		return
	}
	for _, u := range units {
		u.Body = decl.GuardOptionals(u.Body, opt)
	}
}

// actualsOf returns the actual arguments of a call in the order of the
// callee's dummies (of scope cs), keyword arguments unwrapped, nil for an
// absent OPTIONAL dummy; false if another dummy has no actual or a
// keyword names no dummy.
func actualsOf(args []ast.Expr, dummies []*ast.Ident, cs *sema.Scope) ([]ast.Expr, bool) {
	if out, ok := positional(args, dummies); ok {
		return out, true
	}
	if len(args) > len(dummies) {
		return nil, false
	}
	out := make([]ast.Expr, len(dummies))
	for i, a := range args {
		j := i // positional arguments come before keyword ones
		if kw, ok := a.(*ast.KeywordArg); ok {
			j = -1
			for k, d := range dummies {
				if d.Lower() == kw.Name.Lower() {
					j = k
				}
			}
			if j < 0 || out[j] != nil {
				return nil, false
			}
			a = kw.Value
		}
		out[j] = a
	}
	for j, a := range out {
		if a != nil {
			continue
		}
		if d := cs.LookupLocal(dummies[j].Lower()); d == nil || !d.Attrs.Has(sema.AttrOptional) {
			return nil, false
		}
	}
	return out, true
}

// keywordArgs returns args as keyword arguments named by names, the absent
// ones (nil) left out.
func keywordArgs(args []ast.Expr, names []string) []ast.Expr {
	var out []ast.Expr
	for i, a := range args {
		if a != nil {
			out = append(out, &ast.KeywordArg{Name: ast.NewIdent(names[i]), Value: a})
		}
	}
	return out
}

// absentArgs sets the arguments of the calls of a callee's derivative
// routines (fargs for foo_fwd, bargs for foo_b or foo_bwd): keyword
// arguments when an optional one is absent, whose adjoint is absent too.
func (c *activeCall) absentArgs(dummies []*ast.Ident) {
	names := make([]string, len(dummies))
	absent := false
	for i, d := range dummies {
		names[i] = d.Name
		absent = absent || c.args[i] == nil
	}
	c.fargs = c.args
	if !absent {
		return
	}
	c.fargs = keywordArgs(c.args, names)
	c.bargs = keywordArgs(c.bargs, c.bnames)
}
