package loops

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/diag"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/source"
)

// CheckLocality rejects the locality specifiers of the DO CONCURRENT
// constructs of body (LOCAL, LOCAL_INIT, SHARED, DEFAULT(NONE), REDUCE),
// each at its keyword, in the words of mode ("reverse mode", "tangent
// mode"): those sema.StaticBindings did not rewrite as copies
// (sema/conc_locality.go), which the gfortran fadj builds and checks
// derivatives with (12) would not compile.
func CheckLocality(fset *source.FileSet, body []ast.Stmt, mode string) error {
	var errs diag.List
	for _, s := range body {
		ast.Inspect(s, func(n ast.Node) bool {
			if d, ok := n.(*ast.DoConstruct); ok {
				for _, l := range d.Locality {
					what := strings.ToUpper(l.Kind)
					if l.Kind == "default" {
						what = "DEFAULT(NONE)"
					}
					errs.Addf(fset.Position(l.KwPos), "not supported yet: DO CONCURRENT locality specifier %s in %s (fadj copies LOCAL and LOCAL_INIT variables that a type declaration of the procedure declares, not ALLOCATABLE, POINTER or CLASS)", what, mode)
				}
			}
			return true
		})
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}
