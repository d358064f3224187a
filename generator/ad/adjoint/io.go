package adjoint

import (
	"strings"

	"github.com/fadj-dev/fadj/generator/ad/decl"
	"github.com/fadj-dev/fadj/generator/analysis/activity"
	"github.com/fadj-dev/fadj/generator/analysis/modref"
	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/sema"
)

// ioStmt reverses an I/O statement. Output (PRINT, WRITE, OPEN, CLOSE,
// ...) runs in the forward sweep only; what it defines (an internal
// WRITE's character variable, IOSTAT=) is recorded when the TBR analysis
// says so (an internal READ of a callee re-run by its adjoint reads it).
//
// A READ defines its items with values that do not depend on the
// independents. The forward sweep records what the TBR analysis lists
// among the leaves of its items (activity.ReadLeaves) and the implied DO
// variables, then reads. The backward sweep zeroes the adjoints of the
// active leaves (readAdjZeros: a DO nest replays the implied DO loops),
// with the subscripts and bounds as the READ left them, then restores
// the recorded values. A leaf inside an implied DO, or whose subscripts
// read a variable the READ defines (read(u, *) n, a(n)), is recorded
// whole: its element before the READ is not addressable before it.
//
// Control-list specifiers that transfer control (ERR=, END=, EOR=) are
// rejected, and so is a READ from an external unit in code the adjoint
// runs again (io_reexec.go).
func (g *gen) ioStmt(s *ast.IOStmt) (fwd, bwd []ast.Stmt, err error) {
	for _, c := range s.Control {
		if kw, ok := c.(*ast.KeywordArg); ok && kw.Name != nil {
			switch kw.Name.Lower() {
			case "err", "end", "eor":
				return nil, nil, notSupported("%s= in an I/O statement in reverse mode", strings.ToUpper(kw.Name.Name))
			}
		}
	}
	for _, x := range append(append([]ast.Expr{}, s.Control...), s.Items...) {
		if err := g.checkCalls(x); err != nil {
			return nil, nil, err
		}
	}
	defPush, defPop, err := g.ioDefRecords(s)
	if err != nil {
		return nil, nil, err
	}
	if s.Keyword != "read" {
		return withLabel(s, append(defPush, s)), defPop, nil
	}
	if err := g.checkReexecRead(s); err != nil { // io_reexec.go
		return nil, nil, err
	}
	var zeros []ast.Stmt
	if !g.pa.KeepsItems(s) { // (else it reads back what a WRITE just wrote: activity's io_roundtrip.go)
		zeros, err = g.readAdjZeros(s)
		if err != nil {
			return nil, nil, err
		}
	}
	if len(zeros) > 0 {
		if x := activity.ReadOrderProblem(g.info, s); x != nil {
			return nil, nil, notSupported("READ item '%s' whose subscripts or implied DO bounds read a variable the same READ defines at or after it (its adjoint would be zeroed at the wrong place)", exprString(x))
		}
	}
	push, pop, err := g.readRecords(s)
	if err != nil {
		return nil, nil, err
	}
	before, after, nlZeros, err := g.namelistRead(s) // io_namelist.go
	if err != nil {
		return nil, nil, err
	}
	fwd = append(append(append(append(defPush, push...), before...), s), after...)
	return withLabel(s, fwd), append(append(append(nlZeros, zeros...), pop...), defPop...), nil
}

// ioDefRecords returns the records of what I/O statement s defines
// besides READ items (modref.IODefined: an internal WRITE's character
// variable, IOSTAT= and the like) that the TBR analysis lists, and their
// restores.
func (g *gen) ioDefRecords(s *ast.IOStmt) (push, pop []ast.Stmt, err error) {
	for _, x := range modref.IODefined(g.info, s) {
		if !g.records(s, x) {
			continue
		}
		p, q, err := g.pushPop(x)
		if err != nil {
			return nil, nil, err
		}
		if p != nil {
			push = append(push, p)
			pop = append([]ast.Stmt{q}, pop...)
		}
	}
	return push, pop, nil
}

// readRecords returns the pushes before READ s and the pops after its
// adjoint, in backward order.
func (g *gen) readRecords(s *ast.IOStmt) (push, pop []ast.Stmt, err error) {
	leaves := append(activity.ReadLeaves(s), activity.NamelistLeaves(g.pa, s)...)
	defined := map[*sema.Symbol]bool{}
	for _, l := range leaves {
		if b := g.baseSym(l.X); b != nil {
			defined[b] = true
		}
		for _, d := range l.Loops {
			defined[g.info.ObjectOf(d.Var)] = true
		}
	}
	add := func(x ast.Expr) error {
		if t := g.info.TypeOf(x); t != nil && t.IsComplex() {
			ps, qs, err := g.complexPushPop(x, t) // its parts on the real tape
			push, pop = append(push, ps...), append(qs, pop...)
			return err
		}
		p, q, err := g.pushPop(x)
		if err != nil {
			return err
		}
		if p != nil {
			push = append(push, p)
			pop = append([]ast.Stmt{q}, pop...)
		}
		return nil
	}
	whole := map[*sema.Symbol]bool{}
	loops := map[*ast.ImpliedDo]bool{}
	for _, l := range leaves {
		for _, d := range l.Loops {
			if !loops[d] && g.records(s, d.Var) {
				if err := add(d.Var); err != nil {
					return nil, nil, err
				}
			}
			loops[d] = true
		}
		if !g.records(s, l.X) {
			continue
		}
		x := l.X
		if len(l.Loops) > 0 || readsAny(g.info, x, defined) {
			root := rootIdent(x)
			b := g.baseSym(root)
			if root == nil || b == nil {
				return nil, nil, notSupported("READ into '%s' in reverse mode", exprString(x))
			}
			if whole[b] {
				continue
			}
			whole[b] = true
			x = root
		}
		if err := add(x); err != nil {
			return nil, nil, err
		}
	}
	return push, pop, nil
}

// readAdjZeros returns the statements zeroing the adjoints of the active
// leaves of READ s, in item order (decl.ReadItemZeros).
func (g *gen) readAdjZeros(s *ast.IOStmt) ([]ast.Stmt, error) {
	return decl.ReadItemZeros(s.Items, func(x ast.Expr) ([]ast.Stmt, error) {
		b := g.baseSym(x)
		if b == nil || !g.hasAdj(b) {
			return nil, nil
		}
		ref, err := g.adjRef(x)
		if err != nil {
			return nil, err
		}
		return g.zeroRef(ref, g.info.TypeOf(x), g.info.Rank(x)), nil
	})
}

// rootIdent returns the variable name at the root of designator x.
func rootIdent(x ast.Expr) *ast.Ident {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return e
		case *ast.CallExpr:
			x = e.Fun
		case *ast.SelectorExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// readsAny reports whether designator x reads (in a subscript) one of
// the variables vars.
func readsAny(info *sema.Info, x ast.Expr, vars map[*sema.Symbol]bool) bool {
	root := rootIdent(x)
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && id != root {
			if s := info.ObjectOf(id); s != nil && s.Kind == sema.VarSym && vars[s] {
				found = true
			}
		}
		return !found
	})
	return found
}
