package deriv

import (
	"github.com/fadj-dev/fadj/generator/sema"
)

// KindLiterals replaces, in ops (placed in the order of rule's dummies),
// a KIND argument that is a constant expression (real(n, dp) with dp a
// named constant, cmplx(x, y, kind=wp)) by its value as an integer
// literal, keeping its type: the rules take the kind of their result, and
// so of their constants, from it (kindArg). Models name their kinds.
func KindLiterals(info *sema.Info, rule *Rule, ops []Operand) {
	for i, o := range ops {
		if o.X == nil || i >= len(rule.Args) || rule.Args[i] != "kind" {
			continue
		}
		if _, ok := intLit(o.X); ok {
			continue
		}
		if v, ok := info.ConstValue(o.X); ok && v.Kind == sema.IntValue && v.Int > 0 && v.Int < 1<<16 {
			ops[i].X = Int(int(v.Int))
		}
	}
}
