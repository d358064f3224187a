package adjoint

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/deriv"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
)

// literalKinds replaces a KIND argument given by a named constant
// (real(x, jprb), real(x, sp) with sp = selected_real_kind(6, 37)) by
// its value: deriv's rules need the kind to write the partials'
// constants, and physics codes name every kind.
func (g *gen) literalKinds(rule *deriv.Rule, ops []deriv.Operand) {
	for i := range ops {
		if i >= len(rule.Args) || !strings.EqualFold(rule.Args[i], "kind") || ops[i].X == nil {
			continue
		}
		if _, ok := ops[i].X.(*ast.BasicLit); ok {
			continue
		}
		if v, ok := g.info.ConstValue(ops[i].X); ok && v.Kind == sema.IntValue {
			ops[i].X = &ast.BasicLit{Kind: token.INT, Value: strconv.FormatInt(v.Int, 10)}
		}
	}
}
