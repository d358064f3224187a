package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Functions with an ALLOCATABLE array result (`real(8), allocatable ::
// r(:)`). The tangent f_d(args, tangents, r, r_d) takes the result and
// its tangent as `allocatable, intent(out)` dummies: f_d allocates both
// (r_d with r, the invariant of decl/alloc.go), with the bounds the
// function gives r. So, unlike an explicit-shape result (func_array.go),
// the caller needs no shape beforehand: the reference becomes the call
// f_d(args, tangents, tmp, tmp_d) into two allocatable temporaries, and
// the function runs once (one with side effects is as fine as a scalar
// function).

// allocResult reports whether s is an allocatable array (not a pointer):
// a function result of this kind is supported.
func allocResult(s *sema.Symbol) bool {
	return decl.IsAllocatable(s) && !s.Attrs.Has(sema.AttrPointer) && s.Rank() > 0
}

// allocResultCall returns the call of the tangent of reference x (of
// type t) of a function with an allocatable result, the reference
// replaced by the temporary the call allocates.
func (g *gen) allocResultCall(x *ast.CallExpr, callee *activity.ProcActivity, t *sema.Type) (ast.Stmt, error) {
	cs := &ast.CallStmt{Name: x.Fun, Args: x.Args}
	call, pre, err := g.call(cs, callee)
	if err != nil {
		return nil, err
	}
	rank := g.info.Rank(x)
	tmp := g.arrayTemp(callee.Proc.Name+"_res", t, rank)
	td := ast.NewIdent(tmp.Name + g.suffix)
	g.tmpDecls = append(g.tmpDecls, arrayDecl(td.Name, t, rank))
	g.repl[x], g.tmpD[x] = tmp, td
	g.hoisted = append(g.hoisted, pre...)
	call.Args = append(call.Args, resultArgs(call.Args, callee, g.suffix, tmp, td, len(x.Args) < len(callee.Unit.Args))...)
	return call, nil
}

// resultArgs returns the actual arguments tmp and td for the result of
// callee and its tangent: keywords (the names of f_d's dummies) after
// keyword arguments.
func resultArgs(args []ast.Expr, callee *activity.ProcActivity, suffix string, tmp, td *ast.Ident, absent bool) []ast.Expr {
	keywords := absent // (an optional argument left out: the result's must be named)
	for _, a := range args {
		_, kw := a.(*ast.KeywordArg)
		keywords = keywords || kw
	}
	if !keywords {
		return []ast.Expr{tmp, td}
	}
	rid := resultIdent(callee.Unit).Name
	name := rid + suffix
	if strings.EqualFold(name, routineName(callee, suffix)) {
		name = rid + "_res" + suffix
	}
	return []ast.Expr{&ast.KeywordArg{Name: ast.NewIdent(rid), Value: tmp}, &ast.KeywordArg{Name: ast.NewIdent(name), Value: td}}
}
