package tbr

import "github.com/fadj-dev/fadj/generator/fortran/ast"

// namedExit reports whether u's body has an EXIT of a named construct
// that is not a DO loop (F2008: `exit check` in `check: if ...`). Such
// an EXIT is a forward jump the structured equations do not follow (the
// statements it skips would kill variables the join still needs), so
// the procedure is analysed as one with GO TOs: without kills.
func namedExit(u *ast.Unit) bool {
	if u == nil {
		return false
	}
	loops := map[string]bool{} // DO construct names (unique in a unit)
	var exits []*ast.ExitStmt
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.DoConstruct:
			if n.Name != nil {
				loops[n.Name.Lower()] = true
			}
		case *ast.ExitStmt:
			if n.Construct != nil {
				exits = append(exits, n)
			}
		}
		return true
	})
	for _, e := range exits {
		if !loops[e.Construct.Lower()] {
			return true
		}
	}
	return false
}
