package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// A private variable of a parallel loop is dead between iterations: the
// references to the same name elsewhere in the routine (another loop's
// private temporary of the same name) are to other variables. The
// recomputation of a temporary (recompute.go) asks that every reference
// of it be in the list of its assignment: for a private variable of a
// parallel loop holding the list, every reference in that loop's body.
// The backward loop then computes it again in each iteration, where the
// serial reversal would record it: a private value does not outlive its
// iteration, and the tape is not thread-safe.

// ompPrivateRefs returns, if k is a private variable (clause private,
// on the loop or on the parallel region of a worksharing loop) of a
// parallel loop holding list, the number of references to k in that
// loop's body.
func (g *gen) ompPrivateRefs(k *sema.Symbol, list []ast.Stmt) (int, bool) {
	if len(list) == 0 || g.pa.Unit == nil || !g.ompAny() {
		return 0, false
	}
	name := strings.ToLower(k.Name)
	var found *ast.DoConstruct
	var walk func(l []ast.Stmt, region map[string]bool)
	walk = func(l []ast.Stmt, region map[string]bool) {
		for _, s := range l {
			doc := s.Header().Doc
			if ompFind(doc, "end parallel") != nil {
				region = nil
			}
			if c := ompFind(doc, "parallel"); c != nil {
				region, _ = ompPrivates(c.Omp)
			}
			if do, ok := s.(*ast.DoConstruct); ok && found == nil && ompPrivateOf(do, name, region) && ompHolds(do.Body, &list[0]) {
				found = do
			}
			for _, in := range innerLists(s) {
				walk(in, region)
			}
		}
	}
	walk(g.pa.Unit.Body, nil)
	if found == nil {
		return 0, false
	}
	return g.index(found.Body).refsFrom(k, 0), true
}

// ompPrivateOf reports whether name is private to parallel loop do, or
// to region (the private variables of the parallel region around it) if
// do is a worksharing loop.
func ompPrivateOf(do *ast.DoConstruct, name string, region map[string]bool) bool {
	c := lastOmp(do.Doc)
	if c == nil || c.Omp.Cond || c.Omp.Name != "parallel do" && c.Omp.Name != "do" {
		return false
	}
	_, clause := ompPrivates(c.Omp)
	return clause[name] == "private" || c.Omp.Name == "do" && clause[name] == "" && region[name]
}

// ompHolds reports whether first is the address of the first statement
// of body or of a statement list inside it.
func ompHolds(body []ast.Stmt, first *ast.Stmt) bool {
	if len(body) > 0 && &body[0] == first {
		return true
	}
	for _, s := range body {
		for _, in := range innerLists(s) {
			if ompHolds(in, first) {
				return true
			}
		}
	}
	return false
}

// ompAny reports whether the routine has an OpenMP directive, once.
func (g *gen) ompAny() bool {
	if g.omp.any == 0 {
		g.omp.any = 1
		ast.StmtHeaders(g.pa.Unit.Body, func(h *ast.StmtHeader, _ ast.Stmt) {
			if lastOmp(h.Doc) != nil {
				g.omp.any = 2
			}
		})
	}
	return g.omp.any == 2
}
