package decl

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// SavedPos returns where saved variable s gets its SAVE: the first DATA
// statement of decls that names it (an active variable initialised there
// carries its value, and its derivative, from one call to the next, which
// a derivative routine cannot reproduce), else its declaration.
func SavedPos(decls []ast.Stmt, s *sema.Symbol) source.Pos {
	for _, d := range decls {
		ds, ok := d.(*ast.DataStmt)
		if !ok {
			continue
		}
		for _, set := range ds.Sets {
			if set == nil {
				continue
			}
			for _, o := range set.Objects {
				if dataNames(o, s.Name) {
					return ds.Pos()
				}
			}
		}
	}
	return s.Pos
}

// dataNames reports whether DATA object o (a variable, an element or an
// implied-DO list of them) is of the variable called name.
func dataNames(o ast.Expr, name string) bool {
	switch o := o.(type) {
	case *ast.Ident:
		return strings.EqualFold(o.Name, name)
	case *ast.CallExpr:
		return dataNames(o.Fun, name)
	case *ast.ImpliedDo:
		for _, it := range o.Items {
			if dataNames(it, name) {
				return true
			}
		}
	}
	return false
}
