package adjoint

import (
	"reflect"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// SourceRef names a source position for back-references ("model.f90:46"),
// "" for none.
type SourceRef func(source.Pos) string

// backRef heads the adjoint statements of s with a comment naming s in
// the source ("! adjoint of model.f90:46"), when Config.SourceRef is set:
// a reader of the backward sweep finds the statement it reverses.
func (g *gen) backRef(s ast.Stmt, adj []ast.Stmt) []ast.Stmt {
	if g.sourceRef == nil || len(adj) == 0 || !s.Pos().IsValid() {
		return adj
	}
	where := g.sourceRef(s.Pos())
	if where == "" {
		return adj
	}
	out := append([]ast.Stmt(nil), adj...)
	first := cloneStmt(out[0])
	h := first.Header()
	h.Doc = append([]*ast.Comment{{Text: "! adjoint of " + where}}, h.Doc...)
	out[0] = first
	return out
}

// cloneStmt is a shallow copy of a statement, whose header can change
// without changing a statement shared with the forward sweep.
func cloneStmt(s ast.Stmt) ast.Stmt {
	v := reflect.ValueOf(s).Elem()
	c := reflect.New(v.Type())
	c.Elem().Set(v)
	return c.Interface().(ast.Stmt)
}
