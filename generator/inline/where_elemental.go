package inline

import (
	"strconv"
	"strings"

	"github.com/fadj-dev/fadj/generator/fortran/ast"
	"github.com/fadj-dev/fadj/generator/fortran/token"
	"github.com/fadj-dev/fadj/generator/sema"
	"github.com/fadj-dev/fadj/generator/source"
)

// ElementalWheres turns each WHERE statement or construct whose masks or
// assignments reference a user ELEMENTAL function with array arguments
// (where (du /= 0) flux = c*limiter(r)*du) into DO loops over the
// elements, one nest per assignment, each element assigned under an IF on
// its mask (or one nest for all, where_fused.go):
//
//	do fadj_wi1 = 1, size(flux, 1)
//	  if (du(fadj_wi1) /= 0) flux(fadj_wi1) = c*limiter(r(fadj_wi1))*du(fadj_wi1)
//	end do
//
// The standard evaluates an elemental reference in a WHERE assignment
// only where the mask holds, which the IF does; the differentiators then
// see scalar references in loops, which both modes reverse. An ELSEWHERE
// assignment's IFs are on the negation of the masks before and on its
// mask.
//
// The loops evaluate the masks once per assignment, element by element,
// and each assignment element by element, so a WHERE is rewritten so
// only when that gives its values: its masks read nothing the
// assignments before define, and neither its masks nor an assignment read
// the assignment's variable other than as its left side (h = h -
// dt*f(h), under h > 0) or in a copy made before its loop
// (where_copy.go). Else, where_fused.go. Its arrays are whole arrays,
// sections without vector subscripts, of variables or of components of
// scalars (s%h), combined by elemental operations and references, which
// read no module, common or host variable the WHERE assigns
// (globalsSafe). Any other WHERE, and the WHEREs of a procedure with
// OpenMP directives (hasOmp), are left as they are (the differentiators
// take them or reject them).
func ElementalWheres(prog *sema.Program) {
	if prog == nil || prog.Info == nil {
		return
	}
	var eff *sema.Intents
	intents := func() *sema.Intents { // computed once, if a WHERE needs it
		if eff == nil {
			eff = prog.Info.EffectiveIntents()
		}
		return eff
	}
	for _, f := range prog.Files {
		for _, u := range f.Units {
			elementalWheres(prog.Info, u, intents)
		}
	}
}

func elementalWheres(info *sema.Info, u *ast.Unit, intents func() *sema.Intents) {
	for _, p := range u.Procs {
		elementalWheres(info, p, intents)
	}
	if u.Kind != ast.SubroutineUnit && u.Kind != ast.FunctionUnit || info.Scopes[u] == nil || hasOmp(u) {
		return
	}
	w := newWhereLoops(info, u)
	w.intents = intents
	u.Body = w.list(u.Body)
}

func newWhereLoops(info *sema.Info, u *ast.Unit) *whereLoops {
	w := &whereLoops{info: info, u: u, scope: info.Scopes[u], terms: map[int]bool{}}
	ast.Inspect(&ast.Unit{Body: u.Body}, func(n ast.Node) bool {
		if do, ok := n.(*ast.DoConstruct); ok && do.TermLabel != 0 {
			w.terms[do.TermLabel] = true
		}
		return true
	})
	return w
}

// whereLoops rewrites the WHEREs of one procedure.
type whereLoops struct {
	info  *sema.Info
	u     *ast.Unit
	scope *sema.Scope
	// idx are the loop indices declared so far, one per dimension.
	idx   []*sema.Symbol
	names map[string]bool // identifiers of the procedure (lower case)
	// terms holds the labels that end DO loops (DO 10 I = 1, N): a
	// statement with one stays the last of its loop's body.
	terms map[int]bool
	// copied is the copy the masks and right side of the assignment
	// being rewritten read, nil if none (where_copy.go).
	copied *arrayCopy
	ncopy  int
	nred   int // temporaries of where_reductions.go
	// doVars are the control variables of the DO loops around the
	// statement constructor_segments.go examines.
	doVars []*sema.Symbol
	// intents gives what the program's procedures read and define
	// (globalsSafe).
	intents func() *sema.Intents
}

// list returns list with its qualifying WHEREs (nested in IF, DO, SELECT
// CASE and BLOCK constructs too) rewritten.
func (w *whereLoops) list(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		switch s := s.(type) {
		case *ast.WhereStmt, *ast.WhereConstruct:
			if loops := w.where(s); loops != nil {
				out = append(out, loops...)
				continue
			}
		case *ast.IfConstruct:
			for _, b := range s.Branches {
				b.Body = w.list(b.Body)
			}
		case *ast.DoConstruct:
			if len(s.Concurrent) == 0 { // a shared index would race
				s.Body = w.list(s.Body)
			}
		case *ast.SelectCase:
			for _, c := range s.Cases {
				c.Body = w.list(c.Body)
			}
		case *ast.BlockConstruct:
			s.Body = w.list(s.Body)
		}
		out = append(out, s)
	}
	return out
}

// where returns the loops replacing s, or nil if s does not qualify.
func (w *whereLoops) where(s ast.Stmt) []ast.Stmt {
	var branches []*ast.WhereBranch
	switch s := s.(type) {
	case *ast.WhereStmt:
		branches = []*ast.WhereBranch{{Mask: s.Mask, Body: []ast.Stmt{s.Assign}}}
	case *ast.WhereConstruct:
		branches = s.Branches
	}
	if !w.callsElemental(s) || w.terms[s.Header().Label] {
		return nil
	}
	rank := w.info.Rank(branches[0].Mask)
	if rank < 1 {
		return nil
	}
	type item struct {
		branch int
		as     *ast.AssignStmt
	}
	var items []item
	for k, b := range branches {
		for _, st := range b.Body {
			as, ok := st.(*ast.AssignStmt)
			if !ok || w.info.Rank(as.Lhs) != rank || w.info.Assignments[as] != nil {
				return nil
			}
			items = append(items, item{k, as})
		}
	}
	if len(items) == 0 {
		return nil
	}
	var lhss []ast.Expr
	for _, it := range items {
		lhss = append(lhss, it.as.Lhs)
	}
	if !w.globalsSafe(s, lhss) {
		return nil
	}
	var defined []path
	copies := make([]ast.Expr, len(items))
	sequential := true
	for i, it := range items {
		c, ok := w.independent(branches[:it.branch+1], it.as, &defined)
		sequential, copies[i] = sequential && ok, c
	}
	var out []ast.Stmt
	switch {
	case sequential:
		ks := w.indices(rank)
		for i, it := range items {
			if copies[i] != nil {
				out = append(out, w.copy(copies[i], it.as)) // where_copy.go
			}
			nest, ok := w.loops(branches[:it.branch+1], it.as, items[0].as.Lhs, ks)
			w.copied = nil
			if !ok {
				return nil
			}
			out = append(out, nest)
		}
	case w.fusable(branches):
		nest, ok := w.fused(branches, items[0].as, w.indices(rank))
		if !ok {
			return nil
		}
		out = append(out, nest)
	default:
		return nil
	}
	h := s.Header()
	first := out[0].Header()
	first.Doc, first.BlankBefore = h.Doc, h.BlankBefore
	if h.Label != 0 {
		c := &ast.ContinueStmt{}
		c.Label, c.LabelPos, c.Start = h.Label, h.LabelPos, h.Start
		out = append([]ast.Stmt{c}, out...)
	}
	return out
}

// callsElemental reports whether s references a user elemental function
// with an array result, and every user function it references is pure:
// the loops evaluate a reference where the mask holds, an elemental one
// once per element, a scalar one once per element too (the WHERE once),
// and a mask once per assignment.
func (w *whereLoops) callsElemental(s ast.Stmt) bool {
	found, pure := false, true
	ast.Inspect(s, func(n ast.Node) bool {
		c, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		k, ok := w.info.Calls[c]
		if !ok || k.Kind != sema.FunctionCall || k.IsIntrinsic() {
			return true
		}
		pure = pure && isPure(k.Proc)
		found = found || k.Proc != nil && k.Proc.Attrs&sema.AttrElemental != 0 && w.info.Rank(c) > 0
		return true
	})
	return found && pure
}

// isPure reports whether function f is PURE or ELEMENTAL, and not IMPURE.
func isPure(f *sema.Symbol) bool {
	if f == nil || f.Proc == nil || f.Attrs&sema.AttrPure == 0 {
		return false
	}
	u := f.Proc.Unit
	if u == nil {
		u = f.Proc.Interface
	}
	if u == nil {
		return false
	}
	for _, p := range u.Prefix {
		if p != nil && strings.EqualFold(p.Name, "impure") {
			return false
		}
	}
	return true
}

// loops returns the loop nest of assignment as of the last of branches
// (in IFs on the branches' masks: the negation of each mask before, then
// its own, nested so that a mask is evaluated only where those before it
// do not hold, as the standard evaluates an ELSEWHERE's), over the shape
// of shape, with indices ks (dimension 1 innermost).
func (w *whereLoops) loops(branches []*ast.WhereBranch, as *ast.AssignStmt, shape ast.Expr, ks []*sema.Symbol) (ast.Stmt, bool) {
	a, ok := w.elemAssign(as, ks)
	if !ok {
		return nil, false
	}
	var st ast.Stmt = a
	for i := len(branches) - 1; i >= 0; i-- {
		b := branches[i]
		if b.Mask == nil {
			continue
		}
		m, ok := w.elem(b.Mask, ks)
		if !ok {
			return nil, false
		}
		if i < len(branches)-1 {
			m = &ast.UnaryExpr{OpPos: as.Start, Op: token.NOT, OpLit: ".not.", X: &ast.ParenExpr{X: m}}
		}
		st = ifWrap(m, st, as.Start)
	}
	return w.nest(st, shape, ks), true
}

// ifWrap returns st under IF cond: a logical IF for an assignment, else
// an IF construct.
func ifWrap(cond ast.Expr, st ast.Stmt, at source.Pos) ast.Stmt {
	var out ast.Stmt
	if a, ok := st.(*ast.AssignStmt); ok {
		out = &ast.IfStmt{Cond: cond, Action: a}
	} else {
		out = &ast.IfConstruct{Branches: []*ast.IfBranch{{Cond: cond, Body: []ast.Stmt{st}}}, End: ast.EndStmt{Keyword: "if"}}
	}
	out.Header().Start = at
	return out
}

// elemAssign returns the assignment of element ks of assignment as.
func (w *whereLoops) elemAssign(as *ast.AssignStmt, ks []*sema.Symbol) (*ast.AssignStmt, bool) {
	c := w.copied
	w.copied = nil // (the left side is the array itself)
	lhs, ok := w.elem(as.Lhs, ks)
	w.copied = c
	if !ok {
		return nil, false
	}
	rhs, ok := w.elem(as.Rhs, ks)
	if !ok {
		return nil, false
	}
	a := &ast.AssignStmt{Lhs: lhs, Rhs: rhs}
	a.Start, a.Line = as.Start, as.Line
	return a, true
}

// nest returns body in DO loops over the shape of array shape, with
// indices ks (dimension 1 innermost).
func (w *whereLoops) nest(body ast.Stmt, shape ast.Expr, ks []*sema.Symbol) ast.Stmt {
	st := body
	for d := range ks {
		do := &ast.DoConstruct{Var: w.use(ks[d]), Start: w.intLit(1), Stop: w.intrinsic("size", w.info.Clone(shape), w.intLit(d+1)),
			Body: []ast.Stmt{st}, End: ast.EndStmt{Keyword: "do"}}
		do.StmtHeader.Start = body.Header().Start
		st = do
	}
	return st
}

// indices returns the loop indices of a rank-rank WHERE, declaring those
// the procedure does not have yet.
func (w *whereLoops) indices(rank int) []*sema.Symbol {
	for len(w.idx) < rank {
		name := w.fresh("fadj_wi" + strconv.Itoa(len(w.idx)+1))
		sym := &sema.Symbol{Name: name, Kind: sema.VarSym, Type: sema.Int4, ArgIndex: -1, Pos: w.u.Pos()}
		w.scope.Add(sym)
		id := ast.NewIdent(name)
		w.info.Defs[id] = sym
		w.u.Decls = append(w.u.Decls, &ast.TypeDecl{Type: &ast.TypeSpec{Kind: ast.Integer}, DColon: true, Entities: []*ast.Entity{{Name: id}}})
		w.idx = append(w.idx, sym)
	}
	return w.idx[:rank]
}

// fresh returns name, or name with a suffix, that the procedure does not
// use.
func (w *whereLoops) fresh(name string) string {
	if w.names == nil {
		w.names = map[string]bool{}
		ast.Inspect(w.u, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				w.names[id.Lower()] = true
			}
			return true
		})
	}
	n := name
	for i := 1; w.names[n] || w.scope.Lookup(n) != nil; i++ {
		n = name + "_" + strconv.Itoa(i)
	}
	w.names[n] = true
	return n
}

func (w *whereLoops) use(s *sema.Symbol) *ast.Ident {
	id := ast.NewIdent(s.Name)
	w.info.Uses[id] = s
	return id
}

func (w *whereLoops) intLit(v int) ast.Expr {
	return &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(v)}
}

// intrinsic returns a reference of the integer intrinsic inquiry name
// (size, lbound) with args.
func (w *whereLoops) intrinsic(name string, args ...ast.Expr) ast.Expr {
	sym := &sema.Symbol{Name: name, Kind: sema.ProcSym, ArgIndex: -1, Attrs: sema.AttrIntrinsic, Owner: w.info.Global, Type: sema.Int4,
		Proc: &sema.Proc{Kind: sema.ProcIntrinsic, Form: sema.FormFunction, Intrinsic: sema.LookupIntrinsic(name)}}
	id := ast.NewIdent(name)
	w.info.Uses[id] = sym
	c := &ast.CallExpr{Fun: id, Args: args}
	w.info.Calls[c] = sema.Call{Kind: sema.FunctionCall, Proc: sym, Type: sema.Int4}
	return c
}

// temp declares a new temporary named name (or that with a suffix) of
// real or complex type t, its kind spelt kind if not nil: a scalar, or
// an ALLOCATABLE array of rank rank, which an assignment allocates.
func (w *whereLoops) temp(name string, t *sema.Type, kind *ast.Ident, rank int) *sema.Symbol {
	tk := ast.Real
	switch {
	case t.IsComplex():
		tk = ast.Complex
	case t.IsInteger():
		tk = ast.Integer
	case t.IsLogical():
		tk = ast.Logical // (where_reductions.go)
	}
	name = w.fresh(name)
	sym := &sema.Symbol{Name: name, Kind: sema.VarSym, Type: t, ArgIndex: -1, Pos: w.u.Pos()}
	w.scope.Add(sym)
	id := ast.NewIdent(name)
	w.info.Defs[id] = sym
	ent := &ast.Entity{Name: id}
	var attrs []*ast.Attr
	if rank > 0 {
		sym.Attrs |= sema.AttrAllocatable
		sym.Dims = make([]sema.Dim, rank)
		for i := range sym.Dims {
			sym.Dims[i].Kind = sema.DeferredShape
			ent.Dims = append(ent.Dims, &ast.Dim{Colon: true})
		}
		attrs = []*ast.Attr{{Kind: ast.AttrAllocatable}}
	}
	ts := &ast.TypeSpec{Kind: tk, KindSel: &ast.BasicLit{Kind: token.INT, Value: strconv.Itoa(t.Kind)}}
	if kind != nil {
		ts.KindSel = kind
	}
	w.u.Decls = append(w.u.Decls, &ast.TypeDecl{Type: ts, Attrs: attrs, DColon: true, Entities: []*ast.Entity{ent}})
	return sym
}
