package tangent

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
)

// Temporaries in a parallel region. A temporary of the tangent holds a
// value within one statement's tangent, and a statement's tangent runs
// where the statement runs, inside the region: the temporaries the
// statements of a region mention are private to it, as they are to a
// "parallel do" (ompPrivateTemps). A region is the statements from the
// one its directive is on to the one before the statement (of the same
// list) its END directive is on, or to the end of the list when the line
// closing it (END DO ..., or the routine's end: ompEnd) carries it.

// ompRegionTemps adds the temporaries the regions of list (and of the
// lists in its constructs) mention to their private clauses, and
// returns the directives of the regions it did not find the end of.
func (g *gen) ompRegionTemps(list []ast.Stmt) []*ast.Comment {
	var open []*ast.Comment
	g.regionTempsIn(list, nil, &open)
	return open
}

// regionTempsIn is ompRegionTemps for list, whose closing line (the END
// of the construct around, or the next branch's head) carries the
// directives end.
func (g *gen) regionTempsIn(list []ast.Stmt, end []*ast.Comment, open *[]*ast.Comment) {
	for k, st := range list {
		for _, c := range st.Header().Doc {
			if c.Omp == nil || c.Omp.Cond || !ompTempRegion(c.Omp.Name) {
				continue
			}
			e := ompEndIn(list[k+1:], "end "+c.Omp.Name)
			if e < 0 && ompHas(end, "end "+c.Omp.Name) {
				e = len(list) - k - 1 // the region ends the list
			}
			if e < 0 {
				*open = append(*open, c)
				continue
			}
			if temps := g.tempsIn(list[k : k+1+e]); len(temps) > 0 {
				addPrivate(c.Omp, temps)
			}
		}
		switch st := st.(type) {
		case *ast.DoConstruct:
			g.regionTempsIn(st.Body, st.End.Doc, open)
		case *ast.BlockConstruct:
			g.regionTempsIn(st.Body, st.End.Doc, open)
		case *ast.IfConstruct:
			for i, b := range st.Branches {
				next := st.End.Doc
				if i+1 < len(st.Branches) {
					next = st.Branches[i+1].Head.Doc
				}
				g.regionTempsIn(b.Body, next, open)
			}
		case *ast.SelectCase:
			for _, c := range st.Cases {
				g.regionTempsIn(c.Body, nil, open)
			}
		}
	}
}

// ompHas reports whether doc has directive name.
func ompHas(doc []*ast.Comment, name string) bool {
	for _, c := range doc {
		if c.Omp != nil && c.Omp.Name == name {
			return true
		}
	}
	return false
}

// ompTempRegion reports whether directive name opens a parallel region
// other than a "parallel do" (whose temporaries ompPrivateTemps makes
// private on its loop).
func ompTempRegion(name string) bool {
	return name == "parallel" || strings.HasPrefix(name, "parallel ") && name != "parallel do"
}

// ompEndIn is the index of the first statement of list carrying
// directive end, -1 if none.
func ompEndIn(list []ast.Stmt, end string) int {
	for i, s := range list {
		for _, c := range s.Header().Doc {
			if c.Omp != nil && c.Omp.Name == end {
				return i
			}
		}
	}
	return -1
}

// tempsIn are the temporaries of the tangent list mentions, in order of
// first mention.
func (g *gen) tempsIn(list []ast.Stmt) []string {
	seen := map[string]bool{}
	var temps []string
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				name := strings.ToLower(id.Name)
				if !seen[name] && g.isTemp(name) && !ompMinMaxName(name) { // (shared: omp_minmax.go)
					seen[name] = true
					temps = append(temps, id.Name)
				}
			}
			return true
		})
	}
	return temps
}

// addPrivate adds names to the private clause of directive d.
func addPrivate(d *ast.OmpDirective, names []string) {
	if cl := d.Clause("private"); cl != nil && cl.Vars != nil {
		cl.Vars = append(cl.Vars, names...)
		return
	}
	d.Clauses = append(d.Clauses, &ast.OmpClause{Name: "private", Vars: names})
}
