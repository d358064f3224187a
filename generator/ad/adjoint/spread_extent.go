package adjoint

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// spreadExtent returns extent k of spread(source, dim, ncopies), args
// positional: ncopies at dim, source's extents around it (a sum of
// spread(q(:, 1), 2, 3) needs its shape for the adjoint of spread).
// false when dim is not a constant.
func (g *gen) spreadExtent(args []ast.Expr, k int) (ast.Expr, bool) {
	if len(args) != 3 {
		return nil, false
	}
	dim, ok := g.constInt(args[1])
	if !ok {
		return nil, false
	}
	switch {
	case int64(k) == dim:
		return ast.Clone(args[2]), true
	case int64(k) < dim:
		return g.extent(args[0], k)
	}
	return g.extent(args[0], k-1)
}
