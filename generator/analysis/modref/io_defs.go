package modref

import (
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// IODefined returns what I/O statement s defines besides its READ items:
// the internal file of a WRITE (a character variable, which an internal
// READ may read again in code re-run from a checkpoint's snapshot), and
// the variables of the IOSTAT=, IOMSG=, SIZE= and NEXTREC= specifiers.
func IODefined(info *sema.Info, s *ast.IOStmt) []ast.Expr {
	var out []ast.Expr
	for i, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok {
			if kw.Name == nil {
				continue
			}
			switch kw.Name.Lower() {
			case "iostat", "iomsg", "size", "nextrec":
				out = append(out, kw.Value)
			case "unit":
				if s.Keyword == "write" && isChar(info, kw.Value) {
					out = append(out, kw.Value)
				}
			}
			continue
		}
		if i == 0 && s.Keyword == "write" && isChar(info, c) {
			out = append(out, c)
		}
	}
	return out
}

func isChar(info *sema.Info, x ast.Expr) bool {
	t := info.TypeOf(x)
	return t != nil && t.IsCharacter()
}
