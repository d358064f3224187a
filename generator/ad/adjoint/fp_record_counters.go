package adjoint

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// The recording sweep runs the body once more after the original loop:
// a counter it increments (iter = iter + 1, kept when read after the
// loop) or a flag it sets would leave the loop with another value than
// the original program's, and the code after the loop (a count printed
// or added to a cost, a time step chosen from it) would run with it. The
// integer and logical scalars the recording sweep assigns are saved
// before it and put back at the end of the forward sweep, after the end
// values the adjoint restores were kept.

// counterSaves returns the saves before the recording sweep record (the
// primal statements) and the restores after the forward code.
func (fp *fpCode) counterSaves(record []ast.Stmt) (save, restore []ast.Stmt) {
	g := fp.g
	seen := map[*sema.Symbol]bool{}
	var vs []*sema.Symbol
	add := func(id *ast.Ident) {
		v := g.info.ObjectOf(id)
		if v == nil || seen[v] || v.Kind != sema.VarSym || v.Rank() != 0 || v.Type == nil ||
			!(v.Type.IsInteger() || v.Type.IsLogical()) || v.Attrs.Has(sema.AttrPointer) || v.Attrs.Has(sema.AttrAllocatable) ||
			v.Intent == ast.IntentIn {
			return
		}
		seen[v] = true
		vs = append(vs, v)
	}
	ast.Inspect(&ast.Unit{Body: record}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			if id, ok := n.Lhs.(*ast.Ident); ok {
				add(id)
			}
		case *ast.DoConstruct:
			if n.Var != nil {
				add(n.Var)
			}
		}
		return true
	})
	var s, r []string
	for _, v := range vs {
		c := fmt.Sprintf("fadj_fpc%s_%s", fp.k, strings.ToLower(v.Name))
		typ := "integer"
		if v.Type.IsLogical() {
			typ = "logical"
		}
		fp.g.decls = append(fp.g.decls, parseDecls(fmt.Sprintf("%s(%d) :: %s", typ, v.Type.Kind, c))...)
		s = append(s, fmt.Sprintf("%s = %s", c, v.Name))
		r = append(r, fmt.Sprintf("%s = %s", v.Name, c))
	}
	if len(s) == 0 {
		return nil, nil
	}
	return parseStmts(strings.Join(s, "\n")), parseStmts(strings.Join(r, "\n"))
}
