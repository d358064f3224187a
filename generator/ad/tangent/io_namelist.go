package tangent

import (
	"fmt"
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/parser"
	"github.com/fadj-dev/fadj/generator/source"
)

// namelistRead returns NAMELIST READ s of active real members with the
// statements telling the elements it set and zeroing their tangents
// (decl.NamelistBefore/After/Zero), or nil when it sets no active
// variable.
func (g *gen) namelistRead(s *ast.IOStmt) ([]ast.Stmt, error) {
	g2 := activity.NamelistLeaves(g.pa, s)
	if len(g2) == 0 {
		return nil, nil
	}
	var before, after, zeros []string
	line := g.fset.Position(s.Pos()).Line
	for _, l := range g2 {
		v := g.baseSym(l.X)
		if v == nil || !g.pa.ActiveVar(v) || !hasShadow(v.Type) {
			continue
		}
		if !decl.NamelistSentinelOK(v) {
			return nil, notSupported("NAMELIST READ into active '%s' (only real and complex variables and arrays of kind 4 or 8)", v.Name)
		}
		n := strings.ToLower(v.Name)
		m := decl.NamelistMember{Sym: v, Copy: fmt.Sprintf("fadj_nl%d_%s", line, n), Mask: fmt.Sprintf("fadj_nlm%d_%s", line, n)}
		g.tmpDecls = append(g.tmpDecls, nlSnippet(decl.NamelistDecls(m)).Decls...)
		before = append(before, decl.NamelistBefore(m))
		after = append(after, decl.NamelistAfter(m))
		zeros = append(zeros, decl.NamelistZero(m, g.tname(v)))
	}
	if len(before) == 0 {
		return nil, nil
	}
	for _, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok && kw.Name != nil {
			switch kw.Name.Lower() {
			case "err", "end", "eor":
				// The zeroing would be skipped with the jump.
				return nil, notSupported("%s= in a READ into an active variable", strings.ToUpper(kw.Name.Name))
			}
		}
	}
	out := nlSnippet(strings.Join(before, "\n")).Body
	out = append(out, s)
	return append(out, nlSnippet(strings.Join(append(after, zeros...), "\n")).Body...), nil
}

// nlSnippet parses generated declarations and statements.
func nlSnippet(src string) *ast.Unit {
	f, err := parser.ParseFile(source.NewFileSet(), "fadj_namelist.f90", []byte("subroutine fadj_snippet\n"+src+"\nend subroutine\n"), parser.Config{})
	if err != nil || len(f.Units) != 1 {
		panic(fmt.Sprintf("tangent: generated code does not parse: %v\n%s", err, src))
	}
	u := f.Units[0]
	ast.Inspect(u, func(n ast.Node) bool {
		if s, ok := n.(ast.Stmt); ok {
			*s.Header() = ast.StmtHeader{}
		}
		return true
	})
	return u
}
