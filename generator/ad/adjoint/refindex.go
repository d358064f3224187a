package adjoint

import (
	"sort"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// Where variables are referenced and defined, indexed once.
//
// The recomputation of temporaries asks, for each candidate, how many
// references of it a statement list holds from some statement on, which
// statements read it and which define it. Walking the list for each
// question made generation quadratic in routine length (a 10k-line
// routine took seconds); the index answers each in logarithmic time.

// listIndex indexes one statement list: for each variable, the statements
// (by index in the list) referencing it with the number of references up
// to each, and the statements that may define it.
type listIndex struct {
	refs map[*sema.Symbol]*positions
	defs map[*sema.Symbol][]int
}

// positions are statement indices, ascending, and the number of
// references in the statements up to each (cumulative).
type positions struct {
	at  []int
	cum []int
}

// index returns the index of list, built on first use.
func (g *gen) index(list []ast.Stmt) *listIndex {
	if len(list) == 0 {
		return &listIndex{}
	}
	key := &list[0]
	if ix := g.indexes[key]; ix != nil && ix.n == len(list) {
		return ix.listIndex
	}
	ix := &listIndex{refs: map[*sema.Symbol]*positions{}, defs: map[*sema.Symbol][]int{}}
	for i, s := range list {
		defined := map[*sema.Symbol]bool{}
		decl.Defined(g.info, s, func(v *sema.Symbol) {
			if !defined[v] {
				defined[v] = true
				ix.defs[v] = append(ix.defs[v], i)
			}
		})
		counts := map[*sema.Symbol]int{}
		var order []*sema.Symbol
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v := g.info.ObjectOf(id); v != nil {
					if counts[v] == 0 {
						order = append(order, v)
					}
					counts[v]++
				}
			}
			return true
		})
		for _, v := range order {
			p := ix.refs[v]
			if p == nil {
				p = &positions{}
				ix.refs[v] = p
			}
			prev := 0
			if len(p.cum) > 0 {
				prev = p.cum[len(p.cum)-1]
			}
			p.at = append(p.at, i)
			p.cum = append(p.cum, prev+counts[v])
		}
	}
	if g.indexes == nil {
		g.indexes = map[*ast.Stmt]*sizedIndex{}
	}
	g.indexes[key] = &sizedIndex{ix, len(list)}
	return ix
}

type sizedIndex struct {
	*listIndex
	n int
}

// refsFrom returns the number of references of v in the statements from
// index i on.
func (ix *listIndex) refsFrom(v *sema.Symbol, i int) int {
	p := ix.refs[v]
	if p == nil {
		return 0
	}
	total := p.cum[len(p.cum)-1]
	k := sort.SearchInts(p.at, i) // first position >= i
	if k == 0 {
		return total
	}
	return total - p.cum[k-1]
}

// lastRef returns the index of the last statement referencing v, -1 if
// none.
func (ix *listIndex) lastRef(v *sema.Symbol) int {
	p := ix.refs[v]
	if p == nil {
		return -1
	}
	return p.at[len(p.at)-1]
}

// definesIn reports whether a statement of index in [from, to] may define v.
func (ix *listIndex) definesIn(v *sema.Symbol, from, to int) bool {
	d := ix.defs[v]
	k := sort.SearchInts(d, from)
	return k < len(d) && d[k] <= to
}

// totalRefs returns the number of references of v in the routine's body
// (a statement's count includes its nested statements').
func (g *gen) totalRefs(v *sema.Symbol) int {
	return g.index(g.pa.Unit.Body).refsFrom(v, 0)
}

// mayDefine is decl.MayDefine for the routine, computed once per variable.
func (g *gen) mayDefine(v *sema.Symbol) bool {
	if d, ok := g.mayDef[v]; ok {
		return d
	}
	if g.mayDef == nil {
		g.mayDef = map[*sema.Symbol]bool{}
	}
	d := decl.MayDefine(g.info, g.pa.Unit, v)
	g.mayDef[v] = d
	return d
}
